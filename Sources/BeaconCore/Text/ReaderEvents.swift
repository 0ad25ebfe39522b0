/// The user's commands while a text is read (keys n, b, space, f, s in the terminal; buttons on a phone).
public enum ReaderKey: String, Sendable, Hashable, Codable, CaseIterable {
    /// n: the next sentence (or line).
    case next
    /// b: the previous one; reading pauses at its end (see `ReaderSession`).
    case back
    /// Space: pause mid-sentence, or go on from where it paused.
    case pauseResume
    /// f: switch between normal and fast speech.
    case toggleSpeed
    /// s or Esc: silence everything and end the reading.
    case stop
}

/// Everything that happens to a reading. Reading needs no clock: it moves on speech reports and keys.
public enum ReaderEvent: Sendable, Hashable {
    /// Read these units from the first; an empty list says why there is nothing to read.
    case start([ReadingUnit], ifEmpty: EmptyPage = .noText)
    /// The speech adapter started the word at this `Character` offset into the text of utterance `utterance`.
    case speechProgress(utterance: Int, characterOffset: Int)
    /// Utterance `utterance` ended: said to its end, interrupted, or stopped.
    case speechFinished(utterance: Int)
    case key(ReaderKey)
}

/// Something to say for the reader.
public struct ReaderUtterance: Sendable, Hashable, Codable {
    /// Increases with every utterance: reports about an older one are ignored (one cut short by a key, or silenced by
    /// stop), so they never move the reading on.
    public var id: Int
    public var text: String
    public var language: TextLanguage
    /// Speed relative to the normal speaking rate: 1, or the fast rate.
    public var rate: Double

    public init(id: Int, text: String, language: TextLanguage, rate: Double) {
        self.id = id
        self.text = text
        self.language = language
        self.rate = rate
    }
}

/// What the adapters should do, in order.
public enum ReaderEffect: Sendable, Hashable {
    /// Say this after what is playing has stopped (an `interruptSpeech` just before it cuts that short).
    case speak(ReaderUtterance)
    /// Stop the current speech at its next word boundary.
    case interruptSpeech
    /// Silence everything now: speech and earcons.
    case stopAll
    /// Play now: `.start` when reading begins (or steps back past the first sentence), `.end` at the end of the text.
    case earcon(Earcon)
}

public enum ReaderPhase: String, Sendable, Hashable, Codable {
    /// Nothing to read: not started, stopped, or the text was empty.
    case idle
    case reading
    /// Paused by the user, or at the end of a sentence reached with "back".
    case paused
    /// Past the last unit: "back" reads the last one again, space starts over.
    case finished
}

/// Why a page has nothing to read, which decides what is said instead.
public enum EmptyPage: Sendable, Hashable {
    case noText
    /// The recogniser saw text and could read none of it: a script Beacon lacks (Greek, Hebrew, Arabic), or
    /// handwriting.
    case unreadableText

    /// From what the recogniser could not read on a page where it read nothing.
    public init(unreadable: [UnreadableText]) {
        self = Self.isEvidence(unreadable) ? .unreadableText : .noText
    }

    /// Whether what the recogniser could not read is text rather than a stray shape. Measured with PP-OCRv6 on the
    /// rendered Greek, Hebrew and Arabic signs (4 lines each, every one unreadable) and the test photos: a photo
    /// gives at most one, a digit or a character read unsure from a texture ("8" in coffee.png, "0" in chelsea.png,
    /// "修" in rocket.jpg). So it takes two lines, or one read in letters of a script Beacon lacks. A one-word sign
    /// in Hebrew or Greek reads unsure ("IΛINU" at 0.69 for "יציאה") and is missed; so is the one handwritten line in
    /// text.png.
    public static func isEvidence(_ unreadable: [UnreadableText]) -> Bool {
        let dropped = unreadable.filter { $0.reason != .underRead }
        return dropped.count >= 2 || dropped.contains { $0.reason == .unknownScript }
    }
}

/// Everything the reader says on its own, in every language; the reading itself is the page's own words.
public struct ReaderPhrases: PhraseTable, Hashable {
    public init() {}

    public let noText = PhraseTemplate("No text found.", ru: "Текст не найден.", zh: "没有找到文字。")
    public let unreadableText = PhraseTemplate(
        "The text here is in a script Beacon cannot read yet; it reads English, Russian and Chinese.",
        ru: "Этот алфавит Beacon пока не читает; он читает по-русски, по-английски и по-китайски.",
        zh: "这种文字Beacon暂时读不了；它能读中文、英文和俄文。")
    public let fast = PhraseTemplate("Fast.", ru: "Быстро.", zh: "快速。")
    public let normalSpeed = PhraseTemplate("Normal speed.", ru: "Обычная скорость.", zh: "正常语速。")
}
