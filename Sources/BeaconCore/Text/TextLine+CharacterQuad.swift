extension TextLine {
    /// Where the characters `range` (`Character` offsets into `text`) are in the picture.
    ///
    /// From the words' own quads when the recogniser placed them (a match inside a word takes its share of that
    /// word); otherwise by position along the line's quad, counting Han and other full-width characters as two
    /// widths, since they are about twice as wide as Latin letters.
    public func quad(ofCharacters range: Range<Int>) -> Quad {
        let characters = Array(text)
        let clamped = range.clamped(to: 0..<characters.count)
        guard !clamped.isEmpty else { return quad }
        if let placed = wordQuad(ofCharacters: clamped, in: characters) { return placed }
        let widths = characters.map(Self.relativeWidth)
        let total = widths.reduce(0, +)
        let before = widths[..<clamped.lowerBound].reduce(0, +)
        let inside = widths[clamped].reduce(0, +)
        return quad.slice(from: before / total, to: (before + inside) / total)
    }

    /// The matched part of each word the range touches, joined from the first word's start edge to the last word's
    /// end edge. Nil when the words cannot all be found in the line's text, in order.
    private func wordQuad(ofCharacters range: Range<Int>, in characters: [Character]) -> Quad? {
        guard !words.isEmpty, let spans = wordSpans(in: characters) else { return nil }
        var pieces: [Quad] = []
        for (word, span) in zip(words, spans) {
            let overlap = span.clamped(to: range)
            guard !overlap.isEmpty else { continue }
            let length = Double(span.count)
            pieces.append(word.quad.slice(from: Double(overlap.lowerBound - span.lowerBound) / length,
                                          to: Double(overlap.upperBound - span.lowerBound) / length))
        }
        guard let first = pieces.first, let last = pieces.last else { return nil }
        return Quad(topLeft: first.topLeft, topRight: last.topRight, bottomRight: last.bottomRight, bottomLeft: first.bottomLeft)
    }

    /// Each word's character offsets in the line, found left to right.
    private func wordSpans(in characters: [Character]) -> [Range<Int>]? {
        var spans: [Range<Int>] = []
        var searchFrom = 0
        for word in words {
            let needle = Array(word.text)
            guard !needle.isEmpty, let start = Self.firstIndex(of: needle, in: characters, from: searchFrom) else { return nil }
            spans.append(start..<(start + needle.count))
            searchFrom = start + needle.count
        }
        return spans
    }

    private static func firstIndex(of needle: [Character], in haystack: [Character], from start: Int) -> Int? {
        guard haystack.count - needle.count >= start else { return nil }
        return (start...(haystack.count - needle.count)).first { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    private static func relativeWidth(_ character: Character) -> Double {
        guard let scalar = character.unicodeScalars.first else { return 1 }
        let isWide = isHan(scalar) || (0x3000...0x30FF).contains(scalar.value) || (0xFF01...0xFF60).contains(scalar.value)
            || (0xAC00...0xD7AF).contains(scalar.value)
        return isWide ? 2 : 1
    }
}
