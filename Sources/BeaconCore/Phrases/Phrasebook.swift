import Foundation

/// Everything a person hears, in the language they chose: templates from the phrase tables, and the pieces that
/// need grammar rather than a template (object names and their counts, clock directions, distances, numbers).
public struct Phrasebook: Sendable, Hashable {
    public var language: TextLanguage
    /// Metres or feet (the distance-unit setting).
    public var distanceUnit: DistanceUnit

    /// Every phrase table: the phrasebook test checks each template in each of them.
    public static let tables: [any PhraseTable] = [
        AssistantPhrases(), GuidancePhrases(), ReaderPhrases(), HelpPhrases(), ObjectAnswerPhrases(),
        DirectionPhrases(), QuantityPhrases(), SettingPhrases(), PowerPhrases(), FallPhrases(), WalkPhrases(),
        VolunteerPhrases(), RidePhrases(), TaughtPhrases(), IdentifyPhrases(),
    ]

    public init(language: TextLanguage = .english, distanceUnit: DistanceUnit = .metres) {
        self.language = language
        self.distanceUnit = distanceUnit
    }

    public var assistant: AssistantPhrases { AssistantPhrases() }
    public var help: HelpPhrases { HelpPhrases() }
    public var walk: WalkPhrases { WalkPhrases() }
    public var helpers: VolunteerPhrases { VolunteerPhrases() }
    public var ride: RidePhrases { RidePhrases() }
    public var taught: TaughtPhrases { TaughtPhrases() }
    public var identify: IdentifyPhrases { IdentifyPhrases() }

    /// A template in this language with its placeholders filled.
    public func say(_ template: PhraseTemplate, _ values: [String: String] = [:]) -> String {
        template.render(in: language, values)
    }

    // MARK: - Objects

    /// The name of a detector class ("cup", "cell phone") in this language; a label Beacon has no name for is said
    /// as the detector spells it. A person's taught thing is said as theirs, in their own word ("your cup"): the
    /// detector's cups stay "cup".
    public func objectName(_ label: String, isTaught: Bool = false) -> String {
        // A name typed with underscores ("blue_mug", as file and folder names are) is said as words.
        if isTaught { return say(TaughtPhrases().yours, ["name": label.replacingOccurrences(of: "_", with: " ")]) }
        return switch language {
        case .english: label
        case .russian: ObjectNames.russianName(for: label) ?? label
        case .chinese: ObjectNames.chineseName(for: label) ?? label
        }
    }

    /// "two chairs", "стул, 2", "两个椅子"; a count of one is the bare name, and so is a taught thing (a person's
    /// own one, however many boxes found it).
    public func counted(_ label: String, count: Int, isTaught: Bool = false) -> String {
        guard count > 1, !isTaught else { return objectName(label, isTaught: isTaught) }
        switch language {
        case .english: return "\(number(count)) \(ObjectVocabulary.plural(of: label))"
        // Russian counts need the genitive (два стула, пять стульев); the name then the number keeps every class
        // right without a declension table.
        case .russian: return "\(objectName(label)), \(count)"
        // 个 is the general measure word: not always the idiomatic one, always understood.
        case .chinese: return "\(number(count))个\(objectName(label))"
        }
    }

    // MARK: - Directions and distances

    /// "one o'clock", "на час", "一点钟方向".
    public func clock(_ direction: ClockDirection) -> String {
        say(DirectionPhrases().hours[direction.hour - 1])
    }

    /// "half a metre", "2 metres"; with `approximate`, "about 2 metres" — an estimate from a box's size is said as one.
    /// To the nearest half metre below 3 m and the nearest metre beyond, which is as exact as such estimates are.
    public func distance(_ metres: Double, approximate: Bool) -> String {
        let rounded = metres < 3 ? (metres * 2).rounded() / 2 : metres.rounded()
        let plain = distanceUnit == .feet ? feet(metres, roundingUp: false) : self.metres(halves: Int(rounded * 2))
        return approximate ? say(QuantityPhrases().about, ["distance": plain]) : plain
    }

    /// An estimate from a box's size: "about 2 metres" (a box the picture cut off gives an upper bound, said the
    /// same way: "within 3 metres" is no distance a listener can walk); a distance measured by depth plainly:
    /// "1 metre". In feet when the distance unit is feet.
    public func distance(_ estimate: DistanceEstimate) -> String {
        let plain = distanceUnit == .feet ? feet(estimate.unroundedMetres, roundingUp: false)
            : metres(halves: Int((estimate.metres * 2).rounded()))
        switch estimate.kind {
        case .about, .atMost: return say(QuantityPhrases().about, ["distance": plain])
        case .measured: return plain
        }
    }

    /// Whole feet, at least 1: "1 foot", "7 feet", "7 футов", "7英尺". A bound is rounded up, so it stays a bound.
    public func feet(_ metres: Double, roundingUp: Bool) -> String {
        let feet = metres / 0.3048
        let count = max(1, Int(roundingUp ? feet.rounded(.up) : feet.rounded()))
        return say(QuantityPhrases().feet, ["count": String(count)])
    }

    /// A distance in half metres: "half a metre", "1 metre", "2.5 metres", "полтора метра", "两米半". Less than
    /// half a metre is said as half a metre.
    public func metres(halves: Int) -> String {
        let quantities = QuantityPhrases()
        let halves = max(1, halves), whole = halves / 2
        if halves == 1 { return say(quantities.halfAMetre) }
        if halves == 3 { return say(quantities.oneAndAHalfMetres) }
        // Digits, read well by every voice, except Chinese 两 where 2 counts something (两米, not 二米).
        let count = language == .chinese && whole == 2 ? "两" : String(whole)
        return say(halves % 2 == 0 ? quantities.metres : quantities.metresAndAHalf, ["count": count])
    }

    /// "two minutes", "90 seconds", "две минуты", "两分钟": whole minutes when it is some, seconds otherwise. Russian
    /// in the accusative, as after "через" ("after").
    public func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        let quantities = QuantityPhrases()
        let (count, unit) = whole >= 60 && whole % 60 == 0 ? (whole / 60, quantities.minutes) : (whole, quantities.seconds)
        return say(unit, ["count": number(count, feminineAccusative: true)])
    }

    /// How a count is said: "two" … "ten" in English, digits beyond; Chinese digits, 两 for 2 (两个, 两分钟); Russian
    /// digits, but `feminineAccusative` 1 and 2 as одну and две (минуту, секунды), since espeak-ng reads the digits
    /// as один and два whatever follows.
    public func number(_ value: Int, feminineAccusative: Bool = false) -> String {
        switch language {
        case .english:
            let words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
            return (0..<words.count).contains(value) ? words[value] : String(value)
        case .chinese:
            return value == 2 ? "两" : String(value)
        case .russian:
            return feminineAccusative ? [1: "одну", 2: "две"][value] ?? String(value) : String(value)
        }
    }

    /// The Russian noun form after a number: 1 метр, 2 метра, 5 метров, 21 метр, 11 метров.
    public static func russianPlural(_ count: Int, one: String, few: String, many: String) -> String {
        [one, few, many][TextLanguage.russianPluralForm(count)]
    }

    /// A list said as one sentence: "a, b and c", "a, b и c", "a、b和c".
    public func list(_ items: [String]) -> String {
        joined(items, english: " and ", russian: " и ", chinese: "和")
    }

    /// Alternatives: "backpack or handbag", "рюкзак или сумка", "背包或手提包".
    public func alternatives(_ items: [String]) -> String {
        joined(items, english: " or ", russian: " или ", chinese: "或")
    }

    private func joined(_ items: [String], english: String, russian: String, chinese: String) -> String {
        guard let last = items.last, items.count > 1 else { return items.first ?? "" }
        let head = items.dropLast()
        switch language {
        case .english: return head.joined(separator: ", ") + english + last
        case .russian: return head.joined(separator: ", ") + russian + last
        case .chinese: return head.joined(separator: "、") + chinese + last
        }
    }
}
