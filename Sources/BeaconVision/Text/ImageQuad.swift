import BeaconCore

/// A point in image pixels (x right, y down), in floating point because boxes are rotated and scaled.
struct ImagePoint: Hashable, Sendable {
    var x: Double
    var y: Double

    func distance(to other: ImagePoint) -> Double {
        let dx = x - other.x, dy = y - other.y
        return (dx * dx + dy * dy).squareRoot()
    }
}

/// A piece of text in image pixels: corners in the order the text reads (top-left, top-right, bottom-right,
/// bottom-left as the text runs, so an upside-down line has its top-left at the bottom right of the picture).
struct ImageQuad: Hashable, Sendable {
    var topLeft: ImagePoint
    var topRight: ImagePoint
    var bottomRight: ImagePoint
    var bottomLeft: ImagePoint

    /// The longer of the two edges along the text.
    var width: Double { max(topLeft.distance(to: topRight), bottomLeft.distance(to: bottomRight)) }
    /// The longer of the two edges across the text.
    var height: Double { max(topLeft.distance(to: bottomLeft), topRight.distance(to: bottomRight)) }
    /// Width over height, as the recogniser sizes its strip.
    var aspectRatio: Double { width / max(height, 1e-9) }

    /// Turned a quarter (the text's start was the picture's top right) when the quad is at least 1.5 times
    /// taller than wide: a column of text then reads left to right.
    var upright: ImageQuad {
        let w = width
        guard w > 0, height / w >= 1.5 else { return self }
        return ImageQuad(topLeft: topRight, topRight: bottomRight, bottomRight: bottomLeft, bottomLeft: topLeft)
    }

    /// The same quad read upside down.
    var turnedHalf: ImageQuad {
        ImageQuad(topLeft: bottomRight, topRight: bottomLeft, bottomRight: topLeft, bottomLeft: topRight)
    }

    func normalized(width: Int, height: Int) -> Quad {
        let w = Double(width), h = Double(height)
        func point(_ p: ImagePoint) -> NormalizedPoint { NormalizedPoint(x: p.x / w, y: p.y / h) }
        return Quad(topLeft: point(topLeft), topRight: point(topRight),
                    bottomRight: point(bottomRight), bottomLeft: point(bottomLeft))
    }
}
