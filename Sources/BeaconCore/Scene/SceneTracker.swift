/// One object the scene tracker follows: when it came into view, when it was last seen, and its recent boxes.
public struct TrackedObject: Sendable, Hashable {
    /// The tracker's identity: stable while the object stays (or comes back within `forgetAfter`).
    public var id: Int
    public var label: String
    /// The person's own taught thing (`Detection.isTaught`).
    public var isTaught: Bool
    /// The newest detection's box.
    public var box: NormalizedRect
    public var firstSeen: Double
    public var lastSeen: Double
    /// Detector frames in which it was seen at or above the user's confidence threshold.
    public var confidentSightings: Int
    /// Seen often and long enough to be believed (`SceneTracker.Configuration`); stays so until forgotten.
    public var isConfirmed: Bool
    /// The boxes of the last `historySeconds`, oldest first, each with its detector frame's timestamp.
    public var history: [Sighting]

    public struct Sighting: Sendable, Hashable {
        public var timestamp: Double
        public var box: NormalizedRect
    }
}

/// Follows the objects of a scene from detector frame to detector frame, for the continuous scanner and the hazard
/// monitor: the same association as guidance (`MultiObjectTracker`, by class and box overlap or nearness, moved with
/// the camera when its motion is known), with the time rules those two need on top: an object is believed after two
/// confident sightings at least 0.3 s apart, a new object missed in more than two detector frames is dropped, and an
/// object unseen for more than 3 s is forgotten, so it counts as new when it comes back.
public struct SceneTracker: Sendable {
    public struct Configuration: Sendable, Hashable {
        /// Two sightings rule out a one-frame flicker of the detector…
        public var confirmationSightings = 2
        /// … and 0.3 s rules out a flicker lasting a few frames of a fast detector, while a person walking covers
        /// only about 40 cm in that time.
        public var confirmationSeconds = 0.3
        /// An object not yet confirmed may be missed in this many detector frames in a row.
        public var unconfirmedMissLimit = 2
        /// An object unseen this long has left; when it comes back it is new.
        public var forgetAfter = 3.0
        /// How much of each object's box history is kept (the approach test looks back one second).
        public var historySeconds = 1.5

        public init() {}
    }

    public let configuration: Configuration
    public let filter: DetectionFilter
    private var tracker: MultiObjectTracker
    /// By track identity.
    public private(set) var objects: [Int: TrackedObject] = [:]

    public init(filter: DetectionFilter, configuration: Configuration = Configuration()) {
        self.filter = filter
        self.configuration = configuration
        var tracking = MultiObjectTracker.Configuration()
        // Only detections the user's threshold admits start objects; weaker ones of the same class may still keep
        // an object alive through a dip in confidence, as in guidance.
        tracking.confidentThreshold = filter.minimumConfidence
        tracking.tentativeShare = 1
        tracking.lowConfidenceFloor = min(tracking.lowConfidenceFloor, filter.minimumConfidence)
        // Objects are forgotten by time here, not by missed detector frames.
        tracking.maxMisses = .max
        tracker = MultiObjectTracker(configuration: tracking)
    }

    /// The camera moved: every object moves with the picture.
    public mutating func move(with motion: CameraMotion) {
        tracker.move(with: motion)
    }

    /// A detector frame. Returns the confirmed objects seen in it.
    public mutating func update(detections: [Detection], timestamp: Double) -> [TrackedObject] {
        tracker.update(detections: detections.filter { !filter.ignoredLabels.contains($0.label) }, timestamp: timestamp)
        var seen: [TrackedObject] = []
        for track in tracker.tracks where track.isSeen {
            var object = objects[track.id]
                ?? TrackedObject(id: track.id, label: track.label, isTaught: track.isTaught,
                                 box: track.box, firstSeen: timestamp,
                                 lastSeen: timestamp, confidentSightings: 0, isConfirmed: false, history: [])
            object.label = track.label
            object.box = track.box
            object.lastSeen = timestamp
            if track.confidence >= filter.minimumConfidence { object.confidentSightings += 1 }
            object.history.append(.init(timestamp: timestamp, box: track.box))
            object.history.removeAll { timestamp - $0.timestamp > configuration.historySeconds }
            if object.confidentSightings >= configuration.confirmationSightings
                && timestamp - object.firstSeen >= configuration.confirmationSeconds {
                object.isConfirmed = true
            }
            objects[track.id] = object
            if object.isConfirmed { seen.append(object) }
        }
        forgetGoneObjects(at: timestamp)
        return seen
    }

    private mutating func forgetGoneObjects(at timestamp: Double) {
        let objects = self.objects, configuration = self.configuration
        tracker.forget { track in
            guard let object = objects[track.id] else { return true }
            return timestamp - object.lastSeen > configuration.forgetAfter
                || (!object.isConfirmed && track.misses > configuration.unconfirmedMissLimit)
        }
        let live = Set(tracker.tracks.map(\.id))
        self.objects = objects.filter { live.contains($0.key) }
    }
}
