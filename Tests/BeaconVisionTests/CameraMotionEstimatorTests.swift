import BeaconCore
import BeaconTestSupport
import Testing
@testable import BeaconVision

/// The camera-motion estimator on real photos: 640×480 windows of zidane.jpg moved by known numbers of pixels, as a
/// turning camera would see them.
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

    /// The meter the drivers use: nothing on the first frame, the motion since the last one after, and afresh after
    /// a reset (a mode that stopped measuring must not compare with a picture from long ago).
    @Test func theMeterComparesEachFrameWithTheLastOne() throws {
        guard let photo = try DetectorTests.photo("zidane.jpg") else { return }
        var meter = CameraMotionMeter()
        guard case .firstFrame = meter.measure(Self.view(of: photo, x: 300, y: 120)) else {
            Issue.record("the first frame was compared with something")
            return
        }
        guard case .measured(let motion) = meter.measure(Self.view(of: photo, x: 330, y: 120)) else {
            Issue.record("a 30-pixel turn was not measured")
            return
        }
        #expect(abs(motion.dx - -30.0 / 640) <= 2.0 / 640, "\(motion)")
        meter.reset()
        guard case .firstFrame = meter.measure(Self.view(of: photo, x: 360, y: 120)) else {
            Issue.record("after a reset the frame was compared with an old one")
            return
        }
        let grey = Frame(width: 640, height: 480, rgb: [UInt8](repeating: 114, count: 640 * 480 * 3))
        guard case .unmeasured = meter.measure(grey) else {
            Issue.record("a picture without texture gave a motion")
            return
        }
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
}
