/// Find my ride, as a value the session keeps (Thing Finder's rideshare lifecycle): vehicles are tracked as one
/// class (a detector calls the same car "car" one frame and "truck" the next); the nearest car not yet ruled out is
/// checked — plate and colour, by the runtime, on that frame — at most one at a time and each at most every 0.8 s;
/// a car with another plate is let be for a while; the car whose plate matches is the found one, and its track is
/// kept, plate visible or not, for guidance to lead to.
public struct RideSearch: Sendable {
    public struct Policy: Sendable {
        /// A car is checked again at most this often (Thing Finder: 0.8 s).
        public var recheckEvery = 0.8
        /// A car with another plate is not checked again for this long.
        public var mismatchRest = 15.0
        /// A check that never came back is given up after this long (the runtime failed or was busy).
        public var checkTimeout = 5.0
        /// Cars narrower than this share of the picture are too far to read (a plate on them is a few pixels).
        public var minimumWidth = 0.12
        /// A car whose plate stayed unreadable this many checks running is checked `restFactor` times less often:
        /// the next car deserves the reader's time.
        public var patience = 3
        public var restFactor = 4.0

        public init() {}
    }

    /// What the session should do or say.
    public enum Step: Sendable, Hashable {
        /// Check this car (a track) in this frame; `hiddenBy` are the nearer vehicles in front of it.
        case check(track: Int, box: NormalizedRect, hiddenBy: [NormalizedRect])
        /// A car is being checked: its colour, when known.
        case checking(colour: CarColour?)
        case plateNotVisible
        /// This car has another plate.
        case anotherPlate(colour: CarColour?)
        /// This car, its plate unreadable, is plainly another colour.
        case otherColour(CarColour)
        /// This is the car.
        case found(colour: CarColour?)
    }

    /// One car's state.
    enum Status: Sendable, Hashable {
        case unchecked
        /// Checked `times` running with nothing decided (plate not readable, or two characters off): checked again
        /// when due.
        case undecided(times: Int)
        case ruledOut(until: Double)
        case matched
    }

    /// The detector class the tracker files every vehicle under.
    public static let vehicleClass = -2

    public let wanted: RideDescription
    public let policy: Policy
    private var tracker: MultiObjectTracker
    private var status: [Int: Status] = [:]
    private var lastChecked: [Int: Double] = [:]
    private var inFlight: (track: Int, since: Double)?
    /// Cars said "Checking …" and "Plate not visible yet." for, so each is said once a car.
    private var announced: Set<Int> = []
    private var saidNotVisible: Set<Int> = []
    /// The car whose plate matched.
    public private(set) var found: Int?
    /// When "It is dark" was last said.
    private var saidDarkAt: Double?

    public init(wanted: RideDescription, policy: Policy = Policy()) {
        self.wanted = wanted
        self.policy = policy
        var configuration = MultiObjectTracker.Configuration()
        configuration.confidentThreshold = 0.4
        tracker = MultiObjectTracker(configuration: configuration)
    }

    /// Whether to say that the picture is dark, now that it turned dark: yes the first time, and again only after a
    /// minute (a passing street lamp makes the light come and go).
    public mutating func turnedDark(at timestamp: Double) -> Bool {
        if let saidDarkAt, timestamp - saidDarkAt < 60 { return false }
        saidDarkAt = timestamp
        return true
    }

    /// The found car's box now; nil before it is found or once its track is gone.
    public var foundBox: NormalizedRect? {
        guard let found else { return nil }
        return tracker.tracks.first { $0.id == found }?.box
    }

    /// Whether the found car was seen in the newest detector frame (not only predicted).
    public var foundIsInView: Bool {
        guard let found else { return false }
        return tracker.tracks.first { $0.id == found }?.misses == 0
    }

    public mutating func move(with motion: CameraMotion) { tracker.move(with: motion) }

    public mutating func predict(at timestamp: Double) { tracker.predict(timestamp: timestamp) }

    /// The detector's newest detections: vehicles are tracked, and the next car due for a check is named.
    public mutating func update(detections: [Detection], at timestamp: Double) -> [Step] {
        let vehicles = detections.filter { RideSearchLabels.vehicles.contains($0.label) }.map { detection in
            var vehicle = detection
            vehicle.classIndex = Self.vehicleClass
            return vehicle
        }
        tracker.update(detections: vehicles, timestamp: timestamp)
        if let found, !tracker.tracks.contains(where: { $0.id == found }) { self.found = nil }
        if let pending = inFlight, timestamp - pending.since > policy.checkTimeout { inFlight = nil }
        guard found == nil, inFlight == nil else { return [] }
        let due = tracker.tracks.filter { track in
            guard track.isConfirmed, track.misses == 0, track.box.width >= policy.minimumWidth else { return false }
            switch status[track.id] ?? .unchecked {
            case .unchecked: return true
            case .undecided(let times):
                let wait = policy.recheckEvery * (times >= policy.patience ? policy.restFactor : 1)
                return timestamp - (lastChecked[track.id] ?? -.infinity) >= wait
            case .ruledOut(let until): return timestamp >= until
            case .matched: return false
            }
        }
        // Nearest (largest) first: the car that stopped for the person is usually the one in front of them. But of
        // boxes overlapping it, the surest first: a faint box over a shop front reaches down to the car parked
        // before it and reads its plate too, and then the shop would be "your car" (as `beacon ride` keeps a plate
        // with the most confident of the boxes that read it).
        guard let nearest = due.max(by: { $0.box.area < $1.box.area }) else { return [] }
        let next = due.filter { $0.box.intersectionArea(nearest.box) > 0 }.max { $0.confidence < $1.confidence } ?? nearest
        inFlight = (next.id, timestamp)
        lastChecked[next.id] = timestamp
        let inView = tracker.tracks.filter { $0.misses == 0 }.map(\.box)
        return [.check(track: next.id, box: next.box, hiddenBy: next.box.hidden(by: inView))]
    }

    /// The colour of a car being checked, known before its plate is read: "Checking a red car." once a car.
    public mutating func colourSeen(_ colour: CarColour?, track: Int) -> [Step] {
        guard !announced.contains(track) else { return [] }
        announced.insert(track)
        return [.checking(colour: colour)]
    }

    /// A check came back; `plateRead` says whether a plate was read (a mismatch without one is the colour's).
    public mutating func checked(track: Int, verdict: RideVerdict, colour: CarColour?, plateRead: Bool,
                                 at timestamp: Double) -> [Step] {
        if inFlight?.track == track { inFlight = nil }
        let times: Int
        if case .undecided(let before)? = status[track] { times = before + 1 } else { times = 1 }
        switch verdict {
        case .match:
            status[track] = .matched
            found = track
            return [.found(colour: colour)]
        case .mismatch:
            status[track] = .ruledOut(until: timestamp + policy.mismatchRest)
            if !plateRead, let colour { return [.otherColour(colour)] }
            return [.anotherPlate(colour: colour)]
        case .partial:
            status[track] = .undecided(times: times)
            return []
        case .unverified:
            status[track] = .undecided(times: times)
            guard !saidNotVisible.contains(track) else { return [] }
            saidNotVisible.insert(track)
            return [.plateNotVisible]
        }
    }
}

/// The detector labels a ride can have.
public enum RideSearchLabels {
    public static let vehicles: Set<String> = ["car", "truck", "bus"]
}

/// What the runtime found on a car it was asked to check.
public enum RideEvent: Sendable, Hashable {
    /// The car's colour, named from its body before its plate is read (nil: too few pixels to tell).
    case colourSeen(track: Int, colour: CarColour?)
    /// The plate read (nil: none readable) and the verdict.
    case checked(track: Int, verdict: RideVerdict, colour: CarColour?, plate: String?)
    /// The camera's picture became dark (true) or light again (false): dark pictures are brightened for the
    /// detector and the plate reader, and cars may still be missed.
    case light(dark: Bool)
}
