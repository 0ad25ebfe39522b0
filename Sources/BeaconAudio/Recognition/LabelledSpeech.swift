import BeaconCore
import Foundation

/// A folder of recordings and what was said in each, from its manifest.csv (columns `file` and `transcript`, and
/// optionally `speaker`), for measuring the recogniser on speech it was not built from.
///
/// A clip is a command when `CommandParser` makes a command of its transcript, as it would of a typed line;
/// anything else ("go", "turn left at the corner", a noise with no transcript) must be rejected.
public struct LabelledSpeech: Sendable {
    public struct Clip: Sendable {
        public let file: URL
        public let transcript: String
        /// Who said it ("" when the manifest does not say): held-out checks split by speaker, not by clip.
        public let speaker: String
        /// The command the transcript is, or nil for speech and noise that must be rejected.
        public let expected: AssistantCommand?

        /// How the clip is named in reports: its transcript, or its file name when nothing was said.
        public var label: String { transcript.isEmpty ? file.lastPathComponent : transcript }
    }

    public static let manifestName = "manifest.csv"

    public let folder: URL
    public let clips: [Clip]

    public init(folder: URL, clips: [Clip]) {
        self.folder = folder
        self.clips = clips
    }

    /// Reads `folder/manifest.csv`; file paths in it are relative to the folder.
    public init(folder: URL, parser: CommandParser = CommandParser()) throws {
        let url = folder.appendingPathComponent(Self.manifestName)
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw AudioError.fileUnreadable(file: url, reason: "the manifest: \(error.localizedDescription)")
        }
        let rows = CSV.rows(text)
        guard let header = rows.first, let fileColumn = header.firstIndex(of: "file"),
              let transcriptColumn = header.firstIndex(of: "transcript") else {
            throw AudioError.fileUnreadable(file: url, reason: "the manifest needs the columns file and transcript")
        }
        let speakerColumn = header.firstIndex(of: "speaker")
        self.folder = folder
        clips = rows.dropFirst().compactMap { row in
            guard row.count > max(fileColumn, transcriptColumn), !row[fileColumn].isEmpty else { return nil }
            let transcript = row[transcriptColumn]
            let expected: AssistantCommand?
            if case .command(let command) = parser.parse(transcript) { expected = command } else { expected = nil }
            return Clip(file: folder.appendingPathComponent(row[fileColumn]), transcript: transcript,
                        speaker: speakerColumn.flatMap { $0 < row.count ? row[$0] : nil } ?? "", expected: expected)
        }
    }

    /// The clips of one half of the speakers (0 or 1), chosen by a fixed hash of the speaker's name, so a threshold
    /// tuned on one half can be checked on speakers it never heard.
    public func half(_ index: Int) -> LabelledSpeech {
        LabelledSpeech(folder: folder, clips: clips.filter { Self.half(of: $0.speaker.isEmpty ? $0.file.path : $0.speaker) == index })
    }

    /// FNV-1a over the name's bytes: the same split on every machine and every run, unlike `Hasher`.
    static func half(of name: String) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return Int(hash >> 63)
    }

    /// Each clip through `recognizer`, in the manifest's order, scored.
    /// - Parameter eachAsFirst: hear each clip as a new recogniser would (`forgetVoice`): the first words a new user
    ///   says, before the recogniser has adapted to any voice or microphone, and a verdict that does not depend on
    ///   the clips before it. Otherwise one recogniser hears them all in turn, as it hears a user, adapting as it
    ///   goes (what the figures in `CommandRecognizer`'s notes are).
    /// - Parameter trailingSilence: seconds of quiet after each clip, as a microphone hears after the words, so the
    ///   recogniser finds the end of the speech by its own rule rather than by the end of the file.
    public func score(with recognizer: any UtteranceRecognizer, eachAsFirst: Bool = false,
                      trailingSilence: Double = 0) throws -> VoiceScore {
        var score = VoiceScore()
        for clip in clips {
            var audio = try WAVFile.read(clip.file).converted(sampleRate: CommandRecognizer.sampleRate, channels: 1)
            audio.samples += PCMAudio.silence(seconds: trailingSilence, sampleRate: audio.sampleRate).samples
            if eachAsFirst { try recognizer.forgetVoice() } else { try recognizer.reset() }
            let utterances = try recognizer.recognize(audio)
            score.add(clip, heard: utterances)
        }
        return score
    }
}

/// What the recogniser made of labelled clips: commands recognised, misheard (acted on as another command) and
/// missed (rejected), and speech that is no command rejected or acted on.
public struct VoiceScore: Sendable {
    public struct Outcome: Sendable {
        public let clip: LabelledSpeech.Clip
        /// The first command heard in the clip (a clip is one thing said, so any command in it is acted on).
        public let heard: AssistantCommand?
        /// What the grammar matched in each utterance.
        public let words: [String]
        public let utterances: [RecognizedUtterance]

        public var isRight: Bool {
            guard let expected = clip.expected else { return heard == nil }
            return VoiceScore.same(heard, expected)
        }
    }

    public private(set) var outcomes: [Outcome] = []

    public init() {}

    public mutating func add(_ clip: LabelledSpeech.Clip, heard utterances: [RecognizedUtterance]) {
        outcomes.append(Outcome(clip: clip, heard: utterances.compactMap(\.command).first,
                                words: utterances.map(\.words), utterances: utterances))
    }

    public mutating func add(_ other: VoiceScore) { outcomes += other.outcomes }

    public var commands: [Outcome] { outcomes.filter { $0.clip.expected != nil } }
    public var nonCommands: [Outcome] { outcomes.filter { $0.clip.expected == nil } }
    public var recognised: [Outcome] { commands.filter(\.isRight) }
    /// Commands acted on as another command: the worst mistake, since something happens that was not asked for.
    public var misheard: [Outcome] { commands.filter { !$0.isRight && $0.heard != nil } }
    /// Commands rejected: the person says it again.
    public var missed: [Outcome] { commands.filter { $0.heard == nil } }
    public var rejected: [Outcome] { nonCommands.filter { $0.heard == nil } }
    /// Speech that is no command, acted on.
    public var actedOn: [Outcome] { nonCommands.filter { $0.heard != nil } }

    /// The figures, then every clip judged wrongly.
    public func report() -> [String] {
        func share(_ part: Int, _ whole: Int) -> String {
            whole == 0 ? "\(part)/0" : String(format: "%d/%d (%.1f %%)", part, whole, 100 * Double(part) / Double(whole))
        }
        func line(_ outcome: Outcome) -> String {
            let heard = outcome.words.filter { !$0.isEmpty }.map { "\"\($0)\"" }.joined(separator: ", ")
            let speaker = outcome.clip.speaker.isEmpty ? "" : " [\(outcome.clip.speaker)]"
            return "    \"\(outcome.clip.label)\"\(speaker) → \(heard.isEmpty ? "nothing" : heard) (\(outcome.clip.file.lastPathComponent))"
        }
        var lines = [
            "commands recognised   \(share(recognised.count, commands.count))",
            "commands misheard     \(share(misheard.count, commands.count))",
            "commands missed       \(share(missed.count, commands.count))",
            "non-commands rejected \(share(rejected.count, nonCommands.count))",
        ]
        if !misheard.isEmpty { lines.append("  misheard:") ; lines += misheard.map(line) }
        if !actedOn.isEmpty { lines.append("  acted on:"); lines += actedOn.map(line) }
        if !missed.isEmpty { lines.append("  missed:"); lines += missed.map(line) }
        return lines
    }

    /// The same command, an object's name with or without "my", "the" or "a" ("alert me to a car" is "alert me to
    /// car"): the session resolves both alike.
    public static func same(_ heard: AssistantCommand?, _ expected: AssistantCommand) -> Bool {
        func strip(_ name: String) -> String {
            var words = name.lowercased().split(separator: " ")
            while words.count > 1, CommandGrammar.objectDeterminers.contains(String(words[0])) { words.removeFirst() }
            return words.joined(separator: " ")
        }
        func bare(_ command: AssistantCommand?) -> AssistantCommand? {
            switch command {
            case .findObject(let name): .findObject(strip(name))
            case .findText(let text): .findText(text.lowercased())
            case .alertMe(let name): .alertMe(strip(name))
            case .ignore(let name): .ignore(strip(name))
            case .stopAlerting(let name): .stopAlerting(strip(name))
            case .stopIgnoring(let name): .stopIgnoring(strip(name))
            default: command
            }
        }
        return bare(heard) == bare(expected)
    }
}
