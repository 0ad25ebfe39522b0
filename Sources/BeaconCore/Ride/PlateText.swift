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

    /// How two plates differ, counted on the alignment with the fewest real differences (then the fewest look-alikes).
    public struct Difference: Sendable, Hashable, Comparable {
        /// Characters inserted, deleted or replaced by one that does not look like it.
        public var real: Int
        /// Characters replaced by a look-alike (`OCRConfusions.areCapitalLookAlikes`: O/0/D/Q, I/1/L, S/5, B/8, Z/2, G/6).
        public var lookAlikes: Int
        /// Every character position that differs.
        public var characters: Int { real + lookAlikes }

        public init(real: Int, lookAlikes: Int) {
            self.real = real
            self.lookAlikes = lookAlikes
        }

        /// Real differences first: one look-alike more is always nearer than one real difference more.
        public static func < (a: Difference, b: Difference) -> Bool { (a.real, a.lookAlikes) < (b.real, b.lookAlikes) }
    }

    /// Levenshtein alignment of `a` with `b`, where substituting a look-alike is counted apart from a real edit.
    public static func difference(_ a: PlateText, _ b: PlateText) -> Difference {
        let x = Array(a.characters), y = Array(b.characters)
        func plus(_ d: Difference, real: Int = 0, lookAlikes: Int = 0) -> Difference {
            Difference(real: d.real + real, lookAlikes: d.lookAlikes + lookAlikes)
        }
        var previous = (0...y.count).map { Difference(real: $0, lookAlikes: 0) }
        guard !x.isEmpty else { return previous[y.count] }
        var current = previous
        for i in 1...x.count {
            current[0] = Difference(real: i, lookAlikes: 0)
            for j in stride(from: 1, through: y.count, by: 1) {
                let substituted: Difference
                if x[i - 1] == y[j - 1] { substituted = previous[j - 1] }
                else if OCRConfusions.areCapitalLookAlikes(x[i - 1], y[j - 1]) { substituted = plus(previous[j - 1], lookAlikes: 1) }
                else { substituted = plus(previous[j - 1], real: 1) }
                current[j] = [plus(previous[j], real: 1), plus(current[j - 1], real: 1), substituted].min(by: <)!
            }
            swap(&previous, &current)
        }
        return previous[y.count]
    }

    /// Which rule decides a plate read (`read`, with the recogniser's `confidence`) against the one asked for
    /// (`self`). Thing Finder's: look-alikes are near, then one remaining difference is accepted (Levenshtein ≤ 1).
    /// A match never has more than two characters differing in all, so a plate three characters off is never one.
    public func rule(for read: PlateText, confidence: Double = 1) -> PlateRule {
        let difference = Self.difference(self, read)
        switch (difference.real, difference.characters) {
        case (0, 0): return .exact
        case (0, ...PlateRule.mostDiffering): return .lookAlikes
        case (1, ...PlateRule.mostDiffering): return .oneDifference
        default:
            // Two real differences on a plate read in full (same length) and read confidently: another plate.
            // Shorter or longer, or read unsurely, it may be this plate half seen: keep looking.
            let fullyRead = read.characters.count == characters.count && confidence >= PlateRule.confident
            if difference.real >= 3 || difference.characters > PlateRule.mostDiffering + 2 || (difference.real >= 2 && fullyRead) {
                return .different
            }
            return .partial
        }
    }

    /// The verdict on a plate read against the one asked for (`self`).
    public func verdict(for read: PlateText, confidence: Double = 1) -> PlateVerdict { rule(for: read, confidence: confidence).verdict }

    /// The plate said character by character in groups as written ("PF F 3600" → "P F, F, 3 6 0 0"), so a listener
    /// can check it; `written` is the plate as the person gave it (its spaces are the groups).
    public static func spoken(_ written: String) -> String {
        written.split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "·" }).map { group in
            group.map(String.init).joined(separator: " ")
        }.joined(separator: ", ")
    }
}

/// The rule that decided a plate read against the plate asked for; `beacon ride` reports it.
public enum PlateRule: String, Sendable, Hashable, Codable {
    /// Every character the same.
    case exact
    /// Only look-alike characters differ (the reader took an O for a 0, an I for a 1).
    case lookAlikes = "look-alikes"
    /// After the look-alikes, one character inserted, dropped or misread.
    case oneDifference = "one difference"
    /// Two real differences on a plate read short, long or unsurely: maybe this plate half seen; keep looking.
    case partial
    /// Another plate: two real differences on a plate read in full and confidently, or more.
    case different

    /// At most this many characters differ in a match (look-alikes included).
    public static let mostDiffering = 2
    /// The recogniser's confidence from which a plate read in full is believed (PP-OCR's line confidence).
    public static let confident = 0.8

    public var verdict: PlateVerdict {
        switch self {
        case .exact, .lookAlikes, .oneDifference: .match
        case .partial: .partial
        case .different: .mismatch
        }
    }
}

/// What a plate read says about a car: Thing Finder's match, "keep trying" and rejection (see `PlateRule`).
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
    /// The rule that gave the verdict (nil without a plate to compare with).
    public var rule: PlateRule?

    public init(text: String, confidence: Double, verdict: PlateVerdict?, rule: PlateRule? = nil) {
        self.text = text
        self.confidence = confidence
        self.verdict = verdict
        self.rule = rule
    }

    public init(text: String, confidence: Double, rule: PlateRule) {
        self.init(text: text, confidence: confidence, verdict: rule.verdict, rule: rule)
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
        var nearest: (text: String, confidence: Double, difference: PlateText.Difference)?
        for candidate in candidates {
            guard let plate = PlateText(candidate.text) else { continue }
            let difference = PlateText.difference(wanted, plate)
            if nearest.map({ difference < $0.difference || (difference == $0.difference && candidate.confidence > $0.confidence) }) ?? true {
                nearest = (candidate.text, candidate.confidence, difference)
            }
        }
        // Two real differences read in full are said as that reading, "different", not as whatever else looks like a plate.
        if let nearest, case let rule = wanted.rule(for: PlateText(nearest.text)!, confidence: nearest.confidence),
           rule != .different || nearest.difference.real <= 2 {
            let edits = Double(nearest.difference.real) + 0.5 * Double(nearest.difference.lookAlikes)
            let agreement = max(0, 1 - edits / Double(max(wanted.characters.count, 1)))
            return PlateReading(text: nearest.text, confidence: nearest.confidence * agreement, rule: rule)
        }
        let other = candidates.filter { PlateText($0.text)?.looksLikeAPlate == true }.max { $0.confidence < $1.confidence }
        return other.map { PlateReading(text: $0.text, confidence: $0.confidence, rule: .different) }
    }
}
