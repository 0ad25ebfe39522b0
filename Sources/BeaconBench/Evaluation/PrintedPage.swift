import BeaconCore
import Foundation

/// A scanned page's ground truth as the ISRI/UNLV test pages give it: the text zone by zone (`NAME.txt`, zones
/// apart by two or more blank lines) and the zones' boxes and kinds (`NAME.uzn`: left, top, width, height in
/// pixels, then a kind such as Text, Caption, Header/Footer), in the same order. Body text comes first, in reading
/// order; ISRI lists headlines, captions, footers and page numbers after it.
public struct PrintedPage: Sendable {
    public struct Zone: Sendable {
        public var left, top, width, height: Double
        public var kind: String
        public var text: String

        /// Text zones are the body (and headlines set as text); captions and running heads or feet are not.
        public var isBody: Bool { kind.lowercased() == "text" }

        func contains(x: Double, y: Double) -> Bool {
            x >= left && x < left + width && y >= top && y < top + height
        }
    }

    public var zones: [Zone]

    public struct Unreadable: UserFacingError {
        public let path: String
        public let reason: String
        public var sentence: String { "Ground truth \(path) cannot be used: \(reason)." }
    }

    /// Reads `text` (the .txt) and, when there is one, `zones` (the .uzn); without zones the page is one body zone.
    public init(text: String, zones: String?, path: String) throws {
        let texts = Self.zoneTexts(text)
        guard let zones else {
            self.zones = [Zone(left: 0, top: 0, width: .infinity, height: .infinity, kind: "Text",
                               text: texts.joined(separator: "\n"))]
            return
        }
        let boxes = zones.split(whereSeparator: \.isNewline).map { $0.split(whereSeparator: \.isWhitespace) }
            .filter { !$0.isEmpty }
        guard boxes.count == texts.count else {
            throw Unreadable(path: path, reason: "\(boxes.count) zones but \(texts.count) blocks of text")
        }
        self.zones = try zip(boxes, texts).map { box, text in
            let numbers = box.prefix(4).compactMap { Double($0) }
            guard numbers.count == 4, box.count >= 5 else {
                throw Unreadable(path: path, reason: "a zone line is not left, top, width, height and a kind")
            }
            return Zone(left: numbers[0], top: numbers[1], width: numbers[2], height: numbers[3],
                        kind: box.dropFirst(4).joined(separator: " "), text: text)
        }
    }

    /// The zones' texts: runs of lines apart by two or more blank lines (one blank line stays inside a zone).
    static func zoneTexts(_ text: String) -> [String] {
        var zones: [[Substring]] = [[]]
        var blanks = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.allSatisfy(\.isWhitespace) {
                blanks += 1
                continue
            }
            if blanks >= 2, !zones[zones.count - 1].isEmpty { zones.append([]) }
            blanks = 0
            zones[zones.count - 1].append(line)
        }
        return zones.filter { !$0.isEmpty }.map { $0.joined(separator: "\n") }
    }

    /// How well lines read from the page (in the reader's order) match it.
    public struct Score: Sendable {
        /// 1 − the character error rate of all the lines read against all the page's text, zone after zone, after
        /// `PrintedPage.normalized`: text read out of order costs its length twice over.
        public var accuracy: Double
        /// The same for the body alone: the lines whose middles lie in body zones against the body zones' text.
        public var bodyAccuracy: Double
        /// The share of the page's words (counted with repeats) that were read somewhere, whatever the order.
        public var wordRecall: Double
    }

    /// - Parameters:
    ///   - lines: in the reader's order.
    ///   - width, height: the page picture's size in pixels (the zones are in pixels, the lines normalised).
    public func score(_ lines: [TextLine], width: Int, height: Int) -> Score {
        let all = Self.normalized(zones.map(\.text).joined(separator: " "))
        let read = Self.normalized(lines.map(\.text).joined(separator: " "))
        let bodyLines = lines.filter { line in
            let centre = line.quad.centre
            let x = centre.x * Double(width), y = centre.y * Double(height)
            return zones.contains { $0.isBody && $0.contains(x: x, y: y) }
        }
        let body = Self.normalized(zones.filter(\.isBody).map(\.text).joined(separator: " "))
        let bodyRead = Self.normalized(bodyLines.map(\.text).joined(separator: " "))
        return Score(accuracy: Self.accuracy(reference: all, hypothesis: read),
                     bodyAccuracy: Self.accuracy(reference: body, hypothesis: bodyRead),
                     wordRecall: Self.recall(reference: all, hypothesis: read))
    }

    /// Letters and digits only, lower case, one space between words (what Beacon's reading tests compare by), so
    /// punctuation, line breaks and ISRI's marks for unknown characters ("~") do not count.
    public static func normalized(_ text: String) -> [Unicode.Scalar] {
        var scalars: [Unicode.Scalar] = []
        var space = false
        for scalar in text.lowercased().unicodeScalars {
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                if space && !scalars.isEmpty { scalars.append(" ") }
                scalars.append(scalar)
                space = false
            } else {
                space = true
            }
        }
        return scalars
    }

    /// 1 − Levenshtein distance over the reference's length, at least 0.
    static func accuracy(reference: [Unicode.Scalar], hypothesis: [Unicode.Scalar]) -> Double {
        guard !reference.isEmpty else { return hypothesis.isEmpty ? 1 : 0 }
        return max(0, 1 - Double(editDistance(reference, hypothesis)) / Double(reference.count))
    }

    static func recall(reference: [Unicode.Scalar], hypothesis: [Unicode.Scalar]) -> Double {
        func words(_ scalars: [Unicode.Scalar]) -> [String] {
            var text = String.UnicodeScalarView()
            text.append(contentsOf: scalars)
            return String(text).split(separator: " ").map(String.init)
        }
        let expected = words(reference)
        guard !expected.isEmpty else { return 1 }
        var available: [String: Int] = [:]
        for word in words(hypothesis) { available[word, default: 0] += 1 }
        var found = 0
        for word in expected where (available[word] ?? 0) > 0 {
            available[word]! -= 1
            found += 1
        }
        return Double(found) / Double(expected.count)
    }
}
