import BeaconCore

/// How a frame is cut into overlapping tiles for a closer look: a grid of equal tiles, neighbours sharing
/// `overlap` of a tile's width (or height) so an object on a seam is seen whole by at least one tile when it
/// is no larger than the shared strip.
public struct TilingPlan: Sendable, Hashable, CustomStringConvertible {
    public var columns: Int
    public var rows: Int
    /// Fraction of a tile shared with each neighbour, 0 up to (not including) 1.
    public var overlap: Double

    public init(columns: Int, rows: Int, overlap: Double = 0.25) {
        precondition(columns >= 1 && rows >= 1, "a tiling plan needs at least one column and one row")
        precondition(overlap >= 0 && overlap < 1, "overlap must be in 0..<1")
        self.columns = columns
        self.rows = rows
        self.overlap = overlap
    }

    /// Two by two with a quarter overlap: measured best with YOLOX-nano on the search ground truth, and the
    /// rotation comes round every four tiles.
    public static let standard = TilingPlan(columns: 2, rows: 2, overlap: 0.25)

    public var tileCount: Int { columns * rows }

    /// The tiles of a frame of the given size, row by row from the top-left; the outer tiles touch the frame's
    /// edges and together they cover every pixel.
    public func tiles(frameWidth: Int, frameHeight: Int) -> [PixelRegion] {
        let xs = Self.spans(count: columns, length: frameWidth, overlap: overlap)
        let ys = Self.spans(count: rows, length: frameHeight, overlap: overlap)
        return ys.flatMap { y in xs.map { x in PixelRegion(x: x.start, y: y.start, width: x.size, height: y.size) } }
    }

    public var description: String { "\(columns)x\(rows) tiles, \(Int((overlap * 100).rounded()))% overlap" }

    /// `count` equal spans along one axis, spread evenly so the first starts at 0 and the last ends at `length`.
    private static func spans(count: Int, length: Int, overlap: Double) -> [(start: Int, size: Int)] {
        guard count > 1 else { return [(0, length)] }
        // n tiles of size s overlapping by overlap·s cover s·(n − (n−1)·overlap) = length.
        let size = min(length, Int((Double(length) / (Double(count) - Double(count - 1) * overlap)).rounded(.up)))
        let free = length - size
        return (0..<count).map { i in (start: (free * i + (count - 1) / 2) / (count - 1), size: size) }
    }
}
