/// One movement of the head (or the whole body): a turn with the bell-shaped speed profile of a human reach
/// (minimum jerk: slow start, fast middle, slow stop), or a sweep at a steady scanning speed.
public struct HeadMovement: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable {
        case turn
        case sweep
    }

    public var kind: Kind
    public var from: ViewDirection
    public var to: ViewDirection
    public var start: Double
    public var duration: Double

    public init(kind: Kind, from: ViewDirection, to: ViewDirection, start: Double, duration: Double) {
        self.kind = kind
        self.from = from
        self.to = to
        self.start = start
        self.duration = max(duration, 1e-3)
    }

    public var end: Double { start + duration }

    public func direction(at time: Double) -> ViewDirection {
        let progress = min(1, max(0, (time - start) / duration))
        let travelled = kind == .turn ? Self.minimumJerk(progress) : progress
        return from + (to - from) * travelled
    }

    /// The same movement cut short at `time` (a sweep stopped because something was heard).
    public func stopped(at time: Double) -> HeadMovement {
        HeadMovement(kind: kind, from: from, to: direction(at: time), start: start, duration: min(duration, time - start))
    }

    /// Fraction of the way travelled after `progress` of the time: 10τ³ − 15τ⁴ + 6τ⁵.
    static func minimumJerk(_ progress: Double) -> Double {
        let t = progress
        return t * t * t * (10 - 15 * t + 6 * t * t)
    }
}
