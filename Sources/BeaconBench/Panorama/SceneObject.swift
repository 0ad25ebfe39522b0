import BeaconCore

/// One object in a scene's photo, in the whole photo's normalized coordinates: the simulation's ground truth, measured
/// by hand or, for photos nobody measured, as the detector found it in the whole photo. A detection is exactly that.
public typealias SceneObject = Detection

/// The objects of a scene and which of them searches are run for.
public struct SceneTruth: Sendable, Hashable {
    /// Every object: centring on any one of the searched class counts.
    public var objects: [SceneObject]
    /// Indices into `objects` of the searched ones.
    public var targets: [Int]

    public init(objects: [SceneObject], targets: [Int]) {
        precondition(targets.allSatisfy(objects.indices.contains), "targets must be objects of the scene")
        self.objects = objects
        self.targets = targets
    }

    /// The detector's own objects, each one a target.
    public init(detected: [Detection]) {
        self.init(objects: detected, targets: Array(detected.indices))
    }

    /// Measured objects; the targets are those the detector finds in the whole photo (`detected`, already filtered
    /// by confidence): a detection of the same class overlapping the object by at least `minimumIoU`. A search for
    /// an object Beacon cannot see at all measures the detector, not the guidance; an object the detector splits
    /// into two boxes is still one target.
    public init(measured: [SceneObject], detected: [Detection], minimumIoU: Double = 0.3) {
        let targets = measured.indices.filter { index in
            detected.contains { $0.classIndex == measured[index].classIndex && $0.box.iou(measured[index].box) >= minimumIoU }
        }
        self.init(objects: measured, targets: targets)
    }
}

extension Detection {
    /// What a search for this object's class looks for.
    public var searchTarget: SearchTarget { SearchTarget(label: label, classIndex: classIndex) }
}

extension PanoramaScene {
    /// The direction of an object's centre.
    public func direction(of object: SceneObject) -> ViewDirection { direction(ofPhotoPoint: object.box.centre) }

    /// Whether a camera pointing at `view` truly has `object` centred: its centre within the centre corridor on
    /// both axes. On an axis where the object is larger than the picture (a table filling the view), no single view
    /// shows where its centre is, so there it is enough that the middle of the picture lies on the object.
    public func isCentred(_ object: SceneObject, from view: ViewDirection, corridor: Double = Direction.centreRadius) -> Bool {
        let box = box(object.box, seenFrom: view)
        func centredOnAxis(offset: Double, extent: Double) -> Bool {
            extent > 1 ? abs(offset) <= extent / 2 : abs(offset) <= corridor
        }
        return centredOnAxis(offset: box.centre.dx, extent: box.width)
            && centredOnAxis(offset: box.centre.dy, extent: box.height)
    }
}
