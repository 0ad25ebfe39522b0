import Foundation

/// A warning about a hazard in view (FR15, FR18): what, where, how close, and whether it is coming closer.
public struct HazardAlert: Sendable, Hashable, Codable {
    public enum Proximity: Sendable, Hashable, Codable {
        /// Closer than `HazardMonitor.Configuration.closeWithin` ("close").
        case close
        /// Further, about this far (or at most this far).
        case distance(DistanceEstimate)
        /// Neither the size prior nor the box says.
        case unknown
    }

    public enum Urgency: String, Sendable, Hashable, Codable {
        /// A hazard in view.
        case warning
        /// A hazard coming closer fast: it skipped the class's cooldown.
        case urgent
    }

    /// The scene tracker's identity of the object.
    public var id: Int
    public var label: String
    public var clock: ClockDirection
    public var distance: DistanceEstimate?
    public var proximity: Proximity
    public var isApproaching: Bool
    /// When approaching: seconds until it would reach the camera at the speed its box grows at.
    public var timeToContact: Double?
    public var box: NormalizedRect

    public var urgency: Urgency { isApproaching ? .urgent : .warning }

    public var isClose: Bool {
        if case .close = proximity { return true }
        return false
    }

    /// The vibration that goes with the alert.
    public var hapticPattern: HapticPattern { isApproaching ? .approachingHazard : .hazard }
}

/// Watches the classes the user counts as hazards and raises alerts: at most one per class per cooldown, and an
/// urgent one, past the cooldown, the first time an object is seen coming closer fast.
public struct HazardMonitor: Sendable {
    public struct Configuration: Sendable, Hashable {
        /// The user's hazard classes.
        public var hazardLabels: Set<String> = Self.defaultHazardLabels
        /// Seconds between alerts of one class, unless `classCooldowns` gives its own.
        public var cooldown = 10.0
        public var classCooldowns: [String: Double] = [:]
        /// Nearer than this (metres) is "close".
        public var closeWithin = 2.0
        /// A box the picture cuts off gives only an upper bound, and an overstated one: a camera held at chest height
        /// with a 45° view cuts off the feet of anyone nearer than about 3 m, and the bound for a person 1 m away is
        /// still 2.1 m. So an object known to be within this many metres is close too.
        public var closeBoundWithin = 3.0
        /// Without a distance, a box covering this share of the picture is close.
        public var closeBoxArea = 0.25
        /// Approaching: the box's area grows by at least `approachGrowth` over the detections of the last
        /// `approachWindow` seconds (at least `approachSightings` of them, fitted as exponential growth).
        ///
        /// Area goes with 1/distance², so +30 % in a second means the gap closes by about 12 % a second: contact in
        /// 7–8 s at that speed. That is a car at 30 km/h 60 m away, a cyclist at 15 km/h 30 m away, or someone
        /// walking at you from 10 m: time to stop and step aside. The detector's jitter on a still object is a few
        /// percent of its area, and fitted over three or more detections it stays well below 30 %. A shorter span of
        /// detections must show the same 30 %, so it asks for a faster approach. Walking towards a parked car counts
        /// too: closing in is closing in.
        public var approachGrowth = 0.30
        public var approachWindow = 1.0
        public var approachSightings = 3
        public var tracking = SceneTracker.Configuration()

        public init() {}

        /// People, vehicles and dogs: what moves and can hurt or be hurt.
        public static let defaultHazardLabels: Set<String> = [
            "person", "bicycle", "car", "motorcycle", "bus", "truck", "dog",
        ]

        public func cooldown(for label: String) -> Double { classCooldowns[label] ?? cooldown }
    }

    public let configuration: Configuration
    public let geometry: SceneGeometry
    public private(set) var tracker: SceneTracker
    /// When each class was last alerted.
    private var lastAlert: [String: Double] = [:]
    /// Objects that have had their urgent alert: an object escalates once.
    private var escalated: Set<Int> = []
    /// Objects warned of, and those warned of as close (by tracker id, while they are tracked).
    private var warned: Set<Int> = []
    private var warnedClose: Set<Int> = []

    public init(filter: DetectionFilter = DetectionFilter(), camera: CameraFieldOfView = .standard,
                priors: SizePriors = .standard, configuration: Configuration = Configuration()) {
        self.configuration = configuration
        geometry = SceneGeometry(camera: camera, priors: priors)
        tracker = SceneTracker(filter: filter, configuration: configuration.tracking)
    }

    /// The camera moved: tracked objects move with the picture.
    public mutating func move(with motion: CameraMotion) {
        tracker.move(with: motion)
    }

    /// A detector frame. Returns the alerts to give now: urgent ones first, then the nearest.
    /// `depth`, when there is some for this frame, measures the distances.
    public mutating func update(detections: [Detection], timestamp: Double, depth: DepthMap? = nil) -> [HazardAlert] {
        let hazards = detections.filter { configuration.hazardLabels.contains($0.label) }
        let candidates = tracker.update(detections: hazards, timestamp: timestamp).map { object in
            let growth = escalated.contains(object.id) ? nil : approachGrowthRate(of: object, at: timestamp)
            return rankedAlert(for: object, approachRate: growth, depth: depth)
        }
        escalated.formIntersection(tracker.objects.keys)
        warned.formIntersection(tracker.objects.keys)
        warnedClose.formIntersection(tracker.objects.keys)
        // A hazard is news when it comes into view, when it first comes close, and when it approaches; one that
        // stays where it is was warned of already, and saying it again every cooldown would be chatter.
        let news = candidates.filter { candidate in
            let alert = candidate.alert
            return !warned.contains(alert.id) || alert.isApproaching || (alert.isClose && !warnedClose.contains(alert.id))
        }
        var alerts: [RankedAlert] = []
        // One alert per class: its most urgent object, else its nearest.
        for group in Dictionary(grouping: news, by: \.alert.label).values {
            guard let best = group.min(by: RankedAlert.precedes) else { continue }
            let label = best.alert.label
            let cooling = lastAlert[label].map { timestamp - $0 < configuration.cooldown(for: label) } ?? false
            if cooling && !best.alert.isApproaching { continue }
            if best.alert.isApproaching { escalated.insert(best.alert.id) }
            warned.insert(best.alert.id)
            if best.alert.isClose { warnedClose.insert(best.alert.id) }
            lastAlert[label] = timestamp
            alerts.append(best)
        }
        return alerts.sorted(by: RankedAlert.precedes).map(\.alert)
    }

    /// An alert with its place in the order they are given in: urgent first, then by importance.
    private struct RankedAlert {
        var alert: HazardAlert
        var order: ImportanceOrder

        static func precedes(_ lhs: RankedAlert, _ rhs: RankedAlert) -> Bool {
            if lhs.alert.isApproaching != rhs.alert.isApproaching { return lhs.alert.isApproaching }
            if lhs.order != rhs.order { return lhs.order < rhs.order }
            return lhs.alert.id < rhs.alert.id
        }
    }

    private func rankedAlert(for object: TrackedObject, approachRate: Double?, depth: DepthMap?) -> RankedAlert {
        let placement = geometry.place(object.label, box: object.box, depth: depth)
        let distance = placement.distance
        let proximity: HazardAlert.Proximity
        if let distance {
            let limit = distance.kind == .atMost ? configuration.closeBoundWithin : configuration.closeWithin
            proximity = distance.unroundedMetres < limit ? .close : .distance(distance)
        } else {
            proximity = object.box.area >= configuration.closeBoxArea ? .close : .unknown
        }
        let alert = HazardAlert(id: object.id, label: object.label, clock: placement.clock, distance: distance,
                                proximity: proximity, isApproaching: approachRate != nil,
                                timeToContact: approachRate.map { 2 / $0 }, box: object.box)
        return RankedAlert(alert: alert, order: placement.order)
    }

    /// The growth rate of the object's box area (per second, as d ln(area)/dt) when it shows an approach, else nil.
    ///
    /// Fitted by least squares over the boxes of the last `approachWindow` seconds that the picture does not cut: a
    /// box growing because more of its object comes into view says nothing about the object's distance.
    func approachGrowthRate(of object: TrackedObject, at timestamp: Double) -> Double? {
        let sightings = object.history.filter { sighting in
            let cut = sighting.box.cutByPicture(margin: geometry.priors.edgeMargin)
            return timestamp - sighting.timestamp <= configuration.approachWindow + 1e-9
                && !cut.horizontally && !cut.vertically && sighting.box.area > 0
        }
        guard sightings.count >= configuration.approachSightings, sightings.last?.timestamp == timestamp,
              let first = sightings.first?.timestamp else { return nil }
        let span = timestamp - first
        guard let rate = LeastSquaresLine(sightings.map { ($0.timestamp - first, log($0.box.area)) })?.slope else {
            return nil
        }
        return exp(rate * span) - 1 >= configuration.approachGrowth ? rate : nil
    }
}
