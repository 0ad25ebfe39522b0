/// The vocabulary shared by the guidance core (which decides) and the audio and haptic adapters (which carry out).
/// Plain values: they cross into JSON lines, the mixer, and later the phone client.

/// A short non-speech sound.
public struct Earcon: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// The guidance beat: its rate says how far the target is from the middle.
        case tick
        /// The target is within the centre corridor: a distinct, brighter sound.
        case centred
        /// The target was found (guidance starts).
        case found
        /// The target was lost.
        case lost
        /// Something starts (a capture, a text being read).
        case start
        /// Something ends (the end of a text, a search paused).
        case end
        /// A hazard in view: an urgent two-tone call, unlike every guidance sound.
        case hazard
        /// Walk mode: something in the way. Its beat quickens and its pitch rises zone by zone.
        case obstacle
        /// Walk mode: stairs ahead, a pair of notes stepping up or down.
        case stairs
        /// Light mode: a steady note whose pitch is the picture's brightness.
        case light
    }

    public var kind: Kind
    /// Stereo position: −1 full left, 0 middle, +1 full right.
    public var pan: Double
    /// Pitch offset: −1 (lowest, target below) … +1 (highest, target above); 0 is the base pitch.
    public var pitch: Double
    /// Loudness 0…1 before the user's volume setting.
    public var gain: Double

    public init(kind: Kind, pan: Double = 0, pitch: Double = 0, gain: Double = 1) {
        self.kind = kind
        self.pan = pan
        self.pitch = pitch
        self.gain = gain
    }
}

/// A vibration pattern for devices that vibrate: alternating on and off durations in milliseconds, starting with on.
public struct HapticPattern: Sendable, Hashable, Codable {
    public var milliseconds: [Int]
    /// Relative strength 0…1.
    public var intensity: Double

    public init(milliseconds: [Int], intensity: Double = 1) {
        self.milliseconds = milliseconds
        self.intensity = intensity
    }

    public var duration: Int { milliseconds.reduce(0, +) }

    /// A hazard in view: three short strong pulses. Guidance patterns have one or two pulses, so this is never
    /// felt as a direction.
    public static let hazard = HapticPattern(milliseconds: [100, 80, 100, 80, 100, 600], intensity: 1)
    /// A hazard coming closer: five pulses at twice the pace, the alarm of a shorter fuse.
    public static let approachingHazard = HapticPattern(milliseconds: [50, 40, 50, 40, 50, 40, 50, 40, 50, 300],
                                                        intensity: 1)
}

/// How much a spoken message matters; a message never speaks over a more important one.
public enum SpeechPriority: Int, Sendable, Hashable, Codable, Comparable, CaseIterable {
    case chatter = 0
    case guidance = 1
    case stateChange = 2
    case hazard = 3

    public static func < (lhs: SpeechPriority, rhs: SpeechPriority) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Something to say, with what it is about so the arbiter can apply per-kind cooldowns.
public struct Utterance: Sendable, Hashable, Codable {
    public var text: String
    public var priority: SpeechPriority
    /// E.g. "direction", "found", "lost", "paused", "repeat": cooldowns and de-duplication are per category.
    public var category: String
    /// Asked for by the user (a key, a voice command): it skips cooldowns and the word budget, and
    /// may interrupt anything but a hazard, since the user is waiting for exactly this.
    public var isRequested: Bool
    /// The language the text is in when it is not the session's own (a Russian sign read aloud in an English
    /// session): the voice follows it. nil: the session's voice, as for every guidance phrase.
    public var language: TextLanguage?
    /// Speed relative to the normal speaking rate (the user's speech speed, the reader's fast mode).
    public var rate: Double
    /// The number of a part of a longer text (a sentence of a page being read): such parts are never merged with an
    /// equal text, since reading a sentence again is what "back" asks for, and the end of each is reported by number.
    public var sequence: Int?

    public init(text: String, priority: SpeechPriority, category: String, isRequested: Bool = false,
                language: TextLanguage? = nil, rate: Double = 1, sequence: Int? = nil) {
        self.text = text
        self.priority = priority
        self.category = category
        self.isRequested = isRequested
        self.language = language
        self.rate = rate
        self.sequence = sequence
    }

    /// The espeak-ng voice to speak this in: its language's, else the session's `defaultVoice`.
    public func voice(default defaultVoice: String) -> String { language?.voice ?? defaultVoice }

    /// Words as a listener hears them, for the word budget.
    public var wordCount: Int { text.split(whereSeparator: { $0 == " " || $0 == "\n" }).count }
}
