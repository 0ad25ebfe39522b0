/// An object that has come into view and stayed: said once ("chair, about 2 metres, eleven o'clock").
public struct EnteredObject: Sendable, Hashable, Codable {
    /// The scene tracker's identity of the object.
    public var id: Int
    public var label: String
    public var clock: ClockDirection
    public var distance: DistanceEstimate?
    /// A person or an obstacle (`ImportanceOrder.priorityLabels`).
    public var isPriority: Bool
    public var box: NormalizedRect
    /// The person's own taught thing, said as theirs.
    public var isTaught = false

    public init(id: Int, label: String, clock: ClockDirection, distance: DistanceEstimate?, isPriority: Bool,
                box: NormalizedRect, isTaught: Bool = false) {
        self.id = id
        self.label = label
        self.clock = clock
        self.distance = distance
        self.isPriority = isPriority
        self.box = box
        self.isTaught = isTaught
    }
}

/// Continuous scanning (FR3, FR5): says what comes into view, once.
///
/// Fed every detector frame, it reports each object when it has entered and stayed (confirmed by the
/// `SceneTracker`), never again while it stays, and again only after it has been gone long enough to be forgotten.
/// When several enter at once, people and obstacles come first, then the nearest, at most a few a frame: the rest
/// wait for the next frame. How often words are actually spoken is the speech arbiter's call.
public struct ContinuousScanner: Sendable {
    public struct Configuration: Sendable, Hashable {
        public var tracking = SceneTracker.Configuration()
        /// Objects reported from one detector frame at most; the others follow in the next frames.
        public var maximumPerFrame = 3

        public init() {}
    }

    public let configuration: Configuration
    public let geometry: SceneGeometry
    public private(set) var tracker: SceneTracker
    /// Identities already reported, while the tracker still remembers them.
    private var reported: Set<Int> = []

    public init(filter: DetectionFilter = DetectionFilter(), camera: CameraFieldOfView = .standard,
                priors: SizePriors = .standard, configuration: Configuration = Configuration()) {
        precondition(configuration.maximumPerFrame >= 1, "a scanner reports at least one object a frame")
        self.configuration = configuration
        geometry = SceneGeometry(camera: camera, priors: priors)
        tracker = SceneTracker(filter: filter, configuration: configuration.tracking)
    }

    /// The camera moved: remembered objects move with the picture, so turning back to one does not report it again.
    public mutating func move(with motion: CameraMotion) {
        tracker.move(with: motion)
    }

    /// A detector frame. Returns the objects to report now, most important first.
    /// `depth`, when there is some for this frame, measures the distances.
    public mutating func update(detections: [Detection], timestamp: Double, depth: DepthMap? = nil) -> [EnteredObject] {
        let confirmed = tracker.update(detections: detections, timestamp: timestamp)
        let ranked = confirmed.filter { !reported.contains($0.id) }.map { placed($0, depth: depth) }.sorted { lhs, rhs in
            lhs.order != rhs.order ? lhs.order < rhs.order : lhs.object.id < rhs.object.id
        }
        let entered = ranked.prefix(configuration.maximumPerFrame).map(\.object)
        reported.formIntersection(tracker.objects.keys)
        reported.formUnion(entered.map(\.id))
        return entered
    }

    private func placed(_ object: TrackedObject, depth: DepthMap?) -> (object: EnteredObject, order: ImportanceOrder) {
        // A taught thing has no usual size to tell its distance by; only depth measures it.
        let placement = geometry.place(object.label, box: object.box, depth: depth, sizeKnown: !object.isTaught)
        let entered = EnteredObject(id: object.id, label: object.label, clock: placement.clock, distance: placement.distance,
                                    isPriority: placement.order.isPriority, box: object.box, isTaught: object.isTaught)
        return (entered, placement.order)
    }
}
