import Foundation

/// "Read the page I am pointing at": keeps the lines of the block of text under the frame's centre — one page of an
/// open book, one column of a poster — and drops the rest. Revilio's algorithm with its parameters
/// (reference-behaviour §1.1): an occupancy grid of the lines, a dense base cluster grown from the text cell nearest
/// the centre, gap searches outward on all four sides (tilted on the left and right, for a skewed book's gutter),
/// and the lines whose centres fall inside the quadrilateral the four boundaries make.
///
/// Switching it off is the caller's business: read every line instead of calling `select`.
public struct CentralBlockClustering: Sendable {
    public struct Parameters: Sendable, Hashable, Codable {
        /// Fewer lines than this are read as the whole frame: too little to tell blocks apart.
        public var minimumLines = 6
        /// A frame whose median line confidence is below this is captured again.
        public var minimumMedianConfidence = 0.4
        /// Cells per side of the occupancy grid.
        public var gridSize = 60
        /// The base cluster takes a new row or column when at least this share of it (within the cluster's
        /// current extent) is text.
        public var growthFill = 0.9
        /// Rows in the sliding window above and below: tall enough to step over line spacing and paragraph gaps,
        /// short enough to stop at a page's margin.
        public var verticalGapRows = 8
        /// A window is a gap when more than this share of its cells is empty.
        public var gapEmptiness = 0.9
        /// Tilts tried for the left and right gap, each way: 5°, 10°, 15°, 20°.
        public var tiltStepDegrees = 5.0
        public var tiltSteps = 4

        public init() {}

        /// Revilio's values.
        public static let revilio = Parameters()
    }

    public var parameters: Parameters

    public init(parameters: Parameters = .revilio) {
        self.parameters = parameters
    }

    /// The lines to read from one frame's recognised lines.
    ///
    /// - Parameter frameAspectRatio: the frame's width over its height. The grid is square in normalized
    ///   coordinates, so a tilt in pixels is a smaller slope in cells on a wide frame.
    public func select(from lines: [TextLine], frameAspectRatio: Double = 1) -> CentralBlockSelection {
        let placed = lines.filter { $0.quad.corners.allSatisfy { $0.x.isFinite && $0.y.isFinite } }
        let median = Self.median(placed.map(\.confidence))
        guard placed.count >= parameters.minimumLines, let median else {
            return CentralBlockSelection(verdict: .tooFewLines, lines: lines, lineCount: lines.count,
                                         medianConfidence: median)
        }
        guard median >= parameters.minimumMedianConfidence else {
            return CentralBlockSelection(verdict: .lowConfidence, lines: lines, lineCount: lines.count,
                                         medianConfidence: median)
        }
        let grid = OccupancyGrid(size: parameters.gridSize, marking: placed.map(\.quad))
        let search = BlockSearch(grid: grid, parameters: parameters,
                                 aspectRatio: frameAspectRatio.isFinite && frameAspectRatio > 0 ? frameAspectRatio : 1)
        // Every placed line marks at least one cell, so there is a seed; without one, read everything.
        guard let (quad, trace) = search.run() else {
            return CentralBlockSelection(verdict: .tooFewLines, lines: lines, lineCount: lines.count,
                                         medianConfidence: median)
        }
        return CentralBlockSelection(verdict: .centralBlock, lines: placed.filter { quad.contains($0.quad.centre) },
                                     lineCount: lines.count, medianConfidence: median, quad: quad, trace: trace)
    }

    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }
}

/// The search on one grid: seed, base growth, four gap searches, the quadrilateral.
private struct BlockSearch {
    let grid: OccupancyGrid
    let parameters: CentralBlockClustering.Parameters
    let aspectRatio: Double

    private var size: Int { grid.size }

    func run() -> (Quad, CentralBlockTrace)? {
        guard let seed = nearestTextCellToCentre() else { return nil }
        let base = grow(from: seed)
        let top = verticalGap(from: base, upwards: true)
        let bottom = verticalGap(from: base, upwards: false)
        // The left and right searches look down the whole height found above, not just the base cluster's: a
        // taller strip tells a gutter from a short line's ragged end, and only a tall strip shows a tilt.
        let scale = Double(size)
        let rows = (0..<size).filter { row in
            let middle = (Double(row) + 0.5) / scale
            return middle > top.position && middle < bottom.position
        }
        let rowsInside = if let first = rows.first, let last = rows.last { first...last } else { base.rows }
        let left = sideGap(from: base, rows: rowsInside, towardsLeft: true)
        let right = sideGap(from: base, rows: rowsInside, towardsLeft: false)
        let quad = Quad(topLeft: NormalizedPoint(x: left.x(atY: top.position), y: top.position),
                        topRight: NormalizedPoint(x: right.x(atY: top.position), y: top.position),
                        bottomRight: NormalizedPoint(x: right.x(atY: bottom.position), y: bottom.position),
                        bottomLeft: NormalizedPoint(x: left.x(atY: bottom.position), y: bottom.position))
        let trace = CentralBlockTrace(seed: seed, baseCluster: base, top: top, bottom: bottom,
                                      left: left.boundary, right: right.boundary)
        return (quad, trace)
    }

    /// The text cell whose centre is nearest the grid's centre; ties go to the first in row-major order.
    private func nearestTextCellToCentre() -> GridCell? {
        let centre = Double(size) / 2
        var best: GridCell?
        var bestDistance = Double.infinity
        for row in 0..<size {
            for column in 0..<size where grid.isText(row: row, column: column) {
                let dx = Double(column) + 0.5 - centre, dy = Double(row) + 0.5 - centre
                let distance = dx * dx + dy * dy
                if distance < bestDistance {
                    bestDistance = distance
                    best = GridCell(row: row, column: column)
                }
            }
        }
        return best
    }

    /// The seed grown one row or column at a time, in all four directions, while each new strip (as long as the
    /// cluster's current extent) is dense enough.
    private func grow(from seed: GridCell) -> GridCellSpan {
        var span = GridCellSpan(top: seed.row, left: seed.column, bottom: seed.row, right: seed.column)
        let fill = parameters.growthFill
        var grew = true
        while grew {
            grew = false
            if span.top > 0, textShare(rows: (span.top - 1)...(span.top - 1), columns: span.columns) >= fill {
                span.top -= 1
                grew = true
            }
            if span.bottom < size - 1,
               textShare(rows: (span.bottom + 1)...(span.bottom + 1), columns: span.columns) >= fill {
                span.bottom += 1
                grew = true
            }
            if span.left > 0, textShare(rows: span.rows, columns: (span.left - 1)...(span.left - 1)) >= fill {
                span.left -= 1
                grew = true
            }
            if span.right < size - 1,
               textShare(rows: span.rows, columns: (span.right + 1)...(span.right + 1)) >= fill {
                span.right += 1
                grew = true
            }
        }
        return span
    }

    private func textShare(rows: ClosedRange<Int>, columns: ClosedRange<Int>) -> Double {
        var text = 0
        for row in rows {
            for column in columns where grid.isText(row: row, column: column) { text += 1 }
        }
        return Double(text) / Double(rows.count * columns.count)
    }

    /// Slides a window of rows outward from the base cluster, over the cluster's columns; the first window that is
    /// mostly empty puts the boundary at its middle. No such window before the frame's edge: the edge.
    private func verticalGap(from base: GridCellSpan, upwards: Bool) -> BlockBoundary {
        let height = parameters.verticalGapRows
        var windowTop = upwards ? base.top - height : base.bottom + 1
        while windowTop >= 0 && windowTop + height <= size {
            let emptiness = 1 - textShare(rows: windowTop...(windowTop + height - 1), columns: base.columns)
            if emptiness > parameters.gapEmptiness {
                return BlockBoundary(kind: .gap, position: (Double(windowTop) + Double(height) / 2) / Double(size),
                                     emptiness: emptiness)
            }
            windowTop += upwards ? -1 : 1
        }
        return .frameEdge(at: upwards ? 0 : 1)
    }

    /// A left or right boundary: a straight or tilted line through `x` at `middleY`, leaning `slope` in x per y.
    struct SideLine {
        var boundary: BlockBoundary
        var middleY: Double
        var slope: Double

        func x(atY y: Double) -> Double { boundary.position + slope * (y - middleY) }
    }

    /// Steps a one-column strip outward from the base cluster; at each column tries it straight and tilted, keeps
    /// the emptiest variant, and stops at the first that is mostly empty. No such column: the frame's edge.
    private func sideGap(from base: GridCellSpan, rows: ClosedRange<Int>, towardsLeft: Bool) -> SideLine {
        let scale = Double(size)
        let middleRow = Double(rows.lowerBound + rows.upperBound) / 2
        let middleY = (middleRow + 0.5) / scale
        // Straight first, then each tilt both ways, so a tie keeps the smaller tilt.
        let tilts = [0.0] + (0..<max(0, parameters.tiltSteps)).flatMap { step -> [Double] in
            let degrees = Double(step + 1) * parameters.tiltStepDegrees
            return [degrees, -degrees]
        }
        var column = towardsLeft ? base.left - 1 : base.right + 1
        while column >= 0 && column < size {
            var best: (emptiness: Double, tilt: Double, slope: Double)?
            for tilt in tilts {
                // Column offset per row: a pixel-space tilt is flatter in cells on a wide frame.
                let slope = tan(tilt * .pi / 180) / aspectRatio
                guard let emptiness = stripEmptiness(column: column, rows: rows, middleRow: middleRow, slope: slope)
                else { continue }
                if emptiness > best?.emptiness ?? -1 { best = (emptiness, tilt, slope) }
            }
            if let best, best.emptiness > parameters.gapEmptiness {
                let boundary = BlockBoundary(kind: .gap, position: (Double(column) + 0.5) / scale,
                                             tiltDegrees: best.tilt, emptiness: best.emptiness)
                return SideLine(boundary: boundary, middleY: middleY, slope: best.slope)
            }
            column += towardsLeft ? -1 : 1
        }
        return SideLine(boundary: .frameEdge(at: towardsLeft ? 0 : 1), middleY: middleY, slope: 0)
    }

    /// The share of empty cells along a strip one cell wide, sampling one cell per row, offset from `column` in
    /// proportion to the row's distance from the middle row. Cells beyond the frame are not sampled; a strip
    /// that leaves the frame for more than half its rows is not tried.
    private func stripEmptiness(column: Int, rows: ClosedRange<Int>, middleRow: Double, slope: Double) -> Double? {
        var sampled = 0, empty = 0
        for row in rows {
            let sampledColumn = column + Int(((Double(row) - middleRow) * slope).rounded())
            guard sampledColumn >= 0 && sampledColumn < size else { continue }
            sampled += 1
            if !grid.isText(row: row, column: sampledColumn) { empty += 1 }
        }
        guard sampled * 2 >= rows.count, sampled > 0 else { return nil }
        return Double(empty) / Double(sampled)
    }
}
