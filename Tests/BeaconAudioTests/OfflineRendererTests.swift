import BeaconAudio
import BeaconCore
import BeaconTestSupport
import Foundation
import Testing

@Suite("Offline rendering to a WAV file")
final class OfflineRendererTests {
    let folder: URL

    init() throws { folder = try TestData.temporaryFolder("beacon-offline") }
    deinit { try? FileManager.default.removeItem(at: folder) }

    /// Plays `beats` as a command-line run would: a 30 fps video's frames, each scheduling the beats due before
    /// the next frame and then rendering up to it. Returns the WAV read back.
    private func record(_ beats: [(time: Double, earcon: Earcon)], name: String) throws -> InterleavedAudio {
        let url = folder.appendingPathComponent(name)
        let mixer = CueMixer()
        let renderer = OfflineRenderer(mixer: mixer, sink: try WAVFileSink(url: url, sampleRate: 48_000, channels: 2))
        let frameInterval = 1.0 / 30, lastFrame = Int(((beats.map(\.time).max() ?? 0) / frameInterval).rounded(.up))
        for frame in 0...lastFrame {
            let now = Double(frame) * frameInterval
            for beat in beats where beat.time >= now && beat.time < now + frameInterval {
                #expect(mixer.schedule(beat.earcon, at: beat.time))
            }
            try renderer.renderToSink(until: now + frameInterval)
        }
        try renderer.finish(tail: 0.1)
        return try InterleavedAudio.readWAV(url)
    }

    @Test("beats in the WAV start within a millisecond of their scheduled times")
    func beatTimes() throws {
        let times = [0.25, 0.6123, 1.0031, 1.5, 1.733, 2.9999]
        let audio = try record(times.map { ($0, Earcon(kind: .tick, pan: 0)) }, name: "ticks.wav")
        #expect(audio.sampleRate == 48_000 && audio.channels == 2)
        // The last video frame renders up to 91/30 s, past the last tick's end; then the tail.
        #expect(abs(audio.duration - (91.0 / 30 + 0.1)) < 1.0 / 48_000, "\(audio.duration) s")
        let beats = BeatAnalysis.beats(in: audio)
        #expect(beats.count == times.count)
        for (beat, time) in zip(beats, times) {
            #expect(abs(beat.time - time) < 0.001, "beat at \(beat.time) s, scheduled \(time) s")
        }
        let worst = zip(beats, times).map { abs($0.time - $1) }.max() ?? 0
        print("offline beats: worst onset error \(worst * 1000) ms over \(beats.count) beats")
    }

    @Test("ticks that speed up while panning from right to left: measured intervals shrink, balance moves left")
    func guidanceSweep() throws {
        // What guidance does as a target is brought from the right edge to the middle and past it to the left.
        var script: [(time: Double, earcon: Earcon)] = []
        var time = 0.2, interval = 1.0
        let count = 12
        for index in 0..<count {
            let pan = 1 - 2 * Double(index) / Double(count - 1)
            script.append((time, Earcon(kind: .tick, pan: pan, pitch: 0)))
            time += interval
            interval *= 0.82
        }
        let beats = BeatAnalysis.beats(in: try record(script, name: "sweep.wav"))
        #expect(beats.count == count)
        let intervals = BeatAnalysis.intervals(beats)
        for (shorter, longer) in zip(intervals.dropFirst(), intervals) { #expect(shorter < longer) }
        for (next, previous) in zip(beats.dropFirst(), beats) { #expect(next.balance < previous.balance) }
        #expect(beats.first!.rightShare > 0.99 && beats.last!.leftShare > 0.99)
        #expect(BeatAnalysis.slope(intervals) < 0 && BeatAnalysis.slope(beats.map(\.balance)) < 0)
        print("sweep: intervals \(intervals.map { ($0 * 1000).rounded() }) ms, balance \(beats.map { ($0.balance * 100).rounded() / 100 })")
    }

    @Test("speech and earcons recorded together: speech at its time, the tick audible in the right channel")
    func speechAndEarcons() throws {
        let url = folder.appendingPathComponent("mixed.wav")
        let (speech, words) = try EspeakSynthesizer().synthesizeWithWords("Cup, centred.", voice: "en")
        let mixer = CueMixer()
        let renderer = OfflineRenderer(mixer: mixer, sink: try WAVFileSink(url: url, sampleRate: 48_000, channels: 2))
        mixer.speak(speech, wordStarts: words, at: 0.5)
        mixer.schedule(Earcon(kind: .tick, pan: 1), at: 0.2)
        try renderer.finish()
        let audio = try WAVFile.read(url)
        #expect(abs(audio.duration - (0.5 + speech.duration)) < 0.001)
        #expect(audio.slice(from: 0.2, to: 0.23).channel(1).rms > 5 * audio.slice(from: 0.2, to: 0.23).channel(0).rms)
        // The speech reads back as espeak-ng made it (resampled to 48 kHz and copied to both channels).
        let expected = speech.converted(sampleRate: 48_000, channels: 1)
        let left = audio.slice(from: 0.5, to: audio.duration).channel(0)
        #expect(left.samples == expected.samples)
        #expect(mixer.takeSpeechEnds().count == 1)
    }
}
