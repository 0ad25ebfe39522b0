/// Where a query was found in one recognised line.
public struct TextMatch: Sendable, Hashable {
    /// The line's index in the list searched.
    public var lineIndex: Int
    /// 1 for an exact match (ignoring case, accents and spaces), lower with each confusion or wrong letter; above 0.5
    /// for every match the budget allows.
    public var score: Double
    /// The edit cost behind the score: 0 exact, 0.2 per look-alike, 1 per wrong, missing or extra letter.
    public var cost: Double
    /// The matched characters, as `Character` offsets into the line's text: whole words, from a word start to a word end.
    public var characterRange: Range<Int>
    /// The line's text in that range.
    public var matchedText: String
    /// Where the matched characters are in the picture.
    public var quad: Quad

    /// The centre of the matched characters: what guidance steers to.
    public var targetPoint: NormalizedPoint { quad.centre }
}

/// Finds a query in recognised lines, forgiving what OCR and people get wrong but never matching part of a word.
///
/// A match is a run of whole words of the line (spaces and punctuation ignored, so "EXIT 4" finds "EXIT4" and a
/// query may span two OCR words) whose edit distance to the query fits the query's budget. Look-alike OCR confusions
/// cost little; wrong, missing and extra letters cost 1 each. Because the run must start and end at word boundaries,
/// "EXIT" never hits inside "NEXIT" or "EXITS": those would need an extra letter the budget of a four-letter query
/// does not allow. Numbers must be exact (but for look-alikes): room 12 is not room 112, nor bus 7 bus 17.
public struct TextMatcher: Sendable, Hashable {
    public var confusions: OCRConfusions
    /// A wrong, missing or extra digit: more than any budget, since a number names one thing and its neighbours others.
    public var wrongDigitCost = 10.0

    public init(confusions: OCRConfusions = OCRConfusions()) {
        self.confusions = confusions
    }

    /// The best match in each line that has one, in line order.
    public func matches(of query: TextQuery, in lines: [TextLine]) -> [TextMatch] {
        lines.indices.compactMap { bestMatch(of: query, in: lines[$0], lineIndex: $0) }
    }

    /// The cheapest match in the line (the earliest of equally cheap ones), nil when none fits the budget.
    public func bestMatch(of query: TextQuery, in line: TextLine, lineIndex: Int = 0) -> TextMatch? {
        let text = FoldedText(line.text)
        guard let span = cheapestSpan(of: query, in: text) else { return nil }
        let range = text.sourceRange(span.start, span.end)
        let characters = Array(line.text)
        return TextMatch(lineIndex: lineIndex,
                         score: max(0, 1 - span.cost / Double(query.length)),
                         cost: span.cost,
                         characterRange: range,
                         matchedText: String(characters[range]),
                         quad: line.quad(ofCharacters: range))
    }

    private struct Span {
        var start: Int
        var end: Int
        var cost: Double
    }

    /// Edit-distance alignment of the query against every span of the text that starts and ends at a word boundary
    /// (Sellers' algorithm with the start restricted to boundaries, and the end checked at boundaries); the cheapest
    /// span within its budget.
    private func cheapestSpan(of textQuery: TextQuery, in text: FoldedText) -> Span? {
        let query = textQuery.folded
        let m = query.count, n = text.count
        guard m > 0, n > 0 else { return nil }
        let t = text.characters
        // cost[i][j]: cheapest alignment of query[0..<i] with text[s..<j] for a boundary s; start[i][j] is that s.
        var cost = Array(repeating: Array(repeating: Double.infinity, count: n + 1), count: m + 1)
        var start = Array(repeating: Array(repeating: 0, count: n + 1), count: m + 1)
        for j in 0...n {
            if text.isBoundary[j] {
                cost[0][j] = 0
                start[0][j] = j
            } else {
                // Text letters before the first query letter belong to the span: each is an extra letter.
                cost[0][j] = cost[0][j - 1] + editCost(t[j - 1])
                start[0][j] = start[0][j - 1]
            }
        }
        for i in 1...m {
            cost[i][0] = cost[i - 1][0] + editCost(query[i - 1])
            start[i][0] = 0
            for j in 1...n {
                var best = cost[i - 1][j - 1] + substitutionCost(query[i - 1], t[j - 1])
                var from = start[i - 1][j - 1]
                func consider(_ candidate: Double, _ origin: Int) {
                    if candidate < best { best = candidate; from = origin }
                }
                consider(cost[i - 1][j] + editCost(query[i - 1]), start[i - 1][j])   // a query letter the text lacks
                consider(cost[i][j - 1] + editCost(t[j - 1]), start[i][j - 1])       // a text letter the query lacks
                if j >= 2, confusions.isSplitOrMerge(t[j - 2], t[j - 1], query[i - 1]) {
                    consider(cost[i - 1][j - 2] + confusions.splitOrMergeCost, start[i - 1][j - 2])
                }
                if i >= 2, confusions.isSplitOrMerge(query[i - 2], query[i - 1], t[j - 1]) {
                    consider(cost[i - 2][j - 1] + confusions.splitOrMergeCost, start[i - 2][j - 1])
                }
                cost[i][j] = best
                start[i][j] = from
            }
        }
        var best: Span?
        for j in 1...n where text.isBoundary[j] && start[m][j] < j {
            guard cost[m][j] <= textQuery.costBudget(matchLength: j - start[m][j]) + 1e-9 else { continue }
            if best.map({ cost[m][j] < $0.cost - 1e-9 }) ?? true {
                best = Span(start: start[m][j], end: j, cost: cost[m][j])
            }
        }
        return best
    }

    private func substitutionCost(_ query: Character, _ text: Character) -> Double {
        let cost = confusions.substitutionCost(query, text)
        return cost == 1 && (query.isNumber || text.isNumber) ? wrongDigitCost : cost
    }

    private func editCost(_ character: Character) -> Double { character.isNumber ? wrongDigitCost : 1 }
}
