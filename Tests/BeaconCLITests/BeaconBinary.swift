import BeaconTestSupport
import Foundation
import Testing

/// Runs the built `beacon` executable, as a user would.
enum BeaconBinary {
    static let url = URL(fileURLWithPath: CommandLine.arguments[0]).absoluteURL.deletingLastPathComponent()
        .appendingPathComponent("beacon")

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var lines: [String] { stdout.split(separator: "\n").map(String.init) }
    }

    static func run(_ arguments: [String], environment: [String: String] = [:], input: String? = nil) throws -> Result {
        let result = try TestData.run(url.path, arguments, environment: environment, input: input)
        return Result(status: result.status, stdout: result.stdout, stderr: result.stderr)
    }

    /// True when detection can run here (runtime and shared model present); records a failure under CI's rule.
    static func canDetect() throws -> Bool {
        guard TestData.model("picodet_s_416_coco.onnx") != nil else {
            if TestData.required { Issue.record("picodet_s_416_coco.onnx is missing") } else { print("skipping: no picodet_s_416_coco.onnx") }
            return false
        }
        let probe = try run(["detect", "/nonexistent/probe.png"])
        if probe.stderr.contains("ONNX Runtime") {
            if TestData.required { Issue.record("ONNX Runtime is missing: \(probe.stderr)") } else { print("skipping: \(probe.stderr)") }
            return false
        }
        return true
    }

    /// Asserts a failure was reported as exactly one sentence on standard error with a non-zero exit.
    static func expectOneSentence(_ result: Result, containing fragment: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status != 0, "exit status was 0", sourceLocation: sourceLocation)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "stderr was: \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.hasPrefix("beacon: "), "stderr was: \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(fragment), "stderr was: \(result.stderr)", sourceLocation: sourceLocation)
        #expect(!result.stderr.contains("Fatal error"), sourceLocation: sourceLocation)
    }
}
