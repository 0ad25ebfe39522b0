@testable import BeaconBench
import Testing
@testable import BeaconCore

/// The scene geometry: which pixels a camera direction sees, and where things appear in its picture.
@Suite struct PanoramaSceneTests {
    /// coffee.png's size: 600×400 pixels spanning 120°×80°, so 5 pixels a degree and a 300×225 view.
    let scene = PanoramaScene(photoWidth: 600, photoHeight: 400)

    @Test func theViewIsACropOfTheCameraFieldOfView() {
        #expect(scene.degreesPerPixel == 0.2)
        #expect(scene.verticalSpan == 80)
        #expect(scene.viewPixelWidth == 300 && scene.viewPixelHeight == 225)
        #expect(scene.crop(for: .ahead) == PixelRegion(x: 150, y: 88, width: 300, height: 225))
    }

    @Test func yawMovesTheCropSidewaysAndPitchMovesItUp() {
        #expect(scene.crop(for: ViewDirection(yaw: 30, pitch: 0)).x == 300)
        #expect(scene.crop(for: ViewDirection(yaw: -30, pitch: 0)).x == 0)
        #expect(scene.crop(for: ViewDirection(yaw: 0, pitch: 10)).y == 38)
        // Beyond the photo: the crop reaches past its edge.
        #expect(scene.crop(for: ViewDirection(yaw: 60, pitch: 0)).x == 450)
    }

    @Test func aCropsDirectionIsWhereItsMiddleIs() {
        let direction = ViewDirection(yaw: 12.34, pitch: -5.67)
        let rendered = scene.direction(of: scene.crop(for: direction))
        #expect(abs(rendered.yaw - direction.yaw) <= scene.degreesPerPixel / 2)
        #expect(abs(rendered.pitch - direction.pitch) <= scene.degreesPerPixel)
    }

    @Test func positionsInThePictureFollowTheCamera() {
        let target = ViewDirection(yaw: 10, pitch: 5)
        let straightAt = scene.position(of: target, seenFrom: target)
        #expect(abs(straightAt.x - 0.5) < 1e-12 && abs(straightAt.y - 0.5) < 1e-12)
        // Looking 15° to the left of it, it is a quarter of the picture to the right of the middle.
        let left = scene.position(of: target, seenFrom: ViewDirection(yaw: -5, pitch: 5))
        #expect(abs(left.x - 0.75) < 1e-12)
        // Looking above it, it is below the middle.
        #expect(scene.position(of: target, seenFrom: ViewDirection(yaw: 10, pitch: 15)).y > 0.5)
        let view = scene.view(showing: target, at: NormalizedPoint(x: 0.2, y: 0.7))
        let shown = scene.position(of: target, seenFrom: view)
        #expect(abs(shown.x - 0.2) < 1e-12 && abs(shown.y - 0.7) < 1e-12)
    }

    @Test func aPhotoBoxAppearsWhereTheCropHasIt() {
        // The middle 60×40 pixels of the photo, seen by a camera pointing straight at the middle.
        let box = scene.box(NormalizedRect(x: 0.45, y: 0.45, width: 0.1, height: 0.1), seenFrom: .ahead)
        #expect(abs(box.midX - 0.5) < 1e-12 && abs(box.midY - 0.5) < 1e-12)
        #expect(abs(box.width - 0.2) < 1e-12 && abs(box.height - 40.0 / 225) < 1e-12)
    }

    @Test func detectionsMoveWithTheCamera() {
        let detection = Detection(classIndex: 41, label: "cup", confidence: 0.9,
                                  box: NormalizedRect(x: 0.4, y: 0.4, width: 0.2, height: 0.2))
        // Turning half a degree right moves things left in the picture; tilting up moves them down.
        let moved = scene.moving([detection], from: .ahead, to: ViewDirection(yaw: 0.6, pitch: 0.45))
        #expect(abs(moved[0].box.midX - (0.5 - 0.6 / 60)) < 1e-12)
        #expect(abs(moved[0].box.midY - (0.5 + 0.45 / 45)) < 1e-12)
        #expect(scene.moving([detection], from: .ahead, to: ViewDirection(yaw: 60, pitch: 0)).isEmpty)
    }

    @Test func centredMeansTheCorridorOrOnTheObjectWhenItIsLargerThanThePicture() {
        let small = SceneObject(classIndex: 41, label: "cup", confidence: 0.9,
                                box: NormalizedRect(x: 0.45, y: 0.45, width: 0.1, height: 0.1))
        #expect(scene.isCentred(small, from: .ahead))
        #expect(scene.isCentred(small, from: ViewDirection(yaw: 5, pitch: 0)))
        #expect(!scene.isCentred(small, from: ViewDirection(yaw: 7, pitch: 0)))
        // A table 96° across (wider than the 60° picture): anywhere on it will do horizontally.
        let wide = SceneObject(classIndex: 60, label: "dining table", confidence: 0.7,
                               box: NormalizedRect(x: 0.1, y: 0.45, width: 0.8, height: 0.1))
        #expect(scene.isCentred(wide, from: ViewDirection(yaw: 40, pitch: 0)))
        #expect(!scene.isCentred(wide, from: ViewDirection(yaw: 50, pitch: 0)))
        #expect(!scene.isCentred(wide, from: ViewDirection(yaw: 40, pitch: 7)))
    }
}

@Suite struct SceneTruthTests {
    private func object(_ label: String, _ classIndex: Int, _ x1: Double, _ x2: Double) -> SceneObject {
        SceneObject(classIndex: classIndex, label: label, confidence: 1, box: NormalizedRect(x: x1, y: 0.2, width: x2 - x1, height: 0.6))
    }

    /// Targets are the measured objects the detector sees; one it splits in two is still one target, and one it
    /// misses stays in the scene (centring on it counts) without runs of its own.
    @Test func targetsAreMeasuredObjectsTheDetectorSees() {
        let measured = [object("motorcycle", 3, 0.06, 0.85), object("person", 0, 0.0, 0.1), object("person", 0, 0.3, 0.45)]
        let detected = [object("motorcycle", 3, 0.08, 0.6), object("motorcycle", 3, 0.49, 0.85), object("person", 0, 0.3, 0.43),
                        object("car", 2, 0.0, 0.1)]
        let truth = SceneTruth(measured: measured, detected: detected)
        #expect(truth.objects == measured)
        #expect(truth.targets == [0, 2])
        #expect(SceneTruth(detected: detected).targets == [0, 1, 2, 3])
    }
}
