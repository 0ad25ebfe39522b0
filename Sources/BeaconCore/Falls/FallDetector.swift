/// Tells a fall from everyday movement in a stream of IMU samples, as a body-worn device feels it: a drop (the
/// acceleration well below g while the body collapses), an impact (a spike well above g soon after), then stillness
/// in a new orientation (lying, not standing or sitting). Optionally, when depth or pose gives the camera's height,
/// a drop of 40 cm or more within half a second to near the floor, staying there.
///
/// Pure and incremental: feed samples in time order; a fall is reported once, and the detector then rests for a
/// while so one fall is one alarm. `lastRejection` says why the latest candidate was not a fall (for the bench).
public struct FallDetector: Sendable {
    public struct Configuration: Sendable, Hashable {
        /// The drop: |a| below this (m/s²) for a plausible time. 0.6 g is where falls in body-worn recordings dip
        /// below while walking stays above about 0.7 g.
        public var dropBelow = 0.6 * IMUSample.gravity
        /// A dip shorter than 0.1 s is a footfall or noise; longer than 1 s no body falls from a standing height.
        public var dropSeconds: ClosedRange<Double> = 0.1...1.0
        /// A body that collapses is still partly held by its legs and turns about its feet, so its dip averages
        /// 0.18–0.45 g in the generated falls; a device in free flight (dropped on a bed, tossed, carried through
        /// the air in a jump or a running stride) averages only its noise, about 0.03 g. 0.1 g sits between.
        public var weightlessBelow = 0.1 * IMUSample.gravity
        /// The impact: |a| above 2.5 g within 0.6 s after the drop. Walking peaks near 1.5 g.
        public var impactAbove = 2.5 * IMUSample.gravity
        public var impactWithin = 0.6
        /// Bounces after the impact are not stillness; stillness must come within 3.5 s of the impact.
        public var settleSeconds = 0.3
        public var stillWithin = 3.5
        /// Stillness: over 1 s, |a| varies by less than 1 m/s² (standard deviation) and the gyroscope turns slower
        /// than 0.6 rad/s on average — breathing and sensor noise pass, moving on does not.
        public var stillSeconds = 1.0
        public var stillSpread = 1.0
        public var stillRotation = 0.6
        /// The device lies at least 50° away from how it was held before the drop: lying down, not sitting down
        /// (the torso of a person who sits down hard tilts by 10–25°).
        public var orientationChange = 50.0
        /// How it was held: the mean acceleration over this window, seconds before the drop began.
        public var referenceWindow: ClosedRange<Double> = 0.2...1.2
        /// After a fall is reported, the detector rests this long: one fall, one alarm.
        public var restSeconds = 10.0
        /// The camera-height rule (Guider's): a drop of 0.4 m within 0.5 s, to below 0.6 m, staying there 1 s.
        /// Guider alarmed on the drop alone; a chest camera of a person sitting down fast drops as much, so the
        /// camera must end near the floor.
        public var heightDrop = 0.4
        public var heightDropWithin = 0.5
        public var lyingBelow = 0.6
        public var lyingSeconds = 1.0

        public init() {}
    }

    /// What showed the fall.
    public enum Evidence: Sendable, Hashable {
        /// Drop (its mean |a|, in g), impact (its peak, in g) and stillness in a new orientation (degrees turned).
        case motion(drop: Double, impact: Double, orientationChange: Double)
        /// The camera's height fell to near the floor and stayed.
        case cameraHeight(drop: Double)
    }

    public struct Fall: Sendable, Hashable {
        public var timestamp: Double
        public var evidence: Evidence
    }

    /// Why a candidate was let go.
    public enum Rejection: Sendable, Hashable {
        /// The device read close to zero throughout its drop: it flew, no body fell.
        case weightless(seconds: Double)
        /// A dip of this length is too long for a fall from a person's height.
        case dropTooLong(seconds: Double)
        /// No spike after the drop (the peak, in g).
        case noImpact(peak: Double)
        /// Still moving after the impact: walking on, running, getting up.
        case neverStill
        /// Still, but held as before (degrees of change): sat down, landed on the feet.
        case upright(degrees: Double)
        /// The camera dropped but did not stay near the floor.
        case cameraRose
    }

    private enum Phase: Sendable, Hashable {
        case watching
        case awaitingImpact(dropStart: Double, dropEnd: Double, dropLevel: Double, peak: Double)
        case settling(dropStart: Double, dropLevel: Double, impactAt: Double, peak: Double)
    }

    public let configuration: Configuration
    public private(set) var lastRejection: Rejection?
    private var phase = Phase.watching
    private var samples: [IMUSample] = []
    /// The dip under way: when it began, and the sum and count of |a| in it.
    private var dip: (start: Double, sum: Double, count: Int)?
    private var restUntil = -Double.infinity
    private var heights: [(timestamp: Double, metres: Double)] = []
    /// A camera drop waiting to be held near the floor: when it reached there, and by how much it fell.
    private var heightCandidate: (since: Double, drop: Double)?

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    // MARK: - Motion

    /// The next sample; a fall when this sample completes one.
    public mutating func add(_ sample: IMUSample) -> Fall? {
        let time = sample.timestamp
        samples.append(sample)
        if let first = samples.first, time - first.timestamp > 8 {
            samples.removeFirst(samples.prefix { time - $0.timestamp > 7 }.count)
        }
        guard time >= restUntil else {
            phase = .watching
            dip = nil
            return nil
        }
        let magnitude = sample.acceleration.length
        switch phase {
        case .watching:
            watchForDrop(magnitude, at: time)
            return nil
        case .awaitingImpact(let start, let end, let level, let peak):
            let peak = max(peak, magnitude)
            if peak >= configuration.impactAbove {
                phase = .settling(dropStart: start, dropLevel: level, impactAt: time, peak: peak)
            } else if time - end > configuration.impactWithin {
                reject(.noImpact(peak: peak / IMUSample.gravity))
            } else {
                phase = .awaitingImpact(dropStart: start, dropEnd: end, dropLevel: level, peak: peak)
            }
            return nil
        case .settling(let start, let level, let impactAt, let peak):
            let peak = max(peak, magnitude)
            phase = .settling(dropStart: start, dropLevel: level, impactAt: impactAt, peak: peak)
            return settle(dropStart: start, dropLevel: level, impactAt: impactAt, peak: peak, at: time)
        }
    }

    private mutating func watchForDrop(_ magnitude: Double, at time: Double) {
        if magnitude < configuration.dropBelow {
            if var current = dip {
                current.sum += magnitude
                current.count += 1
                dip = current
                if time - current.start > configuration.dropSeconds.upperBound {
                    dip = nil
                    reject(.dropTooLong(seconds: time - current.start))
                    // Still falling: the rest of this dip cannot start a new candidate until |a| comes back.
                    dip = (start: time, sum: -.infinity, count: 1)
                }
            } else {
                dip = (start: time, sum: magnitude, count: 1)
            }
            return
        }
        guard let ended = dip else { return }
        dip = nil
        let seconds = time - ended.start
        guard ended.sum.isFinite, configuration.dropSeconds.contains(seconds) else { return }
        let mean = ended.sum / Double(ended.count)
        if mean < configuration.weightlessBelow {
            reject(.weightless(seconds: seconds))
            return
        }
        let level = mean / IMUSample.gravity
        phase = .awaitingImpact(dropStart: ended.start, dropEnd: time, dropLevel: level, peak: magnitude)
        if magnitude >= configuration.impactAbove {
            phase = .settling(dropStart: ended.start, dropLevel: level, impactAt: time, peak: magnitude)
        }
    }

    private mutating func settle(dropStart: Double, dropLevel: Double, impactAt: Double, peak: Double,
                                 at time: Double) -> Fall? {
        if time - impactAt > configuration.stillWithin {
            reject(.neverStill)
            return nil
        }
        let from = max(time - configuration.stillSeconds, impactAt + configuration.settleSeconds)
        guard time - from >= configuration.stillSeconds * 0.95 else { return nil }
        let window = samples.filter { $0.timestamp >= from && $0.timestamp <= time }
        guard window.count >= 3 else { return nil }
        let magnitudes = window.map(\.acceleration.length)
        let mean = magnitudes.reduce(0, +) / Double(magnitudes.count)
        let spread = (magnitudes.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(magnitudes.count)).squareRoot()
        let turning = window.map(\.rotation.length).reduce(0, +) / Double(window.count)
        guard spread < configuration.stillSpread, turning < configuration.stillRotation else { return nil }
        let resting = window.map(\.acceleration).reduce(Vector3.zero, +) * (1 / Double(window.count))
        // How it was held before the drop; a stream that begins mid-fall has nothing to compare with, and alarms.
        let before = samples.filter {
            $0.timestamp >= dropStart - configuration.referenceWindow.upperBound
                && $0.timestamp <= dropStart - configuration.referenceWindow.lowerBound
        }
        let held = before.map(\.acceleration).reduce(Vector3.zero, +)
        let change = before.isEmpty ? 90 : held.degrees(to: resting)
        guard change >= configuration.orientationChange else {
            reject(.upright(degrees: change))
            return nil
        }
        return report(Fall(timestamp: time, evidence: .motion(drop: dropLevel, impact: peak / IMUSample.gravity,
                                                              orientationChange: change)))
    }

    // MARK: - Camera height

    /// The camera's height above the floor in metres (from depth or pose); a fall when the height rule completes.
    public mutating func addCameraHeight(_ metres: Double, at time: Double) -> Fall? {
        heights.append((time, metres))
        heights.removeAll { time - $0.timestamp > configuration.heightDropWithin }
        guard time >= restUntil else {
            heightCandidate = nil
            return nil
        }
        if let candidate = heightCandidate {
            guard metres < configuration.lyingBelow else {
                heightCandidate = nil
                reject(.cameraRose)
                return nil
            }
            if time - candidate.since >= configuration.lyingSeconds {
                return report(Fall(timestamp: time, evidence: .cameraHeight(drop: candidate.drop)))
            }
            return nil
        }
        let highest = heights.map(\.metres).max() ?? metres
        if highest - metres >= configuration.heightDrop, metres < configuration.lyingBelow {
            heightCandidate = (since: time, drop: highest - metres)
        }
        return nil
    }

    // MARK: - Outcomes

    private mutating func reject(_ why: Rejection) {
        lastRejection = why
        phase = .watching
    }

    private mutating func report(_ fall: Fall) -> Fall {
        phase = .watching
        dip = nil
        heightCandidate = nil
        restUntil = fall.timestamp + configuration.restSeconds
        return fall
    }
}
