/// How usable a frame is for describing a scene, from its sharpness map.
public struct FrameClarity: Sendable, Hashable, Codable {
    /// The mean over the grid of each cell's Laplacian variance (`SharpnessMap.laplacianVariance`): higher is
    /// sharper. Unlike the count of sharp cells it keeps falling as blur grows past what text survives, so it still
    /// ranks frames the detector can use.
    public var sharpness: Double
    /// The mean grey level, 0…255.
    public var brightness: Double
    /// Bright enough to run the detector on.
    public var isClear: Bool
}

/// Picks the frame an explore report is made from: the sharpest of the next few frames, and "scene unclear" after
/// three unclear tries (FR16: "If the snapshot is unclear, announce 'Scene unclear please try again'").
///
/// An unclear try is a frame too dark to detect in, or a detector run that found nothing the user's filter lets
/// through. Three of them, counted over the whole capture, end it: the report is due within about two seconds, and
/// a person hears why it failed rather than waiting on.
///
/// Blur is not judged on its own, only ranked: measured on the test photos (`ExploreSceneTests`), yolox_nano still
/// finds what it found in the sharp photo under a 17-pixel box blur, where not one cell of the grid is sharp by
/// `FrameSelector`'s measure any more and the Laplacian variance has fallen to the few grey levels where it no longer
/// tells a usable frame from a hopeless one. The detector's own answer is the judge of that.
///
/// Pure: frames come in with their sharpness maps, detector results as a count. The candidate is whatever the caller
/// needs back (the frame itself, or its index).
public struct ExploreCapture<Candidate: Sendable>: Sendable {
    public struct Parameters: Sendable, Hashable, Codable {
        /// The sharpest clear frame of this many is detected in.
        public var framesPerTry = 3
        /// Unclear frames and empty detector runs before the capture gives up.
        public var unclearLimit = 3
        /// A frame darker than this mean grey level (0…255) is too dark: a covered lens, a room with the lights off.
        /// Measured on the test photos darkened in steps: yolox_nano finds their objects down to a mean of 6 and
        /// loses them at 3 or below.
        public var minimumBrightness = 5.0

        public init() {}
    }

    public enum Event: Sendable {
        case frame(Candidate, SharpnessMap)
        /// The detector ran on the frame of the last `detect` effect and this many detections passed the user's
        /// filter (confidence threshold, ignored classes).
        case detected(count: Int)
        /// No more frames will come (a still image, the end of a video): the sharpest frame seen is tried, however
        /// dark.
        case sourceEnded
    }

    public enum Effect: Sendable {
        /// Run the detector on this frame and report with `detected`.
        case detect(Candidate, FrameClarity)
        /// The detections are worth a report: describe them. The capture is finished.
        case describe
        /// Say "Scene unclear; please try again." The capture is finished.
        case unclear
    }

    public enum Phase: String, Sendable, Hashable, Codable {
        case collecting
        /// Waiting for the detector's answer; frames are not needed meanwhile.
        case detecting
        case finished
    }

    public let parameters: Parameters
    public private(set) var phase = Phase.collecting
    /// Unclear frames and empty detector runs so far.
    public private(set) var unclearCount = 0
    private var frames: [(candidate: Candidate, clarity: FrameClarity)] = []
    private var sourceHasEnded = false

    public init(parameters: Parameters = Parameters()) {
        precondition(parameters.framesPerTry >= 1 && parameters.unclearLimit >= 1, "explore needs frames to try")
        self.parameters = parameters
    }

    public var isFinished: Bool { phase == .finished }

    /// Forgets everything, for the next request.
    public mutating func restart() { self = ExploreCapture(parameters: parameters) }

    public func clarity(of map: SharpnessMap) -> FrameClarity {
        let cells = Double(max(1, map.cellCount))
        let sharpness = Double(map.laplacianVariance.reduce(0, +)) / cells
        let brightness = Double(map.greyMean.reduce(0, +)) / cells
        return FrameClarity(sharpness: sharpness, brightness: brightness,
                            isClear: brightness >= parameters.minimumBrightness)
    }

    public mutating func handle(_ event: Event) -> [Effect] {
        switch (event, phase) {
        case (.frame(let candidate, let map), .collecting): return collect(candidate, clarity(of: map))
        case (.detected(let count), .detecting): return judgeDetections(count)
        case (.sourceEnded, _): return endSource()
        case (.frame, _), (.detected, _): return []
        }
    }

    private mutating func collect(_ candidate: Candidate, _ clarity: FrameClarity) -> [Effect] {
        frames.append((candidate, clarity))
        if !clarity.isClear {
            unclearCount += 1
            if unclearCount >= parameters.unclearLimit { return finish(.unclear) }
        }
        guard frames.count >= parameters.framesPerTry else { return [] }
        let sharpestClear = frames.filter(\.clarity.isClear).max { $0.clarity.sharpness < $1.clarity.sharpness }
        frames = []
        guard let sharpestClear else { return [] }
        phase = .detecting
        return [.detect(sharpestClear.candidate, sharpestClear.clarity)]
    }

    private mutating func judgeDetections(_ count: Int) -> [Effect] {
        if count > 0 { return finish(.describe) }
        unclearCount += 1
        if unclearCount >= parameters.unclearLimit || sourceHasEnded { return finish(.unclear) }
        phase = .collecting
        return []
    }

    private mutating func endSource() -> [Effect] {
        sourceHasEnded = true
        guard phase == .collecting else { return [] }
        guard let sharpest = frames.max(by: { $0.clarity.sharpness < $1.clarity.sharpness }) else {
            return finish(.unclear)
        }
        frames = []
        phase = .detecting
        return [.detect(sharpest.candidate, sharpest.clarity)]
    }

    private mutating func finish(_ effect: Effect) -> [Effect] {
        phase = .finished
        frames = []
        return [effect]
    }
}
