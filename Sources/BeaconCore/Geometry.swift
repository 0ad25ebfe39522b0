/// A rectangle in normalized image coordinates: 0…1 on both axes, origin at the top-left.
/// Coordinates cross module boundaries in this form, with the frame size beside them.
public struct NormalizedRect: Sendable, Hashable, Codable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var area: Double { max(0, width) * max(0, height) }

    public func contains(_ point: NormalizedPoint) -> Bool {
        point.x >= x && point.x < maxX && point.y >= y && point.y < maxY
    }

    /// The boxes among `others` that stand in front of this one: they overlap it and reach lower in the picture
    /// (on a street or a car park, nearer the camera).
    public func hidden(by others: [NormalizedRect]) -> [NormalizedRect] {
        others.filter { $0 != self && $0.iou(self) > 0 && $0.maxY > maxY }
    }

    /// The area the two rectangles share; 0 when they do not overlap.
    public func intersectionArea(_ other: NormalizedRect) -> Double {
        let ix = max(0, min(maxX, other.maxX) - max(x, other.x))
        let iy = max(0, min(maxY, other.maxY) - max(y, other.y))
        return ix * iy
    }

    /// Intersection over union; 0 when the rectangles do not overlap.
    public func iou(_ other: NormalizedRect) -> Double {
        let intersection = intersectionArea(other)
        let union = area + other.area - intersection
        return union > 0 ? intersection / union : 0
    }

    /// The rectangle in pixels of a frame of the given size.
    public func pixels(width frameWidth: Int, height frameHeight: Int) -> PixelRect {
        PixelRect(x1: x * Double(frameWidth), y1: y * Double(frameHeight),
                  x2: maxX * Double(frameWidth), y2: maxY * Double(frameHeight))
    }
}

/// A rectangle in pixels as corner coordinates, the way detectors and their reference scripts report boxes.
public struct PixelRect: Sendable, Hashable, Codable {
    public var x1: Double
    public var y1: Double
    public var x2: Double
    public var y2: Double

    public init(x1: Double, y1: Double, x2: Double, y2: Double) {
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
    }

    public func normalized(width frameWidth: Int, height frameHeight: Int) -> NormalizedRect {
        let w = Double(frameWidth), h = Double(frameHeight)
        return NormalizedRect(x: x1 / w, y: y1 / h, width: (x2 - x1) / w, height: (y2 - y1) / h)
    }
}
