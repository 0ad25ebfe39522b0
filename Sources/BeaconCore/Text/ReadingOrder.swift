/// Recognised lines in the order a person reads them: column by column, each column top to bottom, and pieces of
/// one printed line (a recogniser may split a line at a wide space) left to right.
///
/// Works in the text's own frame of reference: the lines' common direction is measured from their quads and the
/// group is turned level before anything is compared, so a tilted photo orders like a straight one. Each group is
/// levelled again once split off, so the two pages of an open book may lie at different angles.
///
/// How blocks are found, recursively (an XY cut guided by the page's column separators, see `ColumnSeparators`):
/// first a section break, a white band across the group that no column runs on through (under a headline or a
/// standfirst, above a footer), cut at the widest one, above before below. Then white gaps at least `minimumGutter`
/// line heights wide that run down past all the lines, where the parts on either side stand side by side: columns,
/// read left to right. A band that a column does run through (a picture's edge level with a pull quote's box and the
/// end of a shorter column) is cut only when there is nothing else, so columns of unequal height with pictures in
/// them are read one after another, not interleaved. A group with none of these is read row by row.
/// Rows are compared by the middle half of each line's height, so boxes the recogniser padded do not run together.
public struct ReadingOrder: Sendable {
    /// The narrowest white gap between columns, in median line heights. Recognisers pad their line boxes (PP-OCR's
    /// are about 1.5 times the text's height), so a word space is under a quarter of a box height, and the gap
    /// between two pages photographed side by side can be less than one.
    public var minimumGutter: Double
    /// The frame's width over its height, so angles are measured in pixels, not in stretched coordinates.
    public var frameAspectRatio: Double

    public init(frameAspectRatio: Double = 1, minimumGutter: Double = 0.5) {
        self.frameAspectRatio = frameAspectRatio.isFinite && frameAspectRatio > 0 ? frameAspectRatio : 1
        self.minimumGutter = minimumGutter
    }

    /// The lines in reading order.
    public func sorted(_ lines: [TextLine]) -> [TextLine] { arrange(lines).lines }

    /// The lines grouped into blocks and rows, in reading order.
    public func arrange(_ lines: [TextLine]) -> ReadingLayout {
        ReadingLayout(blocks: order(lines).blocks)
    }

    /// Blocks of rows in reading order, and whether the group stayed one block (no column split inside it).
    private func order(_ lines: [TextLine]) -> (blocks: [[[TextLine]]], isOneBlock: Bool) {
        guard lines.count > 1 else { return (lines.isEmpty ? [] : [[lines]], true) }
        let levelled = LevelledLines(lines, aspectRatio: frameAspectRatio)
        // Pieces of one printed line stay one row, however wide the space between them: every piece overlaps the
        // band they all share by more than half the smallest height.
        let shared = (levelled.lines.map(\.bottom).min() ?? 0) - (levelled.lines.map(\.top).max() ?? 0)
        if shared > 0.5 * (levelled.lines.map(\.height).min() ?? 0) {
            return ([[levelled.lines.sorted { $0.left < $1.left }.map(\.line)]], true)
        }
        let gutter = minimumGutter * levelled.medianHeight
        let separators = ColumnSeparators(levelled.lines, gutter: gutter,
                                          tolerance: Self.separatorTolerance * levelled.medianHeight,
                                          lineHeight: levelled.medianHeight)
        let gaps = Self.rowGaps(levelled.lines)
        // A section break before columns: a footer under columns that do not cross it would otherwise be read
        // with the column it stands under.
        if let band = gaps.filter({ !separators.continues(across: $0) }).max(by: Self.narrower) {
            return cut(levelled.lines, at: band)
        }
        let columns = Self.splitAtGutters(levelled.lines, gutter: gutter)
        if columns.count > 1 {
            return (columns.flatMap { order($0.map(\.line)).blocks }, false)
        }
        // Something crosses the gutters where the columns go on past every band (a pull quote over two columns):
        // the widest band is the least bad cut.
        if let band = gaps.max(by: Self.narrower) {
            return cut(levelled.lines, at: band)
        }
        return ([Self.rows(of: levelled.lines).map { $0.map(\.line) }], true)
    }

    /// The group cut into columns at every white gap at least a gutter wide that runs down past all its lines.
    /// Columns stand side by side: each shares some height with another (a column that starts under a picture
    /// may share none with its short neighbour, but both run beside a third). When they do not (a right-aligned
    /// date above a left-aligned greeting), they are not columns, and the group is left whole to be cut across.
    private static func splitAtGutters(_ lines: [LevelledLine], gutter: Double) -> [[LevelledLine]] {
        var columns: [[LevelledLine]] = []
        var columnRight = -Double.infinity
        for line in lines.sorted(by: { $0.left < $1.left }) {
            if columns.isEmpty || line.left - columnRight >= gutter {
                columns.append([line])
            } else {
                columns[columns.count - 1].append(line)
            }
            columnRight = max(columnRight, line.right)
        }
        let spans = columns.map { column in
            (top: column.map(\.coreTop).min()!, bottom: column.map(\.coreBottom).max()!)
        }
        let sideBySide = spans.indices.allSatisfy { index in
            spans.indices.contains { other in
                let (a, b) = (spans[index], spans[other])
                return other != index && min(a.bottom, b.bottom) > max(a.top, b.top)
            }
        }
        return sideBySide ? columns : [lines]
    }

    /// The group cut across at a white band, above before below; one block when neither part split into columns.
    private func cut(_ lines: [LevelledLine], at band: ClosedRange<Double>)
        -> (blocks: [[[TextLine]]], isOneBlock: Bool) {
        let top = order(lines.filter { $0.coreBottom <= band.lowerBound }.map(\.line))
        let bottom = order(lines.filter { $0.coreBottom > band.lowerBound }.map(\.line))
        if top.isOneBlock && bottom.isOneBlock, let upper = top.blocks.first, let lower = bottom.blocks.first {
            return ([upper + lower], true)
        }
        return (top.blocks + bottom.blocks, false)
    }

    /// How near, in median line heights, a line's edge must come to a column separator to run along it: ragged
    /// text and a recogniser's uneven boxes still border their column.
    static let separatorTolerance = 1.5

    private static func narrower(_ a: ClosedRange<Double>, _ b: ClosedRange<Double>) -> Bool {
        a.upperBound - a.lowerBound < b.upperBound - b.lowerBound
    }

    /// The white bands across the group, between the middle halves of the lines above and below each.
    private static func rowGaps(_ lines: [LevelledLine]) -> [ClosedRange<Double>] {
        let byTop = lines.sorted { $0.coreTop < $1.coreTop }
        var reach = byTop[0].coreBottom
        var gaps: [ClosedRange<Double>] = []
        for line in byTop.dropFirst() {
            if line.coreTop > reach { gaps.append(reach...line.coreTop) }
            reach = max(reach, line.coreBottom)
        }
        return gaps
    }

    /// A group's lines as rows top to bottom: lines overlapping vertically by more than half the smaller height
    /// sit on the same baseline and are read left to right.
    private static func rows(of lines: [LevelledLine]) -> [[LevelledLine]] {
        var rows: [[LevelledLine]] = []
        for line in lines.sorted(by: { $0.middle < $1.middle }) {
            let sameBaseline = rows.last?.contains { other in
                let overlap = min(line.bottom, other.bottom) - max(line.top, other.top)
                return overlap > 0.5 * min(line.height, other.height)
            } ?? false
            if sameBaseline { rows[rows.count - 1].append(line) } else { rows.append([line]) }
        }
        return rows.map { $0.sorted { $0.left < $1.left } }
    }
}

/// Lines grouped for reading: blocks in reading order (a column, or the part of a page above or below a heading
/// or another section break), each a list of rows top to bottom, each row's lines left to right.
public struct ReadingLayout: Sendable, Hashable {
    public var blocks: [[[TextLine]]]

    public init(blocks: [[[TextLine]]]) {
        self.blocks = blocks
    }

    /// Every row in reading order: pieces of one printed line together.
    public var rows: [[TextLine]] { blocks.flatMap { $0 } }

    /// Every line in reading order.
    public var lines: [TextLine] { rows.flatMap { $0 } }
}

/// A line's extent in the levelled page: `left…right` along the text, `top…bottom` across it.
struct LevelledLine {
    var line: TextLine
    var left: Double
    var right: Double
    var top: Double
    var bottom: Double

    var height: Double { bottom - top }
    var middle: Double { (top + bottom) / 2 }
    /// The middle half of the line's height: what rows are told apart by.
    var coreTop: Double { middle - height / 4 }
    var coreBottom: Double { middle + height / 4 }
}

/// The lines turned so that their common direction runs left to right.
private struct LevelledLines {
    var lines: [LevelledLine]
    var medianHeight: Double

    init(_ textLines: [TextLine], aspectRatio: Double) {
        // Lines without a usable geometry are levelled as they are.
        let (runX, runY) = ReadingOrder.commonRun(of: textLines, aspectRatio: aspectRatio)
        let length = (runX * runX + runY * runY).squareRoot()
        let (ux, uy) = length > 0 ? (runX / length, runY / length) : (1.0, 0.0)
        lines = textLines.map { line in
            var left = Double.infinity, right = -Double.infinity, top = Double.infinity, bottom = -Double.infinity
            for corner in line.quad.corners {
                let x = corner.x * aspectRatio, y = corner.y
                let along = x * ux + y * uy, across = -x * uy + y * ux
                left = min(left, along)
                right = max(right, along)
                top = min(top, across)
                bottom = max(bottom, across)
            }
            guard left.isFinite, right.isFinite, top.isFinite, bottom.isFinite else {
                return LevelledLine(line: line, left: 0, right: 0, top: 0, bottom: 0)
            }
            return LevelledLine(line: line, left: left, right: right, top: top, bottom: bottom)
        }
        let heights = lines.map(\.height).sorted()
        medianHeight = heights.isEmpty ? 0 : heights[heights.count / 2]
    }
}

extension ReadingOrder {
    /// The lines' common direction: the sum of every line's run along its top and bottom edges, in pixel
    /// proportions, so long lines count for more than a stray word; a line without a usable geometry adds nothing.
    static func commonRun(of lines: [TextLine], aspectRatio: Double) -> (x: Double, y: Double) {
        var runX = 0.0, runY = 0.0
        for line in lines {
            let q = line.quad
            let dx = (q.topRight.x - q.topLeft.x + q.bottomRight.x - q.bottomLeft.x) * aspectRatio
            let dy = q.topRight.y - q.topLeft.y + q.bottomRight.y - q.bottomLeft.y
            if dx.isFinite && dy.isFinite {
                runX += dx
                runY += dy
            }
        }
        return (runX, runY)
    }
}
