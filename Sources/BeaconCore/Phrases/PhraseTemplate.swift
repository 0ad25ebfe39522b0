import Foundation

/// One sentence a person may hear, in every language Beacon speaks. Placeholders in braces (`{object}`) are filled
/// in when it is said; every language has the same ones (a test holds every template in every table to that).
///
/// A word that agrees with a number names the number's placeholder and lists its forms: `{count:second|seconds}`
/// in English (one, other), `{count:секунду|секунды|секунд}` in Russian (one, few, many: 1, 2–4, 5–20 and 21 again).
/// Chinese has no such forms. The grammar then stays in the phrase, where whoever writes the language sees it.
///
/// Sentences start with a capital and end with a full stop (。 in Chinese) so synthesizers phrase them as
/// sentences, and put the most important word first: "Caution: bicycle, close, one o'clock."
public struct PhraseTemplate: Sendable, Hashable {
    public let english: String
    public let russian: String
    public let chinese: String

    public init(_ english: String, ru russian: String, zh chinese: String) {
        self.english = english
        self.russian = russian
        self.chinese = chinese
    }

    public func text(in language: TextLanguage) -> String {
        switch language {
        case .english: english
        case .russian: russian
        case .chinese: chinese
        }
    }

    /// The sentence in `language` with its placeholders filled; a placeholder without a value stays as it is, so a
    /// missing value shows in tests rather than vanishing.
    public func render(in language: TextLanguage, _ values: [String: String] = [:]) -> String {
        var result = ""
        for piece in Self.pieces(of: text(in: language)) {
            switch piece {
            case .text(let text):
                result += text
            case .placeholder(let name, let forms):
                guard let value = values[name] else {
                    result += forms.map { "{\(name):\($0.joined(separator: "|"))}" } ?? "{\(name)}"
                    continue
                }
                guard let forms, !forms.isEmpty else { result += value; continue }
                result += forms[min(forms.count - 1, language.pluralForm(of: value))]
            }
        }
        return result
    }

    /// The names between braces in the sentence for `language`, plural selectors included.
    public func placeholders(in language: TextLanguage) -> Set<String> {
        Set(Self.pieces(of: text(in: language)).compactMap { piece in
            if case .placeholder(let name, _) = piece { return name }
            return nil
        })
    }

    /// The plural selectors in the sentence for `language`: each one's placeholder and forms.
    public func pluralSelectors(in language: TextLanguage) -> [(name: String, forms: [String])] {
        Self.pieces(of: text(in: language)).compactMap { piece in
            if case .placeholder(let name, let forms?) = piece { return (name, forms) }
            return nil
        }
    }

    /// The sentence without its placeholders and selectors: the words the template itself says.
    public func fixedText(in language: TextLanguage) -> String {
        Self.pieces(of: text(in: language)).map { piece in
            if case .text(let text) = piece { return text }
            return " "
        }.joined()
    }

    private enum Piece {
        case text(String)
        /// `{name}`, or `{name:form|form|…}` with the forms.
        case placeholder(String, forms: [String]?)
    }

    private static func pieces(of text: String) -> [Piece] {
        var pieces: [Piece] = []
        var plain = ""
        var inside: String?
        for character in text {
            switch (character, inside) {
            case ("{", nil):
                if !plain.isEmpty { pieces.append(.text(plain)) }
                plain = ""
                inside = ""
            case ("}", let body?):
                let parts = body.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
                let forms = parts.count == 2 ? parts[1].split(separator: "|", omittingEmptySubsequences: false).map(String.init) : nil
                pieces.append(.placeholder(String(parts[0]), forms: forms))
                inside = nil
            case (_, .some):
                inside?.append(character)
            case (_, nil):
                plain.append(character)
            }
        }
        if let inside { plain += "{" + inside } // an unclosed brace is text
        if !plain.isEmpty { pieces.append(.text(plain)) }
        return pieces
    }
}

extension TextLanguage {
    /// How many forms a word that agrees with a number has: English one/other, Russian one/few/many, Chinese none.
    public var pluralFormCount: Int {
        switch self {
        case .english: 2
        case .russian: 3
        case .chinese: 1
        }
    }

    /// Which of the forms a plural selector lists goes with `number` (digits, or a small number word):
    /// English 1 (or "one") → one, else other; Russian 1, 21, 31… → one, 2–4, 22–24… → few, else many, and a fraction
    /// ("2,5", "1.5") → few, the genitive singular ("2,5 метра").
    public func pluralForm(of number: String) -> Int {
        let digits = number.trimmingCharacters(in: .whitespaces)
        switch self {
        case .chinese:
            return 0
        case .english:
            // "one" too: small counts are said as words ("one minute", "two minutes").
            return digits == "1" || digits == "one" ? 0 : 1
        case .russian:
            if let count = Int(digits) ?? Self.russianNumberWords[digits.lowercased()] {
                return Self.russianPluralForm(count)
            }
            let isFraction = Double(digits.replacingOccurrences(of: ",", with: ".")) != nil
            return isFraction ? 1 : 2
        }
    }

    /// Small numbers said as words, which agree in gender where digits cannot ("две минуты").
    private static let russianNumberWords = ["один": 1, "одна": 1, "одну": 1, "одно": 1, "два": 2, "две": 2,
                                             "три": 3, "четыре": 4]

    /// The Russian form for a whole number: 0 one (1, 21, 101), 1 few (2–4, 22–24), 2 many (5–20, 11–14, 0).
    public static func russianPluralForm(_ count: Int) -> Int {
        let lastTwo = abs(count) % 100, last = abs(count) % 10
        if (11...14).contains(lastTwo) { return 2 }
        if last == 1 { return 0 }
        if (2...4).contains(last) { return 1 }
        return 2
    }
}

/// A table of phrases: a struct whose stored properties are `PhraseTemplate`s. The phrasebook test walks every table
/// listed in `Phrasebook.tables` by reflection, so a phrase added to a table is checked without being listed again.
public protocol PhraseTable: Sendable {
    init()
}

extension PhraseTable {
    /// Every template in the table, with its property name.
    public var templates: [(name: String, template: PhraseTemplate)] {
        Mirror(reflecting: self).children.compactMap { child in
            guard let name = child.label, let template = child.value as? PhraseTemplate else { return nil }
            return (name, template)
        }
    }
}
