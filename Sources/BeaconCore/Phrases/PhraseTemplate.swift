/// One sentence a person may hear, in every language Beacon speaks. Placeholders in braces (`{object}`) are filled
/// in when it is said; every language has the same ones (a test holds every template in every table to that).
///
/// Sentences start with a capital and end with a full stop (。 in Chinese) so synthesizers phrase them as
/// sentences, and put the most important word first: "Caution: bicycle, one o'clock, close."
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
        var text = text(in: language)
        for (name, value) in values { text = text.replacingOccurrences(of: "{\(name)}", with: value) }
        return text
    }

    /// The names between braces in the sentence for `language`.
    public func placeholders(in language: TextLanguage) -> Set<String> {
        var names = Set<String>()
        var current: String?
        for character in text(in: language) {
            switch character {
            case "{": current = ""
            case "}": if let name = current { names.insert(name) }; current = nil
            default: current?.append(character)
            }
        }
        return names
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
