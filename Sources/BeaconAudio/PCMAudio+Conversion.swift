import BeaconCore

/// Format conversions, so a sink can take audio from any source whatever rate and channel count it needs.
extension PCMAudio {
    /// The same sound in another rate and channel count. Mixes down before resampling and up after,
    /// so the resampler always works on the fewest channels.
    public func converted(sampleRate newRate: Int, channels newChannels: Int) -> PCMAudio {
        if newChannels < channels {
            return withChannels(newChannels).resampled(to: newRate)
        }
        return resampled(to: newRate).withChannels(newChannels)
    }

    /// The same sound at another sample rate, by linear interpolation between neighbouring frames.
    ///
    /// Duration and pitch are kept. When the rate goes down, a low-pass filter first removes what the new rate
    /// cannot hold (above 90 % of its Nyquist frequency), so it does not fold back as hiss and lisping consonants.
    public func resampled(to newRate: Int) -> PCMAudio {
        precondition(newRate > 0, "a sample rate must be positive")
        if newRate == sampleRate { return self }
        if frameCount == 0 { return PCMAudio(sampleRate: newRate, channels: channels) }
        let source: [Double]
        if newRate < sampleRate {
            source = LowPassFilter(cutoff: 0.45 * Double(newRate) / Double(sampleRate)).apply(to: samples, channels: channels)
        } else {
            source = samples.map(Double.init)
        }
        let inputFrames = frameCount
        let outputFrames = Int((Double(inputFrames) * Double(newRate) / Double(sampleRate)).rounded())
        var output = [Int16](repeating: 0, count: outputFrames * channels)
        let channels = channels, oldRate = sampleRate
        source.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                for frame in 0..<outputFrames {
                    // Integer position arithmetic, so long recordings don't drift the way a summed Double step would.
                    let numerator = frame * oldRate
                    let left = min(numerator / newRate, inputFrames - 1)
                    let right = min(left + 1, inputFrames - 1)
                    let fraction = Double(numerator % newRate) / Double(newRate)
                    for channel in 0..<channels {
                        let a = input[left * channels + channel], b = input[right * channels + channel]
                        out[frame * channels + channel] = Int16(clamping: Int((a + (b - a) * fraction).rounded()))
                    }
                }
            }
        }
        return PCMAudio(sampleRate: newRate, channels: channels, samples: output)
    }

    /// The same sound with another number of channels: mono is copied to every channel, and anything else
    /// is first averaged to mono (so stereo to mono averages left and right).
    public func withChannels(_ newChannels: Int) -> PCMAudio {
        precondition(newChannels > 0, "a channel count must be positive")
        if newChannels == channels { return self }
        let mono = channels == 1 ? samples : averagedToMono()
        if newChannels == 1 { return PCMAudio(sampleRate: sampleRate, channels: 1, samples: mono) }
        var output = [Int16](repeating: 0, count: mono.count * newChannels)
        output.withUnsafeMutableBufferPointer { out in
            for (frame, sample) in mono.enumerated() {
                for channel in 0..<newChannels { out[frame * newChannels + channel] = sample }
            }
        }
        return PCMAudio(sampleRate: sampleRate, channels: newChannels, samples: output)
    }

    private func averagedToMono() -> [Int16] {
        let channels = channels
        var mono = [Int16](repeating: 0, count: frameCount)
        samples.withUnsafeBufferPointer { input in
            mono.withUnsafeMutableBufferPointer { out in
                for frame in 0..<out.count {
                    var sum = 0
                    for channel in 0..<channels { sum += Int(input[frame * channels + channel]) }
                    out[frame] = Int16((Double(sum) / Double(channels)).rounded())
                }
            }
        }
        return mono
    }
}
