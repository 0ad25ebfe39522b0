import BeaconAudio
import BeaconCore
import BeaconRuntime
import BeaconSpeech
import BeaconTestSupport
import Foundation
import Testing

/// `beacon say` in the test process: the natural voice (Piper) writes speech that is not espeak-ng's, of a
/// sentence's length, and Moonshine hears the sentence in it.
@Suite(.serialized) struct SayRunTests {
    static func naturalVoiceIsHere() -> Bool {
        for model in ["en_US-joe-medium.onnx", "en_US-joe-medium.onnx.json"] where TestData.model(model) == nil {
            if TestData.required { Issue.record("\(model) is missing") } else { print("skipping: no \(model)") }
            return false
        }
        return RunTestSupport.canDetect()
    }

    @Test func theNaturalVoiceSpeaksASentenceMoonshineUnderstands() throws {
        guard Self.naturalVoiceIsHere() else { return }
        let folder = try TestData.temporaryFolder("beacon-say")
        defer { try? FileManager.default.removeItem(at: folder) }
        let sentence = "Cup, about one metre, one o'clock."
        let natural = folder.appendingPathComponent("natural.wav"), espeak = folder.appendingPathComponent("espeak.wav")
        let seconds = try SayRun(text: sentence, voice: .natural, wav: natural.path)
            .run(composition: Composition(), transcript: TranscriptRecorder())
        try SayRun(text: sentence, voice: .espeak, wav: espeak.path).run(composition: Composition(), transcript: TranscriptRecorder())
        #expect((0.6...4).contains(seconds), "\(seconds) s")
        let spoken = try WAVFile.read(natural), robotic = try WAVFile.read(espeak)
        #expect((0.6...4.5).contains(spoken.duration), "\(spoken.duration) s")
        #expect(spoken.samples != robotic.samples && abs(spoken.duration - robotic.duration) > 0.05,
                "the natural voice wrote espeak-ng's speech")
        guard let (transcriber, voice) = try ListenRunTests.engines() else { return }
        let heard = try ListenRun.hear(natural, transcriber: transcriber, voice: voice, parser: CommandParser())
        // Moonshine writes numbers as digits and American spelling: "1 meter" is "one metre".
        let spelled = ["1": "one", "meter": "metre"]
        let words = WordErrors.words(heard.transcript).map { spelled[$0] ?? $0 }
        #expect(WordErrors.distance(words, WordErrors.words(sentence)) <= 1, "heard \"\(heard.transcript)\"")
    }

    /// The phonemes are espeak-ng's IPA with the clause marks kept, and every one becomes an id of the voice.
    @Test func phonemesKeepTheirClausesAndMapToTheVoicesIds() throws {
        let ipa = try EspeakPhonemizer().ipa("Cup, one o'clock.", voice: "en-us")
        #expect(ipa.contains(",") && ipa.hasSuffix("."), "\(ipa)")
        #expect(ipa.contains("k") && ipa.contains("ʌ"), "\(ipa)")
    }
}
