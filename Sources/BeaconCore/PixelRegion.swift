/// A rectangle of whole pixels, origin top-left: where a tile or a simulated view is cut from. It may reach
/// beyond the picture; `clipped` gives the part inside.
public struct PixelRegion: Sendable, Hashable, Codable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }

    /// The part of this region that lies inside a frame of the given size (possibly empty).
    public func clipped(width frameWidth: Int, height frameHeight: Int) -> PixelRegion {
        let left = min(max(x, 0), frameWidth), top = min(max(y, 0), frameHeight)
        let right = min(max(maxX, left), frameWidth), bottom = min(max(maxY, top), frameHeight)
        return PixelRegion(x: left, y: top, width: right - left, height: bottom - top)
    }

    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}
