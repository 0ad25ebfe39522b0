import BeaconCore
import Foundation

/// Renders earcons (`Earcon.Kind`, pitch, pan, gain) to sound.
///
/// Each (kind, pitch) is synthesized once, as a mono clip peaking at `peakLevel`, and cached: guidance plays the
/// same tick up to ten times a second, and pitch is quantized to `pitchStep` so a slowly drifting target reuses
/// a few dozen clips. Pan and gain are applied when the clip is mixed, so they cost nothing to vary.
/// Thread-safe: the cache has its own lock.
public final class EarconSynthesizer: @unchecked Sendable {
    /// The base frequency, pitch 0. Low enough to stay gentle, high enough to cut through speech.
    public static let baseFrequency = 880.0
    /// Pitch −1 … +1 spans this many semitones each way (about 659 … 1,175 Hz for a tick).
    public static let semitonesPerPitchUnit = 5.0
    /// Pitch resolution of the cache: 0.05 of a unit is a quarter of a semitone, below what a beat reveals.
    public static let pitchStep = 0.05
    /// Every clip's loudest sample, as a fraction of full scale: leaves room for speech on top.
    public static let peakLevel = 0.4

    public let sampleRate: Int

    private struct ClipKey: Hashable {
        var kind: Earcon.Kind
        var pitchSteps: Int
    }

    private let lock = NSLock()
    private var cache: [ClipKey: [Float]] = [:]

    public init(sampleRate: Int = CueMixer.Configuration.defaultSampleRate) {
        precondition(sampleRate >= 8_000, "earcons need at least 8 kHz")
        self.sampleRate = sampleRate
    }

    /// The frequency that 1.0 in `EarconDesign` means at this pitch offset (the tick's own frequency).
    public static func baseFrequency(pitch: Double) -> Double {
        baseFrequency * pow(2, quantized(pitch) * semitonesPerPitchUnit / 12)
    }

    /// The earcon as stereo audio: panned with equal power and scaled by its gain (0…1).
    public func render(_ earcon: Earcon) -> PCMAudio {
        let clip = clip(for: earcon.kind, pitch: earcon.pitch)
        let pan = StereoPan(earcon.pan)
        let gain = Self.clampedGain(earcon.gain)
        let left = Float(pan.left * gain), right = Float(pan.right * gain)
        var samples = [Int16](repeating: 0, count: clip.count * 2)
        clip.withUnsafeBufferPointer { input in
            samples.withUnsafeMutableBufferPointer { out in
                for frame in 0..<input.count {
                    out[2 * frame] = Int16((input[frame] * left * 32767).rounded())
                    out[2 * frame + 1] = Int16((input[frame] * right * 32767).rounded())
                }
            }
        }
        return PCMAudio(sampleRate: sampleRate, channels: 2, samples: samples)
    }

    /// The mono clip for a kind at a pitch, −1…1 full scale, from the cache when it was made before.
    func clip(for kind: Earcon.Kind, pitch: Double) -> [Float] {
        let key = ClipKey(kind: kind, pitchSteps: Int((Self.quantized(pitch) / Self.pitchStep).rounded()))
        lock.lock()
        if let cached = cache[key] {
            lock.unlock()
            return cached
        }
        lock.unlock()
        // Synthesized outside the lock: two threads may both make a new clip once, which is harmless.
        let clip = Self.synthesize(EarconDesign.notes(for: kind), base: Self.baseFrequency(pitch: pitch),
                                   sampleRate: sampleRate)
        lock.lock()
        cache[key] = clip
        lock.unlock()
        return clip
    }

    /// How many clips are cached, for tests.
    var cachedClipCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return cache.count
    }

    public static func clampedGain(_ gain: Double) -> Double { gain.isFinite ? min(max(gain, 0), 1) : 0 }

    private static func quantized(_ pitch: Double) -> Double {
        let clamped = pitch.isFinite ? min(max(pitch, -1), 1) : 0
        return (clamped / pitchStep).rounded() * pitchStep
    }

    private static func synthesize(_ notes: [EarconNote], base: Double, sampleRate: Int) -> [Float] {
        let rate = Double(sampleRate)
        let length = notes.map { Int(((($0.start + $0.duration) * rate)).rounded()) }.max() ?? 0
        var mix = [Double](repeating: 0, count: length)
        mix.withUnsafeMutableBufferPointer { out in
            for note in notes {
                let first = Int((note.start * rate).rounded())
                let count = min(Int((note.duration * rate).rounded()), length - first)
                for index in 0..<count {
                    let time = Double(index) / rate
                    var value = 0.0
                    for partial in note.partials {
                        value += partial.amplitude * sin(2 * .pi * base * partial.ratio * time)
                    }
                    out[first + index] += value * envelope(note.envelope, at: time, duration: note.duration)
                }
            }
        }
        let peak = mix.reduce(0) { max($0, abs($1)) }
        let scale = peak > 0 ? peakLevel / peak : 0
        return mix.map { Float($0 * scale) }
    }

    /// The envelope's level at `time` seconds into a note: 0 at both ends, so a note never clicks.
    private static func envelope(_ envelope: EarconNote.Envelope, at time: Double, duration: Double) -> Double {
        switch envelope {
        case .sine:
            return sin(.pi * time / duration)
        case .smooth(let attack, let release):
            return raisedCosine(time / attack) * raisedCosine((duration - time) / release)
        case .bell(let attack, let decay):
            let ring = time < attack ? raisedCosine(time / attack) : exp(-(time - attack) / decay)
            return ring * raisedCosine((duration - time) / 0.010)
        }
    }

    /// 0 at x ≤ 0 rising smoothly to 1 at x ≥ 1.
    private static func raisedCosine(_ x: Double) -> Double {
        x >= 1 ? 1 : (x <= 0 ? 0 : 0.5 - 0.5 * cos(.pi * x))
    }
}
