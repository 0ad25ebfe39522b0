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
    /// The object's whole width and height, from the last boxes the picture did not cut on that axis.
    private var wholeWidth: Double?
    private var wholeHeight: Double?
    private var recent: [TimedPoint] = []

    private struct TimedPoint: Sendable {
        var time: Double
        var point: NormalizedPoint
    }

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        conviction = configuration.conviction
    }

    /// Guidance is on: a target is locked and the conviction is at or above its threshold.
    public var isGuiding: Bool { trackID != nil && conviction.isOn }

    /// Follows the tracker on every frame. Conviction only changes on detector frames, where there is evidence.
    public mutating func update(tracks: [Track], isDetectorFrame: Bool, timestamp: Double) {
        if let id = trackID {
            if let track = tracks.first(where: { $0.id == id }) {
                if isDetectorFrame { conviction.record(hit: track.isSeen) }
                if conviction.value == 0 { release() } else { follow(track, timestamp: timestamp) }
            } else {
                release()
            }
        }
        guard trackID == nil, isDetectorFrame else { return }
        let nearest = tracks.filter { $0.isSeen && $0.isConfirmed }.min {
            ($0.box.centre.distanceFromCentre, $0.id) < ($1.box.centre.distanceFromCentre, $1.id)
        }
        guard let nearest else { return }
        trackID = nearest.id
        conviction.reset()
        conviction.record(hit: true)
        follow(nearest, timestamp: timestamp)
    }

    /// Lets go of the target (it was lost, or the search restarts). Where it was last seen is remembered.
    public mutating func release() {
        trackID = nil
        conviction.reset()
        position = nil
        predictedPosition = nil
        box = nil
        wholeWidth = nil
        wholeHeight = nil
        recent = []
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

    /// The centre of the whole object behind a detection box. On an axis where the picture cuts the box on one side
    /// only, the centre lies half the remembered whole size from the uncut side. With no size remembered (never seen
    /// whole, or grown past it) nothing better than the visible middle is known: a guess further out makes people
    /// dither on objects larger than the picture. Cut on both sides, the visible middle is the middle.
    private mutating func estimatedCentre(of box: NormalizedRect, freshlySeen: Bool) -> NormalizedPoint {
        let margin = configuration.edgeMargin
        let cutLeft = box.x <= margin, cutRight = box.maxX >= 1 - margin
        let cutTop = box.y <= margin, cutBottom = box.maxY >= 1 - margin
        if freshlySeen {
            if !cutLeft && !cutRight { wholeWidth = box.width }
            if !cutTop && !cutBottom { wholeHeight = box.height }
        }
        var centre = box.centre
        if cutLeft != cutRight {
            if let width = wholeWidth, width > box.width {
                centre.x = cutLeft ? box.maxX - width / 2 : box.x + width / 2
            }
        }
        if cutTop != cutBottom {
            if let height = wholeHeight, height > box.height {
                centre.y = cutTop ? box.maxY - height / 2 : box.y + height / 2
            }
        }
        return centre
    }
}
