/// Where the camera points when a simulated search starts, relative to the object the run is about.
public struct StartPosition: Sendable, Hashable, Codable {
    public var view: ViewDirection
    /// Where the object's centre is in the first picture (outside 0…1 when it is out of view).
    public var targetPosition: NormalizedPoint
    /// The object's centre is inside the first picture.
    public var targetInView: Bool

    public init(view: ViewDirection, targetPosition: NormalizedPoint) {
        self.view = view
        self.targetPosition = targetPosition
        targetInView = (0...1).contains(targetPosition.x) && (0...1).contains(targetPosition.y)
    }

    public static let optimumDefinition = """
        optimum = turns a perfect user needs (hears every cue exactly, turns exactly as far as it says, guesses the \
        sweep direction right): 1 when the target starts in view but off centre (one straight turn, both axes at \
        once); 2 when it starts out of view (one sweep until it comes into view, then one straight turn)
        """

    /// The straight-line optimum number of turns (see `optimumDefinition`).
    public var optimumSteps: Int {
        if !targetInView { return 2 }
        let centred = abs(targetPosition.dx) <= Direction.centreRadius && abs(targetPosition.dy) <= Direction.centreRadius
        return centred ? 0 : 1
    }
}

/// The start positions of a benchmark: the target in view at many offsets, and every `outOfViewEvery`-th start out
/// of view to one side (at eye level, where a person sweeping left and right would come across it).
public struct StartPlan: Sendable, Hashable, Codable {
    /// In-view starts put the target's centre at most this far from the middle on each axis…
    public var horizontalReach = 0.42
    public var verticalReach = 0.38
    /// … and at least this far on one axis, so every start needs a turn.
    public var smallestOffset = 0.15
    /// Out-of-view starts put the target's centre this far from the middle horizontally (0.5 is the picture's edge).
    public var outOfViewOffsets = 0.6...1.0
    public var outOfViewVerticalReach = 0.25
    public var outOfViewEvery = 4

    public init() {}

    /// Start `index` for `object`: the same seed, object and index always give the same start.
    public func start(_ index: Int, for object: SceneObject, in scene: PanoramaScene, seed: UInt64, objectNumber: Int) -> StartPosition {
        var random = SplitMix64(seed: seed, parts: [0x5747_4152_54, UInt64(objectNumber), UInt64(index)])
        let position: NormalizedPoint
        if outOfViewEvery > 0 && index % outOfViewEvery == outOfViewEvery - 1 {
            let dx = random.sign() * random.uniform(outOfViewOffsets)
            position = NormalizedPoint(x: 0.5 + dx, y: 0.5 + random.uniform(-outOfViewVerticalReach...outOfViewVerticalReach))
        } else {
            var dx = 0.0, dy = 0.0
            repeat {
                dx = random.uniform(-horizontalReach...horizontalReach)
                dy = random.uniform(-verticalReach...verticalReach)
            } while max(abs(dx), abs(dy)) < smallestOffset
            position = NormalizedPoint(x: 0.5 + dx, y: 0.5 + dy)
        }
        return StartPosition(view: scene.view(showing: scene.direction(of: object), at: position), targetPosition: position)
    }
}
