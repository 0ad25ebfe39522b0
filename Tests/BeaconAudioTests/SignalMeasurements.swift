import BeaconCore
import Foundation

/// Plain measurements of sound, enough to tell speech from silence and a tone's pitch.
extension PCMAudio {
    /// A sine tone, with 5 ms fades so it starts and ends without clicks.
    static func tone(frequency: Double, seconds: Double, sampleRate: Int, channels: Int = 1,
                     amplitude: Double = 0.5) -> PCMAudio {
        let frames = Int(seconds * Double(sampleRate))
        let fadeFrames = max(1, sampleRate / 200)
        var samples: [Int16] = []
        samples.reserveCapacity(frames * channels)
        for frame in 0..<frames {
            let fade = min(1, Double(min(frame, frames - 1 - frame)) / Double(fadeFrames))
            let value = Int16((sin(2 * .pi * frequency * Double(frame) / Double(sampleRate)) * amplitude * fade * 32767).rounded())
            samples += Array(repeating: value, count: channels)
        }
        return PCMAudio(sampleRate: sampleRate, channels: channels, samples: samples)
    }

    /// Root mean square level as a fraction of full scale (a full-scale sine is about 0.71).
    var rms: Double {
        guard !samples.isEmpty else { return 0 }
        let sum = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
        return (sum / Double(samples.count)).squareRoot() / 32768
    }

    /// A short FNV-1a hash of the samples, to compare sounds without printing them.
    var fingerprint: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for sample in samples {
            hash = (hash ^ UInt64(UInt16(bitPattern: sample))) &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }

    /// Format, length and fingerprint in one line: equal exactly when the sounds are, and short enough to print.
    var signature: String { "\(sampleRate) Hz x \(channels), \(samples.count) samples, #\(fingerprint)" }

    /// One channel of the sound, as mono.
    func channel(_ index: Int) -> PCMAudio {
        PCMAudio(sampleRate: sampleRate, channels: 1,
                 samples: stride(from: index, to: samples.count, by: channels).map { samples[$0] })
    }

    /// The first channel's frequency in Hz, from the time between its first and last upward zero crossings.
    var zeroCrossingFrequency: Double {
        let mono = channel(0).samples
        var crossings: [Int] = []
        for index in 1..<mono.count where mono[index - 1] < 0 && mono[index] >= 0 { crossings.append(index) }
        guard let first = crossings.first, let last = crossings.last, last > first else { return 0 }
        return Double(crossings.count - 1) / (Double(last - first) / Double(sampleRate))
    }

    /// The part between the first and last sample louder than `threshold` (a fraction of full scale).
    func trimmingSilence(threshold: Double = 0.05) -> PCMAudio {
        let limit = Int16(threshold * 32767)
        guard let first = samples.firstIndex(where: { abs(Int($0)) > limit }),
              let last = samples.lastIndex(where: { abs(Int($0)) > limit }) else {
            return PCMAudio(sampleRate: sampleRate, channels: channels)
        }
        let start = first / channels * channels, end = (last / channels + 1) * channels
        return PCMAudio(sampleRate: sampleRate, channels: channels, samples: Array(samples[start..<end]))
    }
}
