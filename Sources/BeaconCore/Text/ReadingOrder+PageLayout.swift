import Foundation

extension ReadingOrder {
    /// The lines in the order of a page layout a layout analyser found (see `PageLayout`), or nil when the layout
    /// does not explain most of what was read (a sign, a photo of a scene), so the page's own geometry decides.
    ///
    /// Each recognised word goes to the layout line it sits on; a recognised line whose words sit on lines of two
    /// blocks (a recogniser's box run on across a narrow gutter) is cut there into pieces. Pieces are read in the
    /// layout's order, pieces on one layout line left to right; what sits on no layout line (text the analyser took
    /// for part of a picture) is read after them, in the order `sorted(_:)` gives it.
    public func sorted(_ lines: [TextLine], following layout: PageLayout) -> [TextLine]? {
        guard !layout.lines.isEmpty, Self.tilt(of: lines, aspectRatio: frameAspectRatio) <= Self.levelTilt else { return nil }
        let boxes = layout.lines.map { LayoutBox($0.quad, aspectRatio: frameAspectRatio) }
        var placed: [(index: Int, left: Double, line: TextLine)] = []
        var loose: [TextLine] = []
        for line in lines {
            for piece in Self.pieces(of: line, boxes: boxes, aspectRatio: frameAspectRatio) {
                if let index = piece.index {
                    placed.append((index, piece.line.quad.boundingRect.x, piece.line))
                } else {
                    loose.append(piece.line)
                }
            }
        }
        let placedCharacters = placed.reduce(0) { $0 + $1.line.text.count }
        let looseCharacters = loose.reduce(0) { $0 + $1.text.count }
        guard placedCharacters > 0, placedCharacters >= looseCharacters else { return nil }
        placed.sort { ($0.index, $0.left) < ($1.index, $1.left) }
        return placed.map(\.line) + sorted(loose)
    }

    /// Tesseract's layout is made for scans, which lie level: on the generated pages photographed turned by 4°
    /// its order interleaved the columns (printed-order accuracy 0.37 on magazine-1-tilted), so a page turned
    /// by more than this many degrees is left to `sorted(_:)`, which levels the lines first.
    static let levelTilt = 1.0

    /// The lines' common direction off the horizontal, in degrees (long lines count for more), in pixels.
    static func tilt(of lines: [TextLine], aspectRatio: Double) -> Double {
        let run = commonRun(of: lines, aspectRatio: aspectRatio)
        guard run.x != 0 || run.y != 0 else { return 0 }
        return abs(atan2(run.y, run.x)) * 180 / .pi
    }

    /// A line cut where its words move from one layout line to another; the line whole when they do not.
    private static func pieces(of line: TextLine, boxes: [LayoutBox], aspectRatio: Double)
        -> [(index: Int?, line: TextLine)] {
        guard !line.words.isEmpty else {
            return [(LayoutBox.holding(line.quad.centre, in: boxes, aspectRatio: aspectRatio), line)]
        }
        let indices = line.words.map { LayoutBox.holding($0.quad.centre, in: boxes, aspectRatio: aspectRatio) }
        guard Set(indices).count > 1 else { return [(indices[0], line)] }
        var pieces: [(index: Int?, line: TextLine)] = []
        var start = 0
        for end in 1...line.words.count where end == line.words.count || indices[end] != indices[start] {
            let words = Array(line.words[start..<end])
            let first = words[0].quad, last = words[words.count - 1].quad
            let quad = Quad(topLeft: first.topLeft, topRight: last.topRight, bottomRight: last.bottomRight,
                            bottomLeft: first.bottomLeft)
            let confidence = words.map(\.confidence).reduce(0, +) / Double(words.count)
            pieces.append((indices[start], TextLine(text: words.map(\.text).joined(separator: " "),
                                                    confidence: confidence, quad: quad, words: words)))
            start = end
        }
        return pieces
    }
}

/// A layout line as a band along its own direction, in pixel proportions (a tilted page's lines are slanted),
/// widened so that a word whose recognised box is padded or cut a little differently still lands on it: by half the
/// line's height above and below, by one height at either end.
private struct LayoutBox {
    /// The middle of the band's left edge, its unit direction, its length and its height.
    var originX, originY, ux, uy, length, height: Double

    init(_ quad: Quad, aspectRatio: Double) {
        func pixel(_ p: NormalizedPoint) -> (Double, Double) { (p.x * aspectRatio, p.y) }
        let (tlx, tly) = pixel(quad.topLeft), (trx, try_) = pixel(quad.topRight)
        let (brx, bry) = pixel(quad.bottomRight), (blx, bly) = pixel(quad.bottomLeft)
        originX = (tlx + blx) / 2
        originY = (tly + bly) / 2
        let dx = (trx + brx) / 2 - originX, dy = (try_ + bry) / 2 - originY
        length = (dx * dx + dy * dy).squareRoot()
        (ux, uy) = length > 0 ? (dx / length, dy / length) : (1, 0)
        height = (((blx - tlx) * (blx - tlx) + (bly - tly) * (bly - tly)).squareRoot()
            + ((brx - trx) * (brx - trx) + (bry - try_) * (bry - try_)).squareRoot()) / 2
    }

    /// The box holding `point`; of several (neighbouring lines' widened boxes overlap), the one whose middle line
    /// is nearest; nil when none holds it.
    static func holding(_ point: NormalizedPoint, in boxes: [LayoutBox], aspectRatio: Double) -> Int? {
        let x = point.x * aspectRatio, y = point.y
        var best: (index: Int, distance: Double)?
        for (index, box) in boxes.enumerated() {
            let along = (x - box.originX) * box.ux + (y - box.originY) * box.uy
            let across = abs(-(x - box.originX) * box.uy + (y - box.originY) * box.ux)
            guard along >= -box.height, along <= box.length + box.height, across <= box.height else { continue }
            if best == nil || across < best!.distance { best = (index, across) }
        }
        return best?.index
    }
}
