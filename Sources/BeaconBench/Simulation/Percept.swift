import BeaconCore

/// What a person perceives of guidance: the effects as ears and skin receive them, without any of the numbers
/// behind them. The simulated user acts on these alone, never on where the target really is.
public enum Percept: Sendable, Hashable {
    /// A guidance beat (a tick, the centred sound, or the found sound): where it sits in the stereo field
    /// (−1 left … +1 right) and how high it sounds (−1 low … +1 high).
    case beat(pan: Double, pitch: Double, centred: Bool)
    /// The lost sound, from where the target was last seen.
    case lost(pan: Double)
    case vibration(FeltVibration)
    /// A sentence, once heard to its end.
    case words(String)

    /// What an earcon sounds like to the user; nil for sounds that say nothing about where the target is.
    public init?(_ earcon: Earcon) {
        switch earcon.kind {
        case .tick, .found: self = .beat(pan: earcon.pan, pitch: earcon.pitch, centred: false)
        case .centred: self = .beat(pan: earcon.pan, pitch: earcon.pitch, centred: true)
        case .lost: self = .lost(pan: earcon.pan)
        case .start, .end, .hazard, .obstacle, .stairs, .light: return nil
        }
    }
}

/// A percept and when it reached the user.
public struct TimedPercept: Sendable, Hashable {
    public var time: Double
    public var percept: Percept

    public init(time: Double, percept: Percept) {
        self.time = time
        self.percept = percept
    }
}

/// A vibration pattern as a user who has learnt the scheme feels it: one continuous buzz is centred; a single short
/// pulse means left, a single long one right; dash-dot means down, dot-dash up.
public enum FeltVibration: String, Sendable, Hashable, Codable {
    case left, right, up, down, centred

    /// Pulses shorter than this feel like a dot (dots never exceed 40 ms, dashes never fall below 120 ms).
    static let dotLimitMilliseconds = 80

    public init?(_ pattern: HapticPattern) {
        let pulses = stride(from: 0, to: pattern.milliseconds.count, by: 2).map { pattern.milliseconds[$0] }
        switch pulses.count {
        case 1 where pattern.milliseconds.count == 1: self = .centred
        case 1: self = pulses[0] < Self.dotLimitMilliseconds ? .left : .right
        case 2: self = pulses[0] > pulses[1] ? .down : .up
        default: return nil
        }
    }
}

/// What a listener takes from a spoken sentence: a clock direction, up or down, a side the target was last seen on,
/// or to look further round.
public struct HeardWords: Sendable, Hashable {
    /// Clock hours off straight ahead, positive to the right ("one o'clock" is +1, "eleven o'clock" −1).
    public var clockHours: Int?
    /// +1 up, −1 down.
    public var vertical: Int?
    /// −1 left, +1 right, from "last seen to your left".
    public var lastSeenSide: Int?
    public var saysCentred: Bool
    /// "… keep turning": look further round than so far.
    public var saysKeepTurning: Bool

    private static let hours = ["twelve": 0, "one": 1, "two": 2, "three": 3, "nine": -3, "ten": -2, "eleven": -1]

    public init(_ text: String) {
        let lower = text.lowercased()
        let words = lower.split { !$0.isLetter && $0 != "'" }.map(String.init)
        clockHours = nil
        if let index = words.firstIndex(of: "o'clock"), index > 0 { clockHours = Self.hours[words[index - 1]] }
        vertical = words.contains("up") ? 1 : (words.contains("down") ? -1 : nil)
        lastSeenSide = lower.contains("to your left") ? -1 : (lower.contains("to your right") ? 1 : nil)
        saysCentred = words.contains("centred")
        saysKeepTurning = lower.contains("keep turning")
    }
}
