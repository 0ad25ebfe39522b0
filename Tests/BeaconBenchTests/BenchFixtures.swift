import BeaconCore
import BeaconMedia
import BeaconTestSupport
import BeaconVision
import Testing

/// The real detector and photos the harness is tested with, found as BeaconVisionTests finds them
/// (`SharedRuntime`, `DetectorTests.detector`, `DetectorTests.photo` there): a missing runtime, model or photo is a
/// skip, and a failure under BEACON_REQUIRE_MODELS=1. Kept apart because test targets cannot share test code.
enum BenchFixtures {
    /// Loaded once for every test of this target.
    static let runtime: Result<OnnxRuntime, Error> = Result { try OnnxRuntime() }

    static func detector(_ model: String, confidence: Float = 0.5) throws -> YOLODetector? {
        let loaded: OnnxRuntime
        switch runtime {
        case .success(let runtime): loaded = runtime
        case .failure(let error):
            if TestData.required { Issue.record("ONNX Runtime is required: \(error)") }
            else { print("skipping: ONNX Runtime not available: \(error)") }
            return nil
        }
        guard let url = TestData.model(model) else {
            if TestData.required { Issue.record("model \(model) is missing") } else { print("skipping: no \(model)") }
            return nil
        }
        let session = try InferenceSession(runtime: loaded, modelPath: url.path, options: SessionOptions(intraOpThreads: 2))
        return try YOLODetector(session: session, thresholds: DetectionThresholds(confidence: confidence))
    }

    static func photo(_ name: String) throws -> Frame? {
        guard let url = TestData.image(name) else {
            if TestData.required { Issue.record("photo \(name) is missing") } else { print("skipping: no \(name)") }
            return nil
        }
        return try ImageDecoder().decode(contentsOf: url)
    }
}
