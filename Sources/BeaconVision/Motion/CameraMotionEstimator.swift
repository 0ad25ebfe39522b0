import BeaconCore

/// Measures how far a picture's content moved between two frames: the camera's own turning, which the guidance
/// tracker takes out of every box (`CameraMotion`).
///
/// Block matching of the whole picture, coarse to fine: every whole-pixel shift within reach on thumbnails halved
/// once, the best refined on the full thumbnails, then to a fraction of a pixel by fitting a V through the costs
/// either side. The cost is the mean absolute grey difference over the part both pictures show. A camera
/// turning by a few degrees moves nearly all of the picture the same way, so one shift describes it; people
/// walking through the picture are a minority the mean outvotes.
///
/// It answers nil rather than guess: for pictures with too little texture (a blank wall, darkness), when no shift
/// fits clearly better than most others, and when the best lies at the edge of the reach (the camera moved
/// further than it looks).
public struct CameraMotionEstimator: Sendable {
    /// Largest motion looked for between two frames, as a share of the picture's width and height: 0.25 is 15° of
    /// turning between frames with a 60° camera, 225°/s at 15 frames a second.
    public var reach = 0.25
    /// Pictures whose grey levels vary less than this (standard deviation) have too little texture to match.
    public var minimumContrast: Float = 4
    /// The best shift's cost must be at most this share of the median cost over all shifts tried.
    public var maximumCostRatio: Float = 0.7
    /// The part both pictures show must be at least this share of the picture.
    public var minimumOverlap = 0.5

    public init() {}

    public func motion(from previous: MotionThumbnail, to current: MotionThumbnail) -> CameraMotion? {
        guard previous.width == current.width, previous.height == current.height,
              previous.width >= 8, previous.height >= 8,
              previous.contrast >= minimumContrast, current.contrast >= minimumContrast else { return nil }
        let before = previous.centred(), after = current.centred()

        // Coarse: every shift within reach on the halved thumbnails.
        let coarseBefore = before.halved(), coarseAfter = after.halved()
        let reachX = max(1, Int((reach * Double(coarseAfter.width)).rounded(.up)))
        let reachY = max(1, Int((reach * Double(coarseAfter.height)).rounded(.up)))
        var costs: [Float] = []
        var best = (x: 0, y: 0, cost: Float.infinity)
        for shiftY in -reachY...reachY {
            for shiftX in -reachX...reachX {
                guard let cost = Self.cost(coarseBefore, coarseAfter, shiftX: shiftX, shiftY: shiftY,
                                           minimumOverlap: minimumOverlap) else { continue }
                costs.append(cost)
                if cost < best.cost { best = (shiftX, shiftY, cost) }
            }
        }
        guard best.cost.isFinite, abs(best.x) < reachX, abs(best.y) < reachY else { return nil }
        costs.sort()
        guard best.cost <= maximumCostRatio * costs[costs.count / 2] else { return nil }

        // Fine: around twice the coarse shift on the full thumbnails.
        var fine = (x: 2 * best.x, y: 2 * best.y, cost: Float.infinity)
        // The sub-pixel step reuses costs of the 3×3 search, so each shift is costed once.
        var table: [SIMD2<Int>: Float?] = [:]
        func fineCost(_ x: Int, _ y: Int) -> Float? {
            let key = SIMD2(x, y)
            if let known = table[key] { return known }
            let cost = Self.cost(before, after, shiftX: x, shiftY: y, minimumOverlap: minimumOverlap)
            table[key] = cost
            return cost
        }
        for shiftY in (2 * best.y - 1)...(2 * best.y + 1) {
            for shiftX in (2 * best.x - 1)...(2 * best.x + 1) {
                if let cost = fineCost(shiftX, shiftY), cost < fine.cost { fine = (shiftX, shiftY, cost) }
            }
        }
        guard fine.cost.isFinite else { return nil }
        let subX = Self.vertexOffset(fineCost(fine.x - 1, fine.y), fine.cost, fineCost(fine.x + 1, fine.y))
        let subY = Self.vertexOffset(fineCost(fine.x, fine.y - 1), fine.cost, fineCost(fine.x, fine.y + 1))
        return CameraMotion(dx: (Double(fine.x) + subX) / Double(after.width),
                            dy: (Double(fine.y) + subY) / Double(after.height))
    }

    /// Mean absolute difference between `after` and `before` moved by (shiftX, shiftY) pixels, over the pixels both
    /// show; nil when they share too little.
    static func cost(_ before: MotionThumbnail, _ after: MotionThumbnail, shiftX: Int, shiftY: Int,
                     minimumOverlap: Double) -> Float? {
        let width = after.width, height = after.height
        let x0 = max(0, shiftX), x1 = min(width, width + shiftX)
        let y0 = max(0, shiftY), y1 = min(height, height + shiftY)
        guard x1 > x0, y1 > y0,
              Double((x1 - x0) * (y1 - y0)) >= minimumOverlap * Double(width * height) else { return nil }
        var total: Float = 0
        // Eight columns at a time: this runs for hundreds of shifts on every frame of every phone.
        let lanes = 8, span = x1 - x0, whole = span - span % lanes
        before.pixels.withUnsafeBufferPointer { previous in
            after.pixels.withUnsafeBufferPointer { current in
                guard let previous = previous.baseAddress, let current = current.baseAddress else { return }
                for y in y0..<y1 {
                    let now = current + y * width + x0
                    let then = previous + (y - shiftY) * width - shiftX + x0
                    var sums = SIMD8<Float>.zero
                    var x = 0
                    while x < whole {
                        let a = UnsafeRawPointer(now + x).loadUnaligned(as: SIMD8<Float>.self)
                        let b = UnsafeRawPointer(then + x).loadUnaligned(as: SIMD8<Float>.self)
                        let difference = a - b
                        sums += difference.replacing(with: -difference, where: difference .< 0)
                        x += lanes
                    }
                    var rowTotal = sums.sum()
                    while x < span {
                        rowTotal += abs(now[x] - then[x])
                        x += 1
                    }
                    total += rowTotal
                }
            }
        }
        return total / Float((x1 - x0) * (y1 - y0))
    }

    /// Where the lowest point lies between three equally spaced costs, relative to the middle one (−0.5…0.5), by
    /// fitting a V of equal slopes: a sum of absolute differences grows linearly away from its minimum, and a
    /// parabola through it pulls answers towards whole pixels. 0 when a side is missing or the middle is not lowest.
    static func vertexOffset(_ left: Float?, _ middle: Float, _ right: Float?) -> Double {
        guard let left, let right, left >= middle, right >= middle else { return 0 }
        let slope = max(left, right) - middle
        guard slope > 0 else { return 0 }
        return Double(min(0.5, max(-0.5, (left - right) / (2 * slope))))
    }
}
