/// The first, simple object search: per processed frame, is the target visible and where; words only on change.
///
/// A pure reducer: the caller feeds detections with a timestamp and carries out the returned update.
/// (Tracking, target lock, earcons and cooldowns build on this in the guidance engine.)
public struct ObjectSearch: Sendable {
    public let target: String
    public let classIndex: Int
    /// Consecutive frames without the target before it is announced lost; one missed detection is not a loss.
    public let missesBeforeLost: Int

    public private(set) var state = State()

    public struct State: Sendable, Equatable {
        public var visible = false
        public var direction: Direction?
        public var misses = 0
        public var everSeen = false
    }

    /// What one frame changed.
    public struct Update: Sendable, Equatable, Codable {
        public var frame: Int
        public var timestamp: Double
        public var visible: Bool
        /// Target centre, normalized, when visible.
        public var x: Double?
        public var y: Double?
        public var confidence: Double?
        /// "centred", "left", "right, up", … when visible.
        public var direction: String?
        /// What to say now, if anything.
        public var speech: String?
    }

    public init(target: String, classIndex: Int, missesBeforeLost: Int = 3) {
        self.target = target
        self.classIndex = classIndex
        self.missesBeforeLost = missesBeforeLost
    }

    public mutating func observe(_ detections: [Detection], frame: Int, timestamp: Double) -> Update {
        let best = detections.filter { $0.classIndex == classIndex }.max { $0.confidence < $1.confidence }
        var update = Update(frame: frame, timestamp: timestamp, visible: false)
        guard let best else {
            state.misses += 1
            if state.visible && state.misses >= missesBeforeLost {
                state.visible = false
                state.direction = nil
                update.speech = "\(target.capitalizedFirst) lost."
            }
            update.visible = state.visible
            update.direction = state.direction?.words
            return update
        }
        let direction = Direction.of(x: best.box.midX, y: best.box.midY, previous: state.direction)
        let wasVisible = state.visible
        let changed = direction != state.direction
        state.visible = true
        state.misses = 0
        state.direction = direction
        state.everSeen = true
        update.visible = true
        update.x = best.box.midX
        update.y = best.box.midY
        update.confidence = best.confidence
        update.direction = direction.words
        if !wasVisible {
            update.speech = "\(target.capitalizedFirst), \(direction.words)."
        } else if changed {
            update.speech = "\(direction.words.capitalizedFirst)."
        }
        return update
    }
}

extension String {
    /// "cup" → "Cup": sentences spoken aloud start with a capital so synthesizers phrase them as sentences.
    public var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
