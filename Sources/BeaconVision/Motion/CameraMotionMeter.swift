import BeaconCore

/// The camera's motion from one frame to the next, measured from the two pictures: the one place a driver keeps the
/// last thumbnail and asks the estimator, so find's tracker and walk's depth pacing see the same measurement.
public struct CameraMotionMeter: Sendable {
    public enum Reading: Sendable {
        /// The first frame, or the first after a pause in measuring: there is nothing to compare with yet.
        case firstFrame
        case measured(CameraMotion)
        /// The pictures could not be matched (too little texture, too fast a turn).
        case unmeasured
    }

    private let estimator = CameraMotionEstimator()
    private var lastThumbnail: MotionThumbnail?

    public init() {}

    /// How far the camera moved since the previous frame measured.
    public mutating func measure(_ frame: Frame) -> Reading {
        let thumbnail = MotionThumbnail(frame: frame)
        defer { lastThumbnail = thumbnail }
        guard let previous = lastThumbnail else { return .firstFrame }
        return estimator.motion(from: previous, to: thumbnail).map(Reading.measured) ?? .unmeasured
    }

    /// Forgets the last frame: measuring stopped, and the next frame starts afresh.
    public mutating func reset() { lastThumbnail = nil }
}
