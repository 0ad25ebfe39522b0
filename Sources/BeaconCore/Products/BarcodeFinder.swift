import Foundation

/// Where a picture looks like a one-dimensional barcode that does not read yet, so the camera can be aimed there by
/// sound before it decodes.
///
/// Bars are many strong edges that all run one way. Each cell of a small grey copy of the picture gets the
/// gradient's structure tensor (the sums of gx², gy² and gx·gy); its coherence is near 1 where the edges share one
/// direction and lower on text and texture, whose strokes run every way. Neighbouring cells that are strong,
/// coherent and agree on the direction make a patch; the largest patch that is more than a line thick is the code.
/// (Structure-tensor coherence is the usual measure of oriented texture; barcode locators have used it, or the
/// gradient's orientation histogram, since the 2000s.)
public struct BarcodeFinder: Sendable {
    /// A place that looks like bars.
    public struct Sighting: Sendable, Hashable {
        /// Around the patch of bar-like cells, in the picture.
        public var box: NormalizedRect
        /// How many cells the patch has: a larger code, or a nearer one, has more.
        public var cells: Int
    }

    /// The grey copy is about this wide (a 640-pixel frame is halved): bars a pixel or two wide stay edges, and a
    /// frame costs little next to a detector.
    public var workingWidth = 320
    /// Pixels of the working copy a cell spans, each way.
    public var cellSize = 8
    /// A cell's mean squared gradient (Sobel, grey 0…255) must reach this: printed bars, not shading.
    public var minimumEnergy = 10_000.0
    /// The share of a cell's pixels on a strong edge (gradient ≥ `strongEdge`): bars put one every few pixels, a
    /// lone edge between two surfaces only a line of them.
    public var minimumEdgeShare = 0.35
    public var strongEdge = 200.0
    /// How one-way the cell's edges must be (0: every way, 1: one way).
    public var minimumCoherence = 0.75
    /// Neighbouring cells join a patch when their edge directions differ by at most this (radians).
    public var angleTolerance = 0.35
    /// The fewest cells a patch needs, and how many cells it must span each way (a lone edge is one cell thick).
    public var minimumCells = 20
    public var minimumSpan = 3

    /// The thresholds were chosen on every other photo of ../shared/testdata/barcodes (one-dimensional codes) and
    /// of the photos without codes beside it; the test judges them on the others.
    public init() {}

    public func find(in frame: Frame) -> Sighting? {
        let step = max(1, frame.width / workingWidth)
        let width = frame.width / step, height = frame.height / step
        guard width >= cellSize * minimumSpan, height >= cellSize * minimumSpan else { return nil }
        let grey = Self.grey(frame, step: step, width: width, height: height)

        let columns = (width - 2) / cellSize, rows = (height - 2) / cellSize
        var strong = [Bool](repeating: false, count: columns * rows)
        var angle = [Double](repeating: 0, count: columns * rows)
        let strongSquared = strongEdge * strongEdge
        for row in 0..<rows {
            for column in 0..<columns {
                var xx = 0.0, yy = 0.0, xy = 0.0, edges = 0
                for y in (1 + row * cellSize)..<(1 + (row + 1) * cellSize) {
                    for x in (1 + column * cellSize)..<(1 + (column + 1) * cellSize) {
                        func at(_ dx: Int, _ dy: Int) -> Double { Double(grey[(y + dy) * width + x + dx]) }
                        let gx = (at(1, -1) + 2 * at(1, 0) + at(1, 1)) - (at(-1, -1) + 2 * at(-1, 0) + at(-1, 1))
                        let gy = (at(-1, 1) + 2 * at(0, 1) + at(1, 1)) - (at(-1, -1) + 2 * at(0, -1) + at(1, -1))
                        xx += gx * gx
                        yy += gy * gy
                        xy += gx * gy
                        if gx * gx + gy * gy >= strongSquared { edges += 1 }
                    }
                }
                let sum = xx + yy
                let energy = sum / Double(cellSize * cellSize)
                guard energy >= minimumEnergy, sum > 0,
                      Double(edges) >= minimumEdgeShare * Double(cellSize * cellSize) else { continue }
                let coherence = ((xx - yy) * (xx - yy) + 4 * xy * xy).squareRoot() / sum
                guard coherence >= minimumCoherence else { continue }
                strong[row * columns + column] = true
                angle[row * columns + column] = 0.5 * atan2(2 * xy, xx - yy)
            }
        }

        // Patches: neighbours (four ways) that agree with the patch's first cell on the direction, mod π.
        func differ(_ a: Double, _ b: Double) -> Double {
            let d = abs(a - b).truncatingRemainder(dividingBy: .pi)
            return min(d, .pi - d)
        }
        var seen = [Bool](repeating: false, count: columns * rows)
        var best: (cells: Int, minColumn: Int, minRow: Int, maxColumn: Int, maxRow: Int)?
        for start in strong.indices where strong[start] && !seen[start] {
            seen[start] = true
            var stack = [start], count = 0
            var minColumn = columns, minRow = rows, maxColumn = 0, maxRow = 0
            while let cell = stack.popLast() {
                count += 1
                let column = cell % columns, row = cell / columns
                minColumn = min(minColumn, column); maxColumn = max(maxColumn, column)
                minRow = min(minRow, row); maxRow = max(maxRow, row)
                for (dc, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    let c = column + dc, r = row + dr
                    guard c >= 0, c < columns, r >= 0, r < rows else { continue }
                    let next = r * columns + c
                    guard strong[next], !seen[next], differ(angle[next], angle[start]) <= angleTolerance else { continue }
                    seen[next] = true
                    stack.append(next)
                }
            }
            let spans = (maxColumn - minColumn + 1, maxRow - minRow + 1)
            guard count >= minimumCells, spans.0 >= minimumSpan, spans.1 >= minimumSpan else { continue }
            if count > best?.cells ?? 0 { best = (count, minColumn, minRow, maxColumn, maxRow) }
        }
        guard let best else { return nil }
        let side = Double(cellSize)
        return Sighting(
            box: NormalizedRect(x: (1 + Double(best.minColumn) * side) / Double(width),
                                y: (1 + Double(best.minRow) * side) / Double(height),
                                width: Double(best.maxColumn - best.minColumn + 1) * side / Double(width),
                                height: Double(best.maxRow - best.minRow + 1) * side / Double(height)),
            cells: best.cells)
    }

    /// Grey (Rec. 601 weights), each pixel the mean of a `step`×`step` block.
    static func grey(_ frame: Frame, step: Int, width: Int, height: Int) -> [UInt8] {
        var grey = [UInt8](repeating: 0, count: width * height)
        let area = step * step
        frame.rgb.withUnsafeBufferPointer { rgb in
            for y in 0..<height {
                for x in 0..<width {
                    var sum = 0
                    for sy in (y * step)..<(y * step + step) {
                        var offset = (sy * frame.width + x * step) * 3
                        for _ in 0..<step {
                            sum += 299 * Int(rgb[offset]) + 587 * Int(rgb[offset + 1]) + 114 * Int(rgb[offset + 2])
                            offset += 3
                        }
                    }
                    grey[y * width + x] = UInt8(min(255, sum / (1000 * area)))
                }
            }
        }
        return grey
    }
}
