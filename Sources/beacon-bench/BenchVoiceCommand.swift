import ArgumentParser
import BeaconCommandLine
import BeaconAudio
import BeaconCore
import BeaconRuntime
import BeaconSpeech
import Foundation

struct BenchVoiceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "voice",
        abstract: "Measure voice commands on labelled recordings: commands recognised, other speech rejected.",
        usage: "beacon bench voice [<folders> ...] [--espeak] [<options>]",
        discussion: """
            Each FOLDER holds WAV files and a manifest.csv with the columns file and transcript (and speaker, for \
            --half). A clip is a command when its transcript parses as one, as a typed line would; anything else \
            must be rejected. --espeak adds the synthetic set the tests use (34 commands and 18 other sentences \
            in five espeak-ng voices, 8 noise clips). Prints, per folder and in all, the commands recognised, \
            misheard (acted on as another command) and missed, the other speech rejected, the word error rate \
            on the sentences (three words or more), the time from the end of speech to the verdict on short \
            clips (median and p95: the quiet waited for plus the work after it), and every clip judged wrongly.

            Moonshine (with Silero VAD, what Beacon listens with) and PocketSphinx (the fallback without those \
            models) are measured side by side; --recogniser picks one. The filler options are PocketSphinx's.

            One recogniser hears the clips in turn, adapting to the voices as it would to a user; --each-as-first \
            hears each as the first words of a new user instead. --half 0 and --half 1 split the speakers in two, \
            to tune on one half and check on the other; --withhold-said-words keeps every word said in the clips \
            out of the filler vocabulary, to see how rejection does on words it does not hold.

            Examples:
              beacon bench voice ../shared/testdata/speech
              beacon bench voice --espeak --half 0 ../shared/testdata/speech
            """
    )

    @Argument(help: "Folders with a manifest.csv.")
    var folders: [String] = []

    @Flag(help: "Also measure the espeak-ng set (made in a temporary folder, or in --espeak-folder).")
    var espeak = false

    @Option(help: "Where the espeak-ng set is kept: used as it is when it has a manifest, else made there.")
    var espeakFolder: String?

    @Option(help: "Only the speakers of one half (0 or 1, a fixed hash of the speaker column): tune on one, check on the other.")
    var half: Int?

    @Option(help: "moonshine, pocketsphinx or both (each one that is installed).")
    var recogniser: RecogniserChoice = .both

    enum RecogniserChoice: String, ExpressibleByArgument, CaseIterable {
        case moonshine, pocketsphinx, both
    }

    @Option(help: "Probability of each filler word in the grammar (0: no filler branch).")
    var fillerWeight: Double?

    @Option(help: "Probability of an everyday word said alone, the one-word branch (0: none).")
    var loneFillerWeight: Double?

    @Flag(help: "Keep every word said in the clips out of the filler vocabulary.")
    var withholdSaidWords = false

    @Flag(help: "Hear each clip as the first words of a new user.")
    var eachAsFirst = false

    @Flag(help: "Print every clip and what was heard, not only the wrong ones.")
    var list = false

    func validate() throws {
        guard espeak || espeakFolder != nil || !folders.isEmpty else {
            throw ValidationError("Name a folder with a manifest.csv, or --espeak.")
        }
        if let half, !(0...1).contains(half) { throw ValidationError("--half is 0 or 1.") }
        if let fillerWeight, !(0...1).contains(fillerWeight) { throw ValidationError("--filler-weight is 0 to 1.") }
        if let loneFillerWeight, !(0...1).contains(loneFillerWeight) {
            throw ValidationError("--lone-filler-weight is 0 to 1.")
        }
    }

    func run() throws {
        var tuning = CommandRecognizer.Tuning()
        if let fillerWeight { tuning.fillerWeight = fillerWeight > 0 ? fillerWeight : nil }
        if let loneFillerWeight { tuning.loneFillerWeight = loneFillerWeight > 0 ? loneFillerWeight : nil }

        var sets: [LabelledSpeech] = []
        var temporary: URL?
        if espeak || espeakFolder != nil {
            let folder: URL
            if let espeakFolder {
                folder = URL(fileURLWithPath: espeakFolder, isDirectory: true)
            } else {
                folder = FileManager.default.temporaryDirectory.appendingPathComponent("beacon-espeak-\(UUID().uuidString)")
                temporary = folder
            }
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(LabelledSpeech.manifestName).path) {
                sets.append(try LabelledSpeech(folder: folder))
            } else {
                guard SyntheticSpeechSet.toolsInstalled else {
                    throw ValidationError("--espeak needs espeak-ng and sox (apt-get install espeak-ng sox).")
                }
                Console.line("making the espeak-ng set in \(folder.path)")
                sets.append(try SyntheticSpeechSet.write(to: folder))
            }
        }
        defer { if let temporary { try? FileManager.default.removeItem(at: temporary) } }
        for path in folders { sets.append(try LabelledSpeech(folder: URL(fileURLWithPath: path, isDirectory: true))) }
        if withholdSaidWords {
            tuning.withheldFillerWords = Set(sets.flatMap(\.clips).flatMap { clip in
                clip.transcript.lowercased().split { !$0.isLetter && $0 != "'" }.map(String.init)
            })
        }
        var recognizers: [(name: String, recognizer: any UtteranceRecognizer)] = []
        if recogniser != .pocketsphinx {
            if let hearing = try Composition().hearing() {
                recognizers.append(("Moonshine", hearing.recognizer()))
            } else if recogniser == .moonshine {
                throw ValidationError("Moonshine or Silero VAD is not installed (beacon models install).")
            }
        }
        if recogniser != .moonshine {
            do {
                recognizers.append(("PocketSphinx", try CommandRecognizer(tuning: tuning)))
                Console.line("PocketSphinx: filler weight \(tuning.fillerWeight.map { "\($0)" } ?? "none"), one-word branch "
                             + "\(tuning.loneFillerWeight.map { "\($0)" } ?? "none")"
                             + (tuning.withheldFillerWords.isEmpty ? "" : ", \(tuning.withheldFillerWords.count) words said in the clips withheld"))
            } catch where recogniser == .both && !recognizers.isEmpty {
                Console.line("PocketSphinx: not measured (\((error as? UserFacingError)?.sentence ?? "\(error)"))")
            }
        }

        var totals = recognizers.map { _ in VoiceScore() }
        for set in sets {
            let chosen = half.map(set.half) ?? set
            var scores: [VoiceScore] = []
            for (index, entry) in recognizers.enumerated() {
                // A second of quiet after each clip, as after words said to a microphone: each recogniser ends the
                // speech by its own rule.
                let score = try chosen.score(with: entry.recognizer, eachAsFirst: eachAsFirst, trailingSilence: 1)
                totals[index].add(score)
                scores.append(score)
            }
            Console.line("")
            Console.line("\(set.folder.path)\(half.map { " (speakers of half \($0))" } ?? ""): \(chosen.clips.count) clips")
            Self.table(names: recognizers.map(\.name), scores: scores).forEach { Console.line("  " + $0) }
            for (entry, score) in zip(recognizers, scores) {
                let wrong = score.report().dropFirst(4)
                if !wrong.isEmpty {
                    Console.line("  \(entry.name), judged wrongly:")
                    wrong.forEach { Console.line("  " + $0) }
                }
                let speakers = Set(chosen.clips.map(\.speaker))
                if speakers.count > 1, speakers.count <= 10 {
                    // A few voices (the espeak-ng set): each one's figures, since the British ones are known to be weaker.
                    for speaker in speakers.sorted() {
                        let own = score.outcomes.filter { $0.clip.speaker == speaker }
                        let commands = own.filter { $0.clip.expected != nil }, others = own.filter { $0.clip.expected == nil }
                        Console.line("  \(entry.name) \(speaker): recognised \(commands.filter(\.isRight).count)/\(commands.count), "
                                     + "rejected \(others.filter(\.isRight).count)/\(others.count)")
                    }
                }
                if list {
                    for outcome in score.outcomes {
                        let verdict = outcome.isRight ? "ok " : "BAD"
                        Console.line("  \(entry.name) \(verdict) \(outcome.clip.file.lastPathComponent) \"\(outcome.clip.label)\" → \(outcome.words)")
                    }
                }
            }
        }
        if sets.count > 1 {
            Console.line("")
            Console.line("all: \(totals.first?.outcomes.count ?? 0) clips")
            Self.table(names: recognizers.map(\.name), scores: totals).forEach { Console.line("  " + $0) }
        }
    }

    /// The figures of each recogniser side by side, one row a figure.
    static func table(names: [String], scores: [VoiceScore]) -> [String] {
        func share(_ part: Int, _ whole: Int) -> String {
            whole == 0 ? "-" : String(format: "%d/%d (%.1f %%)", part, whole, 100 * Double(part) / Double(whole))
        }
        func errors(_ score: VoiceScore) -> String {
            let words = score.sentenceWordErrors
            return words.words == 0 ? "-" : String(format: "%.3f (%d/%d)", words.rate, words.errors, words.words)
        }
        func seconds(_ values: [Double], _ fraction: Double) -> String {
            values.isEmpty ? "-" : String(format: "%.2f s", percentile(values, fraction))
        }
        let rows: [(String, (VoiceScore) -> String)] = [
            ("commands recognised", { share($0.recognised.count, $0.commands.count) }),
            ("commands misheard", { share($0.misheard.count, $0.commands.count) }),
            ("commands missed", { share($0.missed.count, $0.commands.count) }),
            ("non-commands rejected", { share($0.rejected.count, $0.nonCommands.count) }),
            ("sentence word error rate", errors),
            ("end of speech to verdict, median", { seconds($0.shortClipSecondsAfterSpeech, 0.5) }),
            ("end of speech to verdict, p95", { seconds($0.shortClipSecondsAfterSpeech, 0.95) }),
            ("  of which work, median", { seconds($0.shortClipDecidingSeconds, 0.5) }),
            ("  of which work, p95", { seconds($0.shortClipDecidingSeconds, 0.95) }),
        ]
        let width = rows.map(\.0.count).max() ?? 0
        let pad = { (text: String, to: Int) in text + String(repeating: " ", count: max(0, to - text.count)) }
        var lines = [pad("", width + 2) + names.map { pad($0, 22) }.joined()]
        for (title, value) in rows {
            lines.append(pad(title, width + 2) + scores.map { pad(value($0), 22) }.joined())
        }
        return lines
    }
}
