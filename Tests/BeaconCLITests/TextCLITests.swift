import BeaconTestSupport
import Foundation
import Testing

/// What a user types at `beacon read` and what they get back when the input is bad: one sentence and a non-zero
/// exit. Finding and reading text run in the test process (Tests/BeaconRuntimeTests/TextRunTests.swift).
@Suite(.serialized) struct TextCLITests {
    /// True when the OCR models and runtime are here; records a failure under CI's rule.
    static func canRead() throws -> Bool {
        for model in ["PP-OCRv6_det_small.onnx", "PP-OCRv6_rec_small.onnx", "ch_ppocr_mobile_v2.0_cls_mobile.onnx"]
        where TestData.model(model) == nil {
            if TestData.required { Issue.record("\(model) is missing") } else { print("skipping: no \(model)") }
            return false
        }
        return try BeaconBinary.canDetect()
    }

    @Test func badInputsGetOneSentence() throws {
        guard try Self.canRead() else { return }
        let folder = try TestData.temporaryFolder("beacon-read-bad")
        defer { try? FileManager.default.removeItem(at: folder) }
        let garbage = folder.appendingPathComponent("broken.png")
        try Data("not a picture".utf8).write(to: garbage)
        BeaconBinary.expectOneSentence(try BeaconBinary.run(["read", "--input", garbage.path, "--silent"]), containing: "broken.png")
        BeaconBinary.expectOneSentence(
            try BeaconBinary.run(["read", "--input", garbage.path, "--text-recognizer", "/nonexistent/rec.onnx"]),
            containing: "rec.onnx")
    }
}
