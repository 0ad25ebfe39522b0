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
        let nearest = tracks.filter(\.isSeen).min {
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
        recent = []
    }

    private mutating func follow(_ track: Track, timestamp: Double) {
        let measured = track.box.centre
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
}
