import BeaconCore

/// The simulated speech adapter: one utterance at a time at a steady speaking rate; an interruption stops it at the
/// next word boundary. The driver reports the end to the session as `speechFinished`, as the real adapter does.
public struct SpeechPlayback: Sendable {
    public var wordsPerSecond: Double
    public private(set) var current: Utterance?
    public private(set) var startedAt = 0.0
    public private(set) var endsAt: Double?
    private var interrupted = false

    public init(wordsPerSecond: Double = 2.5) {
        self.wordsPerSecond = wordsPerSecond
    }

    /// How long an utterance takes to say.
    public func duration(of utterance: Utterance) -> Double { Double(max(1, utterance.wordCount)) / wordsPerSecond }

    public mutating func start(_ utterance: Utterance, at time: Double) {
        current = utterance
        startedAt = time
        endsAt = time + duration(of: utterance)
        interrupted = false
    }

    /// Stop at the next word boundary after `time`.
    public mutating func interrupt(at time: Double) {
        guard let end = endsAt else { return }
        let wordsSaid = ((time - startedAt) * wordsPerSecond).rounded(.up)
        endsAt = min(end, max(time, startedAt + wordsSaid / wordsPerSecond))
        interrupted = true
    }

    /// Silence now, without a report (the session asked for it).
    public mutating func stop() {
        current = nil
        endsAt = nil
        interrupted = false
    }

    /// If the utterance playing ends by `time`: when it ended, and the utterance if it was heard to its end.
    public mutating func finish(by time: Double) -> (time: Double, heard: Utterance?)? {
        guard let end = endsAt, end <= time else { return nil }
        let heard = interrupted ? nil : current
        stop()
        return (end, heard)
    }
}

/// The simulated vibration motor: plays a pattern to its end, then the newest pattern waiting.
public struct HapticPlayback: Sendable {
    private var busyUntil = -Double.infinity
    private var waiting: HapticPattern?

    public init() {}

    /// Hands a pattern to the motor; returns when it starts if it starts at once.
    public mutating func queue(_ pattern: HapticPattern, at time: Double) -> Double? {
        guard busyUntil <= time else {
            waiting = pattern
            return nil
        }
        busyUntil = time + Double(pattern.duration) / 1000
        return time
    }

    /// The pattern that starts by `time`, if one was waiting, and when.
    public mutating func next(by time: Double) -> (time: Double, pattern: HapticPattern)? {
        guard let pattern = waiting, busyUntil <= time else { return nil }
        waiting = nil
        let start = busyUntil
        busyUntil = start + Double(pattern.duration) / 1000
        return (start, pattern)
    }

    public mutating func stop() {
        waiting = nil
        busyUntil = -.infinity
    }
}
