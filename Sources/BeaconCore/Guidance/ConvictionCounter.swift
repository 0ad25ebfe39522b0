/// How sure the search is that its target is really there: evidence builds up fast and fades slowly,
/// so one detection turns guidance on but a few missed detections do not turn it off.
public struct ConvictionCounter: Sendable, Hashable, Codable {
    /// Added for a detector frame with the target.
    public let gainPerHit: Int
    /// Taken away for a detector frame without it.
    public let costPerMiss: Int
    public let maximum: Int
    /// Guidance is on at this value or above.
    public let threshold: Int
    public private(set) var value = 0

    /// The defaults are Revilio's: +4, −1, at most 10, on at 4 (from saturation, 7 misses switch guidance off).
    public init(gainPerHit: Int = 4, costPerMiss: Int = 1, maximum: Int = 10, threshold: Int = 4) {
        self.gainPerHit = gainPerHit
        self.costPerMiss = costPerMiss
        self.maximum = maximum
        self.threshold = threshold
    }

    public var isOn: Bool { value >= threshold }

    public mutating func record(hit: Bool) {
        value = min(maximum, max(0, value + (hit ? gainPerHit : -costPerMiss)))
    }

    public mutating func reset() { value = 0 }
}
