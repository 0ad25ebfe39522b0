/// How text regions are cut out of the detector's probability map (DB post-processing).
public struct TextBoxSettings: Sendable, Hashable {
    /// Pixels above this probability are text.
    public var binaryThreshold: Float = 0.3
    /// Regions whose mean probability is lower are dropped.
    public var boxThreshold: Double = 0.6
    /// The detector marks a shrunken core of each line; the box grows by area × ratio / perimeter to cover it.
    public var unclipRatio: Double = 1.6
    /// Regions thinner than this (map pixels) are noise.
    public var minimumSize: Double = 3
    /// At most this many regions are considered.
    public var maximumCandidates = 1000

    public init() {}
}

/// A rotated rectangle: centre, unit direction of its first side, and its two side lengths.
struct RotatedRect: Hashable, Sendable {
    var centre: ImagePoint
    var ux: Double
    var uy: Double
    var length: Double
    var across: Double

    /// Corners after growing every side outwards by `grow`, starting at (-length, -across) and going round.
    func corners(grow: Double = 0) -> [ImagePoint] {
        let hl = length / 2 + grow, ha = across / 2 + grow
        let vx = -uy, vy = ux
        return [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)].map { sx, sy in
            ImagePoint(x: centre.x + sx * hl * ux + sy * ha * vx, y: centre.y + sx * hl * uy + sy * ha * vy)
        }
    }
}

/// Finds text lines in the detector's probability map: binarise, 8-connected components built from row runs,
/// convex hull of each component, minimum-area rectangle, mean-probability score, unclip, and reading order.
///
/// Reuses its buffers between frames; not for concurrent use.
struct TextBoxFinder {
    var settings: TextBoxSettings

    private var runRow: [Int32] = []
    private var runStart: [Int32] = []
    private var runEnd: [Int32] = []
    private var parent: [Int32] = []
    private var points: [HullPoint] = []
    private var hull: [HullPoint] = []

    init(settings: TextBoxSettings = TextBoxSettings()) {
        self.settings = settings
    }

    /// Quads in image pixels, in reading order, for a `mapWidth` × `mapHeight` map of an image of the given size.
    mutating func boxes(in map: UnsafeBufferPointer<Float>, mapWidth: Int, mapHeight: Int,
                        imageWidth: Int, imageHeight: Int) -> [ImageQuad] {
        precondition(map.count >= mapWidth * mapHeight)
        findRuns(map, width: mapWidth, height: mapHeight)
        let components = groupRuns()
        let scaleX = Double(imageWidth) / Double(mapWidth), scaleY = Double(imageHeight) / Double(mapHeight)
        var quads: [ImageQuad] = []
        for runs in components.prefix(settings.maximumCandidates) {
            points.removeAll(keepingCapacity: true)
            for run in runs {
                points.append(HullPoint(x: Int(runStart[run]), y: Int(runRow[run])))
            }
            for run in runs {
                points.append(HullPoint(x: Int(runEnd[run]), y: Int(runRow[run])))
            }
            convexHull()
            guard hull.count >= 3, let rect = minimumAreaRect(), min(rect.length, rect.across) >= settings.minimumSize
            else { continue }
            guard meanProbability(map, width: mapWidth, height: mapHeight, inside: rect.corners()) >= settings.boxThreshold
            else { continue }
            let distance = rect.length * rect.across * settings.unclipRatio / (2 * (rect.length + rect.across))
            guard min(rect.length, rect.across) + 2 * distance >= settings.minimumSize + 2 else { continue }
            let corners = rect.corners(grow: distance).map { p in
                ImagePoint(x: min(max(p.x * scaleX, 0), Double(imageWidth)), y: min(max(p.y * scaleY, 0), Double(imageHeight)))
            }
            let quad = Self.ordered(corners)
            guard min(quad.topLeft.distance(to: quad.topRight), quad.topLeft.distance(to: quad.bottomLeft)) > 3 else { continue }
            quads.append(quad)
        }
        return Self.readingOrder(quads)
    }

    // MARK: Components

    /// Runs of pixels above the threshold, row by row (end inclusive).
    private mutating func findRuns(_ map: UnsafeBufferPointer<Float>, width: Int, height: Int) {
        runRow.removeAll(keepingCapacity: true)
        runStart.removeAll(keepingCapacity: true)
        runEnd.removeAll(keepingCapacity: true)
        let threshold = settings.binaryThreshold
        for y in 0..<height {
            let row = map.baseAddress! + y * width
            var x = 0
            while x < width {
                guard row[x] > threshold else { x += 1; continue }
                let start = x
                while x < width && row[x] > threshold { x += 1 }
                runRow.append(Int32(y))
                runStart.append(Int32(start))
                runEnd.append(Int32(x - 1))
            }
        }
    }

    /// Joins runs that touch (8-connected) with union-find; each component's runs, ordered by its first run.
    private mutating func groupRuns() -> [[Int]] {
        let count = runRow.count
        parent = (0..<Int32(count)).map { $0 }
        var previousStart = 0, previousEnd = 0, rowStart = 0
        var currentRow: Int32 = -2
        for i in 0..<count {
            let y = runRow[i]
            if y != currentRow {
                if y == currentRow + 1 {
                    previousStart = rowStart
                    previousEnd = i
                } else {
                    previousStart = i
                    previousEnd = i
                }
                rowStart = i
                currentRow = y
            }
            var j = previousStart
            while j < previousEnd {
                if runEnd[j] >= runStart[i] - 1 && runStart[j] <= runEnd[i] + 1 {
                    let a = find(i), b = find(j)
                    if a != b { parent[max(a, b)] = Int32(min(a, b)) }
                }
                if runStart[j] > runEnd[i] + 1 { break }
                j += 1
            }
        }
        var componentOfRoot: [Int: Int] = [:]
        var components: [[Int]] = []
        for i in 0..<count {
            let root = find(i)
            if let index = componentOfRoot[root] {
                components[index].append(i)
            } else {
                componentOfRoot[root] = components.count
                components.append([i])
            }
        }
        return components
    }

    private mutating func find(_ start: Int) -> Int {
        var i = start
        while Int(parent[i]) != i {
            parent[i] = parent[Int(parent[i])]
            i = Int(parent[i])
        }
        return i
    }

    // MARK: Geometry

    /// Andrew's monotone chain over `points` into `hull`, collinear points dropped.
    private mutating func convexHull() {
        points.sort { ($0.x, $0.y) < ($1.x, $1.y) }
        var unique = 0
        for point in points where unique == 0 || points[unique - 1] != point {
            points[unique] = point
            unique += 1
        }
        points.removeLast(points.count - unique)
        hull.removeAll(keepingCapacity: true)
        guard points.count >= 3 else {
            hull.append(contentsOf: points)
            return
        }
        func cross(_ o: HullPoint, _ a: HullPoint, _ b: HullPoint) -> Int {
            (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
        }
        for point in points {
            while hull.count >= 2 && cross(hull[hull.count - 2], hull[hull.count - 1], point) <= 0 { hull.removeLast() }
            hull.append(point)
        }
        let lowerCount = hull.count
        for point in points.reversed().dropFirst() {
            while hull.count >= lowerCount + 1 && cross(hull[hull.count - 2], hull[hull.count - 1], point) <= 0 {
                hull.removeLast()
            }
            hull.append(point)
        }
        // The upper chain ends where the lower one started.
        hull.removeLast()
    }

    /// Rotating calipers: the rectangle with one side along a hull edge that has the least area.
    private func minimumAreaRect() -> RotatedRect? {
        var best: (area: Double, rect: RotatedRect)?
        let n = hull.count
        for i in 0..<n {
            let a = hull[i], b = hull[(i + 1) % n]
            let dx = Double(b.x - a.x), dy = Double(b.y - a.y)
            let length = (dx * dx + dy * dy).squareRoot()
            guard length > 0 else { continue }
            let ux = dx / length, uy = dy / length
            var sMin = Double.infinity, sMax = -Double.infinity, tMin = Double.infinity, tMax = -Double.infinity
            for p in hull {
                let px = Double(p.x), py = Double(p.y)
                let s = px * ux + py * uy
                let t = -px * uy + py * ux
                sMin = min(sMin, s); sMax = max(sMax, s)
                tMin = min(tMin, t); tMax = max(tMax, t)
            }
            let area = (sMax - sMin) * (tMax - tMin)
            if best == nil || area < best!.area {
                let sMid = (sMin + sMax) / 2, tMid = (tMin + tMax) / 2
                best = (area, RotatedRect(centre: ImagePoint(x: sMid * ux - tMid * uy, y: sMid * uy + tMid * ux),
                                          ux: ux, uy: uy, length: sMax - sMin, across: tMax - tMin))
            }
        }
        return best?.rect
    }

    /// Mean probability over the map pixels inside a convex quad (boundary included).
    private func meanProbability(_ map: UnsafeBufferPointer<Float>, width: Int, height: Int,
                                 inside corners: [ImagePoint]) -> Double {
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let x0 = max(0, Int(xs.min()!.rounded(.down))), x1 = min(width - 1, Int(xs.max()!.rounded(.up)))
        let y0 = max(0, Int(ys.min()!.rounded(.down))), y1 = min(height - 1, Int(ys.max()!.rounded(.up)))
        guard x1 >= x0, y1 >= y0 else { return 0 }
        // Each edge's sign: which side of it the rest of the quad lies on.
        var edges: [(ax: Double, ay: Double, ex: Double, ey: Double, sign: Double)] = []
        for i in 0..<4 {
            let a = corners[i], b = corners[(i + 1) % 4], c = corners[(i + 2) % 4]
            let ex = b.x - a.x, ey = b.y - a.y
            edges.append((a.x, a.y, ex, ey, (ex * (c.y - a.y) - ey * (c.x - a.x)) >= 0 ? 1 : -1))
        }
        var sum = 0.0
        var count = 0
        for y in y0...y1 {
            let gy = Double(y)
            let row = map.baseAddress! + y * width
            for x in x0...x1 {
                let gx = Double(x)
                var inside = true
                for edge in edges where (edge.ex * (gy - edge.ay) - edge.ey * (gx - edge.ax)) * edge.sign < -1e-9 {
                    inside = false
                    break
                }
                if inside {
                    sum += Double(row[x])
                    count += 1
                }
            }
        }
        return count == 0 ? 0 : sum / Double(count)
    }

    /// The two leftmost corners are the left side, the higher of each side its top.
    static func ordered(_ corners: [ImagePoint]) -> ImageQuad {
        let byX = corners.sorted { ($0.x, $0.y) < ($1.x, $1.y) }
        let (topLeft, bottomLeft) = byX[0].y <= byX[1].y ? (byX[0], byX[1]) : (byX[1], byX[0])
        let (topRight, bottomRight) = byX[2].y <= byX[3].y ? (byX[2], byX[3]) : (byX[3], byX[2])
        return ImageQuad(topLeft: topLeft, topRight: topRight, bottomRight: bottomRight, bottomLeft: bottomLeft)
    }

    /// Top to bottom by the top-left corner; neighbours on one line (tops closer than half the lower height)
    /// left to right.
    static func readingOrder(_ unordered: [ImageQuad]) -> [ImageQuad] {
        var quads = unordered.sorted { ($0.topLeft.y, $0.topLeft.x) < ($1.topLeft.y, $1.topLeft.x) }
        func height(_ q: ImageQuad) -> Double { q.topLeft.distance(to: q.bottomLeft) }
        guard quads.count > 1 else { return quads }
        for i in 0..<(quads.count - 1) {
            var j = i
            while j >= 0 {
                let a = quads[j], b = quads[j + 1]
                guard abs(b.topLeft.y - a.topLeft.y) < 0.5 * min(height(a), height(b)), b.topLeft.x < a.topLeft.x else { break }
                quads.swapAt(j, j + 1)
                j -= 1
            }
        }
        return quads
    }
}

/// A map pixel on a component's outline.
struct HullPoint: Hashable, Sendable {
    var x: Int
    var y: Int
}
