/// Four corners of a piece of text in normalized image coordinates, in reading order of the corners:
/// top-left, top-right, bottom-right, bottom-left as the text runs (a line photographed at an angle is a tilted quad).
public struct Quad: Sendable, Hashable, Codable {
    public var topLeft: NormalizedPoint
    public var topRight: NormalizedPoint
    public var bottomRight: NormalizedPoint
    public var bottomLeft: NormalizedPoint

    public init(topLeft: NormalizedPoint, topRight: NormalizedPoint,
                bottomRight: NormalizedPoint, bottomLeft: NormalizedPoint) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomRight = bottomRight
        self.bottomLeft = bottomLeft
    }

    /// The axis-aligned rectangle as a quad.
    public init(_ rect: NormalizedRect) {
        self.init(topLeft: NormalizedPoint(x: rect.x, y: rect.y),
                  topRight: NormalizedPoint(x: rect.maxX, y: rect.y),
                  bottomRight: NormalizedPoint(x: rect.maxX, y: rect.maxY),
                  bottomLeft: NormalizedPoint(x: rect.x, y: rect.maxY))
    }

    public var corners: [NormalizedPoint] { [topLeft, topRight, bottomRight, bottomLeft] }

    public var centre: NormalizedPoint {
        NormalizedPoint(x: (topLeft.x + topRight.x + bottomRight.x + bottomLeft.x) / 4,
                        y: (topLeft.y + topRight.y + bottomRight.y + bottomLeft.y) / 4)
    }

    /// The smallest axis-aligned rectangle holding all four corners.
    public var boundingRect: NormalizedRect {
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let minX = xs.min()!, minY = ys.min()!
        return NormalizedRect(x: minX, y: minY, width: xs.max()! - minX, height: ys.max()! - minY)
    }

    /// The point a fraction `t` (0 = start, 1 = end) along the text's middle line: where a character at that
    /// position in the line sits.
    public func pointAlong(_ t: Double) -> NormalizedPoint {
        let top = NormalizedPoint(x: topLeft.x + (topRight.x - topLeft.x) * t,
                                  y: topLeft.y + (topRight.y - topLeft.y) * t)
        let bottom = NormalizedPoint(x: bottomLeft.x + (bottomRight.x - bottomLeft.x) * t,
                                     y: bottomLeft.y + (bottomRight.y - bottomLeft.y) * t)
        return NormalizedPoint(x: (top.x + bottom.x) / 2, y: (top.y + bottom.y) / 2)
    }

    /// The part of the quad between fractions `start` and `end` along the text.
    public func slice(from start: Double, to end: Double) -> Quad {
        func along(_ a: NormalizedPoint, _ b: NormalizedPoint, _ t: Double) -> NormalizedPoint {
            NormalizedPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
        }
        return Quad(topLeft: along(topLeft, topRight, start), topRight: along(topLeft, topRight, end),
                    bottomRight: along(bottomLeft, bottomRight, end), bottomLeft: along(bottomLeft, bottomRight, start))
    }
}

/// One word of a recognised line, where the recogniser can place it.
public struct TextWord: Sendable, Hashable, Codable {
    public var text: String
    /// 0…1.
    public var confidence: Double
    public var quad: Quad

    public init(text: String, confidence: Double, quad: Quad) {
        self.text = text
        self.confidence = confidence
        self.quad = quad
    }
}

/// One line of text a recogniser read in a frame.
public struct TextLine: Sendable, Hashable, Codable {
    public var text: String
    /// 0…1: the recogniser's mean confidence over the line's characters.
    public var confidence: Double
    public var quad: Quad
    /// The line's words with their positions; empty when the engine cannot place them.
    public var words: [TextWord]

    public init(text: String, confidence: Double, quad: Quad, words: [TextWord] = []) {
        self.text = text
        self.confidence = confidence
        self.quad = quad
        self.words = words
    }
}
