/// Lets a share of a frame stream through, chosen by the frames' timestamps, so a camera at 30 fps becomes 15 fps
/// at a factor of 0.5 (and 22.5 at 0.75) with the kept frames evenly spread.
///
/// Time is cut into slots of one source interval ÷ factor, with their edges midway between frames, and the first
/// frame in each slot is kept: jitter of up to half an interval cannot put two kept frames in one slot, and a lost
/// frame leaves its slot's other frame to be kept. After a stall (a whole slot without frames) the slots restart
/// from the late frame, so no burst follows to catch up.
public struct FramePacer: Sendable {
    public var factor: Double {
        didSet { factor = min(1, max(0.01, factor)) }
    }
    private var previous: Double?
    private var recentGaps: [Double] = []
    /// Where the next slot starts; nil while every frame is kept.
    private var nextSlot: Double?
    private static let gapsRemembered = 15

    public init(factor: Double = 1) {
        self.factor = min(1, max(0.01, factor))
    }

    /// The source's frame interval: the mean of the recent gaps between timestamps, leaving out those half again
    /// longer than the median (lost frames, stalls); nil until two frames have come.
    public var sourceInterval: Double? {
        guard !recentGaps.isEmpty else { return nil }
        let median = recentGaps.sorted()[recentGaps.count / 2]
        let regular = recentGaps.filter { $0 <= 1.5 * median }
        return regular.reduce(0, +) / Double(regular.count)
    }

    /// Whether the frame with this timestamp is handled; every frame of the source must be offered, in order.
    public mutating func admits(timestamp: Double) -> Bool {
        if let previous, timestamp > previous {
            recentGaps.append(timestamp - previous)
            if recentGaps.count > Self.gapsRemembered { recentGaps.removeFirst() }
        }
        previous = timestamp
        guard factor < 1, let interval = sourceInterval else {
            nextSlot = nil
            return true
        }
        let slot = interval / factor
        guard let start = nextSlot else {
            nextSlot = timestamp - interval / 2 + slot
            return true
        }
        guard timestamp >= start else { return false }
        nextSlot = timestamp < start + slot ? start + slot : timestamp - interval / 2 + slot
        return true
    }
}
