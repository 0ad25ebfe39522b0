import BeaconAudio
import BeaconCore
import BeaconMedia
import Foundation

/// The page reader's choice of picture: a held photo is read as it is; from a camera or video the first steady,
/// sharp frame, relaxing the sharpness it asks for after each failed round (see `FrameSelector`). The assistant
/// hands it frames one at a time; `read` on its own pulls them from its source.
public struct PageCapture {
    public enum Outcome {
        case accepted(Frame)
        case gaveUp
    }

    /// A photo: there is no steadier frame to wait for.
    public var takesFirstFrame: Bool
    public var maximumFrames: Int
    private var meter = SharpnessMeter()
    private var selector = FrameSelector<Frame>()
    private var seen = 0

    public init(takesFirstFrame: Bool = false, maximumFrames: Int = 150) {
        self.takesFirstFrame = takesFirstFrame
        self.maximumFrames = maximumFrames
    }

    /// Looks at one more frame; `onStart` is called when capture starts (a short sound says so). Gives up after
    /// `maximumFrames` frames.
    public mutating func consider(_ frame: Frame, onStart: () -> Void = {}) -> Outcome? {
        if takesFirstFrame { return .accepted(frame) }
        if let outcome = look(at: frame, onStart: onStart) { return outcome }
        return seen >= maximumFrames ? .gaveUp : nil
    }

    private mutating func look(at frame: Frame, onStart: () -> Void) -> Outcome? {
        seen += 1
        for effect in selector.handle(.frame(frame, meter.measure(frame), timestamp: frame.timestamp)) {
            switch effect {
            case .captureStarted: onStart()
            case .accept(let chosen, _): return .accepted(chosen)
            case .gaveUp: return .gaveUp
            }
        }
        return nil
    }

    /// The source ended: the best frame seen, if any was good enough.
    public mutating func sourceEnded() -> Frame? {
        for effect in selector.handle(.sourceEnded) {
            if case .accept(let chosen, _) = effect { return chosen }
        }
        return nil
    }

    /// Pulls frames from `source` until one is chosen; after `maximumFrames` the best one seen, if any was good
    /// enough; nil when none was.
    public mutating func capture(from source: FrameSource, onStart: () -> Void) throws -> Frame? {
        while seen < maximumFrames, let frame = try source.nextFrame() {
            switch look(at: frame, onStart: onStart) {
            case .accepted(let chosen)?: return chosen
            case .gaveUp?: return nil
            case nil: continue
            }
        }
        return sourceEnded()
    }
}

public struct NoSteadyPicture: UserFacingError {
    public let name: String
    public init(name: String) { self.name = name }
    public var sentence: String { "No steady, sharp picture to read from \(name); hold the camera still over the page." }
}
