import BeaconAudio
import BeaconCore
import Testing

@Suite("Sample-rate and channel conversion")
struct PCMAudioConversionTests {
    @Test("resampling keeps a tone's duration and frequency", arguments: [
        (22_050, 48_000), (48_000, 16_000), (22_050, 16_000), (16_000, 44_100),
    ])
    func resamplingKeepsPitch(from oldRate: Int, to newRate: Int) {
        let tone = PCMAudio.tone(frequency: 440, seconds: 1, sampleRate: oldRate)
        let resampled = tone.resampled(to: newRate)

        #expect(resampled.sampleRate == newRate)
        #expect(abs(resampled.duration - tone.duration) <= 1 / Double(newRate))
        #expect(abs(resampled.zeroCrossingFrequency - 440) < 1, "measured \(resampled.zeroCrossingFrequency) Hz")
        #expect(abs(resampled.rms - tone.rms) < 0.01)
    }

    @Test("upsampling interpolates between neighbouring samples")
    func linearInterpolation() {
        let ramp = PCMAudio(sampleRate: 2, channels: 1, samples: [0, 100, 200, 300])
        #expect(ramp.resampled(to: 4).samples == [0, 50, 100, 150, 200, 250, 300, 300])
    }

    @Test("downsampling removes what the new rate cannot hold instead of folding it back")
    func antiAliasing() {
        // 10 kHz fits 44.1 kHz but not 16 kHz, where it would alias to 6 kHz without the filter.
        let high = PCMAudio.tone(frequency: 10_000, seconds: 0.5, sampleRate: 44_100)
        #expect(high.resampled(to: 16_000).rms < high.rms * 0.01, "10 kHz leaked through at RMS \(high.resampled(to: 16_000).rms)")
        // Speech frequencies pass at full level.
        let low = PCMAudio.tone(frequency: 3_000, seconds: 0.5, sampleRate: 44_100)
        #expect(abs(low.resampled(to: 16_000).rms - low.rms) < low.rms * 0.02)
    }

    @Test("stereo is resampled channel by channel")
    func stereoResampling() {
        let left = PCMAudio.tone(frequency: 300, seconds: 0.5, sampleRate: 22_050)
        let right = PCMAudio.tone(frequency: 700, seconds: 0.5, sampleRate: 22_050)
        let stereo = PCMAudio(sampleRate: 22_050, channels: 2,
                              samples: zip(left.samples, right.samples).flatMap { [$0, $1] })
        let resampled = stereo.resampled(to: 48_000)
        #expect(abs(resampled.channel(0).zeroCrossingFrequency - 300) < 1)
        #expect(abs(resampled.channel(1).zeroCrossingFrequency - 700) < 1)
    }

    @Test("mono becomes stereo by copying, stereo becomes mono by averaging")
    func channelConversion() {
        let mono = PCMAudio(sampleRate: 8_000, channels: 1, samples: [1, -2, 300])
        #expect(mono.withChannels(2).samples == [1, 1, -2, -2, 300, 300])
        let stereo = PCMAudio(sampleRate: 8_000, channels: 2, samples: [100, 300, -32768, -32768, 5, -5])
        #expect(stereo.withChannels(1).samples == [200, -32768, 0])
        #expect(stereo.withChannels(2).signature == stereo.signature)
        let surround = PCMAudio(sampleRate: 8_000, channels: 4, samples: [4, 8, 12, 16])
        #expect(surround.withChannels(2).samples == [10, 10])
    }

    @Test("a combined conversion equals the two steps, and empty audio stays empty")
    func combinedConversion() {
        let tone = PCMAudio.tone(frequency: 1_000, seconds: 0.2, sampleRate: 22_050)
        let converted = tone.converted(sampleRate: 48_000, channels: 2)
        #expect(converted.signature == tone.resampled(to: 48_000).withChannels(2).signature)
        #expect(converted.converted(sampleRate: 16_000, channels: 1).signature
            == converted.withChannels(1).resampled(to: 16_000).signature)
        #expect(PCMAudio(sampleRate: 22_050).converted(sampleRate: 48_000, channels: 2).samples.isEmpty)
    }
}
