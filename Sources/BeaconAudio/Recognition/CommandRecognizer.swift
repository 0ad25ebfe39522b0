import BeaconCore
import Foundation

/// One utterance the recogniser heard, and what it made of it.
public struct RecognizedUtterance: Sendable, Equatable {
    public enum Verdict: Sendable, Equatable {
        /// A command, its words re-parsed by `CommandParser`.
        case command(AssistantCommand)
        /// The wake word alone (always-listening mode): the next utterance is the command.
        case wakeWord
        case rejected(Rejection)
    }

    /// Why an utterance was not taken as a command.
    public enum Rejection: Sendable, Equatable {
        /// Nothing fitted the grammar at all (often noise).
        case nothingHeard
        /// The grammar's filler branch fitted better than any command: speech that is no command.
        case notACommand
        /// The best command fitted much worse than free phones did.
        case lowConfidence
        /// The words did not re-parse to a command.
        case unparsable
        /// Longer than any command takes to say.
        case tooLong
        /// Always-listening mode heard speech that did not start with the wake word.
        case noWakeWord
    }

    /// What the grammar matched, fillers included ("" when nothing matched).
    public let words: String
    public let verdict: Verdict
    /// Seconds into the stream where the speech started, and how long it lasted.
    public let start: Double
    public let duration: Double
    /// The grammar's score per frame minus the free phone loop's (natural log; 0 is a perfect fit, more
    /// negative is worse); nil when there was nothing to compare.
    public let fit: Double?
    /// Processor time spent deciding after the speech ended (the rest was decoded while it was spoken).
    public let decodeSeconds: Double

    /// The command, when the utterance was one.
    public var command: AssistantCommand? {
        if case .command(let command) = verdict { return command }
        return nil
    }

    /// What the assistant loop takes: a parsed command, or nil for a rejection.
    public var input: ParsedInput? { command.map(ParsedInput.command) }
}

/// Recognises spoken commands with PocketSphinx, constrained by the grammar generated from the command table.
///
/// Feed it 16 kHz mono samples in chunks of any size; it finds utterances with the decoder's own voice-activity
/// detector and returns one `RecognizedUtterance` for each as it ends.
///
/// Speech that is no command must never be acted on; three checks stand between the grammar and a command:
/// 1. a filler branch in the grammar (any sequence of single phones, weighted down) gives out-of-grammar speech
///    a path of its own, so it is not forced onto the nearest command;
/// 2. the words must re-parse with `CommandParser` to a command;
/// 3. … measured figures are in `Tuning`.
///
/// Not thread-safe: one thread feeds it (`VoiceInput`'s).
public final class CommandRecognizer {
    public static let sampleRate = 16_000
    /// Debian's pocketsphinx-en-us acoustic model.
    public static let debianEnglishModel = URL(fileURLWithPath: "/usr/share/pocketsphinx/model/en-us/en-us")

    /// Which grammar rule to listen with.
    public enum Mode: Sendable, Equatable {
        /// A command alone: after the push-to-talk key, or after the wake word.
        case command
        /// "beacon" and a command, or "beacon" alone; anything else is ignored.
        case wakeWord
    }

    /// The knobs of rejection, with the values the tests measured best.
    public struct Tuning: Sendable, Equatable {
        /// Weight of the filler branch against the commands' 1; 0 leaves the branch out.
        public var fillerWeight: Double
        /// Reject when the grammar's fit per frame falls below this (nil: no phone-loop pass).
        public var minimumFit: Double?
        /// Utterances longer than this are no command.
        public var maximumSeconds: Double

        public init(fillerWeight: Double = 1e-3, minimumFit: Double? = nil, maximumSeconds: Double = 6) {
            self.fillerWeight = fillerWeight
            self.minimumFit = minimumFit
            self.maximumSeconds = maximumSeconds
        }
    }

    /// The grammar as used (phrases the dictionary cannot say are left out).
    public let grammar: CommandGrammar
    public let tuning: Tuning
    private let parser: CommandParser
    private let decoder: PocketSphinxDecoder

    /// The grammar rule in use; a change takes effect at the next utterance.
    public var mode: Mode

    // Stream state.
    private var utteranceOpen = false
    private var speaking = false
    private var samplesFed = 0
    private var speechStartSample = 0
    /// The utterance's audio, for the phone-loop pass: while no one speaks only the last `leadSamples` are kept.
    private var utteranceAudio: [Int16] = []
    private var searchInUse: String?
    private static let leadSamples = sampleRate / 2
    /// The decoder's voice-activity detector judges each block it is fed; 100 ms blocks keep utterance ends prompt.
    private static let blockSamples = sampleRate / 10

    static let fillerPrefix = "ph_"
    private static let phoneLoopSearch = "phones"

    /// - Parameters:
    ///   - grammar: the commands to listen for (its phrases are filtered to words `dictionary` can say).
    ///   - acousticModel: the model folder; Debian's en-us by default.
    ///   - dictionary: the CMU dictionary to take pronunciations from.
    public init(grammar: CommandGrammar = CommandGrammar(), acousticModel: URL = CommandRecognizer.debianEnglishModel,
                dictionary: URL = PronunciationDictionary.debianEnglish, tuning: Tuning = Tuning(),
                mode: Mode = .command) throws {
        let pronunciations = try PronunciationDictionary(url: dictionary, words: grammar.words)
        let grammar = CommandGrammar(table: grammar.table, objectNames: grammar.objectNames,
                                     sayable: pronunciations.contains)
        self.grammar = grammar
        self.tuning = tuning
        self.mode = mode
        parser = CommandParser(table: grammar.table)
        decoder = try PocketSphinxDecoder(acousticModel: acousticModel, sampleRate: Self.sampleRate)

        var words = pronunciations
        let fillers = tuning.fillerWeight > 0 ? Self.fillerPhones : []
        for phone in fillers { words.add(Self.fillerPrefix + phone.lowercased(), phone) }
        try decoder.add(words)
        let jsgf = grammar.jsgf(fillers: fillers.map { Self.fillerPrefix + $0.lowercased() },
                                fillerWeight: tuning.fillerWeight)
        try decoder.addGrammar(jsgf, rule: CommandGrammar.commandRule, as: Self.searchName(.command))
        try decoder.addGrammar(jsgf, rule: CommandGrammar.wakeRule, as: Self.searchName(.wakeWord))
        if tuning.minimumFit != nil { try decoder.addPhoneLoop(as: Self.phoneLoopSearch) }
    }

    /// The en-us model's 39 phones.
    static let fillerPhones = ["AA", "AE", "AH", "AO", "AW", "AY", "B", "CH", "D", "DH", "EH", "ER", "EY", "F", "G",
                               "HH", "IH", "IY", "JH", "K", "L", "M", "N", "NG", "OW", "OY", "P", "R", "S", "SH",
                               "T", "TH", "UH", "UW", "V", "W", "Y", "Z", "ZH"]

    private static func searchName(_ mode: Mode) -> String {
        switch mode {
        case .command: "command"
        case .wakeWord: "wake"
        }
    }

    /// Seconds into the stream where the speech being heard now began; nil while no one speaks.
    public var speechStart: Double? {
        speaking ? Double(speechStartSample) / Double(Self.sampleRate) : nil
    }

    /// Feeds samples (16 kHz mono) and returns the utterances that ended in them.
    public func process(_ samples: [Int16]) throws -> [RecognizedUtterance] {
        var results: [RecognizedUtterance] = []
        var offset = 0
        while offset < samples.count {
            let end = min(offset + Self.blockSamples, samples.count)
            if let utterance = try processBlock(samples[offset..<end]) { results.append(utterance) }
            offset = end
        }
        return results
    }

    /// Ends the stream: an utterance still being spoken is decided now.
    public func finish() throws -> RecognizedUtterance? {
        guard utteranceOpen else { return nil }
        let wasSpeaking = speaking
        let result = try closeUtterance()
        return wasSpeaking ? result : nil
    }

    /// Drops any utterance in progress without deciding it (push-to-talk released, or a mode change).
    public func reset() throws {
        if utteranceOpen { try decoder.endUtterance() }
        utteranceOpen = false
        speaking = false
        utteranceAudio.removeAll(keepingCapacity: true)
    }

    /// Recognises a whole recording: every utterance in it.
    public func recognize(_ audio: PCMAudio) throws -> [RecognizedUtterance] {
        let mono = audio.converted(sampleRate: Self.sampleRate, channels: 1)
        var results = try process(mono.samples)
        if let last = try finish() { results.append(last) }
        return results
    }

    private func processBlock(_ block: ArraySlice<Int16>) throws -> RecognizedUtterance? {
        if !utteranceOpen {
            let search = Self.searchName(mode)
            if searchInUse != search {
                try decoder.select(search)
                searchInUse = search
            }
            try decoder.startUtterance()
            utteranceOpen = true
        }
        try block.withUnsafeBufferPointer { try decoder.process($0) }
        utteranceAudio.append(contentsOf: block)
        samplesFed += block.count
        let inSpeech = decoder.inSpeech
        if inSpeech && !speaking {
            speaking = true
            speechStartSample = max(0, samplesFed - block.count)
        }
        if speaking {
            if !inSpeech { return try closeUtterance() }
            if Double(samplesFed - speechStartSample) / Double(Self.sampleRate) > tuning.maximumSeconds {
                let start = Double(speechStartSample) / Double(Self.sampleRate)
                let duration = Double(samplesFed - speechStartSample) / Double(Self.sampleRate)
                try reset()
                // What follows until the speaker pauses belongs to the same long utterance: skip it.
                return RecognizedUtterance(words: "", verdict: .rejected(.tooLong), start: start, duration: duration,
                                           fit: nil, decodeSeconds: 0)
            }
        } else if utteranceAudio.count > Self.leadSamples {
            utteranceAudio.removeFirst(utteranceAudio.count - Self.leadSamples)
        }
        return nil
    }

    private func closeUtterance() throws -> RecognizedUtterance {
        let clock = ContinuousClock()
        let started = clock.now
        try decoder.endUtterance()
        utteranceOpen = false
        speaking = false
        let hypothesis = decoder.hypothesis()
        let start = Double(speechStartSample) / Double(Self.sampleRate)
        let duration = Double(samplesFed - speechStartSample) / Double(Self.sampleRate)
        var fit: Double?
        if tuning.minimumFit != nil, !hypothesis.words.isEmpty, hypothesis.frames > 0 {
            fit = try phoneLoopFit(grammarScorePerFrame: hypothesis.score / Double(hypothesis.frames))
        }
        utteranceAudio.removeAll(keepingCapacity: true)
        let verdict = judge(hypothesis.words, fit: fit)
        let elapsed = clock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return RecognizedUtterance(words: hypothesis.words, verdict: verdict, start: start, duration: duration,
                                   fit: fit, decodeSeconds: seconds)
    }

    /// Decodes the utterance again with free phones and compares the scores per frame.
    private func phoneLoopFit(grammarScorePerFrame: Double) throws -> Double? {
        try decoder.select(Self.phoneLoopSearch)
        searchInUse = Self.phoneLoopSearch
        try decoder.startUtterance()
        try utteranceAudio.withUnsafeBufferPointer { try decoder.process($0) }
        try decoder.endUtterance()
        let loop = decoder.hypothesis()
        guard loop.frames > 0 else { return nil }
        return grammarScorePerFrame - loop.score / Double(loop.frames)
    }

    private func judge(_ words: String, fit: Double?) -> RecognizedUtterance.Verdict {
        let spoken = words.split(separator: " ")
        guard !spoken.isEmpty else { return .rejected(.nothingHeard) }
        if spoken.contains(where: { $0.hasPrefix(Self.fillerPrefix) }) { return .rejected(.notACommand) }
        if mode == .wakeWord && spoken.first != Substring(CommandGrammar.wakeWord) { return .rejected(.noWakeWord) }
        if let fit, let minimum = tuning.minimumFit, fit < minimum { return .rejected(.lowConfidence) }
        if mode == .wakeWord && spoken.count == 1 { return .wakeWord }
        guard case .command(let command) = parser.parse(words) else { return .rejected(.unparsable) }
        return .command(command)
    }
}
