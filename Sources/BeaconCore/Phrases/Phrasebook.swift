import Foundation

/// Everything a person hears, in the language they chose: templates from the phrase tables, and the pieces that
/// need grammar rather than a template (object names and their counts, clock directions, distances, numbers).
public struct Phrasebook: Sendable, Hashable {
    public var language: TextLanguage

    /// Every phrase table: the phrasebook test checks each template in each of them.
    public static let tables: [any PhraseTable] = [AssistantPhrases()]

    public init(language: TextLanguage = .english) {
        self.language = language
    }

    public var assistant: AssistantPhrases { AssistantPhrases() }

    /// A template in this language with its placeholders filled.
    public func say(_ template: PhraseTemplate, _ values: [String: String] = [:]) -> String {
        template.render(in: language, values)
    }

    // MARK: - Objects

    /// The name of a detector class ("cup", "cell phone") in this language; a label Beacon has no name for is said
    /// as the detector spells it.
    public func objectName(_ label: String) -> String {
        switch language {
        case .english: label
        case .russian: ObjectNames.russianName(for: label) ?? label
        case .chinese: ObjectNames.chineseName(for: label) ?? label
        }
    }

    /// "two chairs", "стул, 2", "2个椅子"; a count of one is the bare name.
    public func counted(_ label: String, count: Int) -> String {
        guard count > 1 else { return objectName(label) }
        switch language {
        case .english: return "\(number(count)) \(ObjectVocabulary.plural(of: label))"
        // Russian counts need the genitive (два стула, пять стульев); the name then the number keeps every class
        // right without a declension table.
        case .russian: return "\(objectName(label)), \(count)"
        // 个 is the general measure word: not always the idiomatic one, always understood.
        case .chinese: return "\(count)个\(objectName(label))"
        }
    }

    // MARK: - Directions and distances

    /// "one o'clock", "на час", "一点钟方向".
    public func clock(_ direction: ClockDirection) -> String {
        let hour = direction.hour
        switch language {
        case .english:
            return direction.words
        case .russian:
            if hour == 1 { return "на час" }
            let names = [2: "два", 3: "три", 4: "четыре", 5: "пять", 6: "шесть", 7: "семь", 8: "восемь", 9: "девять",
                         10: "десять", 11: "одиннадцать", 12: "двенадцать"]
            return "на \(names[hour] ?? String(hour)) \((2...4).contains(hour) ? "часа" : "часов")"
        case .chinese:
            let names = ["", "一", "两", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二"]
            return "\(names[hour])点钟方向"
        }
    }

    /// "2 metres", "half a metre"; with `approximate`, "about 2 metres" — an estimate from a box's size is said as one.
    /// To the nearest half metre below 3 m and the nearest metre beyond, which is as exact as such estimates are.
    public func distance(_ metres: Double, approximate: Bool) -> String {
        let rounded = metres < 3 ? max(0.5, (metres * 2).rounded() / 2) : metres.rounded()
        let whole = rounded == rounded.rounded()
        let plain: String
        switch language {
        case .english:
            if rounded == 0.5 { plain = "half a metre" } else {
                let value = whole ? String(Int(rounded)) : String(format: "%.1f", rounded)
                plain = rounded == 1 ? "1 metre" : "\(value) metres"
            }
        case .russian:
            if rounded == 0.5 { plain = "полметра" } else if !whole {
                plain = String(format: "%.1f", rounded).replacingOccurrences(of: ".", with: ",") + " метра"
            } else {
                plain = "\(Int(rounded)) \(Self.russianPlural(Int(rounded), one: "метр", few: "метра", many: "метров"))"
            }
        case .chinese:
            plain = rounded == 0.5 ? "半米" : (whole ? "\(Int(rounded))米" : String(format: "%.1f米", rounded))
        }
        guard approximate else { return plain }
        switch language {
        case .english: return "about \(plain)"
        case .russian: return "примерно \(plain)"
        case .chinese: return "大约\(plain)"
        }
    }

    /// "two" … "ten" in English, digits beyond (and in the other languages, whose synthesizers read digits well).
    public func number(_ value: Int) -> String {
        let words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
        return language == .english && (0..<words.count).contains(value) ? words[value] : String(value)
    }

    /// The Russian noun form after a number: 1 метр, 2 метра, 5 метров, 21 метр, 11 метров.
    public static func russianPlural(_ count: Int, one: String, few: String, many: String) -> String {
        let lastTwo = count % 100, last = count % 10
        if (11...14).contains(lastTwo) { return many }
        if last == 1 { return one }
        if (2...4).contains(last) { return few }
        return many
    }

    /// A list said as one sentence: "a, b and c", "a, b и c", "a、b和c".
    public func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        let head = items.dropLast()
        switch language {
        case .english: return head.joined(separator: ", ") + " and " + items.last!
        case .russian: return head.joined(separator: ", ") + " и " + items.last!
        case .chinese: return head.joined(separator: "、") + "和" + items.last!
        }
    }
}
