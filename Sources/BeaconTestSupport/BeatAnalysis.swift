import Foundation

/// Finds the beats in a recording of earcons and measures where each one sits between left and right: the
/// analysis behind "the beat speeds up and moves from right to left as the target comes to the middle".
///
/// A beat is a run of sound (any channel above `threshold`) with no silence longer than `minimumGap` inside it,
/// so the two blips of a "centred" earcon are one beat. Meant for earcons alone: speech would count as beats.
public enum BeatAnalysis {
    public struct Beat: Sendable, Hashable {
        /// Seconds from the start of the recording to the first sample above the threshold.
        public var time: Double
        public var duration: Double
        /// Sum of squared samples (full scale = 1) over the beat, per channel; mono counts as both.
        public var leftEnergy: Double
        public var rightEnergy: Double
        /// The loudest sample, as a fraction of full scale.
        public var peak: Double

        /// −1 all left … 0 even … +1 all right.
        public var balance: Double {
            let total = leftEnergy + rightEnergy
            return total > 0 ? (rightEnergy - leftEnergy) / total : 0
        }

        /// The share of the beat's energy in the left channel, 0…1.
        public var leftShare: Double { 1 - rightShare }
        public var rightShare: Double { (balance + 1) / 2 }
    }

    /// The beats in `audio`, in time order.
    ///
    /// - Parameters:
    ///   - threshold: a fraction of full scale; low (0.002) so an onset is found within a fraction of a millisecond
    ///     of where a smooth envelope starts, but above the noise of a real recording.
    ///   - minimumGap: silence, in seconds, that separates two beats.
    public static func beats(in audio: InterleavedAudio, threshold: Double = 0.002, minimumGap: Double = 0.015) -> [Beat] {
        let channels = audio.channels, frames = audio.frameCount
        let limit = Int(threshold * 32768), gapFrames = max(1, Int(minimumGap * Double(audio.sampleRate)))
        let rate = Double(audio.sampleRate)
        var beats: [Beat] = []
        var run: Run?
        audio.samples.withUnsafeBufferPointer { samples in
            for frame in 0..<frames {
                let left = Int(samples[frame * channels])
                let right = channels > 1 ? Int(samples[frame * channels + 1]) : left
                let loudest = max(abs(left), abs(right))
                if let open = run, frame - open.last > gapFrames {
                    beats.append(open.beat(rate: rate))
                    run = nil
                }
                if loudest > limit {
                    if run == nil { run = Run(first: frame) }
                    run?.last = frame
                }
                run?.add(left: left, right: right)
            }
        }
        if let open = run { beats.append(open.beat(rate: rate)) }
        return beats
    }

    /// Seconds between consecutive beats.
    public static func intervals(_ beats: [Beat]) -> [Double] {
        zip(beats, beats.dropFirst()).map { $1.time - $0.time }
    }

    /// The least-squares slope of `values` against their index: below zero when they tend to fall.
    public static func slope(_ values: [Double]) -> Double {
        guard values.count > 1 else { return 0 }
        let count = Double(values.count), meanIndex = (count - 1) / 2
        let meanValue = values.reduce(0, +) / count
        var covariance = 0.0, variance = 0.0
        for (index, value) in values.enumerated() {
            covariance += (Double(index) - meanIndex) * (value - meanValue)
            variance += (Double(index) - meanIndex) * (Double(index) - meanIndex)
        }
        return covariance / variance
    }

    /// A beat being measured: from its first loud frame to its latest one.
    private struct Run {
        var first: Int
        var last: Int
        var left = 0.0, right = 0.0
        var peak = 0

        init(first: Int) {
            self.first = first
            last = first
        }

        mutating func add(left sampleLeft: Int, right sampleRight: Int) {
            left += Double(sampleLeft * sampleLeft) / (32768 * 32768)
            right += Double(sampleRight * sampleRight) / (32768 * 32768)
            peak = max(peak, abs(sampleLeft), abs(sampleRight))
        }

        func beat(rate: Double) -> Beat {
            Beat(time: Double(first) / rate, duration: Double(last + 1 - first) / rate,
                 leftEnergy: left, rightEnergy: right, peak: Double(peak) / 32768)
        }
    }
}
