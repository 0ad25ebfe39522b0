/// One object followed from frame to frame by `MultiObjectTracker`.
public struct Track: Sendable, Hashable, Codable, Identifiable {
    /// Stable for the life of the track; never reused by the same tracker.
    public private(set) var id: Int
    public let classIndex: Int
    public var label: String
    /// Where the object is believed to be now: the anchor box carried on by the estimated motion.
    public var box: NormalizedRect
    /// The box motion is extrapolated from (the last matched detection, or where a stale track was frozen), and when.
    public var anchor: NormalizedRect
    public var anchorTime: Double
    /// Motion of the box centre, in frame widths and heights per second.
    public var velocity: Velocity
    /// False until two sightings give a motion estimate (and again after drift repair throws the estimate away).
    public var hasVelocity: Bool
    /// Confidence of the last matched detection.
    public var confidence: Double
    /// Detector frames with a matched detection, in total.
    public var hits: Int
    /// Consecutive detector frames without a matched detection; 0 means seen in the newest detector frame.
    public var misses: Int
    /// How the newest match was made, nil while the track is missing.
    public var lastMatch: Match?
    /// Seen confidently at least once, or seen again after a weak start: evidence enough to guide to.
    public var isConfirmed: Bool

    public enum Match: String, Sendable, Hashable, Codable {
        /// A confident detection overlapping the predicted box.
        case confident
        /// A low-confidence detection overlapping the predicted box well (ByteTrack's second stage).
        case recovered
        /// Periodic drift repair: the nearest fresh detection within a wide radius.
        case repaired
    }

    public struct Velocity: Sendable, Hashable, Codable {
        public var dx: Double
        public var dy: Double

        public init(dx: Double, dy: Double) {
            self.dx = dx
            self.dy = dy
        }

        public static let zero = Velocity(dx: 0, dy: 0)

        public var speed: Double { (dx * dx + dy * dy).squareRoot() }
    }

    /// A track for a new object; `confirmed` is false when it starts from a weak detection (`isConfirmed`).
    public init(id: Int, detection: Detection, timestamp: Double, confirmed: Bool = true) {
        self.id = id
        classIndex = detection.classIndex
        label = detection.label
        box = detection.box
        anchor = detection.box
        anchorTime = timestamp
        velocity = .zero
        hasVelocity = false
        confidence = detection.confidence
        hits = 1
        misses = 0
        lastMatch = .confident
        isConfirmed = confirmed
    }

    /// This track's state under another identity (when two tracks merge, the older identity survives).
    public func adopting(id: Int) -> Track {
        var copy = self
        copy.id = id
        return copy
    }

    /// Seen in the newest detector frame.
    public var isSeen: Bool { misses == 0 }

    /// Where the box is expected at `timestamp`: the anchor moved on by the velocity, for at most `horizon` seconds
    /// (a constant-velocity guess gets worse the longer nothing confirms it), with the centre kept inside the picture.
    public func predictedBox(at timestamp: Double, horizon: Double) -> NormalizedRect {
        let elapsed = min(horizon, max(0, timestamp - anchorTime))
        let moved = NormalizedPoint(x: anchor.midX + velocity.dx * elapsed, y: anchor.midY + velocity.dy * elapsed)
        return anchor.centred(at: moved.clampedToFrame)
    }
}

extension Track {
    /// A person's taught thing (see `Detection.isTaught`).
    public var isTaught: Bool { classIndex == TaughtObjects.detectionClass }

    /// Whether a detection may be this track's object: the same class, and for taught things (which all share one
    /// class) the same name — keys must not take over the track of a wallet.
    func isSameKind(as detection: Detection) -> Bool {
        TaughtObjects.sameKind(classIndex, label, detection.classIndex, detection.label)
    }

    func isSameKind(as other: Track) -> Bool { TaughtObjects.sameKind(classIndex, label, other.classIndex, other.label) }
}
