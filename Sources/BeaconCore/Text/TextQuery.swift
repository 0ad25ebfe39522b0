import Foundation

/// A text the user is looking for ("EXIT", "pharmacy", "выход", "出口"), prepared for matching.
public struct TextQuery: Sendable, Hashable {
    /// As the user gave it, trimmed: what the guidance says ("EXIT, one o'clock.").
    public let text: String
    /// Wrong letters a match may have, on top of cheap OCR confusions.
    public let allowedEdits: Int
    let folded: [Character]

    /// Nil when the text has nothing to search for (only spaces or punctuation).
    public init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let folded = FoldedText(trimmed).characters
        guard !folded.isEmpty else { return nil }
        self.text = trimmed
        self.folded = folded
        allowedEdits = Self.allowedEdits(forLength: folded.count)
    }

    /// Letters (or Han characters) compared, without spaces and punctuation.
    public var length: Int { folded.count }

    /// None up to 4 letters, 1 from 5 to 9, 2 from 10.
    ///
    /// Short words sit one letter apart from other words (EXIT, EDIT, EXIST, NEXT, TEXT), so one wrong letter in a
    /// short query finds the wrong sign; OCR confusions (0/O, 1/l) are still forgiven since they are cheap. From 5
    /// letters a single wrong letter rarely makes another word (PHARMASY can only be PHARMACY), and people misspell or
    /// mishear one letter of a long word; two in ten keeps a fifth of the word as the margin.
    public static func allowedEdits(forLength length: Int) -> Int {
        switch length {
        case ..<5: 0
        case 5..<10: 1
        default: 2
        }
    }

    /// The most a match of `length` letters may cost: the edits the shorter of query and match allow, plus room for
    /// two cheap OCR confusions. The shorter one counts so a long query cannot find a shorter, different word one
    /// letter away: "выход" (exit) must not find "вход" (entrance), nor "EXITS" the word "EXIT".
    public func costBudget(matchLength length: Int) -> Double {
        Double(Self.allowedEdits(forLength: min(self.length, length))) + Self.confusionAllowance
    }

    /// Two look-alike confusions (0.2 each) fit; a wrong letter (1) does not.
    static let confusionAllowance = 0.5
}
