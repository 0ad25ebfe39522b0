/// One object in a scene's photo, as the detector found it in the whole photo: the simulation's ground truth.
/// It is a detection in the whole photo's normalized coordinates, so it is one.
public typealias SceneObject = Detection

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
