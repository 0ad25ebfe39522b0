import BeaconAudio
import BeaconCore
import Testing

@Suite("espeak-ng word starts")
struct EspeakWordStartTests {
    @Test("word starts are ascending, inside the speech, one per spoken word (function words may merge)", arguments: [
        ("en", "The cup is on the table, two steps ahead.", 9),
        ("ru", "Чашка стоит на столе, два шага вперёд.", 7),
    ])
    func wordStarts(voice: String, text: String, words: Int) throws {
        let (audio, starts) = try EspeakSynthesizer().synthesizeWithWords(text, voice: voice)
        #expect(starts == starts.sorted())
        #expect(starts.allSatisfy { $0 >= 0 && $0 < audio.duration })
        #expect((words - 2...words).contains(starts.count), "\(starts.count) starts for \(words) words: \(starts)")
        // The same speech as the plain call gives (espeak-ng varies a little from one take to the next).
        let plain = try EspeakSynthesizer().synthesize(text, voice: voice)
        #expect(abs(plain.duration - audio.duration) < audio.duration * 0.06)
    }

    @Test("blank text has no words")
    func blank() throws {
        let (audio, starts) = try EspeakSynthesizer().synthesizeWithWords("  ", voice: "en")
        #expect(audio.samples.isEmpty && starts.isEmpty)
    }
}
