import BeaconTestSupport
import Foundation
import Testing
@testable import BeaconVision

/// ONNX Runtime loaded once for the whole test process, or nil with the reason (a failure under BEACON_REQUIRE_MODELS=1).
enum SharedRuntime {
    static let result: Result<OnnxRuntime, Error> = Result { try OnnxRuntime() }

    static func get() -> OnnxRuntime? {
        switch result {
        case let .success(runtime): return runtime
        case let .failure(error):
            if TestData.required { Issue.record("ONNX Runtime is required: \(error)") }
            else { print("skipping: ONNX Runtime not available: \(error)") }
            return nil
        }
    }
}

@Suite struct RuntimeTests {
    @Test func loadsTheTestedVersionAndPassesTheABICheck() throws {
        guard let runtime = SharedRuntime.get() else { return }
        #expect(OnnxRuntime.isSupported(runtime.version))
        #expect(runtime.libraryPath.contains("libonnxruntime"))
        // Loading the same library again is harmless.
        let again = try OnnxRuntime()
        #expect(again.version == runtime.version)
    }

    @Test func versionPolicy() {
        #expect(OnnxRuntime.isSupported("1.31.1"))
        #expect(OnnxRuntime.isSupported("1.16.0"))
        #expect(!OnnxRuntime.isSupported("1.15.1"))
        #expect(!OnnxRuntime.isSupported("2.0.0"))
        #expect(!OnnxRuntime.isSupported("garbage"))
    }

    @Test func aSecondDifferentLibraryIsRefusedWithASentence() throws {
        guard SharedRuntime.get() != nil else { return }
        #expect(throws: InferenceError.self) { try OnnxRuntime(libraryPath: "libz.so.1") }
    }

    @Test func runsAModelAndReadsItsShapesAndMetadata() throws {
        guard let runtime = SharedRuntime.get() else { return }
        let folder = try TestData.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("identity.onnx")
        try TinyONNXModel.identity(shape: [1, 3, 4, 4], metadata: ["names": "{0: 'thing'}", "note": "héllo"]).write(to: url)
        let session = try InferenceSession(runtime: runtime, modelPath: url.path)
        #expect(session.inputs.map(\.name) == ["x"])
        #expect(session.outputs.map(\.name) == ["y"])
        #expect(session.inputs[0].shape == [1, 3, 4, 4])
        #expect(session.metadata("note") == "héllo")
        #expect(session.metadata("absent") == nil)
        var input = (0..<48).map(Float.init)
        let output = try input.withUnsafeMutableBufferPointer { buffer in
            try session.run(input: buffer, shape: [1, 3, 4, 4]) { outputs in
                (outputs[0].shape, Array(outputs[0].values))
            }
        }
        #expect(output.0 == [1, 3, 4, 4])
        #expect(output.1 == (0..<48).map(Float.init))
    }

    @Test func missingModelIsOneSentence() throws {
        guard let runtime = SharedRuntime.get() else { return }
        let error = #expect(throws: InferenceError.self) {
            try InferenceSession(runtime: runtime, modelPath: "/nonexistent/model.onnx")
        }
        #expect(error == .modelMissing(path: "/nonexistent/model.onnx"))
        #expect(error?.sentence.contains("beacon models install") == true)
    }

    @Test func aFileThatIsNotAModelIsOneSentence() throws {
        guard let runtime = SharedRuntime.get() else { return }
        let folder = try TestData.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("notes.onnx")
        try Data("shopping list: milk, bread".utf8).write(to: url)
        let error = #expect(throws: InferenceError.self) {
            try InferenceSession(runtime: runtime, modelPath: url.path)
        }
        guard case .notAModel(let path, _) = error else {
            Issue.record("expected notAModel, got \(String(describing: error))")
            return
        }
        #expect(path == url.path)
        #expect(!(error?.sentence.contains("\n") ?? true))
    }

    @Test func aModelOfTheWrongShapeIsRejectedAsADetector() throws {
        guard let runtime = SharedRuntime.get() else { return }
        let folder = try TestData.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("identity.onnx")
        try TinyONNXModel.identity(shape: [1, 3, 8, 8]).write(to: url)
        let session = try InferenceSession(runtime: runtime, modelPath: url.path)
        let error = #expect(throws: InferenceError.self) { try YOLODetector(session: session) }
        guard case .unexpectedModel = error else {
            Issue.record("expected unexpectedModel, got \(String(describing: error))")
            return
        }
        #expect(error?.sentence.contains("[1, 3, 8, 8]") == true)
    }

    /// Several outputs that are not PicoDet's score and box maps: one sentence naming the shapes, not a crash.
    @Test func outputsThatDoNotPairUpAreRejectedAsADetector() throws {
        guard let runtime = SharedRuntime.get() else { return }
        let folder = try TestData.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("copies.onnx")
        try TinyONNXModel.identities(shape: [1, 3, 8, 8], outputs: 2).write(to: url)
        let session = try InferenceSession(runtime: runtime, modelPath: url.path)
        #expect(session.outputs.count == 2)
        let error = #expect(throws: InferenceError.self) { try YOLODetector(session: session) }
        guard case .unexpectedModel = error else {
            Issue.record("expected unexpectedModel, got \(String(describing: error))")
            return
        }
        let sentence = error?.sentence ?? ""
        #expect(sentence.contains("2 outputs") && sentence.contains("PP-PicoDet"), "\(sentence)")
        #expect(!sentence.contains("\n"))
    }
}
