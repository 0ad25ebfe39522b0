import BeaconCore

/// What each earcon sounds like, as notes over the base frequency (880 Hz at pitch 0).
///
/// Everything stays in the moderate band people with tinnitus asked for (about 400–1,200 Hz at pitch 0, no
/// bright upper partials), and every note starts and ends on a smooth envelope, so nothing clicks.
public struct EarconNote: Sendable {
    public struct Partial: Sendable {
        /// Frequency as a multiple of the base frequency.
        public var ratio: Double
        public var amplitude: Double
    }

    public enum Envelope: Sendable {
        /// sin(π·t/T): a soft bump with no flat top, for clicks (Thing Finder's 30 ms "sine envelope").
        case sine
        /// Raised-cosine attack and release around a flat middle, for melodic notes.
        case smooth(attack: Double, release: Double)
        /// A raised-cosine attack, then an exponential decay (a struck bell), faded to zero over the last 10 ms.
        case bell(attack: Double, decay: Double)
    }

    /// Seconds from the start of the clip.
    public var start: Double
    public var duration: Double
    public var partials: [Partial]
    public var envelope: Envelope
}

/// The earcons' one design: the mixer renders it, and the phone's page is sent it to play the same sounds.
public enum EarconDesign {
    /// The notes of each kind. Ratios: 0.75 ≈ 660 Hz, 1 = 880 Hz, 1.125 ≈ 990 Hz, 1.25 = 1,100 Hz, 0.5 = 440 Hz.
    public static func notes(for kind: Earcon.Kind) -> [EarconNote] {
        switch kind {
        case .tick:
            // The guidance beat: one 30 ms pure tone, so its pitch is easy to follow as it rises and falls.
            return [EarconNote(start: 0, duration: 0.030, partials: [.init(ratio: 1, amplitude: 1)], envelope: .sine)]
        case .centred:
            // Two quick chord blips (A major, 660/880/1,100 Hz), 105 ms in all: brighter and fuller than a tick.
            let chord: [EarconNote.Partial] = [.init(ratio: 0.75, amplitude: 0.4), .init(ratio: 1, amplitude: 0.35),
                                               .init(ratio: 1.25, amplitude: 0.25)]
            return [EarconNote(start: 0, duration: 0.045, partials: chord, envelope: .sine),
                    EarconNote(start: 0.060, duration: 0.045, partials: chord, envelope: .sine)]
        case .found:
            return twoNotes(from: 0.75, to: 1.125)
        case .lost:
            return twoNotes(from: 1.125, to: 0.75)
        case .start:
            // A bell on a fifth (587 + 880 Hz): higher than `end`, so "begins" and "ends" are told apart by register.
            return [EarconNote(start: 0, duration: 0.16,
                               partials: [.init(ratio: 2.0 / 3.0, amplitude: 0.5), .init(ratio: 1, amplitude: 0.5)],
                               envelope: .bell(attack: 0.004, decay: 0.05))]
        case .end:
            // The same bell a fifth lower (440 + 660 Hz), ringing a little longer.
            return [EarconNote(start: 0, duration: 0.20,
                               partials: [.init(ratio: 0.5, amplitude: 0.5), .init(ratio: 0.75, amplitude: 0.5)],
                               envelope: .bell(attack: 0.004, decay: 0.07))]
        case .hazard:
            // A hazard: high-low-high-low, 70 ms notes a tritone apart (about 1,060 and 750 Hz). Four quick notes
            // alternating by an unsettled interval call for attention the way a siren does, and no other earcon
            // repeats or uses that interval, so it is never mistaken for guidance.
            let envelope = EarconNote.Envelope.smooth(attack: 0.004, release: 0.012)
            return [1.2, 0.85, 1.2, 0.85].enumerated().map { index, ratio in
                EarconNote(start: Double(index) * hazardNoteSpacing, duration: hazardNoteDuration,
                           partials: [.init(ratio: ratio, amplitude: 1)], envelope: envelope)
            }
        case .obstacle:
            // Walk mode's beat: one short, round 50 ms note at 660 Hz with a soft octave below, lower and duller than
            // the guidance tick so the two are never confused; the session raises its pitch and gain with urgency.
            return [EarconNote(start: 0, duration: 0.050,
                               partials: [.init(ratio: 0.75, amplitude: 0.7), .init(ratio: 0.375, amplitude: 0.3)],
                               envelope: .smooth(attack: 0.004, release: 0.015))]
        case .stairs:
            // Stairs: two quick knocks a fourth apart (660, then 880 Hz), like feet on two steps; the session
            // pitches the pair higher for stairs up and lower for stairs down.
            let envelope = EarconNote.Envelope.bell(attack: 0.003, decay: 0.04)
            return [EarconNote(start: 0, duration: 0.09, partials: [.init(ratio: 0.75, amplitude: 1)], envelope: envelope),
                    EarconNote(start: 0.12, duration: 0.09, partials: [.init(ratio: 1, amplitude: 1)], envelope: envelope)]
        case .light:
            // Light mode: a 200 ms hum at 440 Hz with a soft octave above, played four times a second so it is heard
            // as one tone that slides; its pitch (330–590 Hz) is the brightness. Lower than every guidance sound.
            return [EarconNote(start: 0, duration: 0.20,
                               partials: [.init(ratio: 0.5, amplitude: 0.8), .init(ratio: 1, amplitude: 0.2)],
                               envelope: .smooth(attack: 0.02, release: 0.03))]
        }
    }

    /// The hazard call's notes: each this long, one starting every `hazardNoteSpacing` seconds.
    static let hazardNoteDuration = 0.070
    static let hazardNoteSpacing = 0.078

    /// A rising or falling pair of 70 ms notes a fifth apart, the second overlapping the first's release.
    private static func twoNotes(from first: Double, to second: Double) -> [EarconNote] {
        let envelope = EarconNote.Envelope.smooth(attack: 0.005, release: 0.020)
        return [EarconNote(start: 0, duration: 0.070, partials: [.init(ratio: first, amplitude: 1)], envelope: envelope),
                EarconNote(start: 0.065, duration: 0.085, partials: [.init(ratio: second, amplitude: 1)], envelope: envelope)]
    }
}
