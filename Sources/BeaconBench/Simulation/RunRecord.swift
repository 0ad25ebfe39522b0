import BeaconCore

/// What one simulated search measured.
public struct RunRecord: Sendable, Hashable, Codable {
    public enum Outcome: String, Sendable, Hashable, Codable, CaseIterable {
        /// The session said centred for the confirmation time and an object of the class truly was.
        case centred
        /// Guidance never started before the timeout.
        case neverFound
        /// Guidance said centred at the end, but no object of the class truly was (a misplaced box or a false
        /// detection).
        case falseCentre
        /// Still not centred at the timeout.
        case notCentred
    }

    public var outcome: Outcome
    /// Turns and sweeps the person made.
    public var steps: Int
    /// The straight-line optimum (see `StartPosition.optimumDefinition`).
    public var optimumSteps: Int
    public var startPosition: NormalizedPoint
    public var startInView: Bool
    /// Seconds from the start of the search to the start of the final centred stretch, for runs that ended centred.
    public var timeToCentre: Double?
    public var duration: Double
    /// Seconds the session was guiding (target locked).
    public var guidingSeconds: Double
    /// Words of steady guidance (guidance-priority speech, such as new directions) started while guiding.
    public var guidanceWords: Int
    /// Every word started while guiding, state changes ("Cup, one o'clock.", "Cup lost; …") included.
    public var wordsWhileGuiding: Int
    /// For runs that ended centred: whether it was this run's object, rather than another of its class.
    public var centredOnTarget: Bool?
    /// Where the run's object truly was in the last picture, and where guidance aimed then (nil when not guiding).
    public var endPosition: NormalizedPoint
    public var endAim: NormalizedPoint?
    /// Whether that aim lay on an object of the searched class (inside its true box): a false centre on a real
    /// object is off its true centre; one elsewhere is on something the ground truth does not have.
    public var endAimOnObject: Bool?
    public var detectorFrames: Int

    public init(outcome: Outcome, steps: Int, optimumSteps: Int, startPosition: NormalizedPoint, startInView: Bool,
                timeToCentre: Double?, duration: Double, guidingSeconds: Double, guidanceWords: Int,
                wordsWhileGuiding: Int, centredOnTarget: Bool?, endPosition: NormalizedPoint, endAim: NormalizedPoint?,
                endAimOnObject: Bool?, detectorFrames: Int) {
        self.outcome = outcome
        self.steps = steps
        self.optimumSteps = optimumSteps
        self.startPosition = startPosition
        self.startInView = startInView
        self.timeToCentre = timeToCentre
        self.duration = duration
        self.guidingSeconds = guidingSeconds
        self.guidanceWords = guidanceWords
        self.wordsWhileGuiding = wordsWhileGuiding
        self.centredOnTarget = centredOnTarget
        self.endPosition = endPosition
        self.endAim = endAim
        self.endAimOnObject = endAimOnObject
        self.detectorFrames = detectorFrames
    }

    public var succeeded: Bool { outcome == .centred }

    /// Steps against the optimum; nil when the optimum is 0.
    public var stepRatio: Double? { optimumSteps > 0 ? Double(steps) / Double(optimumSteps) : nil }
}

/// One frame of a simulated search, for tracing.
public struct SimulationFrame: Sendable, Hashable {
    public var time: Double
    public var view: ViewDirection
    public var activity: SimulatedUser.Activity
    public var snapshot: CueSnapshot?
    /// Where the run's object truly is in the picture.
    public var truePosition: NormalizedPoint
    public var detections: [Detection]?
}
