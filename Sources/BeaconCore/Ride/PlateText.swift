import Foundation

/// A licence plate's characters as Beacon compares them: upper-case letters and digits only, so "PF F 3600",
/// "pf-f3600" and "PF:F3600" are one plate. Letters with marks lose them ("TÜ GT 599" is TUGT599), since a
/// recogniser often drops them; letters of other scripts (a Chinese province, an Arabic word) are kept as they are.
public struct PlateText: Sendable, Hashable, Codable, CustomStringConvertible {
    public let characters: String

    /// nil when the text holds no letter or digit.
    public init?(_ text: String) {
        let folded = text.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil).uppercased()
        let kept = folded.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }
        guard !kept.isEmpty else { return nil }
        characters = String(kept.map { Self.latinTwins[Character($0)] ?? Character($0) })
    }

    /// Russian plates use only the Cyrillic letters that look like Latin ones, and a recogniser reads them as Latin:
    /// "А 123 ВС" said by a person is A123BC on the car.
    static let latinTwins: [Character: Character] = [
        "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P", "С": "C", "Т": "T", "У": "Y", "Х": "X",
    ]

    public var description: String { characters }

    /// Thing Finder's test of text that may be a plate: 5 to 8 letters and digits, at least one of each. Used only
    /// when Beacon has no plate to compare with (a reading to report); a plate the person gave is compared whatever
    /// its form (Monaco's "F339", Abu Dhabi's "5 80808").
    public var looksLikeAPlate: Bool {
        let count = characters.count
        return (5...8).contains(count) && characters.contains(where: \.isLetter) && characters.contains(where: \.isNumber)
    }

    /// Pairs a recogniser confuses on plates: a substitution between them counts half.
    static let lookAlikes: Set<[Character]> = [["O", "0"], ["0", "O"], ["I", "1"], ["1", "I"], ["B", "8"], ["8", "B"],
                                               ["S", "5"], ["5", "S"], ["Z", "2"], ["2", "Z"], ["D", "0"], ["0", "D"],
                                               ["Q", "0"], ["0", "Q"], ["G", "6"], ["6", "G"]]

    /// Edits between two plates: insertions, deletions and substitutions count 1, a look-alike substitution ½.
    public static func distance(_ a: PlateText, _ b: PlateText) -> Double {
        let x = Array(a.characters), y = Array(b.characters)
        guard !x.isEmpty else { return Double(y.count) }
        guard !y.isEmpty else { return Double(x.count) }
        var previous = (0...y.count).map(Double.init)
        var current = [Double](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = Double(i)
            for j in 1...y.count {
                let substitution: Double = x[i - 1] == y[j - 1] ? 0 : lookAlikes.contains([x[i - 1], y[j - 1]]) ? 0.5 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + substitution)
            }
            swap(&previous, &current)
        }
        return previous[y.count]
    }

    /// The verdict on a plate read (`read`) against the one asked for (`self`): Thing Finder's thresholds.
    public func verdict(for read: PlateText) -> PlateVerdict {
        let edits = Self.distance(self, read)
        if edits <= 1 { return .match }
        if edits <= 2 { return .partial }
        return .mismatch
    }

    /// The plate said character by character in groups as written ("PF F 3600" → "P F, F, 3 6 0 0"), so a listener
    /// can check it; `written` is the plate as the person gave it (its spaces are the groups).
    public static func spoken(_ written: String) -> String {
        written.split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "·" }).map { group in
            group.map(String.init).joined(separator: " ")
        }.joined(separator: ", ")
    }
}

/// What a plate read says about a car: Thing Finder's match (at most one edit), "keep trying" (two) and rejection.
public enum PlateVerdict: String, Sendable, Hashable, Codable {
    case match
    case partial
    case mismatch
}

/// The best reading of the plate asked for among the text found on a car: each line, each run of its words, and
/// each pair of neighbouring lines (a two-line plate, or a plate the recogniser split) is compared, and the nearest
/// wins. Without a plate to compare with, the most plate-like line is the reading.
public struct PlateReading: Sendable, Hashable, Codable {
    public var text: String
    /// The recogniser's confidence in the characters, times the share of them that agree with the plate asked for.
    public var confidence: Double
    public var verdict: PlateVerdict?

    public init(text: String, confidence: Double, verdict: PlateVerdict?) {
        self.text = text
        self.confidence = confidence
        self.verdict = verdict
    }

    /// The reading of `wanted` (nil: any plate) among `lines`, text read on one car; nil when nothing on it can be
    /// a plate (or be compared with the one asked for).
    public static func best(in lines: [TextLine], wanted: PlateText?) -> PlateReading? {
        var candidates: [(text: String, confidence: Double)] = []
        let ordered = lines.sorted { $0.quad.centre.y < $1.quad.centre.y }
        for line in ordered {
            let words = line.text.split(separator: " ").map(String.init)
            for start in words.indices {
                for end in start..<words.count {
                    candidates.append((words[start...end].joined(separator: " "), line.confidence))
                }
            }
        }
        for (upper, lower) in zip(ordered, ordered.dropFirst()) {
            candidates.append((upper.text + " " + lower.text, min(upper.confidence, lower.confidence)))
        }
        guard let wanted else {
            let plates = candidates.filter { PlateText($0.text)?.looksLikeAPlate == true }
            return plates.max { $0.confidence < $1.confidence }.map { PlateReading(text: $0.text, confidence: $0.confidence, verdict: nil) }
        }
        // The nearest text to the plate asked for, if it is near enough to count; else the text most like a plate
        // (a mismatch); text that is neither (a badge, a shop's sign) says nothing about the car.
        var nearest: (text: String, confidence: Double, edits: Double)?
        for candidate in candidates {
            guard let plate = PlateText(candidate.text) else { continue }
            let edits = PlateText.distance(wanted, plate)
            if nearest.map({ edits < $0.edits || (edits == $0.edits && candidate.confidence > $0.confidence) }) ?? true {
                nearest = (candidate.text, candidate.confidence, edits)
            }
        }
        if let nearest, nearest.edits <= 2 {
            let agreement = max(0, 1 - nearest.edits / Double(max(wanted.characters.count, 1)))
            return PlateReading(text: nearest.text, confidence: nearest.confidence * agreement,
                                verdict: wanted.verdict(for: PlateText(nearest.text)!))
        }
        let other = candidates.filter { PlateText($0.text)?.looksLikeAPlate == true }.max { $0.confidence < $1.confidence }
        return other.map { PlateReading(text: $0.text, confidence: $0.confidence, verdict: .mismatch) }
    }
}
