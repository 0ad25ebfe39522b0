/// Which detections count at all: the user's confidence threshold and the classes they asked never to hear about.
public struct DetectionFilter: Sendable, Hashable, Codable {
    /// Detections below this confidence are left out.
    public var minimumConfidence: Double
    /// Class names never reported.
    public var ignoredLabels: Set<String>

    public init(minimumConfidence: Double = 0.5, ignoredLabels: Set<String> = []) {
        self.minimumConfidence = minimumConfidence
        self.ignoredLabels = ignoredLabels
    }

    public func admits(_ detection: Detection) -> Bool {
        detection.confidence >= minimumConfidence && !ignoredLabels.contains(detection.label)
    }

    public func apply(_ detections: [Detection]) -> [Detection] { detections.filter(admits) }
}

/// The order things are worth saying in: people and obstacles (what a person walks into, or what comes at them)
/// before everything else, then the nearest first.
public struct ImportanceOrder: Sendable, Hashable, Comparable {
    public var isPriority: Bool
    /// Metres (unrounded); infinity when unknown, so an object without an estimate comes after those with one.
    public var distance: Double
    /// The box's share of the picture: of two equally far objects the larger one is said first.
    public var area: Double

    public init(label: String, distance: DistanceEstimate?, box: NormalizedRect) {
        isPriority = Self.priorityLabels.contains(label)
        self.distance = distance?.unroundedMetres ?? .infinity
        area = box.area
    }

    /// People, vehicles, animals on the way and furniture: what a blind pedestrian meets with body or cane.
    public static let priorityLabels: Set<String> = [
        "person", "bicycle", "car", "motorcycle", "bus", "train", "truck", "traffic light", "fire hydrant",
        "stop sign", "parking meter", "bench", "dog", "horse", "cow", "chair", "couch", "potted plant", "bed",
        "dining table", "toilet", "suitcase",
    ]

    /// `lhs < rhs`: lhs is more important, so it is said first.
    public static func < (lhs: ImportanceOrder, rhs: ImportanceOrder) -> Bool {
        if lhs.isPriority != rhs.isPriority { return lhs.isPriority }
        if lhs.distance != rhs.distance { return lhs.distance < rhs.distance }
        return lhs.area > rhs.area
    }
}
