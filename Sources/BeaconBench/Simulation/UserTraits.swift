/// How the simulated person perceives and moves. The defaults describe an ordinary, unhurried adult who has learnt
/// the cues: the numbers come from reaction-time and head-movement studies, not from tuning against the benchmark.
public struct UserTraits: Sendable, Hashable, Codable {
    /// Seconds from hearing a cue to starting to move (simple auditory reaction time), and its spread.
    public var reactionTime = 0.25
    public var reactionJitter = 0.05
    /// Average turning speed of one deliberate turn, degrees per second (drawn afresh for every turn).
    public var turnSpeeds = 30.0...60.0
    /// Every turn goes this much further than intended (drawn afresh for every turn).
    public var overshoot = 0.10...0.25
    /// Error of judging a beat's stereo position and pitch (standard deviations in cue units, −1…1).
    public var panNoise = 0.06
    public var pitchNoise = 0.12
    /// After stopping, cues older than this are ignored: the person waits for a beat of the new position.
    public var settleTime = 0.15
    /// Seconds without any cue before the person starts (or resumes) sweeping.
    public var patience = 1.5
    /// Sweeps (looking around while nothing is found) go this fast, this far either side of where they started.
    public var sweepSpeed = 25.0
    public var sweepReach = 60.0
    /// Told to keep turning, the person sweeps this far either side instead: all the way round.
    public var keepTurningReach = 180.0
    /// The smallest turn a person makes on purpose, in degrees.
    public var smallestTurn = 1.5
    /// The camera the person has learnt the cues for: a beat at full pan means the target is half this angle away.
    public var believedCamera = VirtualCamera()
    /// How far one clock hour is, and one step up or down when only words or vibration say which way.
    public var degreesPerClockHour = 30.0
    public var blindStep = 10.0
    /// A cue older than this no longer says where the target is now.
    public var cueMemory = 1.0

    public init() {}
}
