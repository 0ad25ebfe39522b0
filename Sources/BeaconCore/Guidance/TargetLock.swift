/// Which tracked object the search is guiding to, how sure it is, and where that object is heading.
///
/// With several candidates it picks the one nearest the middle of the picture and holds that track until it is lost
/// (conviction falls to 0, or the tracker drops the track), so guidance never flips between two similar objects.
public struct TargetLock: Sendable {
    public struct Configuration: Sendable, Hashable {
        public var conviction = ConvictionCounter()
        /// How the locked object's box is made steady.
        public var steadying = SteadyBox.Configuration()
        /// A side of the steady box this near the picture's edge, whose newest detection is cut off there, is put on
        /// the edge: being cut off is a fact of the picture, not noise to average (an object coming into view keeps
        /// its box's side on the edge), while a side far from the edge is not dragged there by one wild box.
        public var edgeSnap = 0.05
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
    /// Steady centre of the locked track (of the whole object, where the picture cuts it off).
    public private(set) var position: NormalizedPoint?
    /// Where the centre will be one frame from now: guidance aims here, which hides a frame of latency.
    public private(set) var predictedPosition: NormalizedPoint?
    /// The locked track's steady box, as the picture shows it.
    public private(set) var box: NormalizedRect?
    /// The steady position the last time the target was actually seen; kept after the lock is released.
    public private(set) var lastSeen: NormalizedPoint?
    /// What is known of the locked object's size across and up, for boxes the picture cuts off.
    private var horizontal: ObjectExtent
    private var vertical: ObjectExtent
    /// The locked object's box, filtered; nil until it is first seen.
    private var steady: SteadyBox?
    /// The detection the steady box last took in (its time), so a detection is taken in once however many frames
    /// the tracker carries it on.
    private var steadiedAnchorTime: Double?
    /// Which of the newest detection's sides the picture cut off.
    private var cutOff = CutOffSides()
    /// The camera's turning since the last frame: the picture will probably turn as much again by the next one.
    private var motionSinceLastFrame = CameraMotion.zero
    private var lastFrameTime: Double?

    private struct CutOffSides: Sendable {
        var left = false, top = false, right = false, bottom = false
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

    /// The camera moved: the target's steady box and where it was last seen move with the picture, so filtering
    /// does not drag the aim behind a turn, and "last seen to your left" stays true after the person turns away.
    /// The turn also leads the one-frame-ahead prediction: a person turning keeps turning for a frame.
    public mutating func move(with motion: CameraMotion) {
        position = position?.moved(by: motion)
        predictedPosition = predictedPosition?.moved(by: motion)
        lastSeen = lastSeen?.moved(by: motion)
        box = box?.moved(by: motion)
        // Only a followed box leads its prediction by the turn; a search's turning is not the first frame's.
        guard steady != nil else { return }
        steady?.move(with: motion)
        motionSinceLastFrame = motionSinceLastFrame + motion
    }

    /// Lets go of the target (it was lost, or the search restarts). Where it was last seen is remembered.
    public mutating func release() {
        trackID = nil
        conviction.reset()
        predictedPosition = nil
        box = nil
        forgetObject()
    }

    /// Drops what was learnt about the followed object: its steady box and its size.
    private mutating func forgetObject() {
        position = nil
        steady = nil
        steadiedAnchorTime = nil
        motionSinceLastFrame = .zero
        cutOff = CutOffSides()
        horizontal = ObjectExtent(edgeMargin: configuration.edgeMargin)
        vertical = ObjectExtent(edgeMargin: configuration.edgeMargin)
    }

    private mutating func follow(_ track: Track, timestamp: Double) {
        // Each detection is taken in once, when the tracker matched it; the camera's measured turning moves the
        // filter in `move`.
        let isNewDetection = track.isSeen && steadiedAnchorTime != track.anchorTime
        if isNewDetection {
            let margin = configuration.edgeMargin, anchor = track.anchor
            cutOff = CutOffSides(left: anchor.x <= margin, top: anchor.y <= margin,
                                 right: anchor.maxX >= 1 - margin, bottom: anchor.maxY >= 1 - margin)
            if steady == nil {
                steady = SteadyBox(anchor, confidence: track.confidence, time: track.anchorTime,
                                   configuration: configuration.steadying)
            } else {
                steady?.update(with: anchor, confidence: track.confidence, time: track.anchorTime)
            }
            steadiedAnchorTime = track.anchorTime
        }
        guard let filter = steady else { return }
        // Between detections, and while the detector misses it, the box goes on as the tracker carries it (its own
        // motion, for a limited time), from where the filter put it.
        let steadyBox = filter.box
        let carried = NormalizedRect(x: steadyBox.x + track.box.midX - track.anchor.midX,
                                     y: steadyBox.y + track.box.midY - track.anchor.midY,
                                     width: steadyBox.width, height: steadyBox.height)
        let current = snappedToCutOffEdges(carried)
        box = current

        // The detector boxes only what the picture shows: an object cut off by the edge has its box centre pulled
        // towards the middle, which would call it centred while most of it is still off to one side.
        let centre = estimatedCentre(of: current, freshlySeen: isNewDetection)
        position = centre
        if track.isSeen { lastSeen = centre }

        var frameInterval = configuration.defaultFrameInterval
        if let last = lastFrameTime, timestamp > last { frameInterval = timestamp - last }
        lastFrameTime = timestamp
        let velocity = filter.velocity, turn = motionSinceLastFrame
        motionSinceLastFrame = .zero
        predictedPosition = NormalizedPoint(x: centre.x + velocity.dx * frameInterval + turn.dx,
                                            y: centre.y + velocity.dy * frameInterval + turn.dy).clampedToFrame
    }

    /// The steady box with each side the newest detection had cut off put back on the edge, when it is near it.
    private func snappedToCutOffEdges(_ box: NormalizedRect) -> NormalizedRect {
        let near = configuration.edgeSnap
        var left = box.x, top = box.y, right = box.maxX, bottom = box.maxY
        if cutOff.left, left <= near { left = min(left, 0) }
        if cutOff.top, top <= near { top = min(top, 0) }
        if cutOff.right, right >= 1 - near { right = max(right, 1) }
        if cutOff.bottom, bottom >= 1 - near { bottom = max(bottom, 1) }
        return NormalizedRect(x: left, y: top, width: right - left, height: bottom - top)
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
