/// Which tiles to look at next: a few per frame, taking turns, so every tile of the plan is visited once
/// every `ceil(tileCount / perFrame)` frames whatever the budget.
public struct TileRotation: Sendable, Hashable {
    public let tileCount: Int
    /// The first tile of the next turn.
    public private(set) var next = 0

    public init(tileCount: Int) {
        precondition(tileCount >= 1, "a rotation needs at least one tile")
        self.tileCount = tileCount
    }

    /// The indices of the next `count` tiles (never more than the plan holds, never one twice in a turn).
    public mutating func take(_ count: Int) -> [Int] {
        let taken = min(max(count, 0), tileCount)
        let indices = (0..<taken).map { (next + $0) % tileCount }
        next = (next + taken) % tileCount
        return indices
    }
}
