/// The one place that decides what is said and when: priorities, cooldowns, de-duplication and a word budget.
///
/// Pure and clock-free: every call carries its timestamp. The adapter that speaks reports when speech ends
/// (`speechFinished`); if it never does, `poll` treats overdue speech as finished so the arbiter cannot stall.
///
/// Rules:
/// - Hazard > state change > guidance > chatter. Something more important (a state change or a hazard) interrupts
///   less important speech at its next word boundary, never mid-word; guidance and chatter never interrupt. What the
///   user asked for interrupts too, except an earlier part of the same answer (same category), which it follows.
/// - Hazards are never dropped (an identical one already waiting is merged with it).
/// - The same text is not said twice within `repeatCooldown` (6 s); categories may have their own cooldown
///   (direction messages at least 4 s apart).
/// - Guidance and chatter share a budget of words per minute, so steady guidance stays on earcons.
/// - While speaking: a newer guidance message replaces a waiting one (stale directions help no one), chatter is
///   dropped, state changes and hazards wait their turn by priority.
/// - Earcons are ducked under speech.
public struct SpeechArbiter: Sendable {
    public struct Configuration: Sendable, Hashable {
        public var repeatCooldown = 6.0
        public var categoryCooldowns: [String: Double] = [Category.direction: 4]
        /// Words of guidance and chatter allowed in any 60 seconds; nil for no limit.
        public var guidanceWordsPerMinute: Int? = 12
        /// A guidance message still waiting after this many seconds no longer describes the scene, and is dropped.
        public var guidanceShelfLife = 2.0
        /// Earcon gain while speech plays.
        public var duckedGain = 0.3
        /// How long speech may take before it counts as finished without a report: base + per word.
        public var overdueBaseSeconds = 2.0
        public var overdueSecondsPerWord = 0.6

        public init() {}
    }

    /// Category names with rules attached.
    public enum Category {
        public static let direction = "direction"
    }

    public enum Decision: Sendable, Hashable {
        /// Nothing is playing: say it now.
        case speak
        /// Stop the current speech at its next word boundary; this is said when it has stopped.
        case interruptCurrent
        /// Said when the current speech ends.
        case queue
        /// The same text is already playing or waiting.
        case alreadyPending
        case drop(DropReason)
    }

    public enum DropReason: String, Sendable, Hashable, Codable {
        /// The same text was said less than `repeatCooldown` ago.
        case repeatedTooSoon
        /// Its category was spoken less than that category's cooldown ago.
        case categoryCooldown
        /// Guidance or chatter beyond the words-per-minute budget.
        case overBudget
        /// Chatter while something else is being said.
        case busy
    }

    public let configuration: Configuration
    /// What is being said now.
    public private(set) var speaking: Utterance?
    /// What waits, most important first.
    public var waiting: [Utterance] { queue.map(\.utterance) }
    /// The newest utterance started, for "repeat".
    public private(set) var lastSpoken: Utterance?

    private struct Waiting: Sendable {
        var utterance: Utterance
        var offeredAt: Double
    }

    private var queue: [Waiting] = []
    private var speakingSince = 0.0
    private var interruptRequested = false
    private var textSpokenAt: [String: Double] = [:]
    private var categorySpokenAt: [String: Double] = [:]
    private var budgetedWords: [(time: Double, count: Int)] = []

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    public var isSpeaking: Bool { speaking != nil }

    /// Gain to apply to earcons now: ducked while speech plays.
    public var earconGain: Double { isSpeaking ? configuration.duckedGain : 1 }

    public mutating func offer(_ utterance: Utterance, timestamp: Double) -> Decision {
        if utterance.sequence == nil,
           speaking?.text == utterance.text || queue.contains(where: { $0.utterance.text == utterance.text }) {
            return .alreadyPending
        }
        if utterance.priority != .hazard && !utterance.isRequested,
           let reason = reasonToDrop(utterance, at: timestamp) {
            return .drop(reason)
        }
        guard let current = speaking else {
            start(utterance, at: timestamp)
            return .speak
        }
        // A requested answer cuts short what is being said, unless that is an earlier part of the same answer (the
        // objects of one scene report, the sentences of a page): those wait their turn.
        let continuesAnswer = utterance.isRequested && current.isRequested && current.category == utterance.category
        let outranks = utterance.priority >= .stateChange && current.priority != .hazard
            && (utterance.priority > current.priority || (utterance.isRequested && !continuesAnswer))
        if outranks {
            // Parts of one answer offered together keep their order: each goes behind the parts already at the front.
            let position = utterance.isRequested
                ? queue.prefix { $0.utterance.isRequested && $0.utterance.category == utterance.category }.count : 0
            queue.insert(Waiting(utterance: utterance, offeredAt: timestamp), at: position)
            if interruptRequested { return .queue }
            interruptRequested = true
            return .interruptCurrent
        }
        switch utterance.priority {
        case .chatter where !utterance.isRequested:
            return .drop(.busy)
        case .guidance where !utterance.isRequested:
            queue.removeAll { $0.utterance.priority == .guidance && !$0.utterance.isRequested }
        default:
            break
        }
        let position = queue.firstIndex { $0.utterance.priority < utterance.priority } ?? queue.count
        queue.insert(Waiting(utterance: utterance, offeredAt: timestamp), at: position)
        return .queue
    }

    /// The speech adapter finished (or was interrupted). Returns what to say next, if anything.
    public mutating func speechFinished(timestamp: Double) -> Utterance? {
        speaking = nil
        interruptRequested = false
        while !queue.isEmpty {
            let next = queue.removeFirst()
            if isStillWorthSaying(next, at: timestamp) {
                start(next.utterance, at: timestamp)
                return next.utterance
            }
        }
        return nil
    }

    /// Call on every frame: speech playing far longer than it could take is treated as finished.
    /// Returns what to say next, if anything.
    public mutating func poll(timestamp: Double) -> Utterance? {
        guard let current = speaking else { return nil }
        let allowed = configuration.overdueBaseSeconds + configuration.overdueSecondsPerWord * Double(current.wordCount)
        return timestamp - speakingSince > allowed ? speechFinished(timestamp: timestamp) : nil
    }

    /// Forgets what waits (pausing). Hazards stay when asked to.
    public mutating func clearWaiting(keepingHazards: Bool) {
        queue.removeAll { !keepingHazards || $0.utterance.priority != .hazard }
    }

    /// Forgets what waits of one category: news that a newer event made old.
    public mutating func clearWaiting(category: String) {
        queue.removeAll { $0.utterance.category == category }
    }

    /// Starts afresh for a new job (a new search, after stop), remembering only the last utterance, for "repeat":
    /// what the person asks for now is said even if the same words were said a moment ago.
    public mutating func reset() {
        let last = lastSpoken
        self = SpeechArbiter(configuration: configuration)
        lastSpoken = last
    }

    /// Forgets everything, including what is playing (the adapter stops it).
    public mutating func silence() {
        speaking = nil
        interruptRequested = false
        queue = []
    }

    private mutating func start(_ utterance: Utterance, at timestamp: Double) {
        speaking = utterance
        speakingSince = timestamp
        interruptRequested = false
        lastSpoken = utterance
        textSpokenAt[utterance.text] = timestamp
        categorySpokenAt[utterance.category] = timestamp
        if utterance.priority <= .guidance && !utterance.isRequested {
            budgetedWords.append((timestamp, utterance.wordCount))
        }
    }

    private mutating func reasonToDrop(_ utterance: Utterance, at timestamp: Double) -> DropReason? {
        if let last = textSpokenAt[utterance.text], timestamp - last < configuration.repeatCooldown {
            return .repeatedTooSoon
        }
        if let cooldown = configuration.categoryCooldowns[utterance.category],
           let last = categorySpokenAt[utterance.category], timestamp - last < cooldown {
            return .categoryCooldown
        }
        if utterance.priority <= .guidance, let budget = configuration.guidanceWordsPerMinute {
            budgetedWords.removeAll { timestamp - $0.time >= 60 }
            if budgetedWords.reduce(0, { $0 + $1.count }) + utterance.wordCount > budget { return .overBudget }
        }
        return nil
    }

    /// A waiting message is checked again when its turn comes: something said meanwhile may have made it a repeat,
    /// and a direction that waited too long is out of date.
    private mutating func isStillWorthSaying(_ waiting: Waiting, at timestamp: Double) -> Bool {
        let utterance = waiting.utterance
        if utterance.priority == .hazard || utterance.isRequested { return true }
        if utterance.priority <= .guidance && timestamp - waiting.offeredAt > configuration.guidanceShelfLife { return false }
        return reasonToDrop(utterance, at: timestamp) == nil
    }
}
