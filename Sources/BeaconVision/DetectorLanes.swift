import BeaconCore
import Foundation

/// Several copies of one detector, each a single-thread session, so that detections for different phones run side
/// by side. On this kind of model a second intra-op thread buys little (PP-PicoDet at 416: 20.8 ms on one thread,
/// 18.0 ms on two), while two sessions on two cores do nearly twice the work of one.
///
/// Each call takes whichever copy is free, waiting when all are busy; a single caller gets one copy's latency.
public final class DetectorLanes: ObjectDetector, @unchecked Sendable {
    private let detectors: [any ObjectDetector]
    private let condition = NSCondition()
    private var free: [Int]

    public var labels: [String] { detectors[0].labels }
    /// How many detections can run at once.
    public var count: Int { detectors.count }

    /// - Parameter detectors: at least one; every one must detect the same classes.
    public init(_ detectors: [any ObjectDetector]) {
        precondition(!detectors.isEmpty, "DetectorLanes needs at least one detector")
        self.detectors = detectors
        free = Array(detectors.indices.reversed())
    }

    public func detect(_ frame: Frame) throws -> [Detection] {
        let lane = condition.withLock {
            while free.isEmpty { condition.wait() }
            return free.removeLast()
        }
        defer {
            condition.withLock {
                free.append(lane)
                condition.signal()
            }
        }
        return try detectors[lane].detect(frame)
    }
}
