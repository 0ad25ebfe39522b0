import Foundation

/// A windowed-sinc low-pass FIR filter, run before downsampling so that sound above the new Nyquist
/// frequency is removed instead of folding back as noise. (Measured: without it, 22,050 to 16,000 Hz
/// aliasing turned espeak-ng's "cup" into "door" for PocketSphinx.)
struct LowPassFilter {
    /// Tap weights, symmetric, summing to 1 so that steady levels pass unchanged.
    let taps: [Double]

    /// - Parameters:
    ///   - cutoff: the corner frequency as a fraction of the sample rate (0 < cutoff < 0.5).
    ///   - halfLength: taps on each side of the centre; more taps give a steeper edge.
    init(cutoff: Double, halfLength: Int = 32) {
        precondition(cutoff > 0 && cutoff < 0.5 && halfLength > 0)
        let length = 2 * halfLength + 1
        var taps = (0..<length).map { index -> Double in
            let offset = Double(index - halfLength)
            let sinc = offset == 0 ? 2 * cutoff : sin(2 * .pi * cutoff * offset) / (.pi * offset)
            // Blackman window: about 74 dB of stop-band attenuation.
            let phase = 2 * .pi * Double(index) / Double(length - 1)
            return sinc * (0.42 - 0.5 * cos(phase) + 0.08 * cos(2 * phase))
        }
        let sum = taps.reduce(0, +)
        for index in taps.indices { taps[index] /= sum }
        self.taps = taps
    }

    /// Filters each channel of interleaved samples; samples beyond either end count as silence.
    func apply(to samples: [Int16], channels: Int) -> [Double] {
        let frames = samples.count / channels
        let half = taps.count / 2
        var output = [Double](repeating: 0, count: frames * channels)
        samples.withUnsafeBufferPointer { input in
            taps.withUnsafeBufferPointer { taps in
                output.withUnsafeMutableBufferPointer { out in
                    for frame in 0..<frames {
                        let first = max(0, frame - half), last = min(frames - 1, frame + half)
                        for channel in 0..<channels {
                            var sum = 0.0
                            for source in first...last {
                                sum += taps[source - frame + half] * Double(input[source * channels + channel])
                            }
                            out[frame * channels + channel] = sum
                        }
                    }
                }
            }
        }
        return output
    }
}
