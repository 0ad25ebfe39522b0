/// One coordinate followed by a constant-velocity Kalman filter: a position and its speed, each with an uncertainty.
///
/// Small and explicit on purpose: two numbers of state and a 2×2 covariance, so every step can be read and checked
/// by hand. Measurements far outside what the filter expects are believed only partly (a Huber-style weight), so one
/// wild box moves the estimate a little instead of all the way, while a real move, repeated frame after frame, is
/// followed within a few detections.
public struct ConstantVelocityFilter: Sendable, Hashable {
    public private(set) var position: Double
    /// Units per second.
    public private(set) var velocity: Double
    // Covariance of (position, velocity).
    private var pp: Double
    private var pv: Double
    private var vv: Double
    private var time: Double

    /// Starts at a measurement, its speed unknown (`initialSpeedSpread` units a second, one standard deviation).
    public init(position: Double, spread: Double, initialSpeedSpread: Double, time: Double) {
        self.position = position
        velocity = 0
        pp = spread * spread
        pv = 0
        vv = initialSpeedSpread * initialSpeedSpread
        self.time = time
    }

    /// Where the coordinate will be at `later`, without changing the filter.
    public func position(at later: Double) -> Double { position + velocity * max(0, later - time) }

    /// One standard deviation of the position.
    public var spread: Double { pp.squareRoot() }

    /// Moves the state on to `later`, the uncertainty growing with white-noise acceleration of `acceleration` units
    /// per second squared (one standard deviation over a second).
    public mutating func predict(to later: Double, acceleration: Double) {
        let dt = later - time
        guard dt > 0 else { return }
        let q = acceleration * acceleration
        position += velocity * dt
        pp += 2 * dt * pv + dt * dt * vv + q * dt * dt * dt / 3
        pv += dt * vv + q * dt * dt / 2
        vv += q * dt
        time = later
    }

    /// Shifts the position by a known amount (the camera turned), which is itself known only to `uncertainty`.
    public mutating func shift(by amount: Double, uncertainty: Double) {
        position += amount
        pp += uncertainty * uncertainty
    }

    /// Takes in a measurement with the given standard deviation. Innovations beyond `gate` standard deviations of
    /// what was expected count with their noise inflated so the step is the one a `gate`-sized innovation would give.
    public mutating func update(measurement: Double, noise: Double, gate: Double) {
        let innovation = measurement - position
        var measurementVariance = noise * noise
        let expected = (pp + measurementVariance).squareRoot()
        let normalized = abs(innovation) / expected
        if normalized > gate {
            let weight = normalized / gate
            measurementVariance = (pp + measurementVariance) * weight - pp
        }
        let total = pp + measurementVariance
        let gainP = pp / total, gainV = pv / total
        position += gainP * innovation
        velocity += gainV * innovation
        let (oldPP, oldPV) = (pp, pv)
        pp -= gainP * oldPP
        pv -= gainP * oldPV
        vv -= gainV * oldPV
    }
}

/// A detection box made steady: a constant-velocity Kalman filter on its centre and on its size, each detection
/// believed according to the detector's confidence, the camera's measured turning carried over as a known shift.
///
/// Why: a detector's box for a half-visible object jumps — PP-PicoDet boxes the cup on the coffee pan as the cup
/// alone (bottom at 0.67 of the picture) and, a frame later, cup and saucer to the picture's bottom edge — and
/// guidance read straight from the boxes said "down", "up", "down". The filter keeps the box where the evidence
/// as a whole puts it, follows a real move at the speed it happens, and says how fast the box is going.
public struct SteadyBox: Sendable, Hashable {
    public struct Configuration: Sendable, Hashable {
        /// Standard deviation of a confident detection's centre and size, in picture widths or heights; a detection
        /// at confidence c counts with `measurementNoise / c²` (a 0.65 box is trusted about half as much as a 0.9 one).
        public var measurementNoise = 0.015
        /// How fast the box's own motion in the picture may change (picture units per second squared): a person
        /// walking or a hand moving the camera in ways the motion measurement did not catch.
        public var acceleration = 0.5
        /// How fast the size may change, per second squared: walking up to an object.
        public var sizeAcceleration = 0.3
        /// Speed of a new box, unknown: one standard deviation, picture units a second.
        public var initialSpeedSpread = 0.2
        /// Innovations beyond this many standard deviations are believed only partly.
        public var gate = 2.0
        /// A measured camera turn is known to this fraction of itself.
        public var motionUncertainty = 0.2

        public init() {}
    }

    public let configuration: Configuration
    private var centreX: ConstantVelocityFilter
    private var centreY: ConstantVelocityFilter
    private var width: ConstantVelocityFilter
    private var height: ConstantVelocityFilter

    public init(_ box: NormalizedRect, confidence: Double, time: Double, configuration: Configuration = Configuration()) {
        self.configuration = configuration
        let spread = Self.noise(configuration, confidence: confidence)
        let speed = configuration.initialSpeedSpread
        centreX = ConstantVelocityFilter(position: box.midX, spread: spread, initialSpeedSpread: speed, time: time)
        centreY = ConstantVelocityFilter(position: box.midY, spread: spread, initialSpeedSpread: speed, time: time)
        width = ConstantVelocityFilter(position: box.width, spread: spread, initialSpeedSpread: speed, time: time)
        height = ConstantVelocityFilter(position: box.height, spread: spread, initialSpeedSpread: speed, time: time)
    }

    private static func noise(_ configuration: Configuration, confidence: Double) -> Double {
        let c = min(1, max(0.05, confidence))
        return configuration.measurementNoise / (c * c)
    }

    /// The box now (as of the last prediction or measurement).
    public var box: NormalizedRect { box(at: nil) }

    /// The box at `time`, its centre carried on by its velocity; the size as last estimated.
    public func box(at time: Double?) -> NormalizedRect {
        let x = time.map { centreX.position(at: $0) } ?? centreX.position
        let y = time.map { centreY.position(at: $0) } ?? centreY.position
        let w = max(0, width.position), h = max(0, height.position)
        return NormalizedRect(x: x - w / 2, y: y - h / 2, width: w, height: h)
    }

    /// The centre's velocity, picture widths and heights per second.
    public var velocity: Track.Velocity { Track.Velocity(dx: centreX.velocity, dy: centreY.velocity) }

    /// Carries the box on to `time` with nothing new seen.
    public mutating func predict(to time: Double) {
        centreX.predict(to: time, acceleration: configuration.acceleration)
        centreY.predict(to: time, acceleration: configuration.acceleration)
        width.predict(to: time, acceleration: configuration.sizeAcceleration)
        height.predict(to: time, acceleration: configuration.sizeAcceleration)
    }

    /// A detection of the object at `time`.
    public mutating func update(with box: NormalizedRect, confidence: Double, time: Double) {
        predict(to: time)
        let noise = Self.noise(configuration, confidence: confidence), gate = configuration.gate
        centreX.update(measurement: box.midX, noise: noise, gate: gate)
        centreY.update(measurement: box.midY, noise: noise, gate: gate)
        width.update(measurement: box.width, noise: noise, gate: gate)
        height.update(measurement: box.height, noise: noise, gate: gate)
    }

    /// The picture moved (the camera turned): the box moves with it.
    public mutating func move(with motion: CameraMotion) {
        let share = configuration.motionUncertainty
        centreX.shift(by: motion.dx, uncertainty: share * motion.dx)
        centreY.shift(by: motion.dy, uncertainty: share * motion.dy)
    }
}
