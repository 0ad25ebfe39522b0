/// What guidance knows about its target in one frame: the input of the cue model.
public struct TargetState: Sendable, Hashable, Codable {
    public var label: String
    /// In view and locked (guidance on), or lost.
    public var isVisible: Bool
    /// Where to steer towards (the predicted centre); where it was last seen when lost.
    public var position: NormalizedPoint
    /// The box's share of the picture's area, 0…1: it grows as the camera gets closer.
    public var apparentSize: Double
    /// Metres, when a depth source knows.
    public var distance: Double?
    /// Metres from the object's usual size (`SizePriors`) when no depth source knows: said with "about", and used
    /// by the last-metre distance cue.
    public var estimatedDistance: Double?

    public init(label: String, isVisible: Bool, position: NormalizedPoint, apparentSize: Double = 0, distance: Double? = nil,
                estimatedDistance: Double? = nil) {
        self.label = label
        self.isVisible = isVisible
        self.position = position
        self.apparentSize = apparentSize
        self.distance = distance
        self.estimatedDistance = estimatedDistance
    }
}

/// Everything guidance could tell the user about the target in one frame, in each channel. Data only: the session
/// decides what of it is played or said, and when.
public struct Cue: Sendable, Hashable, Codable {
    public var isVisible: Bool
    /// Where the target is, with hysteresis at the corridor edges.
    public var direction: Direction
    public var isCentred: Bool { isVisible && direction.isCentred }
    /// Seconds between beats for this frame's position alone, and the smoothed interval the rhythm uses.
    public var targetInterval: Double
    public var interval: Double
    /// The beat to play (a tick, or the centred sound), nil when lost.
    public var earcon: Earcon?
    /// The vibration pattern to repeat, nil when lost.
    public var haptic: HapticPattern?
    public var clock: ClockDirection
    /// "one o'clock", "twelve o'clock, down", "centred": always English, so it serves as the key that tells one
    /// direction from another and as the record's `direction`.
    public var directionWords: String
    /// The same direction as said in the session's language: "на час", "十二点钟方向，偏下"; in English the same as
    /// `directionWords`.
    public var spokenDirection: String
    /// The full sentence for this state, in the session's language: "Cup, one o'clock." or "Cup lost; last seen to
    /// your left."
    public var words: String
}

/// The pure mapping from a target's state to its cue.
public struct CueModel: Sendable, Hashable {
    /// The camera's horizontal field of view in degrees, for clock directions.
    public var horizontalFieldOfView = 60.0
    /// The vertical one, for distances from an object's usual size.
    public var verticalFieldOfView = 45.0
    /// The last-metre distance cue (the distance-cue setting): while the target is centred and nearer than the top
    /// of `distanceCueRange`, the centred beat's pitch says how near it is instead of up or down — the base pitch at
    /// 1 m, rising steadily to the highest at 0.2 m and staying there nearer still. The beat is already at its
    /// fastest when centred, so its pitch is the channel left free; off-centre beats keep steering.
    public var distanceCue = false
    public var distanceCueRange: ClosedRange<Double> = 0.2...1.0
    /// Weight of each new interval in the moving average, so the rhythm never jumps.
    public var intervalSmoothing = 0.2
    public var haptics = HapticScheme()
    /// The sentences and their language.
    public var phrases = GuidancePhrases()

    public init(horizontalFieldOfView: Double = 60) {
        self.horizontalFieldOfView = horizontalFieldOfView
    }

    /// Seconds between beats: 0.1 at the middle, 0.55 a quarter of the frame away, 1.0 half a frame away or more.
    ///
    /// Thing Finder's mapping, but on the distance from the middle rather than the horizontal offset alone: the
    /// centred sound needs both axes inside the corridor, so a rhythm that peaked while the target was still far above
    /// or below would promise "there" and then not deliver. Along the horizontal axis the two are the same.
    public func beepInterval(distanceFromCentre distance: Double) -> Double {
        1.0 - 0.9 * (1 - min(1, 2 * distance))
    }

    /// −1 (full left) … +1 (full right): twice the horizontal offset, so the edge of the picture is the edge of the stereo field.
    public func pan(for position: NormalizedPoint) -> Double { min(1, max(-1, 2 * position.dx)) }

    /// −1 … +1, higher when the target is above the middle (image y grows downwards).
    public func pitch(for position: NormalizedPoint) -> Double { min(1, max(-1, -2 * position.dy)) }

    /// How near the target is within the last metre, for the distance cue: 0 at 1 m, 1 at 0.2 m and nearer. Nil when
    /// the cue is off, the distance unknown, or the target a metre or more away. A measured distance (depth) wins
    /// over one estimated from the object's size.
    public func nearness(of target: TargetState) -> Double? {
        guard distanceCue, let metres = target.distance ?? target.estimatedDistance,
              metres < distanceCueRange.upperBound else { return nil }
        let span = distanceCueRange.upperBound - distanceCueRange.lowerBound
        return min(1, max(0, (distanceCueRange.upperBound - metres) / span))
    }

    /// Louder as the target gets closer: from the distance when known (3 m and beyond quietest, 0.3 m loudest),
    /// otherwise from the box's size (a box half the picture wide counts as close).
    public func gain(for target: TargetState) -> Double {
        let closeness: Double
        if let distance = target.distance {
            closeness = 1 - min(1, max(0, (distance - 0.3) / 2.7))
        } else {
            closeness = min(1, target.apparentSize.squareRoot() / 0.5)
        }
        return 0.6 + 0.4 * closeness
    }

    /// The cue for `target`, given the previous frame's cue (for the interval's moving average and the corridor's
    /// hysteresis). Pure: the same inputs always give the same cue.
    public func cue(for target: TargetState, previous: Cue?) -> Cue {
        let position = target.position
        let direction = Direction.of(x: position.x, y: position.y, previous: previous?.direction)
        let clock = ClockDirection.of(horizontalOffset: position.dx, fieldOfView: horizontalFieldOfView,
                                      horizontallyCentred: direction.horizontal == nil)
        let directionWords = GuidancePhrases(language: .english).directionWords(direction, clock: clock)
        let spokenDirection = phrases.directionWords(direction, clock: clock)
        guard target.isVisible else {
            let interval = previous?.interval ?? 1
            return Cue(isVisible: false, direction: direction, targetInterval: interval, interval: interval,
                       earcon: nil, haptic: nil, clock: clock, directionWords: directionWords,
                       spokenDirection: spokenDirection, words: phrases.lost(target.label, lastSeen: position))
        }
        let distance = position.distanceFromCentre
        let targetInterval = beepInterval(distanceFromCentre: distance)
        let interval = previous.flatMap { $0.isVisible ? $0.interval : nil }
            .map { $0 + intervalSmoothing * (targetInterval - $0) } ?? targetInterval
        let beatPitch = direction.isCentred ? nearness(of: target) ?? pitch(for: position) : pitch(for: position)
        let earcon = Earcon(kind: direction.isCentred ? .centred : .tick,
                            pan: pan(for: position), pitch: beatPitch, gain: gain(for: target))
        return Cue(isVisible: true, direction: direction, targetInterval: targetInterval, interval: interval,
                   earcon: earcon, haptic: haptics.pattern(for: direction, distanceFromCentre: distance),
                   clock: clock, directionWords: directionWords, spokenDirection: spokenDirection,
                   words: phrases.found(target.label, direction: spokenDirection, distance: target.distance,
                                        estimated: target.estimatedDistance))
    }
}
