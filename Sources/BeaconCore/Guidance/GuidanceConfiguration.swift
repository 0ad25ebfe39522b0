/// Every tunable of a guidance session, with the defaults the design notes give.
public struct GuidanceConfiguration: Sendable {
    /// A search merges nested boxes of its target's class: it guides to one thing either way.
    public var tracker: MultiObjectTracker.Configuration = {
        var tracker = MultiObjectTracker.Configuration()
        tracker.mergesNested = MultiObjectTracker.Configuration.NestedBoxes()
        return tracker
    }()
    public var lock = TargetLock.Configuration()
    public var cues = CueModel()
    public var speech = SpeechArbiter.Configuration()
    /// The search pauses itself after this many seconds of searching (Revilio: off, 2 or 5 minutes); nil never.
    public var pauseAfter: Double? = 120
    /// After this many seconds of searching without guiding (since the start, a loss or a resume), Beacon says the
    /// target is not in view and to keep turning: a person sweeping back and forth over the same part of a room
    /// would otherwise never look further round. Nil never.
    public var keepTurningAfter: Double? = 5
    /// The reminder is said again after this many more seconds while the target stays out of view.
    public var keepTurningEvery = 20.0
    /// A faint box of the target's kind seen while searching is remembered this long, so that the reminder to keep
    /// turning says which way: "Dining table not in view; keep turning, maybe to your right." Nobody turns
    /// precisely, so the glimpse's direction is only trusted for a while.
    public var glimpseMemory = 15.0
    public var playsEarcons = true
    /// Adapters without a motor ignore haptic effects; turning this off keeps them out of the record too.
    public var playsHaptics = true
    /// A new direction must hold this long before it is spoken, so sweeping past a position says nothing.
    public var directionSettleTime = 0.8
    /// The target coming this much closer to the middle (picture units) counts as the user following the earcons;
    /// new directions are not spoken while they do.
    public var progressStep = 0.03
    /// Frame spacing assumed until two frames have arrived.
    public var defaultFrameInterval = 1.0 / 15
    /// "Looking for cup." at the start. Off when the caller said what starts it already (a helper's mark).
    public var saysLookingFor = true
    /// "Cup, one o'clock." when the target is found. Off when the caller said it in words of its own ("Your car: red,
    /// plate …, one o'clock."); the found earcon still plays.
    public var saysFound = true

    public init() {}

    /// The language the session speaks: its sentences, object names and directions, and the voice its utterances ask
    /// for. The cue model's phrases hold it.
    public var language: TextLanguage {
        get { cues.phrases.language }
        set { cues.phrases.language = newValue }
    }
}
