import Foundation

/// The camera's pitch (degrees below the horizontal) from the direction of gravity, as a phone's accelerometer feels
/// it, for walk mode's `CameraPose` in place of the camera-pitch setting.
///
/// Axes: those of the browser's DeviceMotion, which the phone's web app sends, for a phone held (or strapped)
/// portrait with its rear camera looking forward: x to the right along the screen, y up along the screen, z out of
/// the screen towards the person. The accelerometer, gravity included, reads about +9.81 m/s² along "up" when still:
/// (0, 9.81, 0) for a phone standing upright (the camera level), (0, 0, 9.81) for one lying face up (the rear camera
/// looking straight down). The rear camera looks along −z, so its angle below the horizontal is the angle of up
/// above the screen's plane: atan2(a_z, √(a_x² + a_y²)). Rolling the phone about its camera axis changes nothing.
///
/// The samples are low-pass filtered first (an exponential average with `timeConstant`): the bounce and sway of
/// walking come at about 2 Hz and average out, and what is left points along gravity. While the filtered vector is
/// far from 1 g (falling, a jolt, a sensor in another unit) it says nothing about gravity, and no pitch is given;
/// nor is one when the newest sample is older than `freshFor`.
public struct CameraPitchEstimator: Sendable {
    public struct Configuration: Sendable, Hashable {
        /// Seconds: the filter follows a change of tilt within about twice this, and passes 2 Hz at a sixth.
        public var timeConstant = 0.5
        /// A pitch is given only while the newest sample is at most this old; a longer gap restarts the filter.
        public var freshFor = 1.0
        /// The filtered vector must be within this share of g for its direction to be gravity's.
        public var gravityTolerance = 0.25

        public init() {}
    }

    public let configuration: Configuration
    /// The filtered acceleration and when the last sample came.
    private var filtered: Vector3?
    private var lastSampleAt: Double?

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// One accelerometer sample (gravity included), in time order.
    public mutating func add(_ sample: IMUSample) {
        let acceleration = sample.acceleration
        guard acceleration.x.isFinite, acceleration.y.isFinite, acceleration.z.isFinite else { return }
        if let previous = filtered, let last = lastSampleAt, sample.timestamp >= last,
           sample.timestamp - last <= configuration.freshFor {
            let weight = 1 - exp(-(sample.timestamp - last) / configuration.timeConstant)
            filtered = previous + (acceleration - previous) * weight
        } else {
            filtered = acceleration
        }
        lastSampleAt = sample.timestamp
    }

    /// The pitch at `timestamp` from recent samples; nil without any, after a gap, or while the device is not
    /// feeling about 1 g.
    public func pitchDegrees(at timestamp: Double) -> Double? {
        guard let filtered, let last = lastSampleAt, timestamp - last <= configuration.freshFor else { return nil }
        let ratio = filtered.length / IMUSample.gravity
        guard abs(ratio - 1) <= configuration.gravityTolerance else { return nil }
        return Self.pitchDegrees(gravity: filtered)
    }

    /// Degrees below the horizontal that the rear camera looks, for the phone whose accelerometer reads `gravity`
    /// when still (axes as above); negative when it looks up. Nil for a zero vector.
    public static func pitchDegrees(gravity: Vector3) -> Double? {
        let across = (gravity.x * gravity.x + gravity.y * gravity.y).squareRoot()
        guard across > 0 || gravity.z != 0 else { return nil }
        return atan2(gravity.z, across) * 180 / .pi
    }
}
