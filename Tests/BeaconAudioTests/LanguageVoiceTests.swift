import BeaconAudio
import BeaconCore
import Testing

/// Text read off signs is spoken in its own language's voice: the voice each `TextLanguage` names exists in
/// espeak-ng and turns that language's text into real speech, and an utterance that carries a language is
/// spoken in its voice while guidance phrases keep the session's.
@Suite("voices by language")
struct LanguageVoiceTests {
    static let signs: [(TextLanguage, String, minimumWords: Int)] = [
        (.english, "Best before 15 March 2026.", 4),
        (.russian, "Молоко 3,2% жирности. Годен до 15.03.2026.", 5),
        (.chinese, "出口。请勿吸烟。", 2),
    ]

    @Test("each language's voice speaks a sign in that language", arguments: signs)
    func languageVoiceSpeaks(language: TextLanguage, text: String, minimumWords: Int) throws {
        let synthesizer = try EspeakSynthesizer()
        let voice = Utterance(text: text, priority: .chatter, category: "read", language: language).voice(default: "en")
        #expect(voice == language.voice)
        let (audio, wordStarts) = try synthesizer.synthesizeWithWords(text, voice: voice)
        #expect(audio.duration > 1, "\(voice): \(audio.duration) s")
        #expect(audio.rms > 0.03, "\(voice): RMS \(audio.rms)")
        #expect(wordStarts.count >= minimumWords, "\(voice): \(wordStarts.count) words")
        print("voice \(voice): '\(text)' is \(String(format: "%.2f", audio.duration)) s, \(wordStarts.count) words")
    }

    @Test("the Russian voice reads Cyrillic as Russian words, where the English one only names the letters")
    func russianVoiceReadsRussian() throws {
        let synthesizer = try EspeakSynthesizer()
        let text = "Молоко"
        let russian = try synthesizer.synthesizeWithWords(text, voice: "ru")
        let english = try synthesizer.synthesizeWithWords(text, voice: "en")
        // espeak-ng's English voice spells a Cyrillic word letter by letter ("em, o, el, o, ka, o"): measured on 1.51,
        // 1.34 s against 0.68 s for the Russian word.
        #expect(russian.audio.duration < english.audio.duration * 0.7,
                "ru \(russian.audio.duration) s, en \(english.audio.duration) s")
    }

    @Test("an utterance without a language keeps the session's voice")
    func guidanceKeepsTheSessionVoice() {
        #expect(Utterance(text: "Cup, left.", priority: .guidance, category: "direction").voice(default: "ru") == "ru")
    }
}
