import BeaconCore
import BeaconModels
import BeaconTestSupport
import Foundation
import Testing
@testable import BeaconRuntime

/// `beacon detect` in the test process: real photos through each detector, the JSON records, PicoDet against the
/// Python reference, and the models listing. What a user meets at the command line (a bad image; a missing model or
/// ONNX Runtime, which needs a fresh process: one runtime is loaded per process) stays with the binary in DetectCLITests.
@Suite(.serialized) struct DetectRunTests {
    /// What a run printed, and how many images it could not read (the binary exits with status 1 when any).
    struct Ran {
        var transcript: TranscriptRecorder
        var failures: Int
        var lines: [String] { transcript.lines }
        var notes: [String] { transcript.notes }
    }

    static func detect(_ images: [URL], model: String = DetectorSettings.defaultModel, confidence: Float? = nil,
                       json: Bool = false, composition: Composition = Composition()) throws -> Ran {
        let transcript = TranscriptRecorder()
        let run = DetectRun(images: images.map(\.path), detector: DetectorSettings(model: model, confidence: confidence), json: json)
        let failures = try run.run(composition: composition, transcript: transcript)
        return Ran(transcript: transcript, failures: failures)
    }

    @Test(arguments: ["yolox_nano", "yolo11n_int8"])
    func describesRealPhotos(model: String) throws {
        guard RunTestSupport.canDetect(), let bus = TestData.image("bus.jpg"), let coffee = TestData.image("coffee.png"),
              let text = TestData.image("text.png") else { return }
        let result = try Self.detect([bus, coffee, text], model: model)
        #expect(result.failures == 0, "\(result.notes)")
        #expect(result.notes.isEmpty, "\(result.notes)")
        #expect(result.lines.count == 3)
        #expect(result.lines[0].hasPrefix("bus.jpg: "))
        #expect(result.lines[0].contains("bus, "))
        #expect(result.lines[0].components(separatedBy: "person, ").count - 1 >= 3, "\(result.lines[0])")
        #expect(result.lines[1].hasPrefix("coffee.png: cup, 9"), "\(result.lines[1])")
        #expect(result.lines[1].contains("cup, 9") && result.lines[1].contains("%, centre"))
        #expect(result.lines[2] == "text.png: nothing found.")
    }

    /// `detect --model picodet_s_416_coco` finds what the Python reference finds, boxes within 2 pixels.
    @Test func picoDetMatchesThePythonReference() throws {
        guard RunTestSupport.canDetect() else { return }
        guard let model = TestData.model("picodet_s_416_coco.onnx") else {
            if TestData.required { Issue.record("picodet_s_416_coco.onnx is missing") } else { print("skipping: no PicoDet model") }
            return
        }
        let photos = ["bus.jpg", "zidane.jpg", "coffee.png", "chelsea.png", "astronaut.png", "motorcycle_left.png"]
        let urls = photos.compactMap { TestData.image($0) }
        guard urls.count == photos.count else { return }
        let script = TestData.packageRoot.appendingPathComponent("scripts/reference_detect.py").path
        let reference = try TestData.run("python3", [script, model.path] + urls.map(\.path) + ["--confidence", "0.3"])
        guard reference.status == 0 else {
            if TestData.required { Issue.record("Python reference failed: \(reference.stderr)") }
            else { print("skipping: Python reference unavailable: \(reference.stderr.suffix(200))") }
            return
        }
        let ours = try Self.detect(urls, model: "picodet_s_416_coco", confidence: 0.3, json: true)
        #expect(ours.failures == 0, "\(ours.notes)")

        // The reference gives boxes as [x1, y1, x2, y2] in pixels; beacon's JSON as "pixels" {x1, y1, x2, y2}.
        struct ReferenceItem: Decodable { var classIndex: Int; var confidence: Double; var box: [Double] }
        struct ReferenceImage: Decodable { var detections: [ReferenceItem] }
        struct Reference: Decodable { var images: [ReferenceImage] }
        struct Item: Decodable {
            struct Pixels: Decodable { var x1: Double; var y1: Double; var x2: Double; var y2: Double }
            var classIndex: Int
            var confidence: Double
            var pixels: Pixels
        }
        struct Image: Decodable { var detections: [Item] }
        let expected = try JSONDecoder().decode(Reference.self, from: Data(reference.stdout.utf8)).images
        let found = try ours.lines.map { try JSONDecoder().decode(Image.self, from: Data($0.utf8)) }
        #expect(found.count == photos.count)
        #expect(expected.flatMap(\.detections).count >= 15, "the photos should give PicoDet plenty to find")
        for (photo, (mine, theirs)) in zip(photos, zip(found, expected)) {
            #expect(mine.detections.map(\.classIndex) == theirs.detections.map(\.classIndex), "\(photo)")
            for (a, b) in zip(mine.detections, theirs.detections) {
                #expect(abs(a.confidence - b.confidence) < 0.01, "\(photo)")
                let corners = [a.pixels.x1, a.pixels.y1, a.pixels.x2, a.pixels.y2]
                let differences = zip(corners, b.box).map { abs($0 - $1) }
                #expect(differences.count == 4 && differences.allSatisfy { $0 <= 2 }, "\(photo): \(differences)")
            }
        }
    }

    /// PicoDet's calibrated threshold: the handwriting's "clock" (0.62) stays unsaid, the photos' objects are named.
    @Test func picoDetDescribesRealPhotosAtItsCalibratedThreshold() throws {
        guard RunTestSupport.canDetect(), TestData.model("picodet_s_416_coco.onnx") != nil,
              let bus = TestData.image("bus.jpg"), let coffee = TestData.image("coffee.png"),
              let text = TestData.image("text.png") else { return }
        let result = try Self.detect([bus, coffee, text], model: "picodet_s_416_coco")
        #expect(result.failures == 0, "\(result.notes)")
        #expect(result.lines.count == 3)
        #expect(result.lines.first?.contains("bus, ") == true)
        #expect((result.lines.first?.components(separatedBy: "person, ").count ?? 0) - 1 >= 3, "\(result.lines)")
        #expect(result.lines.dropFirst().first?.contains("cup, ") == true, "\(result.lines)")
        #expect(result.lines.last == "text.png: nothing found.")
    }

    @Test func jsonHasNormalizedAndPixelBoxes() throws {
        guard RunTestSupport.canDetect(), let coffee = TestData.image("coffee.png") else { return }
        let result = try Self.detect([coffee], json: true)
        #expect(result.failures == 0)
        #expect(result.lines.count == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.lines.joined().utf8)) as? [String: Any])
        #expect(object["width"] as? Int == 600)
        let detections = try #require(object["detections"] as? [[String: Any]])
        let cup = try #require(detections.first { $0["label"] as? String == "cup" })
        let pixels = try #require(cup["pixels"] as? [String: Double])
        let box = try #require(cup["box"] as? [String: Double])
        #expect(abs(pixels["x1"]! - box["x"]! * 600) < 0.01)
        // The cup stands in the middle column; PicoDet's box (centre 0.33 of the height) puts it in
        // the top ninth, YOLOX's in the middle one.
        #expect(cup["position"] as? String == "top-centre")
    }

    /// `beacon models list --json`: the same listing, as the command encodes it.
    @Test func modelsListShowsTheDevelopmentModels() throws {
        guard TestData.model("yolox_nano.onnx") != nil else { return }
        let listings = ModelInventory(locator: Composition().modelLocator).list(checkContents: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let rows = try #require(try JSONSerialization.jsonObject(with: try encoder.encode(listings)) as? [[String: Any]])
        let nano = try #require(rows.first { $0["name"] as? String == "yolox_nano" })
        #expect(nano["present"] as? Bool == true)
        #expect(nano["licence"] as? String == "Apache-2.0")
        let yolo11 = try #require(rows.first { $0["name"] as? String == "yolo11n_int8" })
        #expect((yolo11["licence"] as? String)?.contains("AGPL") == true)
    }
}
