import BeaconAudio
import BeaconCore
import BeaconTestSupport

extension PCMAudio {
    /// The same samples for `BeatAnalysis`, which does not know the audio module's types.
    var interleaved: InterleavedAudio { InterleavedAudio(samples: samples, channels: channels, sampleRate: sampleRate) }

    /// Frames `range` (in seconds) of the sound, in the same format.
    func slice(from start: Double, to end: Double) -> PCMAudio {
        let first = Swift.max(0, Swift.min(frameCount, Int((start * Double(sampleRate)).rounded())))
        let last = Swift.max(first, Swift.min(frameCount, Int((end * Double(sampleRate)).rounded())))
        return PCMAudio(sampleRate: sampleRate, channels: channels, samples: Array(samples[first * channels..<last * channels]))
    }

    /// The loudest sample, as a fraction of full scale.
    var peak: Double { Double(samples.map { abs(Int($0)) }.max() ?? 0) / 32768 }

    /// Sums of squared samples of the left and right channels (full scale = 1).
    var channelEnergies: (left: Double, right: Double) {
        var left = 0.0, right = 0.0
        for frame in 0..<frameCount {
            left += Double(samples[2 * frame]) * Double(samples[2 * frame]) / (32768 * 32768)
            right += Double(samples[2 * frame + 1]) * Double(samples[2 * frame + 1]) / (32768 * 32768)
        }
        return (left, right)
    }

    /// Sample-by-sample difference, `self − other`, over the shorter of the two.
    func subtracting(_ other: PCMAudio) -> PCMAudio {
        let count = Swift.min(samples.count, other.samples.count)
        return PCMAudio(sampleRate: sampleRate, channels: channels,
                        samples: (0..<count).map { Int16(clamping: Int(samples[$0]) - Int(other.samples[$0])) })
    }
}

extension CueMixer {
    /// Renders `seconds` more of the timeline in buffers of `bufferFrames`, joined into one sound.
    func renderJoined(seconds: Double, bufferFrames: Int = 960) -> PCMAudio {
        var remaining = Int((seconds * Double(sampleRate)).rounded())
        var joined = PCMAudio(sampleRate: sampleRate, channels: 2)
        while remaining > 0 {
            let count = Swift.min(remaining, bufferFrames)
            joined.samples += render(frameCount: count).samples
            remaining -= count
        }
        return joined
    }
}
