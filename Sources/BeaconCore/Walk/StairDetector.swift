/// Which way a flight of stairs goes from where the person stands.
public enum StairDirection: String, Sendable, Hashable, Codable {
    case up
    case down
}

/// A flight of stairs seen in one depth frame.
public struct StairSighting: Sendable, Hashable {
    public var direction: StairDirection
    /// Metres ahead of each step edge, nearest first.
    public var edges: [Float]
    /// Each step's rise in metres (positive up), in the same order.
    public var rises: [Float]

    /// The mean distance between neighbouring edges.
    public var spacing: Float { edges.count > 1 ? (edges.last! - edges.first!) / Float(edges.count - 1) : 0 }
}

/// Guider's stair rule, worked out in the room rather than in the picture: in the lower part of the depth picture
/// (40 %), at least three regularly spaced steps (rise 5–30 cm, spacing deviating less than 30 % from its mean), all
/// up or all down.
///
/// The middle third of each row of that band gives one median depth, which `DepthRays` turns into a point on the
/// vertical slice straight ahead: metres ahead and height above the floor under the person's feet. Walked from the
/// bottom row (nearest) upwards, the profile of a staircase is a run of flat treads at levels a rise apart: risers
/// (seen going up) join them, or nothing does (going down, each tread hides the riser below its nosing). The profile
/// is cut into flat pieces (heights within `levelTolerance`, sloping less than `maximumTreadSlope`, at least
/// `minimumTreadDepth` deep), and each pair of neighbouring pieces is a step: its rise is the difference of their
/// levels, its edge where the nearer piece ends. A floor, a ramp and a wall give no steps: the floor is one piece, a
/// ramp slopes, a wall has no depth.
public struct StairDetector: Sendable {
    public struct Configuration: Sendable, Hashable, Codable {
        /// The lower share of the picture searched (Guider's 40 %)…
        public var band: Double = 0.4
        /// …but never less than this many degrees of view. Guider's 40 % was of a phone worn upright, about 28° of
        /// its 70° view; 40 % of a 45° webcam is 18°, which from a chest sees only two steps of stairs going up
        /// (each step up fills 8–12° of view from 1–2 m), so the rule's three steps could never be met.
        public var minimumBandDegrees: Double = 28
        /// The middle share of each row's width used.
        public var columns: Double = 1.0 / 3
        public var riseRange: ClosedRange<Float> = 0.05...0.30
        public var minimumSteps = 3
        /// Standard deviation of the spacing over its mean.
        public var maximumSpacingDeviation: Float = 0.3
        /// Steps closer together or further apart than this are not stairs (metres; stair goings are 22–35 cm).
        public var spacingRange: ClosedRange<Float> = 0.15...0.6
        /// Points within this of a piece's level belong to it (metres).
        public var levelTolerance: Float = 0.03
        public var minimumTreadDepth: Float = 0.02
        /// A piece rising more than this per metre ahead is a slope, not a tread.
        public var maximumTreadSlope: Float = 0.12
        /// A row with fewer valid pixels than this share in its middle is left out.
        public var minimumValidShare: Float = 0.3

        public init() {}
    }

    /// One point of the profile: metres ahead, metres above the floor.
    public struct ProfilePoint: Sendable, Hashable {
        public var ahead: Float
        public var height: Float
    }

    /// A flat piece of the profile.
    public struct Tread: Sendable, Hashable {
        public var level: Float
        public var nearest: Float
        public var furthest: Float
    }

    public let configuration: Configuration
    private var scratch: [Float] = []

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    public mutating func detect(_ map: DepthMap, rays: DepthRays) -> StairSighting? {
        Self.sighting(in: Self.treads(in: profile(map, rays: rays), configuration: configuration),
                      configuration: configuration)
    }

    /// The profile straight ahead, bottom row first.
    public mutating func profile(_ map: DepthMap, rays: DepthRays) -> [ProfilePoint] {
        let width = map.width, height = map.height
        let share = max(configuration.band, configuration.minimumBandDegrees / rays.pose.verticalFieldOfView)
        let firstRow = max(0, min(height - 1, Int((Double(height) * (1 - min(1, share))).rounded())))
        let x0 = max(0, Int(Double(width) * (1 - configuration.columns) / 2))
        let x1 = min(width, max(x0 + 1, width - x0))
        let needed = max(1, Int((configuration.minimumValidShare * Float(x1 - x0)).rounded(.up)))
        var points: [ProfilePoint] = []
        points.reserveCapacity(height - firstRow)
        for y in stride(from: height - 1, through: firstRow, by: -1) {
            scratch.removeAll(keepingCapacity: true)
            let line = y * width
            for x in x0..<x1 {
                let z = map.metres[line + x]
                if z.isFinite && z > 0 { scratch.append(z) }
            }
            guard scratch.count >= needed else { continue }
            let z = DepthMap.median(scratch)
            points.append(ProfilePoint(ahead: rays.distanceAhead(depth: z, row: y),
                                       height: rays.heightAboveFloor(depth: z, row: y)))
        }
        return points
    }

    /// The flat pieces of a profile, nearest first.
    public static func treads(in profile: [ProfilePoint], configuration: Configuration) -> [Tread] {
        var treads: [Tread] = []
        var piece: [ProfilePoint] = []
        var sum: Float = 0
        func close() {
            defer { piece.removeAll(keepingCapacity: true); sum = 0 }
            guard !piece.isEmpty else { return }
            let nearest = piece.map(\.ahead).min()!, furthest = piece.map(\.ahead).max()!
            let n = Float(piece.count)
            // Looking down a flight, each tread shows only the strip beyond the nosing above it: far down the flight
            // that is a row or two, too few to measure a slope. Such a glimpse counts as a level; a surface seen in
            // more rows must be flat and have depth (a wall's rows have none).
            guard piece.count > 2 else {
                treads.append(Tread(level: sum / n, nearest: nearest, furthest: furthest))
                return
            }
            guard furthest - nearest >= configuration.minimumTreadDepth else { return }
            // Least-squares slope of height over distance ahead: a ramp is no tread.
            let meanAhead = piece.reduce(0) { $0 + $1.ahead } / n, meanHeight = sum / n
            var covariance: Float = 0, variance: Float = 0
            for point in piece {
                covariance += (point.ahead - meanAhead) * (point.height - meanHeight)
                variance += (point.ahead - meanAhead) * (point.ahead - meanAhead)
            }
            guard variance > 0, abs(covariance / variance) <= configuration.maximumTreadSlope else { return }
            treads.append(Tread(level: meanHeight, nearest: nearest, furthest: furthest))
        }
        for point in profile {
            if !piece.isEmpty, abs(point.height - sum / Float(piece.count)) > configuration.levelTolerance { close() }
            piece.append(point)
            sum += point.height
        }
        close()
        return treads
    }

    /// The longest run of steps that passes the rule, if any.
    public static func sighting(in treads: [Tread], configuration: Configuration) -> StairSighting? {
        guard treads.count > configuration.minimumSteps else { return nil }
        var best: StairSighting?
        var run: StairSighting?
        func finish() {
            if let candidate = run, candidate.edges.count >= configuration.minimumSteps, isRegular(candidate),
               candidate.edges.count > (best?.edges.count ?? 0) {
                best = candidate
            }
            run = nil
        }
        func isRegular(_ sighting: StairSighting) -> Bool {
            let gaps = zip(sighting.edges.dropFirst(), sighting.edges).map { $0 - $1 }
            guard gaps.allSatisfy(configuration.spacingRange.contains) else { return false }
            let mean = gaps.reduce(0, +) / Float(gaps.count)
            let variance = gaps.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Float(gaps.count)
            return variance.squareRoot() < configuration.maximumSpacingDeviation * mean
        }
        for (near, far) in zip(treads, treads.dropFirst()) {
            let rise = far.level - near.level
            guard configuration.riseRange.contains(abs(rise)) else {
                finish()
                continue
            }
            let direction: StairDirection = rise > 0 ? .up : .down
            if let current = run, current.direction != direction { finish() }
            if run == nil { run = StairSighting(direction: direction, edges: [], rises: []) }
            run!.edges.append(near.furthest)
            run!.rises.append(rise)
        }
        finish()
        return best
    }
}
