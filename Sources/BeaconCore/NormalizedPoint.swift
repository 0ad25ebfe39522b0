/// A point in normalized image coordinates: 0…1 on both axes, origin at the top-left, like `NormalizedRect`.
public struct NormalizedPoint: Sendable, Hashable, Codable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The middle of the picture, where guidance steers the target to.
    public static let centre = NormalizedPoint(x: 0.5, y: 0.5)

    /// Offset from the middle: positive to the right and downwards.
    public var dx: Double { x - 0.5 }
    public var dy: Double { y - 0.5 }

    public func distance(to other: NormalizedPoint) -> Double {
        let ex = x - other.x, ey = y - other.y
        return (ex * ex + ey * ey).squareRoot()
    }

    /// How far from the middle of the picture: 0.5 at the middle of an edge, about 0.71 in a corner.
    public var distanceFromCentre: Double { distance(to: .centre) }

    /// The same point kept inside the picture.
    public var clampedToFrame: NormalizedPoint {
        NormalizedPoint(x: min(1, max(0, x)), y: min(1, max(0, y)))
    }
}

extension NormalizedRect {
    public var centre: NormalizedPoint { NormalizedPoint(x: midX, y: midY) }

    /// The distance between the two rectangles' centres.
    public func centreDistance(to other: NormalizedRect) -> Double { centre.distance(to: other.centre) }

    /// The same-sized rectangle with its centre at `point`.
    public func centred(at point: NormalizedPoint) -> NormalizedRect {
        NormalizedRect(x: point.x - width / 2, y: point.y - height / 2, width: width, height: height)
    }
}
