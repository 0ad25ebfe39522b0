/// What walk mode wants said (the session words it through the phrasebook).
public enum WalkMessage: Sendable, Hashable {
    /// Something in one direction; `metres` when it is within a metre (warning or danger).
    case obstacle(DepthGrid.Column, metres: Float?)
    /// Something across the whole way at about one distance.
    case wall(metres: Float)
    /// Things on both sides with the way between them clear: a doorway, a gap between parked cars.
    case bothSides
    case stairs(StairDirection)
}

/// What walk mode does after a depth frame.
public enum WalkCue: Sendable, Hashable {
    /// Words; `urgent` ones are hazards (never dropped, said before anything else).
    case say(WalkMessage, urgent: Bool)
    case earcon(Earcon)
    case haptic(HapticPattern)
}

/// Guider's navigation as a reducer: depth frames in, cues out.
///
/// - Each frame becomes an `ObstacleGrid` (the floor is not an obstacle, see there), and each cell keeps a rolling
///   median of its last five readings, so one noisy frame neither raises nor clears a warning.
/// - Each cell's zone (safe, caution, warning, danger) has a little hysteresis: it worsens as soon as the median
///   crosses a limit, and eases only `hysteresis` beyond it, so a thing standing on a limit does not flicker.
/// - While anything is nearer than 2 m, a beat of earcons and vibrations quickens zone by zone (`beat`); the pan says
///   where the nearest thing is.
/// - Words only on changes: when the most urgent zone worsens, or the same zone moves to another place. Easing says
///   nothing; the same message waits `repeatCooldown`, and a new one `wordGap` unless it is more urgent.
/// - Stairs (`StairDetector`) are said when seen in `stairConfirmations` frames in a row, at most once per
///   `stairCooldown`, with their own double-tap vibration.
/// - Adaptive rate: full rate (30 a second) while the camera moves, half (15) once it has been still for
///   `stillAfter`; frames that come sooner than the rate are skipped.
public struct WalkMonitor: Sendable {
    public struct Configuration: Sendable, Hashable {
        public var grid = ObstacleGrid.Configuration()
        public var limits = ObstacleZone.Limits()
        public var stairs = StairDetector.Configuration()
        /// Readings each cell's median is taken over, and how many of them must be known.
        public var window = 5
        public var minimumReadings = 3
        /// Metres beyond a zone's limit before a cell eases out of it.
        public var hysteresis: Float = 0.1
        /// Seconds between beats in caution, warning and danger.
        public var beat: [ObstacleZone: Double] = [.caution: 1.0, .warning: 0.5, .danger: 0.25]
        public var repeatCooldown = 4.0
        public var wordGap = 1.5
        /// Three columns all nearer than 2 m and within this ratio of each other are a wall.
        public var wallSpread: Float = 1.35
        public var stairConfirmations = 3
        public var stairCooldown = 5.0
        /// Seconds between depth frames while the camera moves and while it is still (Guider's 30 and 15 a second).
        public var movingInterval = 1.0 / 30
        public var stillInterval = 1.0 / 15
        /// Frames may come this much sooner than the interval and still be taken (cameras jitter).
        public var intervalTolerance = 0.8
        /// The picture moving by more than this (picture widths or heights per report) is the camera moving.
        public var motionThreshold = 0.004
        /// Seconds without such motion before the camera counts as still.
        public var stillAfter = 1.0

        public init() {}
    }

    /// The zones and smoothed distances after the last frame, and whether stairs were seen in it.
    public struct State: Sendable, Equatable {
        /// Per cell (`row * 3 + column`): the median distance (infinity clear, NaN unknown) and the zone.
        public var metres: [Float] = Array(repeating: .nan, count: 9)
        public var zones: [ObstacleZone] = Array(repeating: .safe, count: 9)
        public var stairs: StairSighting?

        public func zone(_ row: DepthGrid.Row, _ column: DepthGrid.Column) -> ObstacleZone {
            zones[row.rawValue * 3 + column.rawValue]
        }

        /// The most urgent zone anywhere.
        public var worst: ObstacleZone { zones.max() ?? .safe }

        /// A column's most urgent zone, and its nearest distance.
        public func column(_ column: DepthGrid.Column) -> (zone: ObstacleZone, metres: Float) {
            let cells = DepthGrid.Row.allCases.map { $0.rawValue * 3 + column.rawValue }
            let nearest = cells.map { metres[$0] }.filter(\.isFinite).min() ?? .infinity
            return (cells.map { zones[$0] }.max() ?? .safe, nearest)
        }
    }

    public let configuration: Configuration
    public private(set) var state = State()
    /// The camera was still at the last event: depth is wanted at half rate.
    public private(set) var isStill = false

    private var meter: ObstacleGridMeter
    private var stairDetector: StairDetector
    private var rays: DepthRays?
    private var history: [[Float]] = Array(repeating: [], count: 9)
    private var lastFrameAt: Double?
    private var lastBeatAt: Double?
    private var announced: (message: WalkMessage, zone: ObstacleZone)?
    private var lastWordsAt: Double?
    private var spokenAt: [WalkMessage: Double] = [:]
    private var stairStreak: (direction: StairDirection, frames: Int)?
    private var lastStairsAt: Double?
    private var firstMotionAt: Double?
    private var lastMovedAt: Double?

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        meter = ObstacleGridMeter(configuration: configuration.grid)
        stairDetector = StairDetector(configuration: configuration.stairs)
    }

    /// Seconds between the depth frames walk mode wants now.
    public var depthInterval: Double { isStill ? configuration.stillInterval : configuration.movingInterval }

    /// The camera's picture moved (measured between frames).
    public mutating func cameraMoved(_ motion: CameraMotion, at timestamp: Double) {
        if firstMotionAt == nil { firstMotionAt = timestamp }
        if (motion.dx * motion.dx + motion.dy * motion.dy).squareRoot() > configuration.motionThreshold {
            lastMovedAt = timestamp
        }
        updateStillness(at: timestamp)
    }

    /// Whether a depth frame at `timestamp` is taken, or comes too soon for the rate wanted now.
    public func accepts(at timestamp: Double) -> Bool {
        guard let lastFrameAt else { return true }
        return timestamp - lastFrameAt >= depthInterval * configuration.intervalTolerance
    }

    /// One depth frame seen from `pose`. Returns the cues to give now (none for a frame skipped by the rate).
    public mutating func update(_ map: DepthMap, pose: CameraPose, at timestamp: Double) -> [WalkCue] {
        updateStillness(at: timestamp)
        guard accepts(at: timestamp) else { return [] }
        lastFrameAt = timestamp
        if rays?.width != map.width || rays?.height != map.height || rays?.pose != pose {
            rays = DepthRays(width: map.width, height: map.height, pose: pose)
        }
        let rays = rays!
        let grid = meter.measure(map, rays: rays)
        let before = state.worst
        for cell in 0..<9 {
            history[cell].append(grid.cells[cell].metres)
            if history[cell].count > configuration.window { history[cell].removeFirst() }
            state.metres[cell] = smoothed(history[cell])
            state.zones[cell] = zone(state.metres[cell], was: state.zones[cell])
        }
        var cues: [WalkCue] = []
        obstacleCues(worsened: state.worst > before, at: timestamp, into: &cues)
        state.stairs = stairDetector.detect(map, rays: rays)
        stairCues(at: timestamp, into: &cues)
        return cues
    }

    // MARK: - Obstacles

    private func zone(_ metres: Float, was previous: ObstacleZone) -> ObstacleZone {
        guard !metres.isNaN else { return previous } // no reading: keep what was known
        let zone = ObstacleZone(metres: metres, limits: configuration.limits)
        if zone < previous, ObstacleZone(metres: metres - configuration.hysteresis, limits: configuration.limits) >= previous {
            return previous
        }
        return zone
    }

    /// The message for the current zones, and its zone; nil when all is safe.
    private func message() -> (WalkMessage, ObstacleZone)? {
        let worst = state.worst
        guard worst > .safe else { return nil }
        let columns = DepthGrid.Column.allCases.map { state.column($0) }
        let distances = columns.map(\.metres)
        if columns.allSatisfy({ $0.zone > .safe }), let nearest = distances.min(), let furthest = distances.max(),
           nearest.isFinite, furthest <= nearest * configuration.wallSpread {
            return (.wall(metres: nearest), worst)
        }
        if columns[0].zone > .safe, columns[2].zone > .safe, columns[1].zone == .safe {
            return (.bothSides, worst)
        }
        // The most urgent column; among equals the nearest, and ahead before the sides.
        let order: [DepthGrid.Column] = [.centre, .left, .right]
        let column = order.max { a, b in
            let x = columns[a.rawValue], y = columns[b.rawValue]
            return x.zone != y.zone ? x.zone < y.zone : x.metres > y.metres
        }!
        let (zone, metres) = columns[column.rawValue]
        return (.obstacle(column, metres: zone >= .warning && metres.isFinite ? metres : nil), zone)
    }

    private mutating func obstacleCues(worsened: Bool, at timestamp: Double, into cues: inout [WalkCue]) {
        guard let (message, zone) = message() else {
            announced = nil
            lastBeatAt = nil
            return
        }
        // The beat: at once when things get worse, then at the zone's pace.
        let interval = configuration.beat[zone] ?? 1
        if worsened || lastBeatAt.map({ timestamp - $0 >= interval - 1e-6 }) ?? true {
            lastBeatAt = timestamp
            cues.append(.earcon(Self.earcon(for: zone, pan: pan(of: message))))
            cues.append(.haptic(Self.haptic(for: zone)))
        }
        // Words on changes only.
        let isNews: Bool
        if let (previousMessage, previousZone) = announced {
            let samePlace = Self.place(of: previousMessage) == Self.place(of: message)
            isNews = zone > previousZone || (!samePlace && zone >= previousZone)
            if !isNews && zone < previousZone { announced = (message, zone) } // eased: a later worsening is news
        } else {
            isNews = true
        }
        guard isNews else { return }
        let moreUrgent = announced.map { zone > $0.zone } ?? true
        if let last = lastWordsAt, timestamp - last < configuration.wordGap, !moreUrgent { return }
        if let last = spokenAt[Self.rounded(message)], timestamp - last < configuration.repeatCooldown { return }
        announced = (message, zone)
        lastWordsAt = timestamp
        spokenAt[Self.rounded(message)] = timestamp
        cues.append(.say(message, urgent: zone >= .warning))
    }

    /// Where a message points, for "the same thing moved": a wall is ahead.
    private static func place(of message: WalkMessage) -> Int {
        switch message {
        case .obstacle(let column, _): column.rawValue
        case .wall: 3
        case .stairs: 4
        case .bothSides: 5
        }
    }

    /// A message with its distance in the half metres it is said in, for repeats.
    private static func rounded(_ message: WalkMessage) -> WalkMessage {
        switch message {
        case .obstacle(let column, let metres): .obstacle(column, metres: metres.map { ($0 * 2).rounded() / 2 })
        case .wall(let metres): .wall(metres: (metres * 2).rounded() / 2)
        case .stairs, .bothSides: message
        }
    }

    private func pan(of message: WalkMessage) -> Double {
        switch message {
        case .obstacle(.left, _): -0.8
        case .obstacle(.right, _): 0.8
        default: 0
        }
    }

    /// The obstacle earcon: higher, louder zone by zone.
    public static func earcon(for zone: ObstacleZone, pan: Double = 0) -> Earcon {
        switch zone {
        case .safe, .caution: Earcon(kind: .obstacle, pan: pan, pitch: -0.5, gain: 0.6)
        case .warning: Earcon(kind: .obstacle, pan: pan, pitch: 0, gain: 0.8)
        case .danger: Earcon(kind: .obstacle, pan: pan, pitch: 0.5, gain: 1)
        }
    }

    /// The obstacle vibration: one soft pulse in caution, two firmer in warning, a long full buzz in danger. Each
    /// ends with its pause, so repeated at the beat it keeps the rhythm.
    public static func haptic(for zone: ObstacleZone) -> HapticPattern {
        switch zone {
        case .safe, .caution: HapticPattern(milliseconds: [60, 200], intensity: 0.4)
        case .warning: HapticPattern(milliseconds: [80, 60, 80, 100], intensity: 0.7)
        case .danger: HapticPattern(milliseconds: [220, 30], intensity: 1)
        }
    }

    // MARK: - Stairs

    private mutating func stairCues(at timestamp: Double, into cues: inout [WalkCue]) {
        guard let sighting = state.stairs else {
            stairStreak = nil
            return
        }
        if let streak = stairStreak, streak.direction == sighting.direction {
            stairStreak = (sighting.direction, streak.frames + 1)
        } else {
            stairStreak = (sighting.direction, 1)
        }
        guard let streak = stairStreak, streak.frames >= configuration.stairConfirmations else { return }
        if let last = lastStairsAt, timestamp - last < configuration.stairCooldown { return }
        lastStairsAt = timestamp
        stairStreak = nil
        cues.append(.earcon(Earcon(kind: .stairs, pitch: sighting.direction == .up ? 0.3 : -0.3)))
        cues.append(.haptic(.stairs))
        cues.append(.say(.stairs(sighting.direction), urgent: true))
    }

    // MARK: - Rate

    private mutating func updateStillness(at timestamp: Double) {
        guard let firstMotionAt else {
            isStill = false // no motion measured: full rate, to be safe
            return
        }
        isStill = timestamp - (lastMovedAt ?? firstMotionAt) >= configuration.stillAfter
    }

    /// A cell's distance from its last readings: the median of the window (five), or of the last three when that
    /// is nearer. Either way one stray frame changes nothing, but a real approach shows a frame sooner: at walking
    /// pace the five-frame median alone lags two frames, 16 cm at 15 frames a second.
    private func smoothed(_ readings: [Float]) -> Float {
        let known = readings.filter { !$0.isNaN }
        guard known.count >= configuration.minimumReadings else { return .nan }
        let recent = readings.suffix(3).filter { !$0.isNaN }
        let all = Self.median(known)
        return recent.count == 3 ? min(all, Self.median(recent)) : all
    }

    /// The median of up to a handful of values (the lower middle of an even count).
    static func median(_ values: [Float]) -> Float {
        let sorted = values.sorted()
        return sorted[(sorted.count - 1) / 2]
    }
}

extension HapticPattern {
    /// Stairs ahead: a double tap, unlike the obstacle beat and the hazard's three pulses.
    public static let stairs = HapticPattern(milliseconds: [70, 90, 70, 500], intensity: 1)
}
