/// One thing in a scene report: objects of one class at one clock hour ("two chairs at eleven o'clock, the nearer
/// about 1.5 metres away").
public struct SceneItem: Sendable, Hashable, Codable {
    public var label: String
    /// How many objects of the class sit at this hour.
    public var count: Int
    public var clock: ClockDirection
    /// The nearest one's distance; nil when no box of the group gave one.
    public var distance: DistanceEstimate?
    /// 1 for the item said first.
    public var rank: Int
    /// A person or an obstacle (`ImportanceOrder.priorityLabels`).
    public var isPriority: Bool
    /// The objects' boxes, most important first.
    public var boxes: [NormalizedRect]
    /// The person's own taught thing (`Detection.isTaught`), said as theirs.
    public var isTaught = false

    public init(label: String, count: Int, clock: ClockDirection, distance: DistanceEstimate?, rank: Int,
                isPriority: Bool, boxes: [NormalizedRect], isTaught: Bool = false) {
        self.label = label
        self.count = count
        self.clock = clock
        self.distance = distance
        self.rank = rank
        self.isPriority = isPriority
        self.boxes = boxes
        self.isTaught = isTaught
    }
}

/// What one frame shows, most important first (FR16's explore report).
public struct SceneDescription: Sendable, Hashable, Codable {
    public var items: [SceneItem]
    /// Objects found but beyond the report's length ("and 4 more").
    public var omittedObjectCount: Int

    public init(items: [SceneItem], omittedObjectCount: Int) {
        self.items = items
        self.omittedObjectCount = omittedObjectCount
    }

    public var isEmpty: Bool { items.isEmpty }
}

/// Turns one frame's detections into a scene report: the user's filter, grouping by class and clock hour, ordering
/// by importance, and a cap on the length.
public struct SceneDescriber: Sendable, Hashable {
    public var filter: DetectionFilter
    public var geometry: SceneGeometry
    /// Items in the report. FR16 asks for at least five; eight is about what a listener takes in at once.
    public var maximumItems: Int

    public init(filter: DetectionFilter = DetectionFilter(), camera: CameraFieldOfView = .standard,
                priors: SizePriors = .standard, maximumItems: Int = 8) {
        precondition(maximumItems >= 1, "a report has room for at least one item")
        self.filter = filter
        geometry = SceneGeometry(camera: camera, priors: priors)
        self.maximumItems = maximumItems
    }

    /// `depth`, when there is some for this frame, measures the distances.
    public func describe(_ detections: [Detection], depth: DepthMap? = nil) -> SceneDescription {
        struct Placed {
            var detection: Detection
            var placement: Placement
            var order: ImportanceOrder { placement.order }
        }
        struct GroupKey: Hashable {
            var label: String
            var isTaught: Bool
            var hour: Int
        }
        let placed = filter.apply(detections).map {
            Placed(detection: $0, placement: geometry.place($0.label, box: $0.box, depth: depth,
                                                            sizeKnown: !$0.isTaught))
        }
        let groups = Dictionary(grouping: placed) {
            GroupKey(label: $0.detection.label, isTaught: $0.detection.isTaught, hour: $0.placement.clock.hour)
        }
            .values
            .map { $0.sorted { $0.order < $1.order } }
            .sorted { lhs, rhs in
                // Ties (identical boxes and classes) fall back to the label and the hour so the report is stable.
                if lhs[0].order != rhs[0].order { return lhs[0].order < rhs[0].order }
                return (lhs[0].detection.label, lhs[0].placement.clock.hour)
                    < (rhs[0].detection.label, rhs[0].placement.clock.hour)
            }
        let kept = groups.prefix(maximumItems)
        let items = kept.enumerated().map { index, members in
            SceneItem(label: members[0].detection.label, count: members.count, clock: members[0].placement.clock,
                      distance: members.lazy.compactMap(\.placement.distance).first, rank: index + 1,
                      isPriority: members[0].order.isPriority, boxes: members.map(\.detection.box),
                      isTaught: members[0].detection.isTaught)
        }
        let omitted = groups.dropFirst(maximumItems).reduce(0) { $0 + $1.count }
        return SceneDescription(items: items, omittedObjectCount: omitted)
    }
}
