/// Which tracked object the search is guiding to, how sure it is, and where that object is heading.
///
/// With several candidates it picks the one nearest the middle of the picture and holds that track until it is lost
/// (conviction falls to 0, or the tracker drops the track), so guidance never flips between two similar objects.
public struct TargetLock: Sendable {
    public struct Configuration: Sendable, Hashable {
        public var conviction = ConvictionCounter()
        /// Weight of the previous smoothed position: new = 0.1·old + 0.9·measurement, light enough not to lag.
        public var smoothingMemory = 0.1
        /// Smoothed positions the one-frame-ahead prediction fits its line through.
        public var predictionSamples = 3
        /// "One frame" until two frames have been seen.
        public var defaultFrameInterval = 1.0 / 15
        /// A box side this close to the picture's edge is taken as cut off by it: the object goes on beyond.
        public var edgeMargin = 0.01
        /// The locked track missed by the detector this many times in a row is given up for another seen object of
        /// the class, if there is one; once could be a flicker of the detector.
        public var handOverAfterMisses = 2

        public init() {}
    }

    public let configuration: Configuration
    /// The locked track, nil while searching.
    public private(set) var trackID: Int?
    public private(set) var conviction: ConvictionCounter
    /// Smoothed centre of the locked track.
    public private(set) var position: NormalizedPoint?
    /// Where the centre will be one frame from now: guidance aims here, which hides a frame of latency.
    public private(set) var predictedPosition: NormalizedPoint?
    /// The locked track's current box.
    public private(set) var box: NormalizedRect?
    /// The smoothed position the last time the target was actually seen; kept after the lock is released.
    public private(set) var lastSeen: NormalizedPoint?
    /// What is known of the locked object's size across and up, for boxes the picture cuts off.
    private var horizontal: ObjectExtent
    private var vertical: ObjectExtent
    private var recent: [TimedPoint] = []

    private struct TimedPoint: Sendable {
        var time: Double
        var point: NormalizedPoint
    }

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        conviction = configuration.conviction
        horizontal = ObjectExtent(edgeMargin: configuration.edgeMargin)
        vertical = ObjectExtent(edgeMargin: configuration.edgeMargin)
    }

    /// Guidance is on: a target is locked and the conviction is at or above its threshold.
    public var isGuiding: Bool { trackID != nil && conviction.isOn }

    /// Follows the tracker on every frame. Conviction only changes on detector frames, where there is evidence.
    public mutating func update(tracks: [Track], isDetectorFrame: Bool, timestamp: Double) {
        if let id = trackID {
            if let track = tracks.first(where: { $0.id == id }) {
                if isDetectorFrame, track.misses >= configuration.handOverAfterMisses,
                   let successor = Self.nearestToCentre(tracks.filter { $0.id != id }) {
                    handOver(to: successor, timestamp: timestamp)
                    return
                }
                if isDetectorFrame { conviction.record(hit: track.isSeen) }
                if conviction.value == 0 { release() } else { follow(track, timestamp: timestamp) }
            } else {
                release()
            }
        }
        guard trackID == nil, isDetectorFrame, let nearest = Self.nearestToCentre(tracks) else { return }
        trackID = nearest.id
        conviction.reset()
        conviction.record(hit: true)
        follow(nearest, timestamp: timestamp)
    }

    /// The seen, confirmed track nearest the middle of the picture.
    private static func nearestToCentre(_ tracks: [Track]) -> Track? {
        tracks.filter { $0.isSeen && $0.isConfirmed }.min {
            ($0.box.centre.distanceFromCentre, $0.id) < ($1.box.centre.distanceFromCentre, $1.id)
        }
    }

    /// The locked track has gone unseen while another object of the class is in view: most often the same object,
    /// which a quick turn moved too far for the tracker to follow, so the new track started afresh. Guidance moves
    /// to it without starting over (the class is still in view, so conviction counts a hit); what was learnt about
    /// the old track's position and size is dropped.
    private mutating func handOver(to successor: Track, timestamp: Double) {
        trackID = successor.id
        conviction.record(hit: true)
        forgetObject()
        follow(successor, timestamp: timestamp)
    }

    /// The camera moved: the target's smoothed position and where it was last seen move with the picture, so
    /// smoothing does not drag the aim behind a turn, and "last seen to your left" stays true after the person
    /// turns away. The recent positions stay where they were seen: the one-frame-ahead prediction follows the
    /// target's path across the picture, the camera's turning included.
    public mutating func move(with motion: CameraMotion) {
        position = position?.moved(by: motion)
        predictedPosition = predictedPosition?.moved(by: motion)
        lastSeen = lastSeen?.moved(by: motion)
        box = box?.moved(by: motion)
    }

    /// Lets go of the target (it was lost, or the search restarts). Where it was last seen is remembered.
    public mutating func release() {
        trackID = nil
        conviction.reset()
        predictedPosition = nil
        box = nil
        forgetObject()
    }

    /// Drops what was learnt about the followed object: its smoothed path and its size.
    private mutating func forgetObject() {
        position = nil
        recent = []
        horizontal = ObjectExtent(edgeMargin: configuration.edgeMargin)
        vertical = ObjectExtent(edgeMargin: configuration.edgeMargin)
    }

    private mutating func follow(_ track: Track, timestamp: Double) {
        // The detector boxes only what the picture shows: an object cut off by the edge has its box centre pulled
        // towards the middle, which would call it centred while most of it is still off to one side. The centre is
        // estimated from the anchor (the last real detection), then carried on by the track's motion.
        let anchorCentre = estimatedCentre(of: track.anchor, freshlySeen: track.isSeen)
        let measured = NormalizedPoint(x: anchorCentre.x + track.box.midX - track.anchor.midX,
                                       y: anchorCentre.y + track.box.midY - track.anchor.midY)
        let memory = configuration.smoothingMemory
        let smoothed = position.map {
            NormalizedPoint(x: memory * $0.x + (1 - memory) * measured.x, y: memory * $0.y + (1 - memory) * measured.y)
        } ?? measured
        position = smoothed
        box = track.box
        if track.isSeen { lastSeen = smoothed }

        recent.append(TimedPoint(time: timestamp, point: smoothed))
        if recent.count > configuration.predictionSamples { recent.removeFirst(recent.count - configuration.predictionSamples) }
        var frameInterval = configuration.defaultFrameInterval
        if recent.count >= 2, recent[recent.count - 1].time > recent[recent.count - 2].time {
            frameInterval = recent[recent.count - 1].time - recent[recent.count - 2].time
        }
        let ahead = timestamp + frameInterval
        let x = leastSquaresExtrapolation(of: recent.map { ($0.time, $0.point.x) }, at: ahead) ?? smoothed.x
        let y = leastSquaresExtrapolation(of: recent.map { ($0.time, $0.point.y) }, at: ahead) ?? smoothed.y
        predictedPosition = NormalizedPoint(x: x, y: y).clampedToFrame
    }

    /// The centre of the whole object behind a detection box (see `ObjectExtent`); a box the detector has just
    /// drawn also teaches the extents.
    private mutating func estimatedCentre(of box: NormalizedRect, freshlySeen: Bool) -> NormalizedPoint {
        if freshlySeen {
            horizontal.observe(low: box.x, high: box.maxX)
            vertical.observe(low: box.y, high: box.maxY)
        }
        return NormalizedPoint(x: horizontal.centre(low: box.x, high: box.maxX),
                               y: vertical.centre(low: box.y, high: box.maxY))
    }
}
