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
    public let plan: TilingPlan
    public let targets: Set<Int>
    public let budget: TileBudget
    /// Overlap above which boxes of one class are taken as one object when merging.
    public let mergeIoU: Float

    private let lock = NSLock()
    private var rotation: TileRotation?
    private var allowance: TileAllowance

    public init(detector: any ObjectDetector, targets: Set<Int>, plan: TilingPlan = .standard,
                budget: TileBudget = .fitting(framePeriod: 1.0 / 15, maximum: 2), mergeIoU: Float = 0.45) {
        self.detector = detector
        self.targets = targets
        self.plan = plan
        self.budget = budget
        self.mergeIoU = mergeIoU
        self.allowance = TileAllowance(budget: budget)
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
            let (full, fullSeconds) = try timed { try detector.detect(frame) }
            allowance.recordFullPass(fullSeconds)
            guard lookCloser, !targets.isEmpty else { return TiledSearchResult(detections: full, tiles: []) }
            let regions = plan.tiles(frameWidth: frame.width, frameHeight: frame.height)
            if rotation?.tileCount != regions.count { rotation = TileRotation(tileCount: regions.count) }
            let chosen = rotation!.take(allowance.tilesForNextFrame()).map { regions[$0] }
            let seen = try chosen.map { region in
                let (detections, seconds) = try timed { try detector.detect(frame.cropped(to: region)) }
                allowance.recordTilePass(seconds)
                return TileDetections(region: region, detections: detections)
            }
            return TiledSearchResult(detections: merger(frame).merge(fullFrame: full, tiles: seen), tiles: chosen)
        }
    }

    /// The full frame and every tile of the plan at once: what a whole rotation sees, for measuring recall.
    /// Leaves the rotation where it was.
    public func searchAllTiles(_ frame: Frame) throws -> TiledSearchResult {
        try lock.withLock {
            let full = try detector.detect(frame)
            let regions = plan.tiles(frameWidth: frame.width, frameHeight: frame.height)
            let seen = try regions.map { TileDetections(region: $0, detections: try detector.detect(frame.cropped(to: $0))) }
            return TiledSearchResult(detections: merger(frame).merge(fullFrame: full, tiles: seen), tiles: regions)
        }
    }

    private func merger(_ frame: Frame) -> TileMerger {
        TileMerger(frameWidth: frame.width, frameHeight: frame.height, targets: targets, iouThreshold: mergeIoU)
    }

    /// The body's result and how many seconds it took.
    private func timed<Result>(_ body: () throws -> Result) rethrows -> (Result, Double) {
        let start = DispatchTime.now().uptimeNanoseconds
        let result = try body()
        return (result, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
}
