import BeaconAudio
import BeaconCore
import BeaconTestSupport
import Foundation
import Testing

@Suite("Cue mixer")
struct CueMixerTests {
    static let sentence = "The cup is on the table, two steps ahead."

    @Test("an earcon lands on its scheduled frame, in stereo at 48 kHz, and the rest is silence")
    func earconPlacement() {
        let mixer = CueMixer()
        mixer.schedule(Earcon(kind: .tick, pan: 1), at: 0.1)
        let mix = mixer.renderJoined(seconds: 0.3)
        #expect(mix.sampleRate == 48_000 && mix.channels == 2 && abs(mix.duration - 0.3) < 1e-9)
        let beats = BeatAnalysis.beats(in: mix.interleaved)
        #expect(beats.count == 1)
        #expect(abs(beats[0].time - 0.1) < 0.0005, "onset \(beats[0].time)")
        #expect(abs(beats[0].duration - 0.030) < 0.001)
        #expect(beats[0].rightShare > 0.999)
        #expect(abs(mixer.time - 0.3) < 1e-9)
    }

    @Test("a tick while espeak-ng speaks is ducked to about 0.3 of its level, and comes back after the speech")
    func ducking() throws {
        let (speech, words) = try EspeakSynthesizer().synthesizeWithWords(Self.sentence, voice: "en")
        let speechStart = 0.5, speechEnd = speechStart + speech.duration
        let tickTimes = stride(from: 0.05, to: speechEnd + 0.6, by: 0.25).map { $0 }

        // The same speech alone, subtracted from speech plus ticks, leaves exactly the ticks as mixed.
        let withTicks = CueMixer(), speechOnly = CueMixer()
        for mixer in [withTicks, speechOnly] { mixer.speak(speech, wordStarts: words, at: speechStart) }
        for time in tickTimes { withTicks.schedule(Earcon(kind: .tick, gain: 0.5), at: time) }
        let seconds = speechEnd + 0.8
        let ticks = withTicks.renderJoined(seconds: seconds).subtracting(speechOnly.renderJoined(seconds: seconds))

        let beats = BeatAnalysis.beats(in: ticks.interleaved, threshold: 0.001)
        #expect(beats.count == tickTimes.count, "\(beats.map(\.time))")
        let ramp = CueMixer.Configuration().duckRamp
        let during = beats.filter { $0.time > speechStart + ramp && $0.time + 0.03 < speechEnd }
        let outside = beats.filter { $0.time + 0.03 < speechStart || $0.time > speechEnd + ramp }
        #expect(during.count >= 5 && outside.count >= 3)
        let fullPeak = outside.map(\.peak).max() ?? 0
        for beat in outside { #expect(abs(beat.peak - fullPeak) < 0.002) }
        for beat in during {
            #expect(abs(beat.peak / fullPeak - 0.3) < 0.01, "tick at \(beat.time) s: \(beat.peak / fullPeak) of full")
        }
        print("ducking: \(during.count) ticks under speech at \(during.map { $0.peak / fullPeak }.max() ?? 0) of full level")
    }

    @Test("ducking moves smoothly over about 10 ms, not in one step")
    func duckingRamp() {
        let mixer = CueMixer()
        // Steady "speech" (a quiet 440 Hz tone) from 0.1 s, and the same alone to subtract.
        let hum = PCMAudio.tone(frequency: 440, seconds: 0.2, sampleRate: 48_000, amplitude: 0.1)
        let probe = CueMixer()
        mixer.speak(hum, at: 0.1)
        probe.speak(hum, at: 0.1)
        // An `end` chime (200 ms, ringing) spans the moment speech begins.
        mixer.schedule(Earcon(kind: .end), at: 0.095)
        let difference = mixer.renderJoined(seconds: 0.4).subtracting(probe.renderJoined(seconds: 0.4))
        let clip = EarconSynthesizer().render(Earcon(kind: .end))
        // The ratio of mixed to original at a few moments: full before, ducked after the ramp, in between during it.
        func ratio(at time: Double) -> Double {
            let frame = Int(time * 48_000), clipFrame = frame - Int(0.095 * 48_000)
            let window = (-24...24).map { frame + $0 }
            let mixed = window.map { abs(Double(difference.samples[2 * $0])) }.reduce(0, +)
            let original = window.map { abs(Double(clip.samples[2 * ($0 - frame + clipFrame)])) }.reduce(0, +)
            return mixed / original
        }
        #expect(abs(ratio(at: 0.098) - 1) < 0.02)
        #expect((0.4...0.9).contains(ratio(at: 0.105)), "half-way through the ramp: \(ratio(at: 0.105))")
        #expect(abs(ratio(at: 0.13) - 0.3) < 0.02)
    }

    @Test("interruptSpeech stops at the next word start espeak-ng reported, fading out just before it; then silence")
    func interruptAtWordBoundary() throws {
        let (speech, words) = try EspeakSynthesizer().synthesizeWithWords(Self.sentence, voice: "en")
        #expect(words.count >= 6, "word starts \(words)")
        let start = 0.2
        let mixer = CueMixer(), uninterrupted = CueMixer()
        let id = mixer.speak(speech, wordStarts: words, at: start)
        uninterrupted.speak(speech, wordStarts: words, at: start)

        // Interrupt in the middle of the third word.
        let interruptAt = start + (words[2] + words[3]) / 2
        var mix = mixer.renderJoined(seconds: interruptAt)
        #expect(mixer.isSpeaking)
        mixer.interruptSpeech()
        mix.samples += mixer.renderJoined(seconds: 3.5 - interruptAt).samples
        let reference = uninterrupted.renderJoined(seconds: 3.5)

        let ends = mixer.takeSpeechEnds()
        #expect(ends.count == 1 && ends.first?.id == id && ends.first?.wasInterrupted == true)
        let stop = try #require(ends.first?.time)
        // The stop is one of espeak-ng's word starts (to the frame), the first one the fade fits before.
        let fade = CueMixer.Configuration().wordStopFade
        let nextWord = try #require(words.first { start + $0 - fade >= interruptAt })
        #expect(abs(stop - (start + nextWord)) <= 1.0 / 48_000, "stopped at \(stop - start) s, words \(words)")
        #expect(stop < start + speech.duration - 0.1)
        // Until the fade, the speech is exactly what it would have been; from the stop on, digital silence.
        let untouched = stop - fade
        #expect(mix.slice(from: 0, to: untouched) == reference.slice(from: 0, to: untouched))
        #expect(mix.slice(from: stop, to: 3.5).peak == 0)
        #expect(!mixer.isSpeaking && mixer.takeSpeechEnds().isEmpty)
        print("interrupt at \(interruptAt - start) s into the speech stopped at word start \(stop - start) s")
    }

    @Test("speech with no word start left plays to its end; speech that has not started is dropped")
    func interruptWithoutLaterWord() throws {
        let (speech, words) = try EspeakSynthesizer().synthesizeWithWords("Cup, centred.", voice: "en")
        let mixer = CueMixer()
        let first = mixer.speak(speech, wordStarts: words, at: 0)
        let second = mixer.speak(speech, wordStarts: words, at: 0) // queued after the first, never overlapping
        _ = mixer.renderJoined(seconds: speech.duration - 0.02)
        mixer.interruptSpeech()
        _ = mixer.renderJoined(seconds: 1)
        let ends = mixer.takeSpeechEnds()
        #expect(ends.map(\.id).sorted() == [first, second])
        let firstEnd = try #require(ends.first { $0.id == first }), secondEnd = try #require(ends.first { $0.id == second })
        #expect(abs(firstEnd.time - speech.duration) < 0.001 && !firstEnd.wasInterrupted)
        #expect(secondEnd.wasInterrupted)
    }

    @Test("utterances queue one after another and each reports its end")
    func speechQueue() throws {
        let speech = try EspeakSynthesizer().synthesize("Cup.", voice: "en")
        let mixer = CueMixer()
        let first = mixer.speak(speech, at: 0.1)
        let second = mixer.speak(speech, at: 0.1)
        _ = mixer.renderJoined(seconds: 0.1 + 2 * speech.duration + 0.1)
        let ends = mixer.takeSpeechEnds()
        let expected = [(first, 0.1 + speech.duration), (second, 0.1 + 2 * speech.duration)]
        #expect(ends.count == 2)
        for (end, (id, time)) in zip(ends, expected) {
            #expect(end.id == id && abs(end.time - time) < 0.001 && !end.wasInterrupted)
        }
    }

    @Test("stopAll: the next buffer fades to silence within itself, and nothing scheduled before it plays afterwards")
    func stopAllWithinOneBuffer() throws {
        let (speech, words) = try EspeakSynthesizer().synthesizeWithWords(Self.sentence, voice: "en")
        let mixer = CueMixer()
        mixer.speak(speech, wordStarts: words, at: 0.1)
        for time in stride(from: 0.0, to: 4, by: 0.1) { mixer.schedule(Earcon(kind: .tick, pan: 0.5), at: time) }
        mixer.schedule(Earcon(kind: .found), at: 2.5)
        // Render 20 ms buffers until a tick and the speech are both sounding, then press stop.
        var last = PCMAudio(sampleRate: 48_000, channels: 2)
        while mixer.time < 0.6 || last.peak < 0.1 { last = mixer.render(frameCount: 960) }
        #expect(mixer.isSpeaking)
        mixer.stopAll()

        let buffer = mixer.render(frameCount: 960)
        let fadeFrames = Int(CueMixer.Configuration().stopAllFade * 48_000)
        #expect(buffer.slice(from: 0, to: 0.001).peak > 0.01, "the fade starts from where the sound was")
        #expect(buffer.slice(from: Double(fadeFrames) / 48_000, to: 0.02).peak == 0, "silent after the fade")
        // Within the fade, no jump: consecutive samples differ by less than the sound itself does.
        let steps = zip(buffer.samples, buffer.samples.dropFirst(2)).map { abs(Int($0) - Int($1)) }
        let previousSteps = zip(last.samples, last.samples.dropFirst(2)).map { abs(Int($0) - Int($1)) }
        #expect(steps.max()! <= previousSteps.max()! + 200)

        let after = mixer.renderJoined(seconds: 4)
        #expect(after.peak == 0, "something scheduled before the stop played afterwards")
        #expect(!mixer.isSpeaking && mixer.takeSpeechEnds().isEmpty)

        // The mixer goes on working: a new cue after the stop plays.
        mixer.schedule(Earcon(kind: .tick), at: mixer.time + 0.05)
        #expect(BeatAnalysis.beats(in: mixer.renderJoined(seconds: 0.2).interleaved).count == 1)
    }

    @Test("stopAll with a buffer shorter than the fade still ends silent within that buffer")
    func stopAllShortBuffer() {
        let mixer = CueMixer()
        mixer.schedule(Earcon(kind: .end), at: 0)
        _ = mixer.render(frameCount: 480)
        mixer.stopAll()
        let buffer = mixer.render(frameCount: 64)
        #expect(buffer.samples.suffix(2) == [0, 0])
        #expect(mixer.renderJoined(seconds: 0.5).peak == 0)
    }

    @Test("a late earcon plays at once if only a little late, and is dropped when its moment has passed")
    func lateEarcons() {
        let mixer = CueMixer()
        _ = mixer.renderJoined(seconds: 1)
        #expect(mixer.schedule(Earcon(kind: .tick), at: 0.95))
        #expect(!mixer.schedule(Earcon(kind: .tick), at: 0.5))
        let beats = BeatAnalysis.beats(in: mixer.renderJoined(seconds: 0.2).interleaved)
        #expect(beats.count == 1 && beats[0].time < 0.001)
    }

    @Test("loud sums are limited smoothly: nothing wraps, nothing reaches full scale")
    func limiting() {
        let mixer = CueMixer()
        let loud = PCMAudio.tone(frequency: 300, seconds: 0.3, sampleRate: 48_000, amplitude: 0.95)
        mixer.speak(loud, at: 0)
        mixer.speak(loud, at: 0.3) // queued
        for offset in stride(from: 0.0, to: 0.6, by: 0.01) {
            mixer.schedule(Earcon(kind: .centred, pan: 0), at: offset)
        }
        let mix = mixer.renderJoined(seconds: 0.7)
        let values = mix.samples.map(Int.init)
        #expect(values.max()! < 32767 && values.min()! > -32767)
        // A wrapped sample would jump by most of the range between neighbours.
        let jumps = zip(values, values.dropFirst(2)).map { abs($0 - $1) }
        #expect(jumps.max()! < 20_000, "largest step \(jumps.max()!)")
        #expect(mix.peak > 0.9)
    }

    @Test("earcon and speech volumes scale each kind of sound separately")
    func volumes() {
        let mixer = CueMixer()
        mixer.earconVolume = 0.5
        mixer.speechVolume = 2 // clamped to 1
        #expect(mixer.earconVolume == 0.5 && mixer.speechVolume == 1)
        mixer.schedule(Earcon(kind: .tick, pan: -1), at: 0)
        let mix = mixer.renderJoined(seconds: 0.05)
        #expect(abs(mix.peak - 0.5 * EarconSynthesizer.peakLevel) < 0.002)
    }
}
