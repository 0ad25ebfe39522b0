/// Reading a page from a camera or video: when central-block selection was unsure of a frame (`.lowConfidence`, a
/// blurred or badly lit view), capture another, at most `maximumCaptures` in all, and read the best of them.
///
/// Pure: the caller captures and recognises, and hands each reading in with its selection. `Reading` is whatever
/// the caller needs back (the frame and its lines).
public struct PageCaptureAttempts<Reading: Sendable>: Sendable {
    public enum Decision: Sendable {
        case captureAgain
        case read(Reading)
    }

    public let maximumCaptures: Int
    public private(set) var captures = 0
    private var best: (reading: Reading, selection: CentralBlockSelection?)?

    public init(maximumCaptures: Int = 3) {
        precondition(maximumCaptures >= 1, "at least one capture")
        self.maximumCaptures = maximumCaptures
    }

    /// A reading whose block is not in doubt is read at once; a doubtful one is kept if it beats the earlier
    /// doubtful ones, and another capture is asked for while there are captures left.
    public mutating func consider(_ reading: Reading, selection: CentralBlockSelection?) -> Decision {
        captures += 1
        guard selection?.verdict == .lowConfidence else {
            best = (reading, selection)
            return .read(reading)
        }
        if best.map({ Self.isBetter(selection, than: $0.selection) }) ?? true { best = (reading, selection) }
        return captures >= maximumCaptures ? .read(best!.reading) : .captureAgain
    }

    /// The reading to use when no more frames came (the source ended, or capture gave up): the best so far.
    public var bestReading: Reading? { best?.reading }

    /// The recogniser surer of its lines wins; with equal medians, the one with more lines.
    private static func isBetter(_ candidate: CentralBlockSelection?, than current: CentralBlockSelection?) -> Bool {
        let a = (candidate?.medianConfidence ?? 0, candidate?.lineCount ?? 0)
        let b = (current?.medianConfidence ?? 0, current?.lineCount ?? 0)
        return a > b
    }
}
