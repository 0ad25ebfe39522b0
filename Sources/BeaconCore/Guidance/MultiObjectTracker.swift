/// Carries detected boxes from one detector frame to the next, and through the frames in between.
///
/// The detector runs when the CPU allows; the tracker keeps an identity and a constant-velocity motion estimate per
/// object so guidance can move at the frame rate. Association works like ByteTrack: confident detections are matched
/// first, then low-confidence ones may keep an existing track alive but never start one.
///
/// A "missed frame" is a detector frame in which the track found no detection: frames in between carry no evidence.
public struct MultiObjectTracker: Sendable {
    public struct Configuration: Sendable, Hashable {
        /// Detections at or above this confidence can match any track and start new ones.
        public var confidentThreshold = 0.5
        /// Detections between this and `confidentThreshold` only keep existing tracks alive; lower ones are ignored.
        /// (Run the detector with this as its threshold to get them.)
        public var lowConfidenceFloor = 0.1
        /// A detection at least this share of `confidentThreshold` that matches no track starts a tentative track,
        /// confirmed once it is seen again: an object cut by the picture's edge often scores 0.35–0.5 with YOLOX
        /// until more of it is in view, and waiting for 0.5 sends the person sweeping away from a target the camera
        /// already shows. A share rather than a number, because detectors' scores run on different scales (the
        /// confident threshold is the model's calibrated one). `beacon bench guidance` with PicoDet (0.65): at a
        /// fixed 0.35 its weak boxes of things that are not there became targets (88 % of runs centred, 18 false
        /// centres on things the photos lack); at 0.75 of 0.65 (0.49) 95 %, with one such false centre.
        public var tentativeShare = 0.75
        public var tentativeThreshold: Double { confidentThreshold * tentativeShare }
        /// A confident detection matches a track if it overlaps the predicted box by at least this IoU…
        public var minimumIoU = 0.1
        /// … or if its centre is this close (the duplicate radius: a detection that close is the same object).
        public var duplicateCentreDistance = 0.15
        /// A low-confidence detection must overlap the predicted box at least this well, since it is weaker evidence.
        public var recoveryMinimumIoU = 0.3
        /// Two boxes of one class overlapping more than this are the same object (for new detections and for tracks).
        public var duplicateIoU = 0.6
        /// A track missing from this many consecutive detector frames is dropped.
        public var maxMisses = 15
        /// Every this many detector frames, missing tracks are re-associated with fresh detections within
        /// `repairRadius`, and the motion of those still missing is frozen, so a wrong motion estimate cannot carry a
        /// box away from its object.
        public var repairEvery = 15
        public var repairRadius = 0.3
        /// …and only to a detection of roughly its size (areas within this factor, three times each way): on the
        /// coffee pan the track of a cup boxed with its saucer was repaired onto a box of the cup's handle (25 times
        /// smaller), and guidance followed the handle.
        public var repairMaximumSizeRatio = 9.0
        /// Two tracks of one class whose boxes nest — the smaller at least `nestedOverlap` inside the larger and at
        /// least `nestedAreaShare` of its area — are one object boxed twice (a cup, and the cup with its saucer),
        /// so they become one track; IoU alone keeps them apart (0.45 there). Nil keeps them apart: a child in
        /// front of an adult is two people to count, while a search guides to one thing either way.
        public var mergesNested: NestedBoxes? = nil
        public struct NestedBoxes: Sendable, Hashable {
            public var nestedOverlap = 0.85
            public var nestedAreaShare = 0.35
            public init() {}
        }
        /// How long a prediction may extrapolate past the anchor, in seconds.
        public var predictionHorizon = 0.5
        /// Weight of a new velocity measurement against the previous estimate.
        public var velocityGain = 0.5
        /// Fastest plausible motion, in frame sizes per second; a jump beyond it is a detector glitch, not motion.
        public var maxSpeed = 2.0

        public init() {}
    }

    public let configuration: Configuration
    /// The live tracks, oldest first.
    public private(set) var tracks: [Track] = []
    /// Detector frames seen so far.
    public private(set) var detectorFrames = 0
    private var nextID = 1

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Whether the detector frame just processed was a drift-repair frame.
    public var isRepairFrame: Bool {
        configuration.repairEvery > 0 && detectorFrames > 0 && detectorFrames % configuration.repairEvery == 0
    }

    /// The camera moved: every box moves with the picture. Velocities stay: with the camera's motion taken out they
    /// describe each object's own.
    public mutating func move(with motion: CameraMotion) {
        for index in tracks.indices {
            tracks[index].box = tracks[index].box.moved(by: motion)
            tracks[index].anchor = tracks[index].anchor.moved(by: motion)
        }
    }

    /// A frame without new detections: move every box to where its motion says it is now.
    public mutating func predict(timestamp: Double) {
        for index in tracks.indices {
            tracks[index].box = tracks[index].predictedBox(at: timestamp, horizon: configuration.predictionHorizon)
        }
    }

    /// A detector frame: associate the detections with the tracks, start tracks for new objects, drop lost ones.
    public mutating func update(detections: [Detection], timestamp: Double) {
        detectorFrames += 1
        predict(timestamp: timestamp)

        let confident = detections.indices.filter { detections[$0].confidence >= configuration.confidentThreshold }
        let weak = detections.indices.filter {
            detections[$0].confidence >= configuration.lowConfidenceFloor
                && detections[$0].confidence < configuration.confidentThreshold
        }
        var unmatchedTracks = Array(tracks.indices)
        var usedDetections = Set<Int>()
        var matched: [(track: Int, detection: Int, kind: Track.Match)] = []

        func associate(_ pool: [Int], kind: Track.Match, gate: (Track, Detection) -> MatchCandidate?) {
            var candidates: [MatchCandidate] = []
            for track in unmatchedTracks {
                for detection in pool where !usedDetections.contains(detection) {
                    guard tracks[track].isSameKind(as: detections[detection]),
                          var candidate = gate(tracks[track], detections[detection]) else { continue }
                    candidate.row = track
                    candidate.column = detection
                    candidates.append(candidate)
                }
            }
            for pair in greedyMatches(candidates) {
                matched.append((pair.row, pair.column, kind))
                usedDetections.insert(pair.column)
                unmatchedTracks.removeAll { $0 == pair.row }
            }
        }

        // Stage 1: confident detections against every track's predicted box.
        associate(confident, kind: .confident) { track, detection in
            let iou = track.box.iou(detection.box), distance = track.box.centreDistance(to: detection.box)
            guard iou >= configuration.minimumIoU || distance < configuration.duplicateCentreDistance else { return nil }
            return MatchCandidate(row: 0, column: 0, overlap: iou, distance: distance)
        }
        // Stage 2: low-confidence detections only rescue tracks they overlap well.
        associate(weak, kind: .recovered) { track, detection in
            let iou = track.box.iou(detection.box)
            guard iou >= configuration.recoveryMinimumIoU else { return nil }
            return MatchCandidate(row: 0, column: 0, overlap: iou, distance: track.box.centreDistance(to: detection.box))
        }
        // Drift repair: a missing track takes the nearest fresh detection near either its prediction or its anchor.
        if isRepairFrame {
            associate(confident + weak, kind: .repaired) { track, detection in
                let distance = min(track.box.centreDistance(to: detection.box), track.anchor.centreDistance(to: detection.box))
                let larger = max(track.box.area, detection.box.area), smaller = min(track.box.area, detection.box.area)
                guard distance < configuration.repairRadius,
                      larger <= smaller * configuration.repairMaximumSizeRatio else { return nil }
                return MatchCandidate(row: 0, column: 0, overlap: 0, distance: distance)
            }
        }

        for match in matched {
            apply(detections[match.detection], to: match.track, kind: match.kind, timestamp: timestamp)
        }
        for index in unmatchedTracks {
            tracks[index].misses += 1
            tracks[index].lastMatch = nil
            if isRepairFrame { freeze(index, timestamp: timestamp) }
        }
        tracks.removeAll { $0.misses >= configuration.maxMisses }

        for detection in confident where !usedDetections.contains(detection) {
            guard !isDuplicate(detections[detection]) else { continue }
            tracks.append(Track(id: nextID, detection: detections[detection], timestamp: timestamp))
            nextID += 1
        }
        for detection in weak where !usedDetections.contains(detection)
            && detections[detection].confidence >= configuration.tentativeThreshold {
            guard !isDuplicate(detections[detection]) else { continue }
            tracks.append(Track(id: nextID, detection: detections[detection], timestamp: timestamp, confirmed: false))
            nextID += 1
        }
        mergeDuplicateTracks()
    }

    /// Drops the tracks `isGone` picks: for a caller with its own rule for when an object has gone (after so many
    /// seconds unseen, say, where `maxMisses` counts detector frames).
    public mutating func forget(where isGone: (Track) -> Bool) {
        tracks.removeAll(where: isGone)
    }

    /// A detection duplicates a track of its class if it overlaps it strongly or its centre is close.
    public func isDuplicate(_ detection: Detection) -> Bool {
        tracks.contains { track in
            track.isSameKind(as: detection)
                && (track.box.iou(detection.box) > configuration.duplicateIoU
                    || track.box.centreDistance(to: detection.box) < configuration.duplicateCentreDistance)
        }
    }

    private mutating func apply(_ detection: Detection, to index: Int, kind: Track.Match, timestamp: Double) {
        var track = tracks[index]
        let elapsed = timestamp - track.anchorTime
        if kind == .repaired {
            // The old motion estimate is what drifted: start a new one from here.
            track.velocity = .zero
            track.hasVelocity = false
        } else if elapsed > 0 {
            let measured = Track.Velocity(dx: (detection.box.midX - track.anchor.midX) / elapsed,
                                          dy: (detection.box.midY - track.anchor.midY) / elapsed)
            // Motion stops at once when the person stops turning: a slowing measurement is taken whole, or the
            // remembered speed would carry the box on past its object for several frames after the camera stopped.
            let slowing = measured.speed < track.velocity.speed
            let gain = track.hasVelocity && !slowing ? configuration.velocityGain : 1
            var velocity = Track.Velocity(dx: track.velocity.dx + gain * (measured.dx - track.velocity.dx),
                                          dy: track.velocity.dy + gain * (measured.dy - track.velocity.dy))
            if velocity.speed > configuration.maxSpeed {
                let scale = configuration.maxSpeed / velocity.speed
                velocity = Track.Velocity(dx: velocity.dx * scale, dy: velocity.dy * scale)
            }
            track.velocity = velocity
            track.hasVelocity = true
        }
        track.box = detection.box
        track.anchor = detection.box
        track.anchorTime = timestamp
        track.confidence = detection.confidence
        track.label = detection.label
        track.hits += 1
        track.misses = 0
        track.lastMatch = kind
        track.isConfirmed = true
        tracks[index] = track
    }

    /// Stops extrapolating a missing track: it stays where it is now until something is seen again.
    private mutating func freeze(_ index: Int, timestamp: Double) {
        tracks[index].anchor = tracks[index].box
        tracks[index].anchorTime = timestamp
        tracks[index].velocity = .zero
        tracks[index].hasVelocity = false
    }

    /// Whether one box lies inside the other as one object boxed twice (see `Configuration.mergesNested`).
    private func areNested(_ a: NormalizedRect, _ b: NormalizedRect) -> Bool {
        guard let rule = configuration.mergesNested else { return false }
        let smaller = min(a.area, b.area), larger = max(a.area, b.area)
        guard smaller > 0 else { return false }
        return a.intersectionArea(b) >= rule.nestedOverlap * smaller && smaller >= rule.nestedAreaShare * larger
    }

    /// Two tracks that have converged on one object become one. The older identity survives (a target lock holds it)
    /// and takes the state of whichever was seen more recently (of nested ones, the more confident).
    ///
    /// Only strong overlap (or nesting, where asked for) counts here, not the centre-distance rule: two real objects
    /// side by side may have close centres, but their boxes barely overlap.
    private mutating func mergeDuplicateTracks() {
        var index = 0
        while index < tracks.count {
            var other = index + 1
            while other < tracks.count {
                let older = tracks[index], newer = tracks[other]
                let overlapping = older.box.iou(newer.box) > configuration.duplicateIoU
                guard older.isSameKind(as: newer), overlapping || areNested(older.box, newer.box) else {
                    other += 1
                    continue
                }
                // Nested boxes are two views of one object, both seen now: the detector's surer one is the object.
                let fresher = overlapping
                    ? ((newer.misses, -newer.hits) < (older.misses, -older.hits) ? newer : older)
                    : ((newer.misses, -newer.confidence) < (older.misses, -older.confidence) ? newer : older)
                var survivor = fresher.adopting(id: older.id)
                survivor.hits = max(older.hits, newer.hits)
                survivor.isConfirmed = older.isConfirmed || newer.isConfirmed
                tracks[index] = survivor
                tracks.remove(at: other)
            }
            index += 1
        }
    }
}
