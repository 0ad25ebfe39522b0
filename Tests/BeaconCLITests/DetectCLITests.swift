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

    @Test func benchPrintsStagesAndTheReference() throws {
        guard try BeaconBinary.canDetect(), let coffee = TestData.image("coffee.png") else { return }
        let result = try BeaconBinary.run(["bench", "detect", coffee.path, "--runs", "2"])
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
