/// How many tiles a frame may spend on a closer look.
public enum TileBudget: Sendable, Hashable {
    /// Always this many tiles per frame.
    case fixed(Int)
    /// As many tiles as keep the average frame, full-frame pass included, within `framePeriod` seconds (1/15 for
    /// a 15 Hz cue rate), judged from how long recent passes took; never more than `maximum` in one frame.
    /// When a tile costs more than a frame has to spare, the spare time is saved up and a tile runs every few
    /// frames instead.
    case fitting(framePeriod: Double, maximum: Int)
}

/// Turns a budget into a tile count frame by frame, from measured pass durations. Pure arithmetic: the caller
/// measures and reports the durations, so the schedule is testable without a clock.
public struct TileAllowance: Sendable {
    public let budget: TileBudget
    private var fullPass: Double?
    private var tilePass: Double?
    /// Seconds saved up towards the next tile.
    private var credit = 0.0

    /// The part of the frame period the detector may use; the rest is for the camera, audio and speech that
    /// share the same cores.
    static let usableShare = 0.9

    public init(budget: TileBudget) {
        self.budget = budget
    }

    /// Tiles for the next frame.
    public mutating func tilesForNextFrame() -> Int {
        switch budget {
        case let .fixed(count):
            return max(0, count)
        case let .fitting(period, maximum):
            // Before the first measurement, look at one tile: the answer comes one frame later either way.
            guard let fullPass else { return min(1, maximum) }
            // A tile costs about what the full frame costs: the model sees the same input size.
            let tile = max(tilePass ?? fullPass, 1e-6)
            let spare = period * Self.usableShare - fullPass
            guard spare > 0 else {
                credit = 0
                return 0
            }
            // Saving more than one tile's worth would only buy a burst of tiles in one long frame.
            credit = min(credit + spare, max(spare, tile))
            let tiles = min(max(0, maximum), Int(credit / tile))
            credit -= Double(tiles) * tile
            return tiles
        }
    }

    /// Reports how long a full-frame pass took, in seconds.
    public mutating func recordFullPass(_ seconds: Double) { fullPass = Self.smooth(fullPass, seconds) }

    /// Reports how long one tile pass took, in seconds.
    public mutating func recordTilePass(_ seconds: Double) { tilePass = Self.smooth(tilePass, seconds) }

    /// Recent passes weigh most, so the schedule follows the load without jumping on one outlier.
    private static func smooth(_ average: Double?, _ sample: Double) -> Double {
        average.map { 0.8 * $0 + 0.2 * sample } ?? sample
    }
}
