import Foundation

/// Short text (Seeing AI's channel of that name): each new line of text that comes into view is said once, with no
/// page to capture. A line is not said again while it stays in view: the next frames' OCR reads it a little
/// differently, so "the same line" is a small edit distance, not equal text. Once a line has been out of view for
/// `forgetAfter` seconds it counts as new again. A line touching the picture's left or right edge runs off it, and
/// the person hears so, to turn that way; when it later comes into view whole it is said again, whole.
public struct ShortTextReader: Sendable {
    /// A line to say.
    public struct NewLine: Sendable, Hashable {
        public var text: String
        /// The language its letters are in (a Russian sign in an English session is read in a Russian voice).
        public var language: TextLanguage?
        /// The side (or sides) where the line runs off the picture; nil when it is whole.
        public var cutOff: CutOff?
    }

    public enum CutOff: String, Sendable, Hashable { case left, right, both }

    private struct Remembered: Sendable {
        var folded: [Character]
        var lastSeen: Double
        var wasCutOff: Bool
    }

    private var remembered: [Remembered] = []

    /// Seconds a line must be out of view before it is said again (a sign passed and come back to).
    public var forgetAfter = 4.0
    /// Two readings are one line when their edit distance is at most this share of the longer one: OCR of a moving
    /// camera changes a letter or two of a line between frames (about one in five of a short sign's letters).
    public var sameLineShare = 0.34
    /// A line whose box comes this close to the left or right edge (a share of the width) runs off the picture.
    public var edgeMargin = 0.01

    public init() {}

    /// The lines of one OCR reading that were not said yet, top to bottom (left to right on one row).
    public mutating func read(_ lines: [TextLine], at timestamp: Double) -> [NewLine] {
        remembered.removeAll { timestamp - $0.lastSeen > forgetAfter }
        var said: [NewLine] = []
        for line in Self.inReadingOrder(lines) {
            let folded = Self.fold(line.text)
            // A letter or two is a texture or a fragment, not something to read out.
            guard folded.count >= 2 else { continue }
            let cutOff = cutOff(of: line.quad.boundingRect)
            if let index = remembered.firstIndex(where: { isSame(folded, as: $0) }) {
                let known = remembered[index]
                remembered[index].lastSeen = timestamp
                // The longest reading is kept: a part of the line seen later must not make the whole news again.
                guard folded.count > known.folded.count else { continue }
                remembered[index].folded = folded
                remembered[index].wasCutOff = cutOff != nil
                // Seen before cut off and now whole, with more to it: the whole line is news. A line still running
                // off the picture as it slides into view is not said again at every step.
                guard known.wasCutOff, cutOff == nil else { continue }
            } else {
                remembered.append(Remembered(folded: folded, lastSeen: timestamp, wasCutOff: cutOff != nil))
            }
            said.append(NewLine(text: line.text.trimmingCharacters(in: .whitespaces),
                                language: TextLanguage.detect(in: line.text), cutOff: cutOff))
        }
        return said
    }

    /// Forgets every line, so the next reading says all it shows (a new start of the mode).
    public mutating func reset() { remembered.removeAll() }

    private func isSame(_ folded: [Character], as known: Remembered) -> Bool {
        let longer = max(folded.count, known.folded.count)
        if Double(editDistance(folded, known.folded)) <= sameLineShare * Double(longer) { return true }
        // A part of a line already said (the camera moved on, or OCR read only some of it) is no news; a line said
        // while it ran off the picture, growing as it slides into view, is the same line (said whole once whole).
        // A whole line said is not the start of every longer one: "To", then "Toilets", is news.
        if folded.count < known.folded.count { return isPart(folded, of: known.folded) }
        return known.wasCutOff && isPart(known.folded, of: folded)
    }

    /// Whether `part` is `whole`'s start or end within the edit distance of one line, or lies inside it.
    private func isPart(_ part: [Character], of whole: [Character]) -> Bool {
        guard part.count >= 2 else { return false }
        let ends = [Array(whole.prefix(part.count)), Array(whole.suffix(part.count))]
        if ends.contains(where: { Double(editDistance(part, $0)) <= sameLineShare * Double(part.count) }) { return true }
        return contains(whole, part)
    }

    private func contains(_ text: [Character], _ part: [Character]) -> Bool {
        guard part.count <= text.count else { return false }
        return (0...(text.count - part.count)).contains { start in text[start..<(start + part.count)].elementsEqual(part) }
    }

    func cutOff(of box: NormalizedRect) -> CutOff? {
        let left = box.x <= edgeMargin, right = box.x + box.width >= 1 - edgeMargin
        switch (left, right) {
        case (true, true): return .both
        case (true, false): return .left
        case (false, true): return .right
        case (false, false): return nil
        }
    }

    /// Lower case, letters and digits only: what two readings of one line share.
    static func fold(_ text: String) -> [Character] {
        text.lowercased().filter { $0.isLetter || $0.isNumber }.map { $0 }
    }

    /// Top to bottom; lines whose middles are within half a line's height of each other are one row, read left to
    /// right.
    static func inReadingOrder(_ lines: [TextLine]) -> [TextLine] {
        lines.sorted { first, second in
            let a = first.quad.boundingRect, b = second.quad.boundingRect
            let rowTolerance = min(a.height, b.height) / 2
            if abs((a.y + a.height / 2) - (b.y + b.height / 2)) <= rowTolerance { return a.x < b.x }
            return a.y < b.y
        }
    }
}
