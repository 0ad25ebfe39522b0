/// A square grid of cells over the frame in normalized coordinates, each marked "text" or empty: the picture of
/// where the recognised lines are that central-block clustering searches for gaps in.
///
/// Row-major; row 0 is the top of the frame. The grid is square in normalized coordinates, so a cell of a 16:9 frame
/// is wider than it is tall in pixels.
public struct OccupancyGrid: Sendable, Hashable {
    public let size: Int
    private var cells: [Bool]

    public init(size: Int) {
        precondition(size > 0, "an occupancy grid needs at least one cell")
        self.size = size
        cells = Array(repeating: false, count: size * size)
    }

    /// The grid with every cell that a line's quadrilateral overlaps marked as text.
    public init(size: Int, marking quads: [Quad]) {
        self.init(size: size)
        for quad in quads { mark(quad) }
    }

    public func isText(row: Int, column: Int) -> Bool { cells[row * size + column] }

    public mutating func setText(row: Int, column: Int) { cells[row * size + column] = true }

    public var textCellCount: Int { cells.reduce(0) { $0 + ($1 ? 1 : 0) } }

    /// Marks the cells the quadrilateral overlaps. The quad is rasterised row by row (the x-extent of the quad inside
    /// each row's band), not by its bounding box, so a tilted line marks a slanted band instead of a fat rectangle.
    /// A quad too thin to overlap any cell with area still marks the cell holding its centre. A quad with a corner
    /// that is not a number marks nothing.
    public mutating func mark(_ quad: Quad) {
        guard quad.corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return }
        let scale = Double(size)
        // Far-off corners are pulled in so cell indices stay small; cells outside the grid are never marked anyway.
        let corners = quad.corners.map { (x: min(max($0.x, -1), 2) * scale, y: min(max($0.y, -1), 2) * scale) }
        let minY = corners.map(\.y).min()!, maxY = corners.map(\.y).max()!
        let firstRow = max(0, Int(minY.rounded(.down))), lastRow = min(size - 1, Int(maxY.rounded(.up)) - 1)
        var markedAny = false
        if firstRow <= lastRow {
            for row in firstRow...lastRow {
                let bandTop = max(Double(row), minY), bandBottom = min(Double(row + 1), maxY)
                guard bandBottom > bandTop, let span = Self.horizontalSpan(of: corners, from: bandTop, to: bandBottom)
                else { continue }
                let firstColumn = max(0, Int(span.lowerBound.rounded(.down)))
                let lastColumn = min(size - 1, Int(span.upperBound.rounded(.up)) - 1)
                guard firstColumn <= lastColumn else { continue }
                for column in firstColumn...lastColumn { cells[row * size + column] = true }
                markedAny = true
            }
        }
        if !markedAny {
            let centre = quad.centre
            let row = min(size - 1, max(0, Int(centre.y * scale))), column = min(size - 1, max(0, Int(centre.x * scale)))
            cells[row * size + column] = true
        }
    }

    /// The smallest and largest x of the part of a convex polygon between two horizontal lines: the polygon's corners
    /// inside the band and the points where its edges cross the band's borders.
    private static func horizontalSpan(of polygon: [(x: Double, y: Double)], from top: Double, to bottom: Double)
        -> ClosedRange<Double>? {
        var lower = Double.infinity, upper = -Double.infinity
        func include(_ x: Double) {
            lower = min(lower, x)
            upper = max(upper, x)
        }
        for index in polygon.indices {
            let a = polygon[index], b = polygon[(index + 1) % polygon.count]
            if a.y >= top && a.y <= bottom { include(a.x) }
            for border in [top, bottom] where (a.y - border) * (b.y - border) < 0 {
                include(a.x + (b.x - a.x) * (border - a.y) / (b.y - a.y))
            }
        }
        return lower <= upper && upper > lower ? lower...upper : nil
    }
}
