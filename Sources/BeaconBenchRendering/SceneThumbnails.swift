import BeaconBench
import BeaconCore
import BeaconVision

/// The motion estimator's thumbnails of what a simulated camera sees: the thumbnail a live camera's picture would
/// give (`MotionThumbnail(frame:)`), sampled straight from a once-shrunk grey copy of the photo at the camera's exact
/// direction, so turns of a fraction of a pixel show as they would. Beyond the photo the world is the renderer's
/// plain grey.
public struct SceneThumbnails: Sendable {
    public let scene: PanoramaScene
    /// Photo pixels per thumbnail pixel.
    public let factor: Int
    public let width: Int
    public let height: Int
    private let grey: [Float]
    private let greyWidth: Int
    private let greyHeight: Int
    private let surround: Float

    public init(scene: PanoramaScene, photo: Frame, targetWidth: Int = 96, surround: UInt8 = SceneRenderer.defaultSurround) {
        precondition(photo.width == scene.photoWidth && photo.height == scene.photoHeight, "the scene is this photo's")
        self.scene = scene
        factor = MotionThumbnail.factor(forWidth: scene.viewPixelWidth, targetWidth: targetWidth)
        width = max(1, scene.viewPixelWidth / factor)
        height = max(1, scene.viewPixelHeight / factor)
        let shrunk = MotionThumbnail(frame: photo, factor: factor)
        grey = shrunk.pixels
        greyWidth = shrunk.width
        greyHeight = shrunk.height
        self.surround = MotionThumbnail.grey(surround, surround, surround)
    }

    /// The thumbnail of the picture of a camera pointing at `view`.
    public func thumbnail(at view: ViewDirection) -> MotionThumbnail {
        // The picture's top-left corner in shrunk pixels, whose centres sit half a pixel in: thumbnail pixel (i, j)
        // averages the photo's block from corner + factor·(i, j), so its centre is the shrunk pixel corner/factor + (i, j).
        let corner = scene.pictureCorner(for: view)
        let originX = corner.x / Double(factor), originY = corner.y / Double(factor)
        var pixels = [Float](repeating: 0, count: width * height)
        for row in 0..<height {
            for column in 0..<width {
                pixels[row * width + column] = sample(x: originX + Double(column), y: originY + Double(row))
            }
        }
        return MotionThumbnail(width: width, height: height, pixels: pixels)
    }

    /// Bilinear sample of the shrunk photo at pixel-centre coordinates; the surround beyond it.
    private func sample(x: Double, y: Double) -> Float {
        let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down))
        let fx = Float(x - Double(x0)), fy = Float(y - Double(y0))
        func at(_ px: Int, _ py: Int) -> Float {
            px >= 0 && py >= 0 && px < greyWidth && py < greyHeight ? grey[py * greyWidth + px] : surround
        }
        let top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx
        let bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx
        return top * (1 - fy) + bottom * fy
    }
}
