/// When the guidance beats fall: every `interval` seconds after the previous beat, the interval being whatever it is
/// now. Changing the interval moves the next beat relative to the last one played, so the rhythm speeds up or slows
/// down without a stumble (a beat-preserving reschedule).
///
/// Beats are scheduled a frame ahead: a frame at time t asks for the beats before the next frame is due, each with
/// its exact time, so the audio side can place them precisely whatever the frame rate.
public struct BeepRhythm: Sendable, Hashable {
    /// Time of the last beat handed out.
    public private(set) var lastBeat: Double?
    /// Shortest gap allowed between beats, whatever the interval says.
    public var shortestInterval = 0.05

    public init() {}

    /// The beats in [now, until), advancing the rhythm. A rhythm that fell more than a beat behind (a frame gap, or
    /// the first call) restarts at `now` instead of firing a burst to catch up.
    public mutating func beats(interval: Double, now: Double, until horizon: Double) -> [Double] {
        let step = max(shortestInterval, interval)
        var next = lastBeat.map { $0 + step } ?? now
        if next < now - step { next = now }
        var beats: [Double] = []
        while next < horizon {
            let beat = max(next, now)
            beats.append(beat)
            lastBeat = beat
            next = beat + step
        }
        return beats
    }

    /// The next beat comes one interval after `time` (guidance just started, and the found sound plays now).
    public mutating func restart(at time: Double) { lastBeat = time }

    public mutating func stop() { lastBeat = nil }
}
