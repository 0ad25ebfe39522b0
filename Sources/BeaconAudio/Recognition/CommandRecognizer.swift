import BeaconCore
import Foundation

/// Recognises spoken commands with PocketSphinx, constrained by the grammar generated from the command table.
///
/// Feed it 16 kHz mono samples in chunks of any size; it finds utterances with its own voice-activity detector
/// and returns one `RecognizedUtterance` for each as it ends.
///
/// Speech that is no command must never be acted on. A grammar alone forces almost anything onto the nearest
/// command: measured on 170 spoken commands and 98 other sentences and noises (five espeak-ng voices, see
/// VoiceCommandTests), it recognised 87 % of the commands but rejected only 12 % of the rest ("open the window" became
/// "locate a window"). So:
/// 1. the grammar has a filler branch: any string of everyday English words (`FillerVocabulary`), each weighted
///    `Tuning.fillerWeight`, so speech that is no command fits there better than on a command, and is rejected.
///    Weight 1e-10: 81 % recognised, 95 % rejected; 1e-11 (the default): 82-85 % and 94-95 %; 1e-12: 83-85 % and
///    91-95 %; 1e-14: 84 % and 91 % (runs differ by a few clips: espeak-ng's output depends on what it said before).
///    Tried and dropped: a filler of single phones spells commands as well as anything else (58 % recognised at
///    88 % rejected); comparing the command's score per frame with a free phone loop's, or a filler-word loop's, in a
///    second pass, separated no better (77 % at 90 %) at twice the decoding.
/// 2. a branch of one everyday word said alone, for the words the loop leaves out: the short ones ("go", "no", "up")
///    and those that sound like a grammar word but are no command alone ("right" is a sign's word, "four" sounds like
///    "for"); none that a one-word command has ("stop", "wait"), and never after "beacon". Real people saying single
///    words (Speech Commands clips, one speaker each) were forced onto the nearest command without it: "go" became
///    "go on", "right" "read it", "four" "forward", "wow" "louder". Measured with `beacon bench voice` on the 49
///    clips of ../shared/testdata/speech that are no command, one recogniser hearing them in turn: 43 rejected
///    without it, 47 with it ("learn" still became "where", "visual" "resume"), both real "stop"s still stop; the
///    espeak-ng set as before or better (138 of 170 commands, 93 of 98 others). Tuned on half the speakers: the same
///    from weight 1e-6 to 1e-16, one word fewer at 1e-18; 1e-11, the loop's weight, kept; the other half unchanged
///    by it (23 of 25). It rejects what it holds, no more: with every word said in those clips withheld from both
///    branches (by sound), 42 of 49. Heard as the first words of a new recogniser, before its running mean has
///    learnt any voice, all is worse: 45 of 49 (43 without it), and 124 espeak-ng commands instead of 126.
///    Also measured on that speech and dropped: the grammar path's score per speech frame against a free phone
///    loop's over the same features (a real "stop" fitted 2.7 nats a frame worse, a "wow" taken for "louder" 2.5);
///    word posteriors from the decoder's lattice (always 1: an FSG lattice keeps one path per state); and every
///    one-syllable word of the dictionary in this branch (48 of 49 even with the clips' words withheld, but a real
///    "stop" became "stab", 300 to 450 nats better).
/// 3. the recognised words must re-parse with `CommandParser` to a command, as a typed line would.
///
/// What remains is the acoustic model: Debian's is US English. At the default the US voices are recognised 91-95 %
/// (93 to 97 of 102); espeak-ng's British "en" 71-79 % and "en+f3" 59-62 % (62 % with no filler at all).
///
/// Not thread-safe: one thread feeds it (`VoiceInput`'s).
public final class CommandRecognizer: UtteranceRecognizer {
    public static let sampleRate = 16_000
    /// Debian's pocketsphinx-en-us acoustic model.
    public static let debianEnglishModel = URL(fileURLWithPath: "/usr/share/pocketsphinx/model/en-us/en-us")

    public typealias Mode = ListeningMode

    /// The knobs of rejection; the defaults are the measured best (see the type's notes).
    public struct Tuning: Sendable, Equatable {
        /// Probability of each filler word against a command path's 1; nil leaves the filler branch out.
        public var fillerWeight: Double?
        /// Utterances longer than this are no command.
        public var maximumSeconds: Double

        /// Probability of an everyday word said alone (the one-word branch); nil leaves the branch out.
        public var loneFillerWeight: Double?
        /// Everyday words kept out of both filler branches: for measuring how rejection does on words the garbage
        /// model does not hold (`beacon bench voice --withhold-said-words`).
        public var withheldFillerWords: Set<String>

        public init(fillerWeight: Double? = 1e-11, maximumSeconds: Double = 6, loneFillerWeight: Double? = 1e-11,
                    withheldFillerWords: Set<String> = []) {
            self.fillerWeight = fillerWeight
            self.maximumSeconds = maximumSeconds
            self.loneFillerWeight = loneFillerWeight
            self.withheldFillerWords = withheldFillerWords
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
    private var detector = VoiceActivityDetector()
    private var utteranceOpen = false
    /// After an utterance ran too long: skip the rest of it, until the speaker pauses.
    private var skippingToPause = false
    private var samplesFed = 0
    private var speechStartSample = 0
    private var searchInUse: String?
    /// While no one speaks: the latest audio, fed in front of the speech once it starts (its first sounds are
    /// quieter than what made the detector sure).
    private var leadIn: [Int16] = []
    /// Audio of the open utterance not yet handed to the decoder.
    private var pending: [Int16] = []
    /// Processor time spent on the current utterance so far.
    private var utteranceDecodeTime: Duration = .zero
    /// The first utterance's audio, kept to decode it again (see `closeUtterance`).
    private var firstUtterance: [Int16]? = []
    private static let leadInSamples = sampleRate * 4 / 10
    /// Audio goes to the decoder 100 ms at a time, so most of an utterance is decoded while it is spoken.
    private static let blockSamples = sampleRate / 10

    /// The word the grammar's filler branch is made of; its pronunciations are those of `FillerVocabulary`.
    static let fillerWord = "not_a_command"
    /// The word of the one-word branch: an everyday word said alone that the filler loop does not hold.
    static let loneFillerWord = "not_a_command_alone"

    /// - Parameters:
    ///   - grammar: the commands to listen for (its phrases are filtered to words `dictionary` can say).
    ///   - acousticModel: the model folder; Debian's en-us by default.
    ///   - dictionary: the CMU dictionary to take pronunciations from.
    public init(grammar: CommandGrammar = CommandGrammar(), acousticModel: URL = CommandRecognizer.debianEnglishModel,
                dictionary: URL = PronunciationDictionary.debianEnglish, tuning: Tuning = Tuning(),
                mode: Mode = .command) throws {
        // The model first: without it nothing else matters, and its error names what to install.
        decoder = try PocketSphinxDecoder(acousticModel: acousticModel, sampleRate: Self.sampleRate)
        let fillerWords = Set(FillerVocabulary.english).subtracting(tuning.withheldFillerWords)
        let pronunciations = try PronunciationDictionary(url: dictionary, words: grammar.words.union(fillerWords))
        let grammar = CommandGrammar(table: grammar.table, objectNames: grammar.objectNames,
                                     sayable: pronunciations.contains)
        self.grammar = grammar
        self.tuning = tuning
        self.mode = mode
        parser = CommandParser(table: grammar.table)

        let grammarWords = grammar.words
        var words = PronunciationDictionary(pronunciations: pronunciations.pronunciations.filter { grammarWords.contains($0.key) })
        // Withheld by sound, so a word said in a measured clip is not heard through a homophone ("four", "for").
        let withheld = tuning.withheldFillerWords.isEmpty ? []
            : Set(try PronunciationDictionary(url: dictionary, words: tuning.withheldFillerWords).pronunciations.values.joined())
        let looped = Self.fillerPronunciations(pronunciations, excluding: words).filter { !withheld.contains($0) }
        let alone = Self.loneFillerPronunciations(pronunciations, grammar: grammar, grammarWords: words, looped: looped)
            .filter { !withheld.contains($0) }
        if tuning.fillerWeight != nil {
            for phones in looped { words.add(Self.fillerWord, phones) }
        }
        if tuning.loneFillerWeight != nil {
            for phones in alone { words.add(Self.loneFillerWord, phones) }
        }
        try decoder.add(words)
        let jsgf = grammar.jsgf(filler: tuning.fillerWeight.map { _ in Self.fillerWord },
                                fillerWeight: tuning.fillerWeight ?? 1,
                                loneFiller: tuning.loneFillerWeight.map { _ in Self.loneFillerWord },
                                loneFillerWeight: tuning.loneFillerWeight ?? 1)
        try decoder.addGrammar(jsgf, rule: CommandGrammar.commandRule, as: Self.searchName(.command))
        try decoder.addGrammar(jsgf, rule: CommandGrammar.wakeRule, as: Self.searchName(.wakeWord))
    }

    /// Pronunciations of the filler words: three phones or more, and none a grammar word has (see
    /// `FillerVocabulary` for why and the figures).
    static func fillerPronunciations(_ dictionary: PronunciationDictionary,
                                     excluding grammar: PronunciationDictionary) -> [String] {
        let taken = Set(grammar.pronunciations.values.joined())
        var seen = Set<String>()
        return FillerVocabulary.english.filter { !grammar.contains($0) }.flatMap { dictionary.pronunciations[$0] ?? [] }
            .filter { $0.split(separator: " ").count >= 3 && !taken.contains($0) && seen.insert($0).inserted }
    }

    /// Pronunciations of the one-word branch: the everyday words' pronunciations the loop leaves out (short ones,
    /// and those a grammar word has), but none a one-word command has, so "stop" alone stays a command. A grammar
    /// word's sound is safe here: the branch is a whole utterance, and no command is one word that is not itself a
    /// one-word command.
    static func loneFillerPronunciations(_ dictionary: PronunciationDictionary, grammar: CommandGrammar,
                                         grammarWords: PronunciationDictionary, looped: [String]) -> [String] {
        let oneWordCommands = Set(grammar.entryPhrases.filter { $0.entry.argument == .none }.flatMap(\.phrases)
            .filter { !$0.contains(" ") })
        let commandSounds = Set(oneWordCommands.flatMap { grammarWords.pronunciations[$0] ?? [] })
        var seen = Set(looped)
        return FillerVocabulary.english.filter { !oneWordCommands.contains($0) }.flatMap { dictionary.pronunciations[$0] ?? [] }
            .filter { !commandSounds.contains($0) && seen.insert($0).inserted }
    }

    private static func searchName(_ mode: Mode) -> String {
        switch mode {
        case .command: "command"
        case .wakeWord: "wake"
        }
    }

    /// Seconds into the stream where the speech being heard now began; nil while no one speaks.
    public var speechStart: Double? {
        utteranceOpen ? Double(speechStartSample) / Double(Self.sampleRate) : nil
    }

    /// Feeds samples (16 kHz mono) and returns the utterances that ended in them.
    public func process(_ samples: [Int16]) throws -> [RecognizedUtterance] {
        var results: [RecognizedUtterance] = []
        var offset = 0
        // Frame by frame, so each start and end the detector finds falls where it belongs in the audio.
        while offset < samples.count {
            let end = min(offset + VoiceActivityDetector.frameSamples, samples.count)
            let piece = samples[offset..<end]
            offset = end
            samplesFed += piece.count
            if utteranceOpen {
                pending += piece
            } else {
                leadIn += piece
                if leadIn.count > Self.leadInSamples { leadIn.removeFirst(leadIn.count - Self.leadInSamples) }
            }
            for change in detector.process(piece) {
                switch change {
                case .started(let at):
                    guard !skippingToPause else { continue }
                    try openUtterance(startingAt: at)
                case .ended:
                    if skippingToPause {
                        skippingToPause = false
                    } else if utteranceOpen {
                        results.append(try closeUtterance(waited: Self.endpointSeconds))
                    }
                }
            }
            if utteranceOpen, pending.count >= Self.blockSamples { try feedPending() }
            if utteranceOpen, Double(samplesFed - speechStartSample) / Double(Self.sampleRate) > tuning.maximumSeconds {
                let start = Double(speechStartSample) / Double(Self.sampleRate)
                let duration = Double(samplesFed - speechStartSample) / Double(Self.sampleRate)
                try dropUtterance()
                skippingToPause = true
                results.append(RecognizedUtterance(words: "", verdict: .rejected(.tooLong), start: start,
                                                   duration: duration, decodeSeconds: 0))
            }
        }
        return results
    }

    /// Ends the stream: an utterance still being spoken is decided now.
    public func finish() throws -> RecognizedUtterance? {
        defer { detector.reset(); skippingToPause = false }
        guard utteranceOpen else { return nil }
        return try closeUtterance(waited: 0)
    }

    /// Drops any utterance in progress without deciding it (push-to-talk pressed again, or a mode change).
    public func reset() throws {
        try dropUtterance()
        detector.reset()
        skippingToPause = false
        leadIn.removeAll(keepingCapacity: true)
    }

    /// Hears what follows as a new recogniser would: forgets the voice and microphone it adapted to, and the room's
    /// loudness, and decodes the next utterance twice again (see `closeUtterance`). For measuring recordings of many
    /// people one by one, so each clip's verdict does not depend on which clips came before it.
    public func forgetVoice() throws {
        try reset()
        detector.forgetFloor()
        decoder.forgetVoice()
        firstUtterance = []
    }

    private func openUtterance(startingAt sample: Int) throws {
        let search = Self.searchName(mode)
        if searchInUse != search {
            try decoder.select(search)
            searchInUse = search
        }
        try decoder.startUtterance()
        utteranceOpen = true
        speechStartSample = sample
        utteranceDecodeTime = .zero
        pending = leadIn
        leadIn.removeAll(keepingCapacity: true)
        try feedPending()
    }

    private func feedPending() throws {
        let clock = ContinuousClock()
        let started = clock.now
        firstUtterance? += pending
        try pending.withUnsafeBufferPointer { try decoder.process($0) }
        utteranceDecodeTime += clock.now - started
        pending.removeAll(keepingCapacity: true)
    }

    private func dropUtterance() throws {
        if utteranceOpen { try decoder.endUtterance() }
        if firstUtterance != nil { firstUtterance = [] }
        utteranceOpen = false
        pending.removeAll(keepingCapacity: true)
        utteranceDecodeTime = .zero
    }

    /// The quiet the voice detector waits for before speech counts as ended.
    static let endpointSeconds = Double(VoiceActivityDetector.endFrames * VoiceActivityDetector.frameSamples)
        / Double(sampleRate)

    private func closeUtterance(waited: Double) throws -> RecognizedUtterance {
        let clock = ContinuousClock()
        let ended = clock.now
        try feedPending()
        let started = clock.now
        try decoder.endUtterance()
        utteranceOpen = false
        var hypothesis = decoder.hypothesis()
        if let audio = firstUtterance {
            // The decoder normalises each utterance by a running mean of the audio's spectrum, which starts from the
            // model's training data and learns this microphone and voice only as utterances end. So the first
            // utterance is decoded once more with what it taught: "find cup" had come out as "find stop".
            firstUtterance = nil
            try decoder.startUtterance()
            try audio.withUnsafeBufferPointer { try decoder.process($0) }
            try decoder.endUtterance()
            hypothesis = decoder.hypothesis()
        }
        let verdict = judge(hypothesis.words)
        utteranceDecodeTime += clock.now - started
        return RecognizedUtterance(words: hypothesis.words, verdict: verdict,
                                   start: Double(speechStartSample) / Double(Self.sampleRate),
                                   duration: Double(samplesFed - speechStartSample) / Double(Self.sampleRate),
                                   decodeSeconds: Self.seconds(utteranceDecodeTime),
                                   waitedSeconds: waited, decidingSeconds: Self.seconds(clock.now - ended))
    }

    private func judge(_ words: String) -> RecognizedUtterance.Verdict {
        let spoken = words.split(separator: " ")
        guard !spoken.isEmpty else { return .rejected(.nothingHeard) }
        if mode == .wakeWord && spoken.first != Substring(CommandGrammar.wakeWord) { return .rejected(.noWakeWord) }
        if spoken.contains(Substring(Self.fillerWord)) || spoken.contains(Substring(Self.loneFillerWord)) {
            return .rejected(.notACommand)
        }
        if mode == .wakeWord && spoken.count == 1 { return .wakeWord }
        guard case .command(let command) = parser.parse(words) else { return .rejected(.unparsable) }
        return .command(command)
    }
}

extension CommandRecognizer {
    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
