/// How many tiles a frame may spend on a closer look.
public enum TileBudget: Sendable, Hashable {
    /// Always this many tiles per frame.
    case fixed(Int)
    /// As many tiles as fit, next to the full-frame pass, in `framePeriod` seconds (1/15 for a 15 Hz cue rate),
    /// judged from how long recent passes took; never more than `maximum`. A tenth of the period is kept free
    /// because the camera, audio and speech share the same cores.
    case fitting(framePeriod: Double, maximum: Int)

    /// Tiles for the next frame, given smoothed durations of one full-frame pass and one tile pass (seconds;
    /// nil before anything was measured).
    public func tiles(fullPass: Double?, tilePass: Double?) -> Int {
        switch self {
        case let .fixed(count):
            return max(0, count)
        case let .fitting(period, maximum):
            // Before the first measurement, look at one tile: the answer comes one frame later either way.
            guard let fullPass else { return min(1, maximum) }
            // A tile costs about what the full frame costs: the model sees the same input size.
            let tile = max(tilePass ?? fullPass, 1e-6)
            let spare = period * 0.9 - fullPass
            guard spare > 0 else { return 0 }
            return min(maximum, Int(spare / tile))
        }
    }
}

/// A smoothed duration: recent passes weigh most, so the budget follows the load without jumping on one outlier.
struct SmoothedDuration: Sendable {
    private(set) var seconds: Double?

    mutating func add(_ sample: Double) {
        seconds = seconds.map { 0.8 * $0 + 0.2 * sample } ?? sample
    }
}
