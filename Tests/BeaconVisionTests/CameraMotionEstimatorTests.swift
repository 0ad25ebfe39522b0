import BeaconCore
import BeaconTestSupport
import Testing
@testable import BeaconVision

/// The camera-motion estimator on real photos: 640×480 windows of zidane.jpg moved by known numbers of pixels, as a
/// turning camera would see them, and the simulation's thumbnails of a scene.
struct CameraMotionEstimatorTests {
    static let window = (width: 640, height: 480)

    static func view(of photo: Frame, x: Int, y: Int) -> Frame {
        photo.cropped(to: PixelRegion(x: x, y: y, width: window.width, height: window.height))
    }

    /// The window moving right by (sx, sy) pixels moves the content left: the motion is (−sx/640, −sy/480).
    @Test(arguments: [(13, -4), (-40, 7), (0, 0), (90, 3), (-5, -30)])
    func measuresHowFarTheContentMoved(shift: (x: Int, y: Int)) throws {
        guard let photo = try DetectorTests.photo("zidane.jpg") else { return }
        let estimator = CameraMotionEstimator()
        let before = MotionThumbnail(frame: Self.view(of: photo, x: 300, y: 120))
        let after = MotionThumbnail(frame: Self.view(of: photo, x: 300 + shift.x, y: 120 + shift.y))
        let motion = try #require(estimator.motion(from: before, to: after))
        let expected = CameraMotion(dx: -Double(shift.x) / 640, dy: -Double(shift.y) / 480)
        // Within 2 pixels of the 640×480 picture: a third of a thumbnail pixel.
        #expect(abs(motion.dx - expected.dx) <= 2.0 / 640, "dx \(motion.dx) for \(expected.dx)")
        #expect(abs(motion.dy - expected.dy) <= 2.0 / 480, "dy \(motion.dy) for \(expected.dy)")
    }

    @Test func aChangeOfExposureIsNotMotion() throws {
        guard let photo = try DetectorTests.photo("zidane.jpg") else { return }
        let before = Self.view(of: photo, x: 300, y: 120)
        let moved = Self.view(of: photo, x: 320, y: 120)
        let darker = Frame(width: moved.width, height: moved.height, rgb: moved.rgb.map { UInt8(Double($0) * 0.8) })
        let motion = try #require(CameraMotionEstimator().motion(from: MotionThumbnail(frame: before),
                                                                  to: MotionThumbnail(frame: darker)))
        #expect(abs(motion.dx - -20.0 / 640) <= 2.0 / 640 && abs(motion.dy) <= 2.0 / 480, "\(motion)")
    }

    @Test func aPictureWithoutTextureTellsNothing() {
        let grey = Frame(width: 640, height: 480, rgb: [UInt8](repeating: 114, count: 640 * 480 * 3))
        let thumbnail = MotionThumbnail(frame: grey)
        #expect(thumbnail.width == 106 && thumbnail.height == 80)
        #expect(CameraMotionEstimator().motion(from: thumbnail, to: thumbnail) == nil)
    }

    @Test func pictureSizesThatDifferTellNothing() {
        let small = MotionThumbnail(width: 10, height: 10, pixels: (0..<100).map { Float($0 % 7) * 30 })
        let large = MotionThumbnail(width: 12, height: 10, pixels: (0..<120).map { Float($0 % 7) * 30 })
        #expect(CameraMotionEstimator().motion(from: small, to: large) == nil)
    }

    /// The simulation's thumbnails turn by fractions of a degree the way a camera does: turning right by 1.3° and
    /// tilting up by 0.7° moves the content left by 1.3° and down by 0.7°.
    @Test func sceneThumbnailsMoveWithTheCamera() throws {
        guard let photo = try DetectorTests.photo("bus.jpg") else { return }
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
        guard let photo = try DetectorTests.photo("bus.jpg") else { return }
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
