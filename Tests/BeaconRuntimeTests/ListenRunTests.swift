import BeaconAudio
import BeaconCore
import BeaconRuntime
import BeaconSpeech
import BeaconTestSupport
import Foundation
import Testing

/// `beacon listen` in the test process, on real people's speech (../shared/testdata/speech): Moonshine base hears
/// the sentences nearly word for word, every "stop" is the command stop, and the single words that are no command
/// are no command.
@Suite(.serialized) struct ListenRunTests {
    static let speech = TestData.imagesFolder.deletingLastPathComponent().appendingPathComponent("speech")

    /// The recogniser and the voice detector, or nil (skipped, or failed under CI's rule) when a file is missing.
    static func engines() throws -> (MoonshineTranscriber, SileroVoiceDetector)? {
        for model in ["moonshine_base_en_encoder.ort", "moonshine_base_en_decoder.ort", "moonshine_base_en_tokenizer.bin",
                      "silero_vad.onnx"] where TestData.model(model) == nil {
            if TestData.required { Issue.record("\(model) is missing") } else { print("skipping: no \(model)") }
            return nil
        }
        guard FileManager.default.fileExists(atPath: speech.appendingPathComponent("manifest.csv").path) else {
            if TestData.required { Issue.record("../shared/testdata/speech is missing") }
            return nil
        }
        guard RunTestSupport.canDetect(), let voice = try Composition().voiceDetector() else { return nil }
        return (try Composition().transcriber(), voice)
    }

    /// The manifest's rows: file and transcript.
    static func manifest() throws -> [(file: String, transcript: String)] {
        let text = try String(contentsOf: speech.appendingPathComponent("manifest.csv"), encoding: .utf8)
        return CSV.rows(text).dropFirst().compactMap { $0.count > 13 ? ($0[0], $0[13]) : nil }
    }

    @Test func realSentencesAreHeardAndAreNoCommands() throws {
        guard let (transcriber, voice) = try Self.engines() else { return }
        var wrong = 0, total = 0
        var heard: [String] = []
        for row in try Self.manifest() where row.file.hasPrefix("sentences/") {
            let report = try ListenRun.hear(Self.speech.appendingPathComponent(row.file), transcriber: transcriber,
                                            voice: voice, parser: CommandParser())
            #expect(report.command == nil, "\(row.file): \(report.transcript)")
            heard.append("\(row.file): \(report.transcript)")
            // The meeting excerpt's transcript covers only its two annotated phrases.
            guard !row.transcript.hasPrefix("[partial]") else { continue }
            var errors = WordErrors()
            errors.add(heard: report.transcript, said: row.transcript)
            wrong += errors.errors
            total += errors.words
        }
        #expect(total > 40)
        let rate = Double(wrong) / Double(max(total, 1))
        #expect(rate <= 0.10, "word error rate \(rate) (\(wrong) of \(total)): \(heard)")
    }

    @Test func everyStopIsStopAndOtherWordsAreNoCommand() throws {
        guard let (transcriber, voice) = try Self.engines() else { return }
        var others = 0, rejected = 0, stops = 0
        var taken: [String] = []
        for row in try Self.manifest() where row.file.hasPrefix("words/") {
            let report = try ListenRun.hear(Self.speech.appendingPathComponent(row.file), transcriber: transcriber,
                                            voice: voice, parser: CommandParser())
            if row.transcript == "stop" {
                stops += 1
                #expect(report.command == "stop", "\(row.file): \"\(report.transcript)\"")
            } else {
                others += 1
                if report.command == nil { rejected += 1 } else { taken.append("\(row.file): \(report.transcript)") }
            }
        }
        #expect(stops >= 2 && others >= 40)
        #expect(Double(rejected) >= 0.95 * Double(others), "\(rejected) of \(others) rejected; taken: \(taken)")
    }

    @Test func aBadFileIsOneSentenceAndTheOthersStillRun() throws {
        guard try Self.engines() != nil else { return }
        let folder = try TestData.temporaryFolder("beacon-listen")
        defer { try? FileManager.default.removeItem(at: folder) }
        let notAudio = folder.appendingPathComponent("notes.wav")
        try Data("not a recording".utf8).write(to: notAudio)
        let stop = Self.speech.appendingPathComponent("words/stop").path
        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: stop).sorted().first)
        let transcript = TranscriptRecorder()
        let run = ListenRun(files: [notAudio.path, "\(stop)/\(file)"], json: true)
        #expect(try run.run(composition: Composition(), transcript: transcript) == 1)
        #expect(transcript.notes.count == 1 && transcript.notes[0].contains("notes.wav"), "\(transcript.notes)")
        let report = try JSONDecoder().decode(ListenRun.Report.self, from: Data(try #require(transcript.lines.first).utf8))
        #expect(report.command == "stop")
    }
}
