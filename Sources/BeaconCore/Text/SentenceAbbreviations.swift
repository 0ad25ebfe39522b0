/// Words written with a full stop that does not end a sentence, in English and Russian, and when it does after all.
///
/// Tokens are lower case without their final full stop, inner full stops kept ("e.g", "т.е"). A token written with
/// spaces ("т. е.") is joined to its one-letter head before lookup.
public struct SentenceAbbreviations: Sendable, Hashable {
    public enum Rule: Sendable, Hashable {
        /// Never ends a sentence: a title or a word that needs what follows ("Dr. Smith", "e.g.", "ул. Ленина").
        case never
        /// Ends one only when a capital follows: "etc.", "a.m.", "и т.д." often close a sentence.
        case unlessCapitalFollows
        /// Never before a number ("No. 5", "p. 12", "стр. 3"), an ordinary full stop otherwise ("No. I won't.").
        case beforeNumber
    }

    public var rules: [String: Rule]

    public init(rules: [String: Rule] = SentenceAbbreviations.english.merging(SentenceAbbreviations.russian) { a, _ in a }) {
        self.rules = rules
    }

    public static let english: [String: Rule] = {
        var rules: [String: Rule] = [:]
        for word in ["mr", "mrs", "ms", "dr", "prof", "st", "mt", "jr", "sr", "vs", "e.g", "i.e", "cf", "approx",
                     "gen", "col", "lt", "sgt", "rev", "hon", "dept", "est"] {
            rules[word] = .never
        }
        for word in ["etc", "a.m", "p.m", "inc", "ltd", "co", "corp"] { rules[word] = .unlessCapitalFollows }
        for word in ["no", "nos", "p", "pp", "vol", "ch", "fig", "art", "tel", "ext"] { rules[word] = .beforeNumber }
        return rules
    }()

    public static let russian: [String: Rule] = {
        var rules: [String: Rule] = [:]
        for word in ["т.е", "т.к", "т.н", "ул", "пр", "пл", "пер", "просп", "наб", "д", "кв", "корп", "им", "напр",
                     "проф", "акад", "доц", "тов", "гр", "ср", "см", "т", "ок", "прим"] {
            rules[word] = .never
        }
        for word in ["т.д", "т.п", "др", "гг", "в", "вв", "руб", "коп", "тыс", "млн", "млрд"] {
            rules[word] = .unlessCapitalFollows
        }
        for word in ["стр", "с", "рис", "гл", "п", "ст"] { rules[word] = .beforeNumber }
        return rules
    }()

    /// The rule for the word before a full stop (as written, without the stop), given the word before it.
    public func rule(for token: String, previous: String?) -> Rule? {
        let key = token.lowercased()
        // "т. е." / "и т. д.": one letter after another one-letter abbreviation is the same abbreviation.
        if let previous, key.count == 1, previous.count == 2, previous.hasSuffix("."), previous.first?.isLetter == true,
           let joined = rules[previous.lowercased() + key] {
            return joined
        }
        // "г." after a year ("в 2020 г.") may end a sentence; "г. Москва" (the city) does not.
        if key == "г", let previous, previous.first?.isNumber == true { return .unlessCapitalFollows }
        if key == "г" { return .never }
        return rules[key]
    }
}
