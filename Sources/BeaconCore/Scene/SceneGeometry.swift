/// Where a detected object is, for a listener: its clock hour, its distance, and its place in the order things are
/// said in.
public struct Placement: Sendable, Hashable {
    public var clock: ClockDirection
    public var distance: DistanceEstimate?
    public var order: ImportanceOrder
}

/// What turns a class and a box into a placement: the camera's field of view and the typical sizes of things.
public struct SceneGeometry: Sendable, Hashable {
    public var camera: CameraFieldOfView
    public var priors: SizePriors

    public init(camera: CameraFieldOfView = .standard, priors: SizePriors = .standard) {
        self.camera = camera
        self.priors = priors
    }

    /// With `depth`, the distance is measured at the object (`DepthMap.measuredDistance`); without it, or where the
    /// depth has too few readings there, it is estimated from the class's typical size — unless `sizeKnown` is false
    /// (a thing the person taught: its size is theirs to know), when only depth gives a distance.
    public func place(_ label: String, box: NormalizedRect, depth: DepthMap? = nil, sizeKnown: Bool = true) -> Placement {
        let estimated = sizeKnown ? priors.distance(of: box, label: label, verticalFieldOfView: camera.vertical,
                                                    horizontalFieldOfView: camera.horizontal) : nil
        let distance = depth?.measuredDistance(of: box) ?? estimated
        return Placement(clock: camera.clockDirection(of: box), distance: distance,
                         order: ImportanceOrder(label: label, distance: distance, box: box))
    }
}
