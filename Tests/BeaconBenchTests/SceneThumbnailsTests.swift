@testable import BeaconBench
import BeaconBenchRendering
import BeaconCore
import BeaconVision
import Testing

/// The simulation's thumbnails of a scene, checked with the real camera-motion estimator on a real photo.
struct SceneThumbnailsTests {
    /// The simulation's thumbnails turn by fractions of a degree the way a camera does: turning right by 1.3° and
    /// tilting up by 0.7° moves the content left by 1.3° and down by 0.7°.
    @Test func sceneThumbnailsMoveWithTheCamera() throws {
        guard let photo = try BenchFixtures.photo("bus.jpg") else { return }
        let scene = PanoramaScene(photoWidth: photo.width, photoHeight: photo.height)
        let thumbnails = SceneThumbnails(scene: scene, photo: photo)
        let start = ViewDirection(yaw: -10, pitch: 5)
        let motion = try #require(CameraMotionEstimator().motion(
            from: thumbnails.thumbnail(at: start),
            to: thumbnails.thumbnail(at: ViewDirection(yaw: start.yaw + 1.3, pitch: start.pitch + 0.7))))
        let expected = CameraMotion(dx: -1.3 / scene.viewWidthDegrees, dy: 0.7 / scene.viewHeightDegrees)
        #expect(abs(motion.dx - expected.dx) < 0.004 && abs(motion.dy - expected.dy) < 0.004, "\(motion) for \(expected)")
    }

    /// A scene thumbnail is the thumbnail of the picture the detector is shown for the same direction: exactly
    /// when the picture's corner falls on the shrunk photo's pixel grid (elsewhere it is interpolated between them).
    @Test func sceneThumbnailsMatchThumbnailsOfTheRenderedPicture() throws {
        guard let photo = try BenchFixtures.photo("bus.jpg") else { return }
        let scene = PanoramaScene(photoWidth: photo.width, photoHeight: photo.height)
        let thumbnails = SceneThumbnails(scene: scene, photo: photo)
        let crop = PixelRegion(x: 60 * thumbnails.factor, y: 90 * thumbnails.factor,
                               width: scene.viewPixelWidth, height: scene.viewPixelHeight)
        let rendered = MotionThumbnail(frame: SceneRenderer(photo: photo).render(crop))
        let sampled = thumbnails.thumbnail(at: scene.direction(of: crop))
        #expect(rendered.width == sampled.width && rendered.height == sampled.height)
        let largestDifference = zip(rendered.pixels, sampled.pixels).map { abs($0 - $1) }.max() ?? 0
        #expect(largestDifference < 0.01, "grey difference up to \(largestDifference)")
    }
}
