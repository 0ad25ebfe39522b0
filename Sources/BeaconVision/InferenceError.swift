import BeaconCore

/// What can go wrong loading ONNX Runtime, a model, or running it. Each case reads as one sentence.
public enum InferenceError: UserFacingError, Equatable {
    case runtimeMissing(tried: String, reason: String)
    case notOnnxRuntime(path: String)
    case unsupportedVersion(version: String, path: String)
    case abiCheckFailed(version: String, path: String)
    case secondRuntime(requested: String, loaded: String)
    case modelMissing(path: String)
    case notAModel(path: String, reason: String)
    case unexpectedModel(path: String, reason: String)
    case sessionFailed(path: String, reason: String)
    case runFailed(path: String, reason: String)

    public var sentence: String {
        switch self {
        case let .runtimeMissing(tried, reason):
            "ONNX Runtime is not installed (could not open \(tried): \(reason)); run scripts/setup.sh, or set ORT_LIBRARY_PATH to libonnxruntime.so.1."
        case let .notOnnxRuntime(path):
            "The library \(path) is not ONNX Runtime; set ORT_LIBRARY_PATH to libonnxruntime.so.1 from the onnxruntime \(OnnxRuntime.testedVersion) wheel."
        case let .unsupportedVersion(version, path):
            "ONNX Runtime \(version) at \(path) is not supported; Beacon needs \(OnnxRuntime.minimumVersion) or later (tested with \(OnnxRuntime.testedVersion)): run scripts/setup.sh."
        case let .abiCheckFailed(version, path):
            "ONNX Runtime \(version) at \(path) failed Beacon's ABI check; install onnxruntime \(OnnxRuntime.testedVersion) with scripts/setup.sh."
        case let .secondRuntime(requested, loaded):
            "Cannot load ONNX Runtime from \(requested): this process already uses the one at \(loaded)."
        case let .modelMissing(path):
            "Model file \(path) does not exist; run 'beacon models install' or pass --model with the path of an .onnx file."
        case let .notAModel(path, reason):
            "\(path) is not a usable ONNX model (\(reason)); reinstall it with 'beacon models install' or pass another --model."
        case let .unexpectedModel(path, reason):
            "Model \(path) is not a detector Beacon understands: \(reason)."
        case let .sessionFailed(path, reason):
            "ONNX Runtime could not load \(path): \(reason)."
        case let .runFailed(path, reason):
            "Running model \(path) failed: \(reason)."
        }
    }
}

extension String {
    /// A string from a NUL-terminated C character buffer.
    init(nulTerminated buffer: [CChar]) {
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        self.init(decoding: bytes, as: UTF8.self)
    }
}
