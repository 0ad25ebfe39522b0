import BeaconAudio
import BeaconCore
import BeaconTestSupport
import Foundation
import Testing

/// Spoken commands through the real recogniser: espeak-ng says them in five voices, the project's own resampler
/// brings them to 16 kHz, and `CommandRecognizer` (PocketSphinx with the generated grammar) must return the right
/// command for at least 90 % of them in the US voices, and reject at least 90 % of sentences that are no command and
/// of noise clips in all five.
///
/// The British voices are measured and reported but held only to a floor: Debian's acoustic model is US English,
/// and it hears espeak-ng's "en+f3" right 62 % of the time even with no rejection at all (see `CommandRecognizer`).
/// BEACON_VOICE_FILLER_WEIGHT=1e-14 (0: no filler branch) re-measures the trade-off with another weight.
enum VoiceTestSupport {
    /// Debian's en-us model and dictionary, and sox for the noise clips.
    static var canRecognize: Bool {
        FileManager.default.fileExists(atPath: CommandRecognizer.debianEnglishModel.appendingPathComponent("mdef").path)
            && FileManager.default.fileExists(atPath: PronunciationDictionary.debianEnglish.path)
            && TestData.hasTool("sox")
    }
}

@Suite("Voice commands are recognised, and other speech and noise rejected",
       .serialized,
       .enabled(if: VoiceTestSupport.canRecognize || TestData.required,
                "PocketSphinx or sox is missing (apt-get install libpocketsphinx-dev pocketsphinx-en-us sox)"))
final class VoiceCommandTests {
    let folder: URL
    let recognizer: CommandRecognizer

    init() throws {
        folder = try TestData.temporaryFolder("beacon-voice")
        let environment = ProcessInfo.processInfo.environment
        var tuning = CommandRecognizer.Tuning()
        if let weight = environment["BEACON_VOICE_FILLER_WEIGHT"].flatMap(Double.init) {
            tuning.fillerWeight = weight > 0 ? weight : nil
        }
        recognizer = try CommandRecognizer(tuning: tuning)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    @Test("every synthetic clip's transcript parses as the command it must become, or as none")
    func transcripts() {
        let parser = CommandParser()
        for (said, command) in SyntheticSpeechSet.commands {
            #expect(parser.parse(said) == .command(command), "\(said)")
        }
        for said in SyntheticSpeechSet.otherSpeech {
            if case .command(let command) = parser.parse(said) { Issue.record("\(said) parses as \(command)") }
        }
    }

    /// The set is written as recordings with a manifest and scored as recorded speech is (`LabelledSpeech`), so
    /// `beacon bench voice --espeak` reports exactly these figures.
    @Test("at least 90 % of spoken commands become the right command; at least 90 % of other speech and noise is rejected")
    func recognitionAndRejection() throws {
        let set = try SyntheticSpeechSet.write(to: folder)
        let score = try set.score(with: recognizer)
        func recognised(_ voices: [String]) -> Int {
            score.recognised.filter { voices.contains($0.clip.speaker) }.count
        }
        func commands(_ voices: [String]) -> Int {
            score.commands.filter { voices.contains($0.clip.speaker) }.count
        }
        var report = ["tuning \(recognizer.tuning)"]
        for voice in SyntheticSpeechSet.voices {
            let others = score.nonCommands.filter { $0.clip.speaker == voice }
            report.append("\(voice): recognised \(recognised([voice]))/\(commands([voice])), "
                          + "rejected \(others.filter { $0.heard == nil }.count)/\(others.count)")
        }
        let noises = score.nonCommands.filter { $0.clip.speaker == "sox" }
        report.append("noise rejected \(noises.filter { $0.heard == nil }.count)/\(noises.count)")
        for (name, group) in [("US voices", SyntheticSpeechSet.usVoices), ("British voices", SyntheticSpeechSet.britishVoices)] {
            report.append(String(format: "%@: recognised %d/%d (%.1f %%)", name, recognised(group), commands(group),
                                 100 * Double(recognised(group)) / Double(commands(group))))
        }
        let decodeSeconds = score.outcomes.flatMap(\.utterances).map(\.decodeSeconds).sorted()
        if !decodeSeconds.isEmpty {
            report.append(String(format: "decoding per utterance: median %.1f ms, max %.1f ms over %d utterances",
                                 1000 * decodeSeconds[decodeSeconds.count / 2], 1000 * decodeSeconds.last!, decodeSeconds.count))
        }
        report += score.report()
        print(report.joined(separator: "\n"))

        let summary = report.joined(separator: "\n")
        #expect(score.commands.count == SyntheticSpeechSet.commands.count * SyntheticSpeechSet.voices.count)
        #expect(Double(recognised(SyntheticSpeechSet.usVoices)) >= 0.9 * Double(commands(SyntheticSpeechSet.usVoices)),
                "US voices\n\(summary)")
        // Measured 65-69 % (44 to 47 of 68); the floor catches a change that makes them worse.
        #expect(Double(recognised(SyntheticSpeechSet.britishVoices)) >= 0.55 * Double(commands(SyntheticSpeechSet.britishVoices)),
                "British voices\n\(summary)")
        #expect(Double(score.rejected.count) >= 0.9 * Double(score.nonCommands.count), "rejection\n\(summary)")
    }
}

extension VoiceCommandTests {
    /// Commands whose argument is spelled or free, said in the US voices. Asking for help must be heard as said. A
    /// plate spelled aloud must make a ride search with its colour and some plate; the plate itself is heard badly
    /// (espeak-ng's letter names through the US model: none of three within one character, measured), which is safe —
    /// Beacon says the plate back ("Looking for your car, plate …") and a misheard plate matches no car — and is why
    /// the README offers typing it.
    @Test("a ride's plate spelled aloud, and asking for help, become their commands")
    func spelledPlatesAndAskingForHelp() throws {
        var plates: [String] = []
        defer { print("plates heard for K X C 2 4 7: \(plates)") }
        for voice in SyntheticSpeechSet.usVoices {
            let plate = try SyntheticSpeechSet.say("Find my ride, red, plate k x c two four seven.", voice: voice, scratch: folder)
            try recognizer.reset()
            let heard = try recognizer.recognize(plate).compactMap { utterance -> String? in
                if case .command(.findRide(let words)) = utterance.verdict { return words }
                return nil
            }
            let ride = try #require(heard.first.flatMap { RideDescription(words: $0) }, "\(voice) heard \(heard)")
            #expect(ride.plate != nil && ride.colour == .red, "\(voice): \(heard)")
            plates.append(ride.plate?.characters ?? "-")

            let asking = try SyntheticSpeechSet.say("Ask for help finding my keys.", voice: voice, scratch: folder)
            try recognizer.reset()
            let asked = try recognizer.recognize(asking).map(\.verdict)
            #expect(asked.contains(.command(.askForHelp("my keys"))), "\(voice): \(asked)")
        }
    }
}

@Suite("The recogniser's words and errors")
struct CommandRecognizerSetupTests {
    @Test("every word of the grammar has a pronunciation: Debian's cmudict or the project's additions",
          .enabled(if: FileManager.default.fileExists(atPath: PronunciationDictionary.debianEnglish.path) || TestData.required,
                   "pocketsphinx-en-us is not installed"))
    func everyWordSayable() throws {
        let words = CommandGrammar().words
        let dictionary = try PronunciationDictionary(words: words)
        let missing = words.filter { !dictionary.contains($0) }.sorted()
        #expect(missing.isEmpty, "no pronunciation for \(missing)")
        // The additions are only for words cmudict lacks; one it has would hide its own pronunciations.
        let plain = try PronunciationDictionary(words: words, additions: [:])
        for word in PronunciationDictionary.additions.keys {
            #expect(!plain.contains(word), "\(word) is in cmudict; drop the addition")
        }
    }

    @Test("the recogniser keeps every phrase of the table", .enabled(if: VoiceTestSupport.canRecognize || TestData.required))
    func nothingLeftOut() throws {
        let recognizer = try CommandRecognizer()
        #expect(recognizer.grammar.leftOut.isEmpty, "left out: \(recognizer.grammar.leftOut)")
    }

    @Test("a missing acoustic model is one sentence naming where it was looked for")
    func missingModel() {
        let folder = URL(fileURLWithPath: "/nonexistent/beacon/en-us")
        #expect(throws: RecognitionError.modelMissing(path: folder.path)) {
            try CommandRecognizer(acousticModel: folder)
        }
        #expect(RecognitionError.modelMissing(path: "/x").sentence
            == "The speech recognition model is missing from /x: install pocketsphinx-en-us, or type commands.")
    }
}
