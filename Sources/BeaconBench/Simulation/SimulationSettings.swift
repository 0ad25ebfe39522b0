/// How a simulated search is run: the camera and detector timing of the live pipeline, the speech adapter's pace,
/// when a run counts as done, and the person.
public struct SimulationSettings: Sendable, Hashable, Codable {
    /// Camera frames per second; every frame is an event for the session.
    public var frameRate = 15.0
    /// The detector runs on every this-many-th frame (the CPU cannot keep up with every frame); the frames between
    /// are `.frame` events and the tracker carries the target through them.
    public var detectEvery = 3
    /// Detections describe the picture from this many frames before they arrive (inference takes time).
    public var detectionLatencyFrames = 1
    /// A run that has not ended centred after this many seconds fails.
    public var timeout = 20.0
    /// A run ends centred once the session has said centred for this long and the target is truly centred.
    public var confirmation = 1.0
    /// Speaking rate of the speech adapter.
    public var wordsPerSecond = 2.5
    public var user = UserTraits()

    public init() {}

    public var frameInterval: Double { 1 / frameRate }
}

/// One simulated search: a scene, its objects, which one the run is about, where the camera starts, and the seed of
/// the person's randomness.
public struct GuidanceTrial: Sendable, Hashable {
    public var scene: PanoramaScene
    /// Every object the detector found in the whole photo (the ground truth).
    public var objects: [SceneObject]
    public var targetIndex: Int
    public var start: StartPosition
    public var seed: UInt64

    public init(scene: PanoramaScene, objects: [SceneObject], targetIndex: Int, start: StartPosition, seed: UInt64) {
        precondition(objects.indices.contains(targetIndex), "the target must be one of the scene's objects")
        self.scene = scene
        self.objects = objects
        self.targetIndex = targetIndex
        self.start = start
        self.seed = seed
    }

    public var target: SceneObject { objects[targetIndex] }
}
