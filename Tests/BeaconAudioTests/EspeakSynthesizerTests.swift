import BeaconAudio
import BeaconCore
import Foundation
import Testing

@Suite("espeak-ng speech synthesis")
struct EspeakSynthesizerTests {
    let synthesizer: EspeakSynthesizer

    init() throws { synthesizer = try EspeakSynthesizer() }

    @Test("an English guidance phrase is speech of a sensible length and well above silence")
    func englishPhrase() throws {
        let clock = ContinuousClock()
        var speech = PCMAudio(sampleRate: 1)
        let elapsed = try clock.measure { speech = try synthesizer.synthesize("Cup, centred.", voice: "en") }

        #expect(speech.sampleRate == 22_050)
        #expect(speech.channels == 1)
        #expect((0.5...3).contains(speech.duration), "duration \(speech.duration) s")
        #expect(speech.rms > 0.03, "RMS \(speech.rms) is too close to silence")
        print("espeak-ng 'Cup, centred.' (en): \(speech.duration) s, RMS \(speech.rms), synthesized in \(elapsed)")
    }

    @Test("the same phrase gives identical samples in two fresh processes")
    func deterministicAcrossRuns() async throws {
        // espeak-ng 1.51 keeps pitch-flutter phase and clause state from one utterance to the next, so only the
        // first utterance of a process is reproducible; exit tests give each run a fresh process.
        var fingerprints: [String] = []
        for _ in 0..<2 {
            let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
                let speech = try EspeakSynthesizer().synthesize("Cup, centred.", voice: "en")
                print("SPEECH \(speech.samples.count) \(speech.fingerprint)")
            }
            let output = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
            fingerprints.append(output.split(separator: "\n").first { $0.hasPrefix("SPEECH ") }.map(String.init) ?? "none")
        }
        #expect(fingerprints[0] != "none")
        #expect(fingerprints[0] == fingerprints[1])
    }

    @Test("within one process, repeating a phrase keeps its length and loudness")
    func repeatableWithinProcess() throws {
        let takes = try (0..<4).map { _ in try synthesizer.synthesize("Cup, centred.", voice: "en") }
        for take in takes.dropFirst() {
            #expect(abs(take.duration - takes[0].duration) < takes[0].duration * 0.06,
                    "\(take.duration) s vs \(takes[0].duration) s")
            #expect(abs(take.rms - takes[0].rms) < takes[0].rms * 0.1)
        }
    }

    @Test("Russian and Mandarin voices speak", arguments: [
        ("ru", "Чашка по центру."),
        ("cmn", "杯子在正前方。"),
    ])
    func otherLanguages(voice: String, text: String) throws {
        let audio = try synthesizer.synthesize(text, voice: voice)
        #expect(audio.duration > 0.5, "\(voice): \(audio.duration) s")
        #expect(audio.rms > 0.03, "\(voice): RMS \(audio.rms)")
    }

    @Test("an unknown voice is one clear sentence")
    func unknownVoice() {
        #expect(throws: AudioError.voiceNotInstalled("xx")) { try synthesizer.synthesize("Cup, centred.", voice: "xx") }
        #expect(AudioError.voiceNotInstalled("xx").sentence
            == "Voice 'xx' is not installed: install espeak-ng-data or choose en, ru or cmn.")
    }

    @Test("a voice name that looks like a path is refused, not looked up", arguments: ["../en", "/etc/passwd", ""])
    func pathLikeVoice(voice: String) {
        #expect(throws: AudioError.voiceNotInstalled(voice)) { try synthesizer.synthesize("Cup.", voice: voice) }
    }

    @Test("a failed voice change does not break the next utterance")
    func recoveryAfterUnknownVoice() throws {
        let before = try synthesizer.synthesize("Cup, left.", voice: "en")
        _ = try? synthesizer.synthesize("Cup, left.", voice: "no-such-voice")
        let after = try synthesizer.synthesize("Cup, left.", voice: "en")
        #expect(abs(after.duration - before.duration) < before.duration * 0.06)
        #expect(after.rms > 0.03)
    }

    @Test("empty or blank text is empty audio, but the voice is still checked")
    func emptyText() throws {
        for text in ["", "  \n"] {
            let audio = try synthesizer.synthesize(text, voice: "en")
            #expect(audio.samples.isEmpty)
            #expect(audio.sampleRate == EspeakSynthesizer.sampleRate)
        }
        #expect(throws: AudioError.voiceNotInstalled("xx")) { try synthesizer.synthesize("", voice: "xx") }
    }

    @Test("a faster speaking rate gives shorter speech; rates outside espeak-ng's range are clamped")
    func speakingRate() throws {
        let text = "The cup is on the table, two steps ahead, slightly to the left."
        let slow = try EspeakSynthesizer(wordsPerMinute: 120).synthesize(text, voice: "en")
        let fast = try EspeakSynthesizer(wordsPerMinute: 320).synthesize(text, voice: "en")
        #expect(fast.duration < slow.duration * 0.6, "fast \(fast.duration) s vs slow \(slow.duration) s")
        #expect(try EspeakSynthesizer(wordsPerMinute: 10).wordsPerMinute == 80)
        #expect(try EspeakSynthesizer(wordsPerMinute: 9000).wordsPerMinute == 450)
    }

    @Test("concurrent callers are serialized and each gets its own utterance")
    func concurrentUse() async throws {
        // Durations tell the requests apart (each is at least 1.5 times the next shorter one), and a race on
        // the shared sample buffer would merge or cut them; espeak-ng itself varies a few percent between takes.
        let requests = [("en", "Cup."), ("ru", "Дверь слева, два шага."),
                        ("en-us", "The cup is on the kitchen table, three steps ahead of you, slightly to your left."),
                        ("cmn", "杯子在桌子上，往前走三步，然后向左转。")]
        let expected = try requests.map { try synthesizer.synthesize($0.1, voice: $0.0).duration }
        for (shorter, longer) in zip(expected, expected.dropFirst()) { #expect(longer > shorter * 1.5, "\(expected)") }
        let shared = synthesizer
        let results = try await withThrowingTaskGroup(of: (Int, PCMAudio).self) { group in
            for _ in 0..<3 {
                for (index, request) in requests.enumerated() {
                    group.addTask { (index, try shared.synthesize(request.1, voice: request.0)) }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 12)
        for (index, audio) in results {
            #expect(abs(audio.duration - expected[index]) < expected[index] * 0.15,
                    "request \(index): \(audio.duration) s, alone \(expected[index]) s")
        }
    }

    @Test("missing speech data is one sentence naming the folder")
    func missingDataSentence() {
        #expect(AudioError.speechDataMissing(path: "/opt/espeak-ng-data").sentence
            == "Speech data is missing from /opt/espeak-ng-data: install espeak-ng-data.")
    }
}
