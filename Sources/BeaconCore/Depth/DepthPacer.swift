/// Which frames get depth computed, decided before the depth source runs: a monocular model costs far more than
/// anything done with its output, so a frame nobody will use is better never estimated.
///
/// - Walking (not paused), the session wants depth at walk mode's own rate (`AssistantSession.depthInterval`: 30 a
///   second while the camera moves, 15 while it is still). A frame sooner than that after the last one taken is
///   skipped; the same tolerance as `WalkMonitor.accepts(at:)` lets a jittery camera's frames through, so every frame
///   taken here is one the monitor uses.
/// - In the other modes that place objects (`AssistantSession.wantsDepth`), every frame may have depth; a live
///   loop's worker then takes the newest whenever it is free.
/// - Otherwise (reading, finding text) none.
///
/// Pure and driven by the frames' timestamps, so scripted runs skip exactly the same frames every time.
public struct DepthPacer: Sendable {
    /// Frames may come this much sooner than the interval and still be taken.
    public var tolerance: Double
    private var lastTaken: Double?

    public init(tolerance: Double = WalkMonitor.Configuration().intervalTolerance) {
        self.tolerance = tolerance
    }

    /// Whether to compute depth for the frame at `timestamp`, given whether depth is wanted at all and, when it is
    /// wanted at a rate, the seconds between frames. Frames must be asked about in time order.
    public mutating func takes(at timestamp: Double, wanted: Bool, interval: Double?) -> Bool {
        guard wanted || interval != nil else {
            lastTaken = nil
            return false
        }
        if let interval, let lastTaken, timestamp - lastTaken < interval * tolerance, timestamp >= lastTaken {
            return false
        }
        lastTaken = timestamp
        return true
    }

    /// The same, as `session` wants depth now.
    public mutating func takes(at timestamp: Double, for session: AssistantSession) -> Bool {
        takes(at: timestamp, wanted: session.wantsDepth, interval: session.depthInterval)
    }
}
