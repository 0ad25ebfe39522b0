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
    /// Read these units from the first (an empty list: there is no text).
    case start([ReadingUnit])
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

/// Everything the reader says on its own, in one place.
public struct ReaderPhrases: Sendable, Hashable {
    public var noText = "No text found."
    public var fast = "Fast."
    public var normalSpeed = "Normal speed."

    public init() {}
}
