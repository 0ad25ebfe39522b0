import BeaconCore
import Foundation
import BeaconMedia
import BeaconTestSupport
import Testing
@testable import BeaconVision

/// Finding a helper's mark again: 640×480 windows of the real zidane.jpg, the second moved by known pixels as a
/// turning camera would see it, and the mark's patch looked for near a guess that is off by a little.
struct MarkedSpotMatcherTests {
    typealias Views = CameraMotionEstimatorTests

    @Test(arguments: [(24, 8), (-37, -12), (0, 0), (50, 20)])
    func findsTheMarkedSpotWhereTheCameraMovedIt(shift: (x: Int, y: Int)) throws {
        guard let photo = try DetectorTests.photo("zidane.jpg") else { return }
        let before = Views.view(of: photo, x: 300, y: 120), after = Views.view(of: photo, x: 300 + shift.x, y: 120 + shift.y)
        // A mark on the man's tie: textured enough to be recognised.
        let mark = NormalizedPoint(x: 0.5, y: 0.6)
        let matcher = try #require(MarkedSpotMatcher(photo: before, mark: mark))
        let truth = NormalizedPoint(x: mark.x - Double(shift.x) / 640, y: mark.y - Double(shift.y) / 480)
        // The camera's motion is never exact: guess 20 pixels off.
        let guess = NormalizedPoint(x: truth.x + 20.0 / 640, y: truth.y - 12.0 / 480)
        let found = try #require(matcher.find(in: MarkedSpotMatcher.thumbnail(after), near: guess))
        #expect(abs(found.point.x - truth.x) <= 3.0 / 640, "x \(found.point.x) for \(truth.x)")
        #expect(abs(found.point.y - truth.y) <= 3.0 / 480, "y \(found.point.y) for \(truth.y)")
        #expect(found.score > 0.85, "a half-pixel shift of the thumbnail costs some correlation")
    }

    @Test func aPlainPatchIsNotTriedAndAHiddenSpotIsNotFound() throws {
        guard let photo = try DetectorTests.photo("zidane.jpg") else { return }
        let grey = Frame(width: 640, height: 480, rgb: [UInt8](repeating: 128, count: 640 * 480 * 3))
        #expect(MarkedSpotMatcher(photo: grey, mark: NormalizedPoint(x: 0.5, y: 0.5)) == nil)
        // Too near the edge for a whole patch.
        let view = Views.view(of: photo, x: 300, y: 120)
        #expect(MarkedSpotMatcher(photo: view, mark: NormalizedPoint(x: 0.01, y: 0.5)) == nil)
        // The spot covered by something else (another part of the photo): no match is made up.
        let matcher = try #require(MarkedSpotMatcher(photo: view, mark: NormalizedPoint(x: 0.5, y: 0.6)))
        let elsewhere = Views.view(of: photo, x: 0, y: 0)
        #expect(matcher.find(in: MarkedSpotMatcher.thumbnail(grey), near: NormalizedPoint(x: 0.5, y: 0.6)) == nil)
        if let found = matcher.find(in: MarkedSpotMatcher.thumbnail(elsewhere), near: NormalizedPoint(x: 0.5, y: 0.6)) {
            Issue.record("a spot that is not there was found at \(found.point) (score \(found.score))")
        }
    }

    @Test func aJPEGOfAFrameDecodesToTheSamePicture() throws {
        guard let photo = try DetectorTests.photo("zidane.jpg") else { return }
        let view = Views.view(of: photo, x: 300, y: 120)
        let jpeg = try JPEGEncoder.encode(view, quality: 90)
        #expect(jpeg.starts(with: [0xFF, 0xD8]) && jpeg.suffix(2) == [0xFF, 0xD9])
        let decoded = try ImageDecoder().decode(Data(jpeg), name: "photo.jpg")
        #expect(decoded.width == 640 && decoded.height == 480)
        let difference = zip(view.rgb, decoded.rgb).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        #expect(Double(difference) / Double(view.rgb.count) < 6, "mean difference \(Double(difference) / Double(view.rgb.count))")
    }
}
