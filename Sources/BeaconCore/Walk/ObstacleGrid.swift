/// How near something is, in Guider's four zones.
public enum ObstacleZone: Int, Sendable, Hashable, Codable, Comparable, CaseIterable {
    /// Nothing within 2 m.
    case safe
    /// 1–2 m.
    case caution
    /// 0.5–1 m.
    case warning
    /// Nearer than 0.5 m.
    case danger

    public static func < (lhs: ObstacleZone, rhs: ObstacleZone) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The zone of something `metres` away (the lower bound of each zone belongs to the nearer one).
    public init(metres: Float, limits: ObstacleZone.Limits = Limits()) {
        if metres < limits.danger { self = .danger }
        else if metres < limits.warning { self = .warning }
        else if metres <= limits.caution { self = .caution }
        else { self = .safe }
    }

    /// The zones' outer edges in metres.
    public struct Limits: Sendable, Hashable, Codable {
        public var caution: Float = 2
        public var warning: Float = 1
        public var danger: Float = 0.5

        public init() {}
    }
}

/// One depth frame seen as obstacles on the 3×3 grid (rows top, middle, bottom; columns left, centre, right).
///
/// Each valid pixel becomes a point in the room through `DepthRays`. A point is part of an obstacle when it stands
/// more than `obstacleHeight` above the floor (Guider's 30 cm; anything lower is floor, a kerb, a threshold) and lower
/// than `headroom` (higher is ceiling and signs the person walks under). In other words, a pixel below the horizon
/// counts only when it is clearly nearer than the floor would be there: at 1.3 m and 30 cm, nearer than 77 % of the
/// floor's distance. A cell's distance is the `quantile` (a fifth) of the horizontal distances of its valid pixels,
/// floor and overhead counting as clear: an obstacle must cover a fifth of what the cell sees to count, so a few
/// noisy pixels do not, and when it does its near side is what is reported.
public struct ObstacleGrid: Sendable, Equatable {
    public enum Reading: Sendable, Hashable {
        /// Too few valid pixels (holes, out of range).
        case unknown
        /// Nothing but floor, open space or overhead.
        case clear
        /// An obstacle this many metres away (horizontally).
        case obstacle(Float)

        /// The distance as a number for medians: clear is infinitely far, unknown is NaN.
        public var metres: Float {
            switch self {
            case .unknown: .nan
            case .clear: .infinity
            case .obstacle(let metres): metres
            }
        }

        public init(metres: Float) {
            if metres.isNaN { self = .unknown } else if metres.isInfinite { self = .clear } else { self = .obstacle(metres) }
        }
    }

    public struct Configuration: Sendable, Hashable, Codable {
        /// Points this high above the floor or more are obstacles (metres).
        public var obstacleHeight: Float = 0.3
        /// Points this high above the floor or more are overhead (metres).
        public var headroom: Float = 2.0
        /// The share of a cell's valid pixels that must be obstacle for it to count.
        public var quantile: Float = 0.2
        /// A cell with fewer valid pixels than this share is unknown.
        public var minimumValidShare: Float = 0.05
        /// Obstacles further than this are clear (metres).
        public var range: Float = 8
        /// Distances are binned this finely (metres): a histogram per cell, no sorting.
        public var resolution: Float = 0.05

        public init() {}
    }

    /// `cells[row * 3 + column]`.
    public var cells: [Reading]

    public init(cells: [Reading]) {
        precondition(cells.count == 9)
        self.cells = cells
    }

    public subscript(row: DepthGrid.Row, column: DepthGrid.Column) -> Reading { cells[row.rawValue * 3 + column.rawValue] }
}

/// Measures `ObstacleGrid`s, reusing its histograms from frame to frame.
public struct ObstacleGridMeter: Sendable {
    public let configuration: ObstacleGrid.Configuration
    private var histogram: [Int32]
    private let bins: Int

    public init(configuration: ObstacleGrid.Configuration = ObstacleGrid.Configuration()) {
        self.configuration = configuration
        bins = Int((configuration.range / configuration.resolution).rounded(.up))
        histogram = Array(repeating: 0, count: 9 * bins)
    }

    public mutating func measure(_ map: DepthMap, rays: DepthRays) -> ObstacleGrid {
        precondition(map.width == rays.width && map.height == rays.height)
        let configuration = self.configuration, bins = self.bins
        let width = map.width, height = map.height
        var valid = [Int](repeating: 0, count: 9), total = [Int](repeating: 0, count: 9)
        let camera = Float(rays.pose.height)
        let lowest = configuration.obstacleHeight, highest = configuration.headroom
        let perMetre = 1 / configuration.resolution
        histogram.withUnsafeMutableBufferPointer { histogram in
            for index in histogram.indices { histogram[index] = 0 }
            map.metres.withUnsafeBufferPointer { depth in
                rays.side.withUnsafeBufferPointer { side in
                    for y in 0..<height {
                        let row = min(2, y * 3 / height)
                        let down = rays.down[y], ahead = rays.ahead[y], aheadSquared = ahead * ahead
                        let line = y * width
                        for x in 0..<width {
                            let column = min(2, x * 3 / width)
                            let cell = row * 3 + column
                            total[cell] += 1
                            let z = depth[line + x]
                            guard z.isFinite, z > 0 else { continue }
                            valid[cell] += 1
                            let rise = camera - z * down
                            guard rise > lowest, rise < highest else { continue }
                            let metres = z * (aheadSquared + side[x] * side[x]).squareRoot()
                            let bin = Int(metres * perMetre)
                            if bin < bins { histogram[cell * bins + bin] += 1 }
                        }
                    }
                }
            }
        }
        var cells: [ObstacleGrid.Reading] = []
        cells.reserveCapacity(9)
        for cell in 0..<9 {
            guard total[cell] > 0, Float(valid[cell]) >= configuration.minimumValidShare * Float(total[cell]) else {
                cells.append(.unknown)
                continue
            }
            let needed = max(1, Int((configuration.quantile * Float(valid[cell])).rounded(.up)))
            var seen = 0
            var reading = ObstacleGrid.Reading.clear
            for bin in 0..<bins {
                seen += Int(histogram[cell * bins + bin])
                if seen >= needed {
                    reading = .obstacle((Float(bin) + 0.5) * configuration.resolution)
                    break
                }
            }
            cells.append(reading)
        }
        return ObstacleGrid(cells: cells)
    }
}
