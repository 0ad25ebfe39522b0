/// Reading a text aloud, unit by unit (sentences or lines), as one pure reducer: events in (start, speech reports,
/// keys), effects out (speech, interruptions, earcons).
///
/// - Reading starts with the start earcon and ends, after the last unit, with the end earcon. "Next" past the last
///   unit plays the end earcon; "back" before the first reads it again after the start earcon, so the user hears
///   where the edges are.
/// - A key acts at once: the current speech is interrupted at its next word boundary and the new speech queued
///   behind it. Every utterance has an id, and reports about any but the current one are ignored, so neither an
///   interruption nor stop can make the reading jump on (what Revilio's ignore-counter did).
/// - Pause remembers the start of the word being said; resume says the rest of the unit from there. The word under
///   way when pause was pressed is said again, which is better than losing it.
/// - Speed switches between normal and fast at once, going on from the current word.
/// - After "back", reading pauses at the end of that unit (Revilio's behaviour, kept): going back means "say that
///   again", and running on would read what was just heard. Space or "next" go on.
public struct ReaderSession: Sendable {
    public struct Configuration: Sendable, Hashable {
        public var normalRate = 1.0
        /// About one and a half times normal (Revilio: rate 0.6 against 0.4).
        public var fastRate = 1.5
        public var pausesAfterBack = true
        /// The person's language: the reader's own messages are said in it, and so are units whose language cannot
        /// be told (digits only, in a text without letters).
        public var fallbackLanguage = TextLanguage.english
        public var phrases = ReaderPhrases()

        public init() {}
    }

    public let configuration: Configuration
    public private(set) var units: [ReadingUnit] = []
    public private(set) var isFast = false
    private var state = State.idle
    private var nextUtteranceID = 1

    private enum State: Sendable, Hashable {
        case idle
        case speaking(Speaking)
        /// `offset` is where to go on in the unit's spoken text; its length when paused at the unit's end.
        case paused(unit: Int, offset: Int, then: AfterUnit)
        case finished
    }

    private struct Speaking: Sendable, Hashable {
        var unit: Int
        var utterance: Int
        /// Where in the unit's spoken text this utterance starts.
        var startOffset: Int
        /// The start of the word being said, in the unit's spoken text.
        var wordStart: Int
        var then: AfterUnit
    }

    /// What happens when a unit has been said to its end.
    private enum AfterUnit: Sendable, Hashable {
        case continueReading
        case pause
    }

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    public var phase: ReaderPhase {
        switch state {
        case .idle: .idle
        case .speaking: .reading
        case .paused: .paused
        case .finished: .finished
        }
    }

    /// The unit being read, or where reading paused.
    public var currentUnit: Int? {
        switch state {
        case .speaking(let speaking): speaking.unit
        case .paused(let unit, _, _): unit
        case .idle, .finished: nil
        }
    }

    public var rate: Double { isFast ? configuration.fastRate : configuration.normalRate }

    public mutating func handle(_ event: ReaderEvent) -> [ReaderEffect] {
        switch event {
        case .start(let newUnits, let ifEmpty):
            return start(newUnits, ifEmpty: ifEmpty)
        case .speechProgress(let utterance, let offset):
            guard case .speaking(var speaking) = state, speaking.utterance == utterance else { return [] }
            speaking.wordStart = wordStart(in: speaking.unit, at: speaking.startOffset + offset, notBefore: speaking.startOffset)
            state = .speaking(speaking)
            return []
        case .speechFinished(let utterance):
            guard case .speaking(let speaking) = state, speaking.utterance == utterance else { return [] }
            return unitEnded(speaking.unit, then: speaking.then)
        case .key(let key):
            return press(key)
        }
    }

    // MARK: - Transitions

    private mutating func start(_ newUnits: [ReadingUnit], ifEmpty: EmptyPage) -> [ReaderEffect] {
        var effects: [ReaderEffect] = state == .idle ? [] : [.stopAll]
        units = newUnits
        state = .idle
        guard !units.isEmpty else {
            let phrases = configuration.phrases
            effects.append(.speak(message(ifEmpty == .noText ? phrases.noText : phrases.unreadableText)))
            return effects
        }
        effects.append(.earcon(Earcon(kind: .start)))
        effects.append(speak(unit: 0, from: 0, then: .continueReading))
        return effects
    }

    private mutating func unitEnded(_ unit: Int, then: AfterUnit) -> [ReaderEffect] {
        switch then {
        case .continueReading:
            return go(to: unit + 1, then: .continueReading)
        case .pause:
            state = .paused(unit: unit, offset: units[unit].spokenText.count, then: .continueReading)
            return []
        }
    }

    private mutating func press(_ key: ReaderKey) -> [ReaderEffect] {
        switch (key, state) {
        case (.stop, _):
            state = .idle
            units = []
            return [.stopAll]
        case (_, .idle):
            if key == .toggleSpeed { return toggleSpeed() }
            return []

        case (.next, .speaking(let speaking)):
            return [.interruptSpeech] + go(to: speaking.unit + 1, then: .continueReading)
        case (.next, .paused(let unit, _, _)):
            return go(to: unit + 1, then: .continueReading)
        case (.next, .finished):
            return [.earcon(Earcon(kind: .end))]

        case (.back, .speaking(let speaking)):
            return [.interruptSpeech] + goBack(from: speaking.unit)
        case (.back, .paused(let unit, _, _)):
            return goBack(from: unit)
        case (.back, .finished):
            return goBack(from: units.count)

        case (.pauseResume, .speaking(let speaking)):
            state = .paused(unit: speaking.unit, offset: speaking.wordStart, then: speaking.then)
            return [.interruptSpeech]
        case (.pauseResume, .paused(let unit, let offset, let then)):
            guard offset < units[unit].spokenText.count else { return unitEnded(unit, then: then) }
            return [speak(unit: unit, from: offset, then: then)]
        case (.pauseResume, .finished):
            return [.earcon(Earcon(kind: .start)), speak(unit: 0, from: 0, then: .continueReading)]

        case (.toggleSpeed, .speaking(let speaking)):
            isFast.toggle()
            return [.interruptSpeech, speak(unit: speaking.unit, from: speaking.wordStart, then: speaking.then)]
        case (.toggleSpeed, _):
            return toggleSpeed()
        }
    }

    /// Reads `unit`, or ends the text when there is no such unit.
    private mutating func go(to unit: Int, then: AfterUnit) -> [ReaderEffect] {
        guard unit < units.count else {
            state = .finished
            return [.earcon(Earcon(kind: .end))]
        }
        return [speak(unit: unit, from: 0, then: then)]
    }

    private mutating func goBack(from unit: Int) -> [ReaderEffect] {
        let then: AfterUnit = configuration.pausesAfterBack ? .pause : .continueReading
        if unit == 0 { return [.earcon(Earcon(kind: .start)), speak(unit: 0, from: 0, then: then)] }
        return [speak(unit: unit - 1, from: 0, then: then)]
    }

    /// While not reading, the switch is confirmed in words at the new speed; while reading, the speech itself shows it.
    private mutating func toggleSpeed() -> [ReaderEffect] {
        isFast.toggle()
        return [.speak(message(isFast ? configuration.phrases.fast : configuration.phrases.normalSpeed))]
    }

    // MARK: - Speech

    private mutating func speak(unit: Int, from offset: Int, then: AfterUnit) -> ReaderEffect {
        let reading = units[unit]
        let utterance = ReaderUtterance(id: takeUtteranceID(), text: String(reading.spokenText.dropFirst(offset)),
                                        language: reading.language ?? configuration.fallbackLanguage, rate: rate)
        state = .speaking(Speaking(unit: unit, utterance: utterance.id, startOffset: offset, wordStart: offset, then: then))
        return .speak(utterance)
    }

    private mutating func message(_ phrase: PhraseTemplate) -> ReaderUtterance {
        let language = configuration.fallbackLanguage
        return ReaderUtterance(id: takeUtteranceID(), text: phrase.render(in: language), language: language, rate: rate)
    }

    private mutating func takeUtteranceID() -> Int {
        defer { nextUtteranceID += 1 }
        return nextUtteranceID
    }

    /// The start of the word at `offset` in the unit's spoken text: back to the last space, or to the character itself
    /// for Han (each character is a word).
    private func wordStart(in unit: Int, at offset: Int, notBefore lowest: Int) -> Int {
        let characters = Array(units[unit].spokenText)
        var position = min(max(offset, lowest), characters.count)
        func isHanCharacter(_ index: Int) -> Bool { characters[index].unicodeScalars.first.map(isHan) ?? false }
        while position > lowest, !characters[position - 1].isWhitespace, !isHanCharacter(position - 1),
              position == characters.count || !isHanCharacter(position) {
            position -= 1
        }
        return position
    }
}
