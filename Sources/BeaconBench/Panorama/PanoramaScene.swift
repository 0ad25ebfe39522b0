import BeaconCore

/// A real photo treated as the world around a person standing still: the photo spans `horizontalSpan` degrees
/// across (120° by default, so a 60° camera sees half of it), with square pixels, so its vertical span follows from
/// its shape. Angles map linearly onto pixels, which keeps a view a plain crop of the photo; beyond the photo's edges
/// the world is featureless.
public struct PanoramaScene: Sendable, Hashable, Codable {
    public var photoWidth: Int
    public var photoHeight: Int
    public var horizontalSpan: Double
    public var camera: VirtualCamera

    public init(photoWidth: Int, photoHeight: Int, horizontalSpan: Double = 120, camera: VirtualCamera = VirtualCamera()) {
        precondition(photoWidth > 0 && photoHeight > 0 && horizontalSpan > 0, "a scene needs a photo and a span")
        self.photoWidth = photoWidth
        self.photoHeight = photoHeight
        self.horizontalSpan = horizontalSpan
        self.camera = camera
    }

    public var degreesPerPixel: Double { horizontalSpan / Double(photoWidth) }
    public var verticalSpan: Double { Double(photoHeight) * degreesPerPixel }

    /// The size of the camera's picture in photo pixels.
    public var viewPixelWidth: Int { max(1, Int((camera.horizontalFieldOfView / degreesPerPixel).rounded())) }
    public var viewPixelHeight: Int { max(1, Int((camera.verticalFieldOfView / degreesPerPixel).rounded())) }

    /// The angles the picture really spans (the camera's, to within half a pixel), so positions agree exactly with
    /// what the detector sees in a crop.
    public var viewWidthDegrees: Double { Double(viewPixelWidth) * degreesPerPixel }
    public var viewHeightDegrees: Double { Double(viewPixelHeight) * degreesPerPixel }

    /// The direction of a point of the photo given in normalized photo coordinates.
    public func direction(ofPhotoPoint point: NormalizedPoint) -> ViewDirection {
        ViewDirection(yaw: (point.x - 0.5) * horizontalSpan, pitch: (0.5 - point.y) * verticalSpan)
    }

    /// Where a direction appears in the picture of a camera pointing at `view`: normalized, outside 0…1 when out of
    /// view.
    public func position(of direction: ViewDirection, seenFrom view: ViewDirection) -> NormalizedPoint {
        NormalizedPoint(x: 0.5 + (direction.yaw - view.yaw) / viewWidthDegrees,
                        y: 0.5 - (direction.pitch - view.pitch) / viewHeightDegrees)
    }

    /// The camera direction that shows `direction` at `position` in its picture.
    public func view(showing direction: ViewDirection, at position: NormalizedPoint) -> ViewDirection {
        ViewDirection(yaw: direction.yaw - position.dx * viewWidthDegrees,
                      pitch: direction.pitch + position.dy * viewHeightDegrees)
    }

    /// A box given in normalized photo coordinates, as it appears in the picture of a camera pointing at `view`.
    public func box(_ photoBox: NormalizedRect, seenFrom view: ViewDirection) -> NormalizedRect {
        let corner = position(of: direction(ofPhotoPoint: NormalizedPoint(x: photoBox.x, y: photoBox.y)), seenFrom: view)
        return NormalizedRect(x: corner.x, y: corner.y,
                              width: photoBox.width * horizontalSpan / viewWidthDegrees,
                              height: photoBox.height * verticalSpan / viewHeightDegrees)
    }

    /// The top-left corner of the picture of a camera pointing at `view`, in photo pixels, not rounded.
    public func pictureCorner(for view: ViewDirection) -> (x: Double, y: Double) {
        (Double(photoWidth) / 2 + view.yaw / degreesPerPixel - Double(viewPixelWidth) / 2,
         Double(photoHeight) / 2 - view.pitch / degreesPerPixel - Double(viewPixelHeight) / 2)
    }

    /// The pixels of the photo a camera pointing at `view` sees; parts may lie beyond the photo.
    public func crop(for view: ViewDirection) -> PixelRegion {
        let corner = pictureCorner(for: view)
        return PixelRegion(x: Int(corner.x.rounded()), y: Int(corner.y.rounded()),
                           width: viewPixelWidth, height: viewPixelHeight)
    }

    /// The exact direction a crop's picture is centred on (a crop sits on whole pixels, the camera need not).
    public func direction(of crop: PixelRegion) -> ViewDirection {
        let centreX = Double(crop.x) + Double(crop.width) / 2
        let centreY = Double(crop.y) + Double(crop.height) / 2
        return ViewDirection(yaw: (centreX - Double(photoWidth) / 2) * degreesPerPixel,
                             pitch: (Double(photoHeight) / 2 - centreY) * degreesPerPixel)
    }

    /// Detections from the picture of a camera pointing at `rendered`, moved to where they would appear for a camera
    /// pointing at `actual` a fraction of a degree away (clipped to the picture). This is what lets detections be
    /// cached per quantized direction while the simulated head moves smoothly.
    public func moving(_ detections: [Detection], from rendered: ViewDirection, to actual: ViewDirection) -> [Detection] {
        let dx = (rendered.yaw - actual.yaw) / viewWidthDegrees
        let dy = (actual.pitch - rendered.pitch) / viewHeightDegrees
        return detections.compactMap { detection in
            let box = detection.box
            let left = max(0, box.x + dx), top = max(0, box.y + dy)
            let right = min(1, box.maxX + dx), bottom = min(1, box.maxY + dy)
            guard right > left, bottom > top else { return nil }
            var moved = detection
            moved.box = NormalizedRect(x: left, y: top, width: right - left, height: bottom - top)
            return moved
        }
    }
}
