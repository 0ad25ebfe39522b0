/// What a search is looking for: the detector class and the word spoken for it.
public struct SearchTarget: Sendable, Hashable, Codable {
    public var label: String
    public var classIndex: Int

    public init(label: String, classIndex: Int) {
        self.label = label
        self.classIndex = classIndex
    }
}

/// The user's commands during a search (keys on a keyboard, buttons or gestures on a phone).
public enum GuidanceKey: String, Sendable, Hashable, Codable, CaseIterable {
    /// Space: say where the target is now.
    case whereIsIt
    /// r: say the last message again.
    case repeatLast
    /// p: pause or resume the search.
    case pauseResume
    /// s or Esc: stop everything.
    case stop
}

/// Everything that happens to a guidance session. Time always arrives on the event, in seconds.
public enum GuidanceEvent: Sendable, Hashable {
    /// Start (or restart) a search.
    case start(SearchTarget, timestamp: Double)
    /// Detector results (any class; the session keeps the target's), for the frame now in hand. `lookedAt` is the
    /// older frame the detector ran on, when it took a while: the camera's motion since then (`cameraMoved`) is
    /// taken out of the boxes.
    case detections([Detection], frame: Int, timestamp: Double, lookedAt: Int? = nil)
    /// A frame the detector skipped: the tracker carries the target forward.
    case frame(index: Int, timestamp: Double)
    /// The picture of frame `frame` moved this much against the frame of the previous `frame` or `detections` event
    /// (measured from the pictures, or a gyroscope); sent before that frame's own event. Frames without it are
    /// carried by each track's own motion.
    case cameraMoved(CameraMotion, frame: Int, timestamp: Double)
    case key(GuidanceKey, timestamp: Double)
    /// The speech adapter finished saying the last utterance (or stopped it at a word boundary).
    case speechFinished(timestamp: Double)
    /// The distance to the locked target in metres, from a depth source; nil when it no longer knows.
    case targetDistance(Double?, timestamp: Double)
    /// Something another part of Beacon wants said (a hazard, say), through the same arbiter.
    case announce(Utterance, timestamp: Double)
}

/// What the adapters should do.
public enum GuidanceEffect: Sendable, Hashable, Codable {
    /// Play an earcon at the given time (at or a frame after the event that produced it).
    case earcon(Earcon, at: Double)
    /// Play this vibration pattern after the one playing now (the newest waiting pattern wins).
    case haptic(HapticPattern)
    case speak(Utterance)
    /// Stop the current speech at its next word boundary, then report `speechFinished`.
    case interruptSpeech
    /// Silence everything now: speech, earcons, vibration.
    case stopAll
    /// One record per frame, for JSON lines and the bench.
    case cue(CueSnapshot)
}

public enum GuidancePhase: String, Sendable, Hashable, Codable {
    /// No search (never started, or stopped).
    case idle
    /// Looking: nothing locked with enough conviction.
    case searching
    /// A target is locked and guidance plays.
    case guiding
    case paused
}

/// The state of guidance after one frame: one JSON line.
public struct CueSnapshot: Sendable, Hashable, Codable {
    public var frame: Int
    public var timestamp: Double
    public var phase: GuidancePhase
    public var locked: Bool
    public var trackID: Int?
    public var conviction: Int
    /// Smoothed target centre.
    public var x: Double?
    public var y: Double?
    /// Where the target is predicted one frame ahead (what guidance aims at).
    public var predictedX: Double?
    public var predictedY: Double?
    /// Smoothed seconds between beats.
    public var interval: Double?
    public var pan: Double?
    public var pitch: Double?
    /// "one o'clock", "centred", …
    public var direction: String?
    public var centred: Bool
    /// What was handed to speech in this frame, if anything.
    public var spoken: String?
    /// The frame the detections behind this snapshot were found in (older than `frame` in live runs, where the
    /// detector works beside the camera); nil when this frame had no detections, only tracking.
    public var lookedAt: Int?

    public init(frame: Int, timestamp: Double, phase: GuidancePhase, locked: Bool = false, trackID: Int? = nil,
                conviction: Int = 0, x: Double? = nil, y: Double? = nil, predictedX: Double? = nil,
                predictedY: Double? = nil, interval: Double? = nil, pan: Double? = nil, pitch: Double? = nil,
                direction: String? = nil, centred: Bool = false, spoken: String? = nil, lookedAt: Int? = nil) {
        self.frame = frame
        self.lookedAt = lookedAt
        self.timestamp = timestamp
        self.phase = phase
        self.locked = locked
        self.trackID = trackID
        self.conviction = conviction
        self.x = x
        self.y = y
        self.predictedX = predictedX
        self.predictedY = predictedY
        self.interval = interval
        self.pan = pan
        self.pitch = pitch
        self.direction = direction
        self.centred = centred
        self.spoken = spoken
    }
}
