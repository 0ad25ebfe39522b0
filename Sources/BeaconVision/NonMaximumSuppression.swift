/// A box in pixels with its class and score, as detectors produce them before suppression.
public struct ScoredBox: Sendable, Hashable {
    public var x1: Float, y1: Float, x2: Float, y2: Float
    public var score: Float
    public var classIndex: Int

    public init(x1: Float, y1: Float, x2: Float, y2: Float, score: Float, classIndex: Int) {
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
        self.score = score
        self.classIndex = classIndex
    }

    @inline(__always)
    func iou(_ other: ScoredBox) -> Float {
        let w = min(x2, other.x2) - max(x1, other.x1)
        let h = min(y2, other.y2) - max(y1, other.y1)
        guard w > 0, h > 0 else { return 0 }
        let intersection = w * h
        let union = (x2 - x1) * (y2 - y1) + (other.x2 - other.x1) * (other.y2 - other.y1) - intersection
        return union > 0 ? intersection / union : 0
    }
}

/// Class-aware greedy non-maximum suppression: within each class, keep the best box and drop any box that
/// overlaps a kept one by more than `iouThreshold`. Boxes of different classes never suppress each other.
/// Returns kept boxes, best first. `limit` caps how many candidates are considered (best first).
public func nonMaximumSuppression(_ boxes: [ScoredBox], iouThreshold: Float, limit: Int = 1000) -> [ScoredBox] {
    // Stable order on ties keeps results identical to the reference implementation's.
    let sorted = boxes.enumerated().sorted { a, b in
        a.element.score != b.element.score ? a.element.score > b.element.score : a.offset < b.offset
    }.prefix(limit).map(\.element)
    var kept: [ScoredBox] = []
    kept.reserveCapacity(min(sorted.count, 64))
    for candidate in sorted {
        let suppressed = kept.contains { $0.classIndex == candidate.classIndex && $0.iou(candidate) > iouThreshold }
        if !suppressed { kept.append(candidate) }
    }
    return kept
}
