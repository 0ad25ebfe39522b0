import BeaconCore
import COnnxRuntime
import Foundation

/// ONNX Runtime's C library, opened with dlopen. Create one per process at the composition root and share it.
///
/// Holds the process-wide `OrtEnv`. ONNX Runtime documents its environment and sessions as safe to use from many
/// threads, which is why this class is `@unchecked Sendable`: it has no mutable state of its own after init.
public final class OnnxRuntime: @unchecked Sendable {
    /// The version Beacon is built and tested against.
    public static let testedVersion = "1.31.1"
    /// The oldest version whose API table has every slot Beacon calls and that behaves as tested.
    public static let minimumVersion = "1.16"
    /// The OrtApi version Beacon asks for: low and fixed, so newer libraries hand back the same table.
    static let apiVersion: UInt32 = 10

    public let version: String
    public let libraryPath: String
    let environment: OpaquePointer

    private static let loadLock = NSLock()

    /// Opens the library: `libraryPath`, else $ORT_LIBRARY_PATH, else "libonnxruntime.so.1" through the loader's search path.
    public init(libraryPath: String? = nil, environment variables: [String: String] = ProcessInfo.processInfo.environment) throws {
        let requested = libraryPath ?? variables["ORT_LIBRARY_PATH"].flatMap { $0.isEmpty ? nil : $0 } ?? "libonnxruntime.so.1"
        try Self.loadLock.withLock {
            var error = [CChar](repeating: 0, count: 1024)
            let code = ortm_load(requested, Self.apiVersion, &error, error.count)
            let reason = String(nulTerminated: error)
            switch code {
            case 0: break
            case 1: throw InferenceError.runtimeMissing(tried: requested, reason: Self.shorten(reason))
            case 2: throw InferenceError.notOnnxRuntime(path: requested)
            case 3: throw InferenceError.unsupportedVersion(version: Self.trailingVersion(reason), path: requested)
            case 5: throw InferenceError.secondRuntime(requested: requested, loaded: Self.trailingVersion(reason))
            default: throw InferenceError.abiCheckFailed(version: Self.trailingVersion(reason), path: requested)
            }
        }
        let version = String(cString: ortm_version())
        let path = String(cString: ortm_loaded_path())
        guard Self.isSupported(version) else {
            throw InferenceError.unsupportedVersion(version: version, path: path)
        }
        var env: OpaquePointer?
        try Self.check(ortm_create_env(Int32(ORTM_LOG_ERROR), "beacon", &env)) {
            InferenceError.sessionFailed(path: path, reason: $0)
        }
        self.version = version
        self.libraryPath = path
        self.environment = env!
    }

    // The environment is process-wide inside ONNX Runtime and lives as long as the process.

    /// Whether a version string is one Beacon supports (1.16 up to, not including, 2.0).
    static func isSupported(_ version: String) -> Bool {
        let parts = version.split(separator: ".").compactMap { Int($0) }
        guard parts.count >= 2 else { return false }
        return parts[0] == 1 && parts[1] >= 16
    }

    /// Turns a non-nil status into a thrown error made by `makeError`, releasing the status.
    static func check(_ status: OpaquePointer?, _ makeError: (String) -> InferenceError) throws {
        guard let status else { return }
        let message = String(cString: ortm_status_message(status))
        ortm_release_status(status)
        throw makeError(shorten(message))
    }

    /// ONNX Runtime messages can be long and carry source locations; keep the readable first line.
    static func shorten(_ message: String) -> String {
        let firstLine = message.split(separator: "\n").first.map(String.init) ?? message
        let trimmed = firstLine.trimmingCharacters(in: .whitespaces)
        return trimmed.count > 200 ? String(trimmed.prefix(200)) + "…" : trimmed
    }

    private static func trailingVersion(_ reason: String) -> String {
        reason.split(separator: " ").last.map(String.init) ?? "unknown"
    }
}
