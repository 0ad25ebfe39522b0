/// One object in a scene's photo, as the detector found it in the whole photo: the simulation's ground truth.
public struct SceneObject: Sendable, Hashable, Codable {
    public var classIndex: Int
    public var label: String
    public var confidence: Double
    /// Where it is in the whole photo, normalized.
    public var box: NormalizedRect

    public init(classIndex: Int, label: String, confidence: Double, box: NormalizedRect) {
        self.classIndex = classIndex
        self.label = label
        self.confidence = confidence
        self.box = box
    }

    public init(_ detection: Detection) {
        self.init(classIndex: detection.classIndex, label: detection.label, confidence: detection.confidence,
                  box: detection.box)
    }

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
