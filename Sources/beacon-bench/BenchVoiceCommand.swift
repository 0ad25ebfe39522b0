import ArgumentParser
import BeaconCommandLine
import BeaconAudio
import BeaconCore
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
            misheard (acted on as another command) and missed, the other speech rejected, and every clip judged \
            wrongly; the recogniser's knobs are options, so an operating point is chosen from figures.

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
        let recognizer = try CommandRecognizer(tuning: tuning)
        Console.line("filler weight \(tuning.fillerWeight.map { "\($0)" } ?? "none"), one-word branch "
                     + "\(tuning.loneFillerWeight.map { "\($0)" } ?? "none")"
                     + (tuning.withheldFillerWords.isEmpty ? "" : ", \(tuning.withheldFillerWords.count) words said in the clips withheld"))

        var total = VoiceScore()
        for set in sets {
            let chosen = half.map(set.half) ?? set
            let score = try chosen.score(with: recognizer, eachAsFirst: eachAsFirst)
            total.add(score)
            Console.line("")
            Console.line("\(set.folder.path)\(half.map { " (speakers of half \($0))" } ?? ""): \(chosen.clips.count) clips")
            score.report().forEach { Console.line("  " + $0) }
            let speakers = Set(chosen.clips.map(\.speaker))
            if speakers.count > 1, speakers.count <= 10 {
                // A few voices (the espeak-ng set): each one's figures, since the British ones are known to be weaker.
                for speaker in speakers.sorted() {
                    let own = score.outcomes.filter { $0.clip.speaker == speaker }
                    let commands = own.filter { $0.clip.expected != nil }, others = own.filter { $0.clip.expected == nil }
                    Console.line("  \(speaker): recognised \(commands.filter(\.isRight).count)/\(commands.count), "
                                 + "rejected \(others.filter(\.isRight).count)/\(others.count)")
                }
            }
            if list {
                for outcome in score.outcomes {
                    let verdict = outcome.isRight ? "ok " : "BAD"
                    Console.line("  \(verdict) \(outcome.clip.file.lastPathComponent) \"\(outcome.clip.label)\" → \(outcome.words)")
                }
            }
        }
        if sets.count > 1 {
            Console.line("")
            Console.line("all: \(total.outcomes.count) clips")
            total.report().prefix(4).forEach { Console.line("  " + $0) }
        }
    }
}
