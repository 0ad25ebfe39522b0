/// Every sentence the guidance speaks, in the session's language: the templates (checked with every other table
/// by the phrasebook test) and the few rules that put them together. Sentences start with a capital and end with a
/// full stop (。) so synthesizers phrase them as sentences.
public struct GuidancePhrases: PhraseTable, Hashable {
    /// What kind of thing the target is, which decides how the search names it.
    public enum TargetKind: Sendable, Hashable {
        /// A detector class, said by its name in the language: "cup", "чашка", "杯子".
        case object
        /// Words to find, said as the user gave them and introduced as a text: "Looking for the text EXIT." (a bare
        /// "Looking for EXIT." could be an object).
        case text
        /// The spot a sighted helper marked, said in the person's own words ("keys"). Its box is the mark's, not the
        /// thing's, so there is no size to judge a distance by.
        case marked
        /// A thing the person taught Beacon, said as theirs: "Your keys, one o'clock."
        case taught
    }

    public var language: TextLanguage = .english
    public var targetKind: TargetKind = .object
    /// Metres or feet for "Cup, 1.5 metres, centred." (the distance-unit setting).
    public var distanceUnit: DistanceUnit = .metres

    public init() {}

    public init(language: TextLanguage, targetKind: TargetKind = .object) {
        self.language = language
        self.targetKind = targetKind
    }

    public init(targetKind: TargetKind) {
        self.targetKind = targetKind
    }

    // MARK: Templates

    /// "Cup, one o'clock." / "Cup, twelve o'clock, up."
    public let targetAt = PhraseTemplate("{object}, {direction}.", ru: "{object}, {direction}.", zh: "{object}，{direction}。")
    /// "Cup, 1.5 metres, centred.": name, distance, direction, as explore and the hazards say it.
    public let targetAtDistance = PhraseTemplate("{object}, {distance}, {direction}.", ru: "{object}, {distance}, {direction}.",
                                                 zh: "{object}，{distance}，{direction}。")
    /// A new direction on its own: "One o'clock." / "Centred."
    public let newDirection = PhraseTemplate("{direction}.", ru: "{direction}.", zh: "{direction}。")
    public let targetLost = PhraseTemplate("{object} lost.", ru: "{object}: больше не вижу.", zh: "{object}不见了。")
    /// The target grew to fill the view before the detector lost it: the camera is nearly touching it.
    public let targetVeryClose = PhraseTemplate("{object} very close.", ru: "{object}: совсем близко.",
                                                zh: "{object}就在眼前。")
    public let targetLostLastSeen = PhraseTemplate("{object} lost; last seen {place}.",
                                             ru: "{object}: больше не вижу; последний раз {place}.",
                                             zh: "{object}不见了；最后在{place}。")
    /// The answer to "where is it?" while the target is out of view.
    public let targetOutOfView = PhraseTemplate("{object} not in view; last seen {place}.",
                                          ru: "{object}: не вижу; последний раз {place}.",
                                          zh: "{object}不在视野内；最后在{place}。")
    public let notSeenYet = PhraseTemplate("Looking for {object}; not seen yet.", ru: "Ищу: {object}; пока не вижу.",
                                           zh: "正在寻找{object}；还没看到。")
    public let textNotSeenYet = PhraseTemplate("Looking for the text {text}; not seen yet.",
                                               ru: "Ищу текст {text}; пока не вижу.", zh: "正在寻找文字{text}；还没看到。")
    /// Said when a search has found nothing for a while.
    public let keepTurningReminder = PhraseTemplate("{object} not in view; keep turning.",
                                            ru: "{object}: не вижу; поворачивайтесь дальше.",
                                            zh: "{object}不在视野内；请继续转动。")
    /// The same, when a sweep passed something like the target, too faint to guide to: `{place}` is "to your right".
    public let keepTurningTowards = PhraseTemplate("{object} not in view; keep turning, maybe {place}.",
                                                   ru: "{object}: не вижу; поворачивайтесь дальше, возможно {place}.",
                                                   zh: "{object}不在视野内；请继续转动，可能在{place}。")
    public let searchStarted = PhraseTemplate("Looking for {object}.", ru: "Ищу: {object}.", zh: "正在寻找{object}。")
    public let textSearchStarted = PhraseTemplate("Looking for the text {text}.", ru: "Ищу текст {text}.",
                                               zh: "正在寻找文字{text}。")
    /// `{duration}` from `Phrasebook.duration`: "two minutes", "две минуты", "两分钟".
    public let searchAutoPaused = PhraseTemplate("Search paused after {duration}. Press p to resume.",
                                           ru: "Поиск приостановлен через {duration}. Нажмите p, чтобы продолжить.",
                                           zh: "已搜索{duration}，自动暂停。按p键继续。")
    public let paused = PhraseTemplate("Paused.", ru: "Пауза.", zh: "已暂停。")
    public let resumed = PhraseTemplate("Resumed.", ru: "Продолжаю.", zh: "继续。")
    public let nothingToRepeat = PhraseTemplate("Nothing to repeat yet.", ru: "Пока нечего повторить.",
                                                zh: "还没有可以重复的内容。")

    // MARK: Sentences

    private var book: Phrasebook { Phrasebook(language: language, distanceUnit: distanceUnit) }

    /// The language to mark this guidance's utterances with: nil for English, the voice every adapter starts with,
    /// so a chosen English voice (en-us) still applies; the language itself otherwise, so its voice speaks.
    public var utteranceLanguage: TextLanguage? { language == .english ? nil : language }

    /// A template of this table (or any other) in this language: "Paused.", "Пауза.", "已暂停。".
    public func say(_ template: PhraseTemplate) -> String { book.say(template) }

    /// "Cup, one o'clock." / "Cup, 1.5 metres, centred." / "Cup, about 1 metre, one o'clock.": a measured distance
    /// (depth) as it is, else one estimated from the object's usual size with "about". `direction` is already in
    /// this language (`directionWords`).
    public func found(_ label: String, direction: String, distance: Double? = nil, estimated: Double? = nil) -> String {
        var values = ["object": name(label), "direction": direction]
        if let distance {
            values["distance"] = book.distance(DistanceEstimate(unroundedMetres: distance, kind: .measured))
        } else if let estimated {
            values["distance"] = book.distance(DistanceEstimate(unroundedMetres: estimated, kind: .about))
        } else {
            return sentence(targetAt, values)
        }
        return sentence(targetAtDistance, values)
    }

    /// "One o'clock." / "Centred."
    public func direction(_ words: String) -> String { sentence(newDirection, ["direction": words]) }

    /// "one o'clock", "twelve o'clock, down", "centred"; "на час", "на двенадцать часов, ниже"; "一点钟方向".
    public func directionWords(_ direction: Direction, clock: ClockDirection) -> String {
        let words = DirectionPhrases()
        if direction.isCentred { return book.say(words.centred) }
        let vertical = direction.vertical.map { book.say($0 == .up ? words.up : words.down) }
        return [book.clock(clock), vertical].compactMap { $0 }.joined(separator: language == .chinese ? "，" : ", ")
    }

    /// "Cup lost; last seen to your left."
    public func lost(_ label: String, lastSeen: NormalizedPoint?) -> String {
        guard let lastSeen else { return sentence(targetLost, ["object": name(label)]) }
        return sentence(targetLostLastSeen, ["object": name(label), "place": whereabouts(of: lastSeen)])
    }

    /// "Cup very close."
    public func veryClose(_ label: String) -> String { sentence(targetVeryClose, ["object": name(label)]) }

    /// The answer to "where is it?" while the target is not in view.
    public func notInView(_ label: String, lastSeen: NormalizedPoint?) -> String {
        guard let lastSeen else {
            return targetKind == .text ? sentence(textNotSeenYet, ["text": label])
                : sentence(notSeenYet, ["object": name(label)])
        }
        return sentence(targetOutOfView, ["object": name(label), "place": whereabouts(of: lastSeen)])
    }

    /// "Cup not in view; keep turning.": said when a search has found nothing for a while.
    public func keepTurning(_ label: String) -> String { sentence(keepTurningReminder, ["object": name(label)]) }

    /// "Cup not in view; keep turning, maybe to your right.": `side` −1 left, +1 right, nil no hint.
    public func keepTurning(_ label: String, towards side: Int?) -> String {
        guard let side else { return keepTurning(label) }
        let words = DirectionPhrases()
        return sentence(keepTurningTowards, ["object": name(label),
                                             "place": book.say(side < 0 ? words.toYourLeft : words.toYourRight)])
    }

    public func lookingFor(_ label: String) -> String {
        targetKind == .text ? sentence(textSearchStarted, ["text": label]) : sentence(searchStarted, ["object": name(label)])
    }

    /// "Search paused after two minutes. Press p to resume."
    public func autoPaused(after seconds: Double) -> String {
        sentence(searchAutoPaused, ["duration": duration(seconds)])
    }

    /// Coarse words for where a point is, horizontal first since people turn before they tilt.
    public func whereabouts(of point: NormalizedPoint) -> String {
        let words = DirectionPhrases(), corridor = Direction.centreRadius
        if point.dx < -corridor { return book.say(words.toYourLeft) }
        if point.dx > corridor { return book.say(words.toYourRight) }
        if point.dy < -corridor { return book.say(words.highUp) }
        if point.dy > corridor { return book.say(words.lowDown) }
        return book.say(words.straightAhead)
    }

    /// "half a metre", "1 metre", "2.5 metres": to the nearest half metre, which is as exact as the estimate is.
    public func metres(_ distance: Double) -> String { book.metres(halves: Int((distance * 2).rounded())) }

    /// "two minutes", "90 seconds", "15 minutes".
    public func duration(_ seconds: Double) -> String { book.duration(seconds) }

    /// A target's name as said: a class in this language, a text as the user gave it.
    private func name(_ label: String) -> String {
        switch targetKind {
        case .object: book.objectName(label)
        case .taught: book.objectName(label, isTaught: true)
        case .text, .marked: label
        }
    }

    private func sentence(_ template: PhraseTemplate, _ values: [String: String]) -> String {
        book.say(template, values).capitalizedFirst
    }
}

extension String {
    /// "cup" → "Cup": sentences spoken aloud start with a capital so synthesizers phrase them as sentences.
    public var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
