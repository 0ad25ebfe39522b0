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
    static let usVoices = ["en-us", "en-us+m3", "en-us+f2"]
    static let britishVoices = ["en", "en+f3"]
    static let voices = ["en-us", "en", "en-us+m3", "en+f3", "en-us+f2"]

    /// What is said, and the command it must become.
    static let commands: [(said: String, command: AssistantCommand)] = [
        ("Find cup.", .findObject("cup")),
        ("Find text exit.", .findText("exit")),
        ("Language Russian.", .language(.russian)),
        ("Confidence sixty.", .confidence(0.6)),
        ("Battery saver on.", .batterySaver(true)),
        ("What did you detect recently?", .recentDetections),
        ("Stop.", .stop),
        ("Read this.", .read),
        ("Where is it?", .whereIsIt),
        ("Explore.", .explore),
        ("What is this?", .scanNow),
        ("Repeat.", .repeatLast),
        ("Louder.", .louder),
        ("Slower.", .slower),
        ("Pause.", .pause),
        ("Continue.", .resume),
        ("Next.", .next),
        ("Go back.", .back),
        ("Help.", .help),
        ("Find my keys.", .findObject("my keys")),
        ("Look for the bottle.", .findObject("the bottle")),
        ("Find chair.", .findObject("chair")),
        ("Find text pharmacy.", .findText("pharmacy")),
        ("Alert me to car.", .alertMe("car")),
        ("Ignore person.", .ignore("person")),
        ("Battery saver off.", .batterySaver(false)),
        ("Confidence fifty percent.", .confidence(0.5)),
        ("Switch to English.", .language(.english)),
        ("Quit.", .quit),
        ("Tutorial.", .tutorial),
        ("Continuous mode.", .continuous),
        ("Describe the scene.", .explore),
        ("Find phone.", .findObject("phone")),
        ("Usage statistics.", .usage),
    ]

    /// Sentences that are no command, some sharing words with commands ("where", "open", "stop").
    static let otherSpeech = [
        "Hello there.", "Open the window.", "Turn left at the corner.", "What time is it?", "Call my mother.",
        "How is the weather today?", "I am going to the shop.", "Thank you very much.", "Good morning, everyone.",
        "Where did I put my coat?", "The cat sat on the mat.", "Can you hear me?", "Let us go home now.",
        "My name is John.", "It is raining outside.", "Put the kettle on.", "I like green apples.",
        "See you tomorrow.",
    ]

    /// sox `synth` recipes for noise clips, each padded with silence.
    static let noises: [(name: String, synth: [String])] = [
        ("white noise", ["synth", "1.5", "whitenoise", "vol", "0.3"]),
        ("pink noise", ["synth", "1.5", "pinknoise", "vol", "0.5"]),
        ("brown noise", ["synth", "1.5", "brownnoise", "vol", "0.5"]),
        ("440 Hz tone", ["synth", "1", "sine", "440", "vol", "0.5"]),
        ("silence", ["trim", "0", "1.5"]),
        ("a clap", ["synth", "0.04", "whitenoise", "vol", "0.9", "fade", "0", "0.04", "0.035"]),
        ("two claps", ["synth", "0.04", "whitenoise", "vol", "0.9", "fade", "0", "0.04", "0.035", "pad", "0", "0.3",
                       "repeat", "1"]),
        ("quiet hum", ["synth", "2", "sine", "100", "vol", "0.1"]),
    ]

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

    /// The words said, at 16 kHz, with half a second of silence either side. Said by the espeak-ng program, a fresh
    /// process each time: the library carries state from one utterance to the next (see EspeakLibrary), so in this
    /// process the clips changed with whatever other suites had said before, and the rates with them.
    private func say(_ text: String, voice: String) throws -> PCMAudio {
        let url = folder.appendingPathComponent("speech-\(UUID().uuidString).wav")
        defer { try? FileManager.default.removeItem(at: url) }
        let espeak = try TestData.run("espeak-ng", ["-v", voice, "-w", url.path, text])
        #expect(espeak.status == 0, "espeak-ng failed: \(espeak.stderr)")
        let spoken = try WAVFile.read(url).converted(sampleRate: CommandRecognizer.sampleRate, channels: 1)
        let pause = PCMAudio.silence(seconds: 0.5, sampleRate: CommandRecognizer.sampleRate)
        return PCMAudio(sampleRate: CommandRecognizer.sampleRate, samples: pause.samples + spoken.samples + pause.samples)
    }

    private func noise(_ synth: [String]) throws -> PCMAudio {
        let url = folder.appendingPathComponent("noise-\(UUID().uuidString).wav")
        defer { try? FileManager.default.removeItem(at: url) }
        let sox = try TestData.run("sox", ["-R", "-n", "-r", "16000", "-c", "1", "-b", "16", url.path] + synth
                                   + ["pad", "0.5", "0.8"])
        #expect(sox.status == 0, "sox failed: \(sox.stderr)")
        return try WAVFile.read(url)
    }

    /// The one verdict for a clip: a command if any utterance in it was one.
    private func hear(_ audio: PCMAudio) throws -> (command: AssistantCommand?, words: [String], seconds: [Double]) {
        let utterances = try recognizer.recognize(audio)
        return (utterances.compactMap(\.command).first, utterances.map(\.words), utterances.map(\.decodeSeconds))
    }

    /// The same command, an object's name with or without "my", "the" or "a" ("alert me to a car" is "alert me to
    /// car"): the session resolves both alike.
    static func same(_ heard: AssistantCommand?, _ expected: AssistantCommand) -> Bool {
        func bare(_ command: AssistantCommand?) -> AssistantCommand? {
            func strip(_ name: String) -> String {
                var words = name.split(separator: " ")
                while words.count > 1, CommandGrammar.objectDeterminers.contains(String(words[0])) { words.removeFirst() }
                return words.joined(separator: " ")
            }
            switch command {
            case .findObject(let name): return .findObject(strip(name))
            case .alertMe(let name): return .alertMe(strip(name))
            case .ignore(let name): return .ignore(strip(name))
            case .stopAlerting(let name): return .stopAlerting(strip(name))
            case .stopIgnoring(let name): return .stopIgnoring(strip(name))
            default: return command
            }
        }
        return bare(heard) == bare(expected)
    }

    @Test("at least 90 % of spoken commands become the right command; at least 90 % of other speech and noise is rejected")
    func recognitionAndRejection() throws {
        var recognised: [String: Int] = [:], rejected: [String: Int] = [:]
        var decodeSeconds: [Double] = []
        var misses: [String] = [], falseAccepts: [String] = []
        for voice in Self.voices {
            for (said, expected) in Self.commands {
                let heard = try hear(say(said, voice: voice))
                decodeSeconds += heard.seconds
                if Self.same(heard.command, expected) {
                    recognised[voice, default: 0] += 1
                } else {
                    misses.append("\(voice) \"\(said)\" → \(heard.words)")
                }
            }
            for said in Self.otherSpeech {
                let heard = try hear(say(said, voice: voice))
                decodeSeconds += heard.seconds
                if heard.command == nil {
                    rejected[voice, default: 0] += 1
                } else {
                    falseAccepts.append("\(voice) \"\(said)\" → \(heard.words)")
                }
            }
        }
        var noiseRejected = 0
        for (name, synth) in Self.noises {
            let heard = try hear(noise(synth))
            if heard.command == nil { noiseRejected += 1 } else { falseAccepts.append("\(name) → \(heard.words)") }
        }

        let commandTotal = Self.commands.count * Self.voices.count
        let otherTotal = Self.otherSpeech.count * Self.voices.count + Self.noises.count
        let recognisedTotal = recognised.values.reduce(0, +)
        let rejectedTotal = rejected.values.reduce(0, +) + noiseRejected
        var report = ["tuning \(recognizer.tuning)"]
        for voice in Self.voices {
            report.append("\(voice): recognised \(recognised[voice, default: 0])/\(Self.commands.count), rejected \(rejected[voice, default: 0])/\(Self.otherSpeech.count)")
        }
        report.append("noise rejected \(noiseRejected)/\(Self.noises.count)")
        for (name, group) in [("US voices", Self.usVoices), ("British voices", Self.britishVoices)] {
            let count = group.map { recognised[$0, default: 0] }.reduce(0, +), total = group.count * Self.commands.count
            report.append(String(format: "%@: recognised %d/%d (%.1f %%)", name, count, total, 100 * Double(count) / Double(total)))
        }
        report.append(String(format: "recognised %d/%d (%.1f %%), rejected %d/%d (%.1f %%)", recognisedTotal, commandTotal,
                             100 * Double(recognisedTotal) / Double(commandTotal), rejectedTotal, otherTotal,
                             100 * Double(rejectedTotal) / Double(otherTotal)))
        let sorted = decodeSeconds.sorted()
        if !sorted.isEmpty {
            report.append(String(format: "decoding per utterance: median %.1f ms, max %.1f ms over %d utterances",
                                 1000 * sorted[sorted.count / 2], 1000 * sorted.last!, sorted.count))
        }
        report += misses.map { "missed: \($0)" } + falseAccepts.map { "accepted: \($0)" }
        print(report.joined(separator: "\n"))

        let summary = report.joined(separator: "\n")
        let us = Self.usVoices.map { recognised[$0, default: 0] }.reduce(0, +)
        let british = Self.britishVoices.map { recognised[$0, default: 0] }.reduce(0, +)
        #expect(Double(us) >= 0.9 * Double(Self.commands.count * Self.usVoices.count), "US voices\n\(summary)")
        // Measured 65-69 % (44 to 47 of 68); the floor catches a change that makes them worse.
        #expect(Double(british) >= 0.55 * Double(Self.commands.count * Self.britishVoices.count), "British voices\n\(summary)")
        #expect(Double(rejectedTotal) >= 0.9 * Double(otherTotal), "rejection\n\(summary)")
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
