import BeaconCore
import Foundation

/// What one search pass found, and which tiles it looked at.
public struct TiledSearchResult: Sendable {
    /// Every class from the full frame plus the searched classes from the tiles, one box per object.
    public var detections: [Detection]
    /// The tiles looked at this frame, in frame pixels (empty when the pass did not look closer).
    public var tiles: [PixelRegion]
}

/// Object search that looks closer: the small detectors that run fast on two cores miss most small things at
/// full-frame resolution, so besides the full frame it runs the detector on a few zoomed, overlapping tiles per
/// frame, taking turns through the plan, keeps only the searched classes from them, and merges everything with
/// class-aware NMS.
///
/// Stateful (the rotation and the timings); a lock makes it safe to share, like the detector it wraps.
public final class TiledSearchDetector: ObjectDetector, @unchecked Sendable {
    public let detector: any ObjectDetector
    /// nil: the plan suited to each frame's shape (`TilingPlan.grid(forFrameWidth:height:)`).
    public let plan: TilingPlan?
    public let targets: Set<Int>
    public let budget: TileBudget
    /// Overlap above which boxes of one class are taken as one object when merging.
    public let mergeIoU: Float

    private let lock = NSLock()
    private var rotation: TileRotation?
    private var fullPass = SmoothedDuration()
    private var tilePass = SmoothedDuration()

    public init(detector: any ObjectDetector, targets: Set<Int>, plan: TilingPlan? = nil,
                budget: TileBudget = .fitting(framePeriod: 1.0 / 15, maximum: 2), mergeIoU: Float = 0.45) {
        self.detector = detector
        self.targets = targets
        self.plan = plan
        self.budget = budget
        self.mergeIoU = mergeIoU
    }

    public var labels: [String] { detector.labels }

    /// The full frame and this frame's share of tiles.
    public func detect(_ frame: Frame) throws -> [Detection] {
        try search(frame, lookCloser: true).detections
    }

    /// One search pass. Pass `lookCloser: false` while the target is locked: the full frame then suffices, and
    /// the time goes to a higher cue rate instead.
    public func search(_ frame: Frame, lookCloser: Bool) throws -> TiledSearchResult {
        try lock.withLock {
            let full = try timed(&fullPass) { try detector.detect(frame) }
            guard lookCloser, !targets.isEmpty else { return TiledSearchResult(detections: full, tiles: []) }
            let regions = planFor(frame).tiles(frameWidth: frame.width, frameHeight: frame.height)
            if rotation?.tileCount != regions.count { rotation = TileRotation(tileCount: regions.count) }
            let count = budget.tiles(fullPass: fullPass.seconds, tilePass: tilePass.seconds)
            let chosen = rotation!.take(count).map { regions[$0] }
            let seen = try chosen.map { region in
                TileDetections(region: region, detections: try timed(&tilePass) { try detector.detect(frame.cropped(to: region)) })
            }
            return TiledSearchResult(detections: merger(frame).merge(fullFrame: full, tiles: seen), tiles: chosen)
        }
    }

    /// The full frame and every tile of the plan at once: what a whole rotation sees, for measuring recall.
    /// Leaves the rotation where it was.
    public func searchAllTiles(_ frame: Frame) throws -> TiledSearchResult {
        try lock.withLock {
            let full = try detector.detect(frame)
            let regions = planFor(frame).tiles(frameWidth: frame.width, frameHeight: frame.height)
            let seen = try regions.map { TileDetections(region: $0, detections: try detector.detect(frame.cropped(to: $0))) }
            return TiledSearchResult(detections: merger(frame).merge(fullFrame: full, tiles: seen), tiles: regions)
        }
    }

    private func planFor(_ frame: Frame) -> TilingPlan {
        plan ?? TilingPlan.grid(forFrameWidth: frame.width, height: frame.height)
    }

    private func merger(_ frame: Frame) -> TileMerger {
        TileMerger(frameWidth: frame.width, frameHeight: frame.height, targets: targets, iouThreshold: mergeIoU)
    }

    private func timed<Result>(_ duration: inout SmoothedDuration, _ body: () throws -> Result) rethrows -> Result {
        let start = DispatchTime.now().uptimeNanoseconds
        defer { duration.add(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9) }
        return try body()
    }
}
