/// What an OCR engine mixes up, and what each mix-up costs in text search (a real wrong letter costs 1).
///
/// Three kinds, all on folded (lower-case) text:
/// - the same glyph in two scripts: Cyrillic а, в, е, к, м, н, о, р, с, т, у, х look exactly like Latin
///   a, b, e, k, m, h, o, p, c, t, y, x in capitals (signs are mostly capitals), and a model that reads both scripts
///   picks either. Free: it is the same picture.
/// - characters that look alike: 0/o, 1/l/i, 5/s, 8/b, 2/z, 6/g, and Cyrillic и/й (the breve is small and
///   often lost). Cheap: the engine misreads them all the time, but an exact reading should still win.
/// - two characters read as one or one as two: rn/m, cl/d, vv/w. Cheap for the same reason.
public struct OCRConfusions: Sendable, Hashable {
    /// Cost of a look-alike substitution.
    public var lookAlikeCost = 0.2
    /// Cost of reading two characters as one, or one as two.
    public var splitOrMergeCost = 0.3

    public init() {}

    /// The cost of reading `query` where the text has `text`: 0 (same), `lookAlikeCost`, or 1.
    public func substitutionCost(_ query: Character, _ text: Character) -> Double {
        let a = Self.glyph(query), b = Self.glyph(text)
        if a == b { return 0 }
        if let group = Self.lookAlikeGroup[a], group == Self.lookAlikeGroup[b] { return lookAlikeCost }
        return 1
    }

    /// Whether a reader takes one capital letter or digit for the other (licence plates, signs in capitals):
    /// the look-alikes above, and what only capitals share: D and Q read as O or 0 (and the other way round),
    /// L as I or 1. Case is ignored, so "o" and "D" are look-alikes here.
    public static func areCapitalLookAlikes(_ a: Character, _ b: Character) -> Bool {
        let x = Character(a.lowercased()), y = Character(b.lowercased())
        guard x != y, let group = capitalLookAlikeGroup[x] else { return false }
        return group == capitalLookAlikeGroup[y]
    }

    /// Whether the pair `first second` is often read as `single` (or the other way round).
    public func isSplitOrMerge(_ first: Character, _ second: Character, _ single: Character) -> Bool {
        Self.splitsAndMerges.contains { $0.pair == [Self.glyph(first), Self.glyph(second)] && $0.single == Self.glyph(single) }
    }

    /// Cyrillic look-alikes as the Latin letter of the same shape.
    static func glyph(_ character: Character) -> Character { homoglyphs[character] ?? character }

    private static let homoglyphs: [Character: Character] = [
        "а": "a", "в": "b", "е": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c", "т": "t",
        "у": "y", "х": "x", "і": "i", "ј": "j", "ѕ": "s",
    ]

    private static let lookAlikeGroups: [[Character]] = [["0", "o"], ["1", "l", "i"], ["5", "s"], ["8", "b"], ["2", "z"], ["6", "g"],
                                                          ["и", "й"]]

    private static let lookAlikeGroup = table(lookAlikeGroups)

    /// In capitals D and Q are round like O (lower-case d and q are not), so they join the 0/o group.
    private static let capitalLookAlikeGroup = table([lookAlikeGroups[0] + ["d", "q"]] + lookAlikeGroups.dropFirst())

    private static func table(_ groups: [[Character]]) -> [Character: Int] {
        var table: [Character: Int] = [:]
        for (index, group) in groups.enumerated() {
            for character in group { table[character] = index }
        }
        return table
    }

    private static let splitsAndMerges: [(pair: [Character], single: Character)] = [
        (["r", "n"], "m"), (["c", "l"], "d"), (["v", "v"], "w"),
    ]
}
