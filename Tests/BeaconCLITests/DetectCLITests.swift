import BeaconTestSupport
import Foundation
import Testing
@testable import beacon

/// `beacon detect` as a user meets it: a bad image among good ones, and a missing or broken model or ONNX Runtime,
/// each one sentence with a non-zero exit. What the detector finds in real photos is checked in the test process
/// (DetectRunTests). `beacon bench detect` prints through the command itself, so it still runs the binary.
@Suite(.serialized) struct DetectCLITests {
    /// `beacon --version` and `beacon find --help`, as argument-parser renders them, without starting the binary.
    @Test func versionAndHelp() {
        #expect(Beacon.configuration.version.trimmingCharacters(in: .whitespacesAndNewlines) == "0.1.0")
        let help = FindCommand.helpMessage()
        #expect(help.contains("--camera"))
        #expect(help.contains("centred"))
    }

    @Test func anUnreadableImageIsOneSentenceAndTheOthersStillRun() throws {
        guard try BeaconBinary.canDetect(), let coffee = TestData.image("coffee.png") else { return }
        let folder = try TestData.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fake = folder.appendingPathComponent("holiday.jpg")
        try Data("not a picture".utf8).write(to: fake)
        let result = try BeaconBinary.run(["detect", fake.path, coffee.path])
        BeaconBinary.expectOneSentence(result, containing: "holiday.jpg")
        #expect(result.stdout.hasPrefix("coffee.png: ") && result.stdout.contains("cup, "), "\(result.stdout)")
    }

    /// A missing or broken model, and a missing or wrong ONNX Runtime (ORT_LIBRARY_PATH): one sentence each with a
    /// non-zero exit. The runtime needs a fresh process each time: a process loads one ONNX Runtime for its life.
    @Test func aMissingModelOrRuntimeIsOneSentence() throws {
        guard let coffee = TestData.image("coffee.png"), TestData.model("yolox_nano.onnx") != nil else { return }
        BeaconBinary.expectOneSentence(
            try BeaconBinary.run(["detect", coffee.path], environment: ["ORT_LIBRARY_PATH": "/nonexistent/libonnxruntime.so.1"]),
            containing: "ONNX Runtime is not installed")
        BeaconBinary.expectOneSentence(
            try BeaconBinary.run(["detect", coffee.path], environment: ["ORT_LIBRARY_PATH": "libz.so.1"]),
            containing: "is not ONNX Runtime")
        let folder = try TestData.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A library that answers like an old ONNX Runtime: it knows no API version 10.
        if TestData.hasTool("cc") {
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

        guard try BeaconBinary.canDetect() else { return }
        BeaconBinary.expectOneSentence(try BeaconBinary.run(["detect", "--model", "/nonexistent/m.onnx", coffee.path]),
                                       containing: "/nonexistent/m.onnx")
        BeaconBinary.expectOneSentence(try BeaconBinary.run(["detect", "--model", "yolov99", coffee.path]), containing: "yolov99")
        let notes = folder.appendingPathComponent("notes.onnx")
        try Data("milk, bread".utf8).write(to: notes)
        BeaconBinary.expectOneSentence(try BeaconBinary.run(["detect", "--model", notes.path, coffee.path]),
                                       containing: "is not a usable ONNX model")
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
