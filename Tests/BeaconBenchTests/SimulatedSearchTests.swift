@testable import BeaconBench
import BeaconBenchRendering
import BeaconCore
import BeaconVision
import Testing

/// The guidance simulation's glue: views rendered from a real photo, and whole simulated searches with the real
/// detector on coffee.png.
@Suite(.serialized) struct SimulatedSearchTests {
    /// A 4×2 frame whose pixel (x, y) has red = 10·x + y.
    static let tiny = Frame(width: 4, height: 2, rgb: (0..<8).flatMap { index -> [UInt8] in
        [UInt8(10 * (index % 4) + index / 4), 0, 0]
    })

    @Test func aViewInsideThePhotoIsItsCrop() {
        let view = SceneRenderer(photo: Self.tiny).render(PixelRegion(x: 1, y: 0, width: 2, height: 2))
        #expect(view.width == 2 && view.height == 2)
        #expect(stride(from: 0, to: view.rgb.count, by: 3).map { view.rgb[$0] } == [10, 20, 11, 21])
    }

    @Test func aViewBeyondThePhotoShowsGreyThere() {
        let renderer = SceneRenderer(photo: Self.tiny)
        let view = renderer.render(PixelRegion(x: 3, y: -1, width: 3, height: 2))
        let grey = renderer.surround
        #expect(stride(from: 0, to: view.rgb.count, by: 3).map { view.rgb[$0] } == [grey, grey, grey, 30, grey, grey])
        let nowhere = renderer.render(PixelRegion(x: 10, y: 10, width: 2, height: 1))
        #expect(nowhere.rgb.allSatisfy { $0 == grey })
    }

    @Test func searchesForTheCupInCoffeeEndCentred() throws {
        guard let detector = try BenchFixtures.detector("yolox_nano.onnx", confidence: 0.1),
              let photo = try BenchFixtures.photo("coffee.png") else { return }
        let scene = PanoramaScene(photoWidth: photo.width, photoHeight: photo.height)
        let objects = try detector.detect(photo).filter { $0.confidence >= 0.5 }
        let cup = try #require(objects.firstIndex { $0.label == "cup" })
        let views = CachedViewDetector(scene: scene, photo: photo, detector: detector)
        // The cup a quarter of the picture to the left, to the right and above the middle, and out of view.
        let starts = [(0.25, 0.5), (0.75, 0.5), (0.5, 0.3), (1.6, 0.5)]
        for (index, (x, y)) in starts.enumerated() {
            let start = StartPlan().start(at: NormalizedPoint(x: x, y: y), for: objects[cup], in: scene)
            let trial = GuidanceTrial(scene: scene, objects: objects, targetIndex: cup, start: start, seed: UInt64(index))
            let record = try GuidanceSimulator().run(trial, detect: { try views.detections(at: $0) })
            #expect(record.outcome == .centred, "start \(x), \(y): \(record)")
            #expect(record.steps >= start.optimumSteps)
        }
        #expect(views.inferences > 0 && views.cacheHits > 0)
    }
}
