/// What central-block clustering decided for one frame's lines, and why: the lines to read, the block's outline, and
/// the evidence (seed, base cluster, the four boundaries) for tests and the JSON output.
public struct CentralBlockSelection: Sendable, Hashable, Codable {
    public enum Verdict: String, Sendable, Hashable, Codable {
        /// The lines inside the block of text under the frame's centre are kept.
        case centralBlock
        /// Too few lines to find a block reliably: every line is kept and the whole frame is read.
        case tooFewLines
        /// The recogniser was unsure of most lines (a blurred or badly lit frame): capture another frame. `lines`
        /// still holds every line, for a caller that cannot capture again (a still image).
        case lowConfidence
    }

    public var verdict: Verdict
    /// The lines to read, in the order they were given (reading order is `ReadingOrder`'s job).
    public var lines: [TextLine]
    /// How many lines came in, and the median of their confidences (nil when there were none).
    public var lineCount: Int
    public var medianConfidence: Double?
    /// The block's outline in normalized coordinates; nil unless the verdict is `centralBlock`.
    public var quad: Quad?
    /// How the block was found; nil unless the verdict is `centralBlock`.
    public var trace: CentralBlockTrace?

    public init(verdict: Verdict, lines: [TextLine], lineCount: Int, medianConfidence: Double?,
                quad: Quad? = nil, trace: CentralBlockTrace? = nil) {
        self.verdict = verdict
        self.lines = lines
        self.lineCount = lineCount
        self.medianConfidence = medianConfidence
        self.quad = quad
        self.trace = trace
    }

    /// One sentence for logs and the JSON output.
    public var summary: String {
        switch verdict {
        case .tooFewLines:
            return "Read the whole frame: \(lineCount) lines are too few to look for a block."
        case .lowConfidence:
            let median = medianConfidence.map { String(Int(($0 * 100).rounded())) } ?? "0"
            return "Capture again: the median line confidence is \(median)%."
        case .centralBlock:
            guard let trace else { return "Kept \(lines.count) of \(lineCount) lines." }
            let sides = [("top", trace.top), ("bottom", trace.bottom), ("left", trace.left), ("right", trace.right)]
                .map { "\($0.0) \($0.1.summary)" }
            return "Kept \(lines.count) of \(lineCount) lines in the block under the centre; " +
                sides.joined(separator: ", ") + "."
        }
    }
}

/// One cell of the occupancy grid.
public struct GridCell: Sendable, Hashable, Codable {
    public var row: Int
    public var column: Int

    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }
}

/// A rectangle of whole grid cells, bounds included.
public struct GridCellSpan: Sendable, Hashable, Codable {
    public var top: Int
    public var left: Int
    public var bottom: Int
    public var right: Int

    public init(top: Int, left: Int, bottom: Int, right: Int) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public var rows: ClosedRange<Int> { top...bottom }
    public var columns: ClosedRange<Int> { left...right }
}

/// One side of the block: a gap found in the text, or the frame's edge when there was none.
public struct BlockBoundary: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable {
        case gap
        case frameEdge
    }

    public var kind: Kind
    /// Top and bottom: the boundary's y. Left and right: its x where it crosses the block's middle row.
    public var position: Double
    /// Left and right only: the boundary's tilt from vertical in pixel space, positive when it leans right going
    /// down. Top and bottom boundaries are horizontal.
    public var tiltDegrees: Double
    /// The share of empty cells in the window that made the gap; nil for a frame edge.
    public var emptiness: Double?

    public init(kind: Kind, position: Double, tiltDegrees: Double = 0, emptiness: Double? = nil) {
        self.kind = kind
        self.position = position
        self.tiltDegrees = tiltDegrees
        self.emptiness = emptiness
    }

    static func frameEdge(at position: Double) -> BlockBoundary { BlockBoundary(kind: .frameEdge, position: position) }

    var summary: String {
        switch kind {
        case .frameEdge: return "at the frame's edge"
        case .gap:
            let place = String(Int((position * 100).rounded())) + "%"
            return tiltDegrees == 0 ? "a gap at \(place)" : "a gap at \(place) tilted \(Int(tiltDegrees))°"
        }
    }
}

/// The evidence behind a central block: where the search started and where each side stopped.
public struct CentralBlockTrace: Sendable, Hashable, Codable {
    /// The text cell nearest the grid's centre.
    public var seed: GridCell
    /// The dense rectangle grown from the seed.
    public var baseCluster: GridCellSpan
    public var top: BlockBoundary
    public var bottom: BlockBoundary
    public var left: BlockBoundary
    public var right: BlockBoundary

    public init(seed: GridCell, baseCluster: GridCellSpan, top: BlockBoundary, bottom: BlockBoundary,
                left: BlockBoundary, right: BlockBoundary) {
        self.seed = seed
        self.baseCluster = baseCluster
        self.top = top
        self.bottom = bottom
        self.left = left
        self.right = right
    }
}
