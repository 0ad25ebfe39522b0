import Foundation

/// Depth as a false-colour picture a sighted helper can check at a glance: near is warm (red, orange, yellow), far
/// is cool (green, cyan, blue), holes are black. The scale is fixed, not stretched per picture, so a model's picture
/// and a sensor's picture of the same scene can be compared side by side.
public struct DepthPalette: Sendable {
    /// Readings at or nearer than this are the warmest red.
    public var nearest: Float
    /// Readings at or beyond this are the coolest blue.
    public var farthest: Float

    /// 0.3 m to 10 m on a logarithmic scale: indoor distances get most of the colours.
    public init(nearest: Float = 0.3, farthest: Float = 10) {
        precondition(nearest > 0 && farthest > nearest)
        self.nearest = nearest
        self.farthest = farthest
    }

    private static let stops: [(Float, Float, Float)] = [
        (230, 20, 20), (255, 140, 0), (250, 230, 30), (40, 190, 60), (0, 190, 230), (30, 60, 230),
    ]

    /// The colour of one reading.
    public func colour(_ metres: Float) -> (UInt8, UInt8, UInt8) {
        guard DepthMap.isValid(metres) else { return (0, 0, 0) }
        let clamped = min(max(metres, nearest), farthest)
        let position = (log(clamped) - log(nearest)) / (log(farthest) - log(nearest)) * Float(Self.stops.count - 1)
        let index = min(Int(position), Self.stops.count - 2)
        let t = position - Float(index)
        let (a, b) = (Self.stops[index], Self.stops[index + 1])
        return (UInt8(a.0 + (b.0 - a.0) * t), UInt8(a.1 + (b.1 - a.1) * t), UInt8(a.2 + (b.2 - a.2) * t))
    }

    /// The whole map as RGB at `width`×`height` (nearest neighbour), so it lies over the colour frame it belongs to.
    public func picture(of map: DepthMap, width: Int, height: Int) -> Frame {
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            let sourceRow = min(map.height - 1, y * map.height / height) * map.width
            for x in 0..<width {
                let (r, g, b) = colour(map.metres[sourceRow + min(map.width - 1, x * map.width / width)])
                let out = (y * width + x) * 3
                rgb[out] = r
                rgb[out + 1] = g
                rgb[out + 2] = b
            }
        }
        return Frame(width: width, height: height, rgb: rgb, timestamp: map.timestamp)
    }
}
