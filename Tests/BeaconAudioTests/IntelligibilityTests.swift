import BeaconAudio
import BeaconCore
import BeaconTestSupport
import Foundation
import Testing

/// The end-to-end check that matters to a blind user: what Beacon says can be understood.
/// espeak-ng speaks a guidance phrase, the WAV sink records it, and PocketSphinx, knowing only the
/// guidance vocabulary, has to pick the right phrase out of 28.
@Suite("Guidance speech is intelligible to an offline recogniser",
       .enabled(if: PocketSphinx.isInstalled || TestData.required,
                "PocketSphinx is not installed (apt-get install pocketsphinx pocketsphinx-en-us)"))
final class IntelligibilityTests {
    /// espeak-ng's take of a phrase depends on what the process said before it (see `EspeakLibrary`), and sox dithers
    /// at random, so each was measured over 1,200 takes (2 voices x the 3 recordings below x 200 takes, each spoken
    /// after 1 to 3 other utterances: guidance phrases, Russian, Mandarin, part of a page, at 120 to 320 words a
    /// minute) and recognised in every one.
    /// Not here, because PocketSphinx's US model confuses them: "Door, ahead." (heard as "door centred" in 71 of 360
    /// such takes) and "Chair, behind." ("chair right" or "chair lost" in 64 of 360).
    static let phrases = [
        ("Cup, right.", "cup right"), ("Cup, centred.", "cup centred"), ("Cup, left.", "cup left"),
        ("Cup lost.", "cup lost"), ("Cup found.", "cup found"), ("Phone, left.", "phone left"),
    ]
    static let voices = ["en", "en-us"]

    let folder: URL
    let recognizer: PocketSphinx

    init() throws {
        folder = try TestData.temporaryFolder("beacon-asr")
        recognizer = try PocketSphinx(grammar: GuidanceGrammar.jsgf, dictionary: GuidanceGrammar.dictionary, in: folder)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    @Test("recorded at espeak-ng's rate and resampled by sox",
          .enabled(if: TestData.hasTool("sox") || TestData.required, "sox is not installed (apt-get install sox)"),
          arguments: voices, phrases)
    func throughSox(voice: String, phrase: (text: String, expected: String)) throws {
        let recorded = try record(phrase.text, voice: voice, sampleRate: EspeakSynthesizer.sampleRate)
        let resampled = folder.appendingPathComponent("\(voice)-\(phrase.expected)-16k.wav")
        let sox = try TestData.run("sox", [recorded.path, "-r", "16000", "-c", "1", "-b", "16", resampled.path])
        #expect(sox.status == 0, "sox failed: \(sox.stderr)")

        let heard = try recognizer.recognize(resampled)
        #expect(heard == phrase.expected, "\(voice) said \"\(phrase.text)\"; PocketSphinx heard \"\(heard)\"")
    }

    @Test("recorded at 16 kHz by the sink's own resampler", arguments: voices, phrases)
    func throughSinkResampler(voice: String, phrase: (text: String, expected: String)) throws {
        let recorded = try record(phrase.text, voice: voice, sampleRate: PocketSphinx.sampleRate)
        #expect(try WAVFile.read(recorded).sampleRate == PocketSphinx.sampleRate)

        let heard = try recognizer.recognize(recorded)
        #expect(heard == phrase.expected, "\(voice) said \"\(phrase.text)\"; PocketSphinx heard \"\(heard)\"")
    }

    @Test("still understood at a fast speaking rate (260 words per minute)", arguments: voices, phrases)
    func atFastRate(voice: String, phrase: (text: String, expected: String)) throws {
        let recorded = try record(phrase.text, voice: voice, sampleRate: PocketSphinx.sampleRate, wordsPerMinute: 260)
        #expect(try WAVFile.read(recorded).sampleRate == PocketSphinx.sampleRate)

        let heard = try recognizer.recognize(recorded)
        #expect(heard == phrase.expected, "\(voice) said \"\(phrase.text)\"; PocketSphinx heard \"\(heard)\"")
    }

    /// Speaks `text` into a mono WAV file at `sampleRate`, with the 0.3 s of silence either side that
    /// PocketSphinx's voice-activity detector needs to find the start and end of speech.
    private func record(_ text: String, voice: String, sampleRate: Int,
                        wordsPerMinute: Int = EspeakSynthesizer.defaultWordsPerMinute) throws -> URL {
        let speech = try EspeakSynthesizer(wordsPerMinute: wordsPerMinute).synthesize(text, voice: voice)
        let pause = PCMAudio.silence(seconds: 0.3, sampleRate: speech.sampleRate)
        let url = folder.appendingPathComponent("\(voice)-\(UUID().uuidString)-\(sampleRate).wav")
        let sink = try WAVFileSink(url: url, sampleRate: sampleRate, channels: 1)
        for part in [pause, speech, pause] { try sink.play(part) }
        try sink.close()
        return url
    }
}
