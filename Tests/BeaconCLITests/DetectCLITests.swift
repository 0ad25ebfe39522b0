import BeaconTestSupport
import Foundation
import Testing

@Suite(.serialized) struct DetectCLITests {
    @Test func versionAndHelp() throws {
        let version = try BeaconBinary.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "0.1.0")
        let help = try BeaconBinary.run(["find", "--help"])
        #expect(help.stdout.contains("--camera"))
        #expect(help.stdout.contains("centred"))
    }

    @Test(arguments: ["yolox_nano", "yolo11n_int8"])
    func describesRealPhotos(model: String) throws {
        guard try BeaconBinary.canDetect(), let bus = TestData.image("bus.jpg"), let coffee = TestData.image("coffee.png"),
              let text = TestData.image("text.png") else { return }
        let result = try BeaconBinary.run(["detect", "--model", model, bus.path, coffee.path, text.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines.count == 3)
        #expect(result.lines[0].hasPrefix("bus.jpg: "))
        #expect(result.lines[0].contains("bus, "))
        #expect(result.lines[0].components(separatedBy: "person, ").count - 1 >= 3, "\(result.lines[0])")
        #expect(result.lines[1].hasPrefix("coffee.png: cup, 9"), "\(result.lines[1])")
        #expect(result.lines[1].contains("cup, 9") && result.lines[1].contains("%, centre"))
        #expect(result.lines[2] == "text.png: nothing found.")
    }

    /// `beacon detect --model picodet_s_416_coco` finds what the Python reference finds, boxes within 2 pixels.
    @Test func picoDetMatchesThePythonReference() throws {
        guard try BeaconBinary.canDetect() else { return }
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
        let ours = try BeaconBinary.run(["detect", "--model", "picodet_s_416_coco", "--confidence", "0.3", "--json"]
            + urls.map(\.path))
        #expect(ours.status == 0, "\(ours.stderr)")

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
        guard try BeaconBinary.canDetect(), TestData.model("picodet_s_416_coco.onnx") != nil,
              let bus = TestData.image("bus.jpg"), let coffee = TestData.image("coffee.png"),
              let text = TestData.image("text.png") else { return }
        let result = try BeaconBinary.run(["detect", "--model", "picodet_s_416_coco", bus.path, coffee.path, text.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines.count == 3)
        #expect(result.lines.first?.contains("bus, ") == true)
        #expect((result.lines.first?.components(separatedBy: "person, ").count ?? 0) - 1 >= 3, "\(result.lines)")
        #expect(result.lines.dropFirst().first?.contains("cup, ") == true, "\(result.lines)")
        #expect(result.lines.last == "text.png: nothing found.")
    }

    @Test func jsonHasNormalizedAndPixelBoxes() throws {
        guard try BeaconBinary.canDetect(), let coffee = TestData.image("coffee.png") else { return }
        let result = try BeaconBinary.run(["detect", "--json", coffee.path])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["width"] as? Int == 600)
        let detections = try #require(object["detections"] as? [[String: Any]])
        let cup = try #require(detections.first { $0["label"] as? String == "cup" })
        let pixels = try #require(cup["pixels"] as? [String: Double])
        let box = try #require(cup["box"] as? [String: Double])
        #expect(abs(pixels["x1"]! - box["x"]! * 600) < 0.01)
        #expect(cup["position"] as? String == "centre")
    }

    @Test func anUnreadableImageIsOneSentenceAndTheOthersStillRun() throws {
        guard try BeaconBinary.canDetect(), let coffee = TestData.image("coffee.png") else { return }
        let folder = try TestData.temporaryFolder()
        let fake = folder.appendingPathComponent("holiday.jpg")
        try Data("not a picture".utf8).write(to: fake)
        let result = try BeaconBinary.run(["detect", fake.path, coffee.path])
        BeaconBinary.expectOneSentence(result, containing: "holiday.jpg")
        #expect(result.stdout.contains("coffee.png: cup"))
    }

    @Test func missingAndBrokenModelsAreOneSentence() throws {
        guard try BeaconBinary.canDetect(), let coffee = TestData.image("coffee.png") else { return }
        BeaconBinary.expectOneSentence(try BeaconBinary.run(["detect", "--model", "/nonexistent/m.onnx", coffee.path]),
                                       containing: "/nonexistent/m.onnx")
        BeaconBinary.expectOneSentence(try BeaconBinary.run(["detect", "--model", "yolov99", coffee.path]), containing: "yolov99")
        let folder = try TestData.temporaryFolder()
        let notes = folder.appendingPathComponent("notes.onnx")
        try Data("milk, bread".utf8).write(to: notes)
        BeaconBinary.expectOneSentence(try BeaconBinary.run(["detect", "--model", notes.path, coffee.path]),
                                       containing: "is not a usable ONNX model")
    }

    @Test func aMissingOrWrongRuntimeIsOneSentence() throws {
        guard let coffee = TestData.image("coffee.png"), TestData.model("yolox_nano.onnx") != nil else { return }
        BeaconBinary.expectOneSentence(
            try BeaconBinary.run(["detect", coffee.path], environment: ["ORT_LIBRARY_PATH": "/nonexistent/libonnxruntime.so.1"]),
            containing: "ONNX Runtime is not installed")
        BeaconBinary.expectOneSentence(
            try BeaconBinary.run(["detect", coffee.path], environment: ["ORT_LIBRARY_PATH": "libz.so.1"]),
            containing: "is not ONNX Runtime")
        // A library that answers like an old ONNX Runtime: it knows no API version 10.
        guard TestData.hasTool("cc") else { return }
        let folder = try TestData.temporaryFolder()
        let source = folder.appendingPathComponent("old_ort.c")
        try """
            #include <stddef.h>
            #include <stdint.h>
            static const void *get_api(uint32_t version) { (void)version; return NULL; }
            static const char *get_version(void) { return "1.9.0"; }
            static const struct { const void *(*a)(uint32_t); const char *(*b)(void); } base = { get_api, get_version };
            const void *OrtGetApiBase(void) { return &base; }
            """.write(to: source, atomically: true, encoding: .utf8)
        let library = folder.appendingPathComponent("libonnxruntime.so.1")
        let compiled = try TestData.run("cc", ["-shared", "-fPIC", "-o", library.path, source.path])
        #expect(compiled.status == 0, "\(compiled.stderr)")
        BeaconBinary.expectOneSentence(
            try BeaconBinary.run(["detect", coffee.path], environment: ["ORT_LIBRARY_PATH": library.path]),
            containing: "1.9.0")
    }

    @Test func modelsListShowsTheDevelopmentModels() throws {
        guard TestData.model("yolox_nano.onnx") != nil else { return }
        let result = try BeaconBinary.run(["models", "list", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let nano = try #require(rows.first { $0["name"] as? String == "yolox_nano" })
        #expect(nano["present"] as? Bool == true)
        #expect(nano["licence"] as? String == "Apache-2.0")
        let yolo11 = try #require(rows.first { $0["name"] as? String == "yolo11n_int8" })
        #expect((yolo11["licence"] as? String)?.contains("AGPL") == true)
    }

    @Test(arguments: ["yolox_nano", "picodet_s_416_coco"])
    func benchPrintsStagesAndTheReference(model: String) throws {
        guard try BeaconBinary.canDetect(), let coffee = TestData.image("coffee.png"),
              TestData.model(model + ".onnx") != nil else { return }
        let result = try BeaconBinary.run(["bench", "detect", coffee.path, "--runs", "2", "--model", model])
        #expect(result.status == 0, "\(result.stderr)")
        for stage in ["decode", "preprocess", "inference", "post-process", "total"] {
            #expect(result.stdout.contains(stage))
        }
        #expect(result.stdout.contains("of inference time"))
        if result.stderr.contains("Python reference skipped") {
            if TestData.required { Issue.record("the Python reference must run in CI: \(result.stderr)") }
        } else {
            #expect(result.stdout.contains("Python median"))
            #expect(result.stdout.contains("Boxes match the reference"), "\(result.stdout)")
        }
    }
}
