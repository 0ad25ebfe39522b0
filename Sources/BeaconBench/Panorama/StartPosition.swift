import BeaconCore

/// Where the camera points when a simulated search starts, relative to the object the run is about.
public struct StartPosition: Sendable, Hashable, Codable {
    public var view: ViewDirection
    /// Where the object's centre is in the first picture (outside 0…1 when it is out of view).
    public var targetPosition: NormalizedPoint
    /// Some of the object is in the first picture.
    public var targetInView: Bool
    /// The first picture already has the object centred (see `PanoramaScene.isCentred`).
    public var targetCentred: Bool

    public init(view: ViewDirection, targetPosition: NormalizedPoint, targetInView: Bool, targetCentred: Bool) {
        self.view = view
        self.targetPosition = targetPosition
        self.targetInView = targetInView
        self.targetCentred = targetCentred
    }

    public static let optimumDefinition = """
        turns a perfect user needs (hears every cue exactly, turns exactly as far as it says, guesses the sweep \
        direction right): 0 when the target starts centred; 1 when it starts in view but off centre (one straight \
        turn, both axes at once); 2 when it starts out of view (one sweep until it comes into view, then one \
        straight turn)
        """

    /// The straight-line optimum number of turns (see `optimumDefinition`).
    public var optimumSteps: Int { targetCentred ? 0 : (targetInView ? 1 : 2) }
}

/// The start positions of a benchmark: the target in view at many offsets, and every `outOfViewEvery`-th start out
/// of view to one side (at eye level, where a person sweeping left and right comes across it).
///
/// Horizontal offsets are measured from the edge of the region where the target counts as centred: the 0.1
/// corridor for an object that fits in the picture, the object itself where it is wider than the picture (there the
/// middle of the picture must be on it). So 0.15 always means "just outside centred", whatever the object's size.
/// Vertical offsets are of the object's centre: people hold a camera roughly level, and a view far above or below a
/// photo would show nothing but the featureless world beyond it. A start that is already centred is drawn again.
public struct StartPlan: Sendable, Hashable, Codable {
    /// In-view starts put the target at most this far off on each axis…
    public var horizontalReach = 0.42
    public var verticalReach = 0.38
    /// … and at least this far on one axis, so every start needs a turn.
    public var smallestOffset = 0.15
    /// Out-of-view starts put the object's nearer edge this far from the middle horizontally (0.5 is the picture's
    /// edge, so 0.55…0.8 is 3°…18° beyond it with a 60° camera).
    public var outOfViewEdges = 0.55...0.8
    public var outOfViewVerticalReach = 0.25
    public var outOfViewEvery = 4

    public init() {}

    /// Start `index` for `object` (identified by `objectKey`): the same seed, key and index always give the same start.
    public func start(_ index: Int, for object: SceneObject, in scene: PanoramaScene, seed: UInt64, objectKey: UInt64) -> StartPosition {
        var random = SplitMix64(seed: seed, parts: [0x5354_4152_54, objectKey, UInt64(index)])
        let size = scene.box(object.box, seenFrom: .ahead)
        if outOfViewEvery > 0 && index % outOfViewEvery == outOfViewEvery - 1 {
            let edge = random.sign() * random.uniform(outOfViewEdges)
            let dy = random.uniform(-outOfViewVerticalReach...outOfViewVerticalReach)
            return start(at: NormalizedPoint(x: 0.5 + edge + (edge < 0 ? -1 : 1) * size.width / 2, y: 0.5 + dy),
                         for: object, in: scene)
        }
        var start: StartPosition
        var attempts = 0, dx = 0.0, dy = 0.0
        repeat {
            attempts += 1
            dx = random.uniform(-horizontalReach...horizontalReach)
            dy = random.uniform(-verticalReach...verticalReach)
            start = self.start(at: NormalizedPoint(x: 0.5 + Self.widened(dx, extent: size.width), y: 0.5 + dy),
                               for: object, in: scene)
        } while (max(abs(dx), abs(dy)) < smallestOffset || start.targetCentred) && attempts < 1000
        return start
    }

    /// The start that shows the object's centre at `position`.
    public func start(at position: NormalizedPoint, for object: SceneObject, in scene: PanoramaScene) -> StartPosition {
        let view = scene.view(showing: scene.direction(of: object), at: position)
        let box = scene.box(object.box, seenFrom: view)
        let inView = box.maxX > 0 && box.x < 1 && box.maxY > 0 && box.y < 1
        return StartPosition(view: view, targetPosition: position, targetInView: inView,
                             targetCentred: scene.isCentred(object, from: view))
    }

    /// An offset from the edge of the centred region, as an offset of the object's centre from the middle.
    static func widened(_ offset: Double, extent: Double, corridor: Double = Direction.centreRadius) -> Double {
        guard extent > 1 else { return offset }
        let sign: Double = offset < 0 ? -1 : 1
        return sign * (extent / 2 - corridor + abs(offset))
    }
}
