/// The white strips that run down between the columns of a group of levelled lines, found the way layout analysers
/// find column separators: whitespace rectangles bounded by text lines, tall enough and with text along them on
/// both sides. A separator is not a whole-height gutter: it stops where a line crosses it (a headline, a caption
/// across two columns), runs on through a picture's blank space and past a column that ends early.
///
/// Reading order asks one question of them: does a column run on past a white band across the group? Then cutting
/// across the group there would interleave the columns (a picture's edge level with a pull quote's box and the end
/// of a short column make such a band); otherwise the band is a break between sections (under a headline, above a
/// footer) and is cut first.
struct ColumnSeparators {
    /// A white strip in levelled coordinates: `left…right` across, `top…bottom` down (the middle halves of the
    /// lines that end it above and below, or unbounded at the group's edge), and the edges of the columns beside
    /// it (the strip itself may have been narrowed by a line that reaches into the gutter, a standfirst's end).
    struct Separator: Hashable {
        var left: Double
        var right: Double
        var top: Double
        var bottom: Double
        var leftColumnEdge: Double
        var rightColumnEdge: Double
        /// Where the lines of the column on the left start.
        var leftColumnStart: Double
    }

    /// Two lines beside each other on one row with a gutter-wide gap between them: where separators are looked for.
    private struct Seed {
        var left: LevelledLine
        var right: LevelledLine
        var middle: Double { (left.middle + right.middle) / 2 }
    }

    private(set) var separators: [Separator] = []
    /// For each separator, the lines beside it from its top to its bottom.
    private var alongside: [[LevelledLine]] = []
    private let lines: [LevelledLine]
    /// How far a line's edge may stand from a separator and still run along it: text that is ragged, or boxed a
    /// little unevenly by the recogniser, still borders its column's edge.
    private let tolerance: Double
    /// The group's usual line height: the most a column's next line lies below the one before.
    private let lineHeight: Double

    /// - Parameters:
    ///   - gutter: the narrowest separator.
    ///   - tolerance: how near a line's edge must come to a separator to run along it.
    ///   - lineHeight: the group's usual line height.
    init(_ lines: [LevelledLine], gutter: Double, tolerance: Double, lineHeight: Double) {
        self.lines = lines
        self.tolerance = tolerance
        self.lineHeight = lineHeight
        let seeds = Self.seeds(lines, gutter: gutter)
        // The lines nearest first, upwards and downwards, sorted once for every seed's strip.
        let upwards = lines.sorted { $0.coreBottom > $1.coreBottom }
        let downwards = lines.sorted { $0.coreTop < $1.coreTop }
        var tried = Set<Separator>()
        for seed in seeds {
            var strip = Self.strip(from: seed, upwards: upwards, downwards: downwards, gutter: gutter)
            guard tried.insert(strip).inserted else { continue }
            // One row with a wide space (a label and its value, a word gap in justified text) is no column: a
            // separator has at least two rows of text along it.
            let rows = seeds.filter { supports($0, strip) }
            guard rows.count >= 2 else { continue }
            // The column on the right starts where most of its lines beside the strip start (a line may reach into
            // the gutter). The one on the left is the lines that end near the strip (a row's left neighbour may be
            // a column further off, when the one between is short): it starts where most of them start, and ends
            // where most of its longer lines end (justified text at one edge, ragged text near it, not at a
            // paragraph's short last line).
            strip.rightColumnEdge = rows.map(\.right.left).sorted()[rows.count / 2]
            let beside = lines.filter {
                $0.middle > strip.top && $0.middle < strip.bottom && $0.right <= strip.left + 1e-9
            }
            let near = beside.filter { strip.left - $0.right <= 2 * tolerance }.map(\.left).sorted()
            strip.leftColumnStart = near.isEmpty ? strip.left : near[near.count / 2]
            let ends = beside.filter { abs($0.left - strip.leftColumnStart) <= tolerance }.map(\.right).sorted(by: >)
            strip.leftColumnEdge = ends.isEmpty ? strip.left : ends[ends.count / 4]
            // Seeds along one gutter grow the same strip: keep one.
            if !separators.contains(strip) {
                separators.append(strip)
                alongside.append(lines.filter { $0.middle > strip.top && $0.middle < strip.bottom })
            }
        }
    }

    /// Whether some separator runs through the white band `gap` (between the middle halves of the lines above and
    /// below it) with the text along it going on past the band. Along it means at a column's edge beside it. The
    /// text goes on when such lines are both above and below the band (or, below, two lines where the column on
    /// the left starts, for ragged-right text); when the next line of a column above is below it (a paragraph's
    /// short last line, at the column's left edge and its usual spacing); or when what is above it stands inside a
    /// column that runs on below (a pull quote or a caption at a column's head). A footer or a page number under
    /// the columns (a last row that is not a column's next line), or a headline over them, does not go on.
    func continues(across gap: ClosedRange<Double>) -> Bool {
        var lastRow: Bool?
        for (separator, inside) in zip(separators, alongside)
        where separator.top < gap.lowerBound && separator.bottom > gap.upperBound {
            let above = inside.filter { $0.coreBottom <= gap.lowerBound }
            let below = inside.filter { $0.coreTop >= gap.upperBound }
            // The column on the left may be set ragged-right: two of its lines, starting where it starts, show it.
            let startsBelow = below.filter {
                $0.right <= separator.left && abs($0.left - separator.leftColumnStart) <= tolerance
            }
            let columnBelow = below.filter { borders($0, separator) } + (startsBelow.count >= 2 ? startsBelow : [])
            if above.contains(where: { borders($0, separator) }) {
                // Under the band, one row and nothing more: a footer, unless it is a column's next line.
                if lastRow == nil { lastRow = isLastRow(under: gap) }
                if lastRow == false && !columnBelow.isEmpty { return true }
                // Only the first row under the band can hold a column's next line.
                let first = below.filter { $0.coreTop < gap.upperBound + lineHeight }
                if first.contains(where: { follows($0, above, separator) }) { return true }
            } else if above.contains(where: { line in columnBelow.contains { within(line, $0, separator) } }) {
                return true
            }
        }
        return false
    }

    /// Whether the lines under the band share one row.
    private func isLastRow(under gap: ClosedRange<Double>) -> Bool {
        let under = lines.filter { $0.coreTop >= gap.upperBound }
        return (under.map(\.bottom).min() ?? 0) - (under.map(\.top).max() ?? 0) > 0.5 * (under.map(\.height).min() ?? 0)
    }

    /// Every line's nearest neighbour on its left on the same row (their boxes overlap down the page), when a
    /// gutter-wide gap lies between them.
    private static func seeds(_ lines: [LevelledLine], gutter: Double) -> [Seed] {
        lines.compactMap { right in
            let neighbour = lines
                .filter { $0.right <= right.left && min($0.bottom, right.bottom) > max($0.top, right.top) }
                .max { $0.right < $1.right }
            guard let neighbour, right.left - neighbour.right >= gutter else { return nil }
            return Seed(left: neighbour, right: right)
        }
    }

    /// The whitespace rectangle grown up and down from a seed's gap: a line reaching into the strip from one side
    /// narrows it when a gutter's width stays free beside the line (ragged text, a short line, a standfirst ending
    /// in the gutter); a line across it, or standing inside it (a page number in the gutter), ends it.
    private static func strip(from seed: Seed, upwards: [LevelledLine], downwards: [LevelledLine],
                              gutter: Double) -> Separator {
        var left = seed.left.right, right = seed.right.left
        // The nearest lines first: the strip is narrowed by what it passes before it is stopped.
        func grow(_ candidates: [LevelledLine], above: Bool) -> LevelledLine? {
            for line in candidates
            where (line.middle < seed.middle) == above && line.right > left && line.left < right {
                let leftPart = line.left - left, rightPart = right - line.right
                guard max(leftPart, rightPart) >= gutter, min(leftPart, rightPart) <= 0 else { return line }
                if leftPart >= rightPart { right = line.left } else { left = line.right }
            }
            return nil
        }
        let above = grow(upwards, above: true), below = grow(downwards, above: false)
        return Separator(left: left, right: right, top: above?.coreBottom ?? -.infinity,
                         bottom: below?.coreTop ?? .infinity, leftColumnEdge: left, rightColumnEdge: right,
                         leftColumnStart: seed.left.left)
    }

    /// Whether a seed's row lies along the separator: its two lines on either side, one of them close to it.
    private func supports(_ seed: Seed, _ separator: Separator) -> Bool {
        let slack = 1e-9
        guard seed.left.right <= separator.left + slack, seed.right.left >= separator.right - slack,
              seed.middle > separator.top, seed.middle < separator.bottom else { return false }
        return separator.left - seed.left.right <= tolerance || seed.right.left - separator.right <= tolerance
    }

    /// Whether a line's edge runs along the separator, on its left or its right: it ends or starts where the rows
    /// of text along the separator do.
    private func borders(_ line: LevelledLine, _ separator: Separator) -> Bool {
        let slack = 1e-9
        let onLeft = line.right <= separator.left + slack && abs(separator.leftColumnEdge - line.right) <= tolerance
        let onRight = line.left >= separator.right - slack && abs(line.left - separator.rightColumnEdge) <= tolerance
        return onLeft || onRight
    }

    /// Whether `line` stands inside the column that `edge` (a line along the separator) is in: on the same side,
    /// and no wider than it.
    private func within(_ line: LevelledLine, _ edge: LevelledLine, _ separator: Separator) -> Bool {
        let sameSide = (line.right <= separator.left && edge.right <= separator.left)
            || (line.left >= separator.right && edge.left >= separator.right)
        return sameSide && line.left >= edge.left - tolerance && line.right <= edge.right + tolerance
    }

    /// Whether `line` is the next line of a column in `above`: the lowest line over it on the same side of the
    /// separator starts where it starts, and is no further above it than that column's lines are from each other
    /// (a line's height when it is the column's only line).
    private func follows(_ line: LevelledLine, _ above: [LevelledLine], _ separator: Separator) -> Bool {
        func side(_ line: LevelledLine) -> Int {
            line.right <= separator.left ? -1 : line.left >= separator.right ? 1 : 0
        }
        func lowest(over line: LevelledLine) -> LevelledLine? {
            above.filter {
                side($0) == side(line) && $0.left < line.right && $0.right > line.left && $0.coreBottom <= line.coreTop
            }.max { $0.coreBottom < $1.coreBottom }
        }
        guard side(line) != 0, let previous = lowest(over: line), abs(previous.left - line.left) <= tolerance else {
            return false
        }
        // Half as much again as the column's own spacing, and a little more for the recogniser's uneven boxes.
        let allowed = lowest(over: previous).map { 1.5 * (previous.coreTop - $0.coreBottom) + 0.1 * lineHeight }
            ?? lineHeight
        return line.coreTop - previous.coreBottom <= allowed
    }
}
