import Foundation

/// Joins recognised lines (already in reading order) into sentences.
///
/// - Lines join with a space; a word hyphenated at a line end is joined again ("segmen-" + "tation"); Chinese lines
///   join without a space.
/// - A gap between lines taller than `paragraphGap` (of the frame's height), or a line that starts higher than the one
///   before (the next column), always ends the sentence: headings, captions and paragraphs are not run together.
/// - Sentences end at . ! ? … and 。！？; a run of them ("?!", "...") stays together, and closing quotes and brackets
///   stay with the sentence they close.
/// - A full stop does not end a sentence after an abbreviation (`SentenceAbbreviations`), after an initial
///   ("J. Smith", "А. С. Пушкин"), inside a number ("3.14") or when the next word starts with a small letter.
public struct SentenceSegmenter: Sendable, Hashable {
    /// Normalized height: a larger gap between two lines breaks the sentence (Revilio's value).
    public var paragraphGap = 0.02
    public var abbreviations = SentenceAbbreviations()

    public init() {}

    /// The sentences of the lines, trimmed, none empty.
    public func sentences(in lines: [TextLine]) -> [String] {
        blocks(of: lines).flatMap(sentences(in:))
    }

    /// The sentences of one run of text, trimmed, none empty.
    public func sentences(in text: String) -> [String] {
        let characters = Array(text)
        var sentences: [String] = []
        var sentenceStart = 0
        var index = 0
        while index < characters.count {
            guard Self.terminators.contains(characters[index]) else {
                index += 1
                continue
            }
            var end = index
            while end < characters.count, Self.terminators.contains(characters[end]) { end += 1 }
            while end < characters.count, Self.closers.contains(characters[end]) { end += 1 }
            if endsSentence(characters, run: index..<end) {
                sentences.append(String(characters[sentenceStart..<end]))
                sentenceStart = end
            }
            index = end
        }
        sentences.append(String(characters[sentenceStart...]))
        return sentences.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    }

    // MARK: - Lines into blocks

    /// The lines joined into runs of text that no sentence crosses.
    func blocks(of lines: [TextLine]) -> [String] {
        var blocks: [String] = []
        var current = ""
        var previous: TextLine?
        for line in lines {
            let text = line.text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty else { continue }
            if let before = previous, !isBreak(between: before, and: line) {
                current = Self.join(current, text)
            } else {
                if !current.isEmpty { blocks.append(current) }
                current = text
            }
            previous = line
        }
        if !current.isEmpty { blocks.append(current) }
        return blocks
    }

    /// Measured at the middle of the lines' top and bottom edges, so a slightly tilted page still measures the gap.
    /// A line starting more than half a line above the previous one is the top of the next column; two pieces of one
    /// line side by side are not a break.
    func isBreak(between upper: TextLine, and lower: TextLine) -> Bool {
        let upperTop = (upper.quad.topLeft.y + upper.quad.topRight.y) / 2
        let upperBottom = (upper.quad.bottomLeft.y + upper.quad.bottomRight.y) / 2
        let lowerTop = (lower.quad.topLeft.y + lower.quad.topRight.y) / 2
        return lowerTop - upperBottom > paragraphGap || lowerTop < upperTop - (upperBottom - upperTop) / 2
    }

    static func join(_ text: String, _ next: String) -> String {
        guard let last = text.last, let first = next.first else { return text + next }
        if Self.hyphens.contains(last) {
            let beforeHyphen = text.dropLast()
            // "segmen-" + "tation": a word split at the line end. "Jean-" + "Paul", "2019-" + "2020": a real hyphen.
            if beforeHyphen.last?.isLetter == true, first.isLowercase { return String(beforeHyphen) + next }
            if beforeHyphen.last?.isLetter == true || beforeHyphen.last?.isNumber == true {
                return String(beforeHyphen) + (last == "\u{AD}" ? "" : "-") + next
            }
        }
        if isWide(last) && isWide(first) { return text + next }
        return text + " " + next
    }

    // MARK: - Where sentences end

    private func endsSentence(_ characters: [Character], run: Range<Int>) -> Bool {
        let marks = characters[run].filter { Self.terminators.contains($0) }
        // Chinese writes no space after its full stop.
        if marks.contains(where: { Self.wideTerminators.contains($0) }) { return true }
        guard run.upperBound < characters.count else { return true }
        // "3.14", "e.g.x", "example.com": no space, no sentence end.
        guard characters[run.upperBound].isWhitespace else { return false }
        guard let next = nextWordStart(characters, from: run.upperBound) else { return true }
        // "Wait... what", "«Стой!» — крикнул он": a small letter continues the sentence.
        if next.isLowercase { return false }
        guard marks == ["."] else { return true }

        let token = word(endingAt: run.lowerBound, in: characters)
        // "J. Smith", "А. С. Пушкин", "U.S.": initials, before the abbreviations since "С." is not "с." (page).
        if Self.isInitials(token.text) { return false }
        let previous = word(endingAt: token.start, in: characters)
        switch abbreviations.rule(for: token.text, previous: previous.text.isEmpty ? nil : previous.text) {
        case .never: return false
        case .unlessCapitalFollows: return next.isUppercase
        case .beforeNumber: return !next.isNumber
        case nil: return true
        }
    }

    /// The word ending at `end` (exclusive; spaces before `end` skipped), without opening quotes or brackets, and
    /// where it starts.
    private func word(endingAt end: Int, in characters: [Character]) -> (text: String, start: Int) {
        var last = min(end, characters.count)
        while last > 0, characters[last - 1].isWhitespace { last -= 1 }
        var start = last
        while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
        return (String(characters[start..<last].drop { Self.openers.contains($0) }), start)
    }

    private func nextWordStart(_ characters: [Character], from start: Int) -> Character? {
        characters[start...].first { !$0.isWhitespace && !Self.openers.contains($0) && !Self.dashes.contains($0) }
    }

    /// "J", "U.S", "А.С": single capital letters, joined by full stops.
    private static func isInitials(_ token: String) -> Bool {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        return !parts.isEmpty && parts.allSatisfy { $0.count == 1 && $0.first!.isUppercase }
    }

    private static func isWide(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        return isHan(scalar) || (0x3000...0x303F).contains(scalar.value) || (0xFF01...0xFF60).contains(scalar.value)
    }

    static let wideTerminators: Set<Character> = ["。", "！", "？", "｡"]
    static let terminators: Set<Character> = wideTerminators.union([".", "!", "?", "…", "‼", "⁇", "⁈", "⁉"])
    static let closers: Set<Character> = ["\"", "'", "”", "’", "»", "›", ")", "]", "}", "」", "』", "）", "】", "》", "〉"]
    static let openers: Set<Character> = ["\"", "'", "“", "‘", "«", "‹", "(", "[", "{", "「", "『", "（", "【", "《", "〈", "„"]
    static let dashes: Set<Character> = ["—", "–", "-"]
    static let hyphens: Set<Character> = ["-", "‐", "\u{AD}", "¬"]
}
