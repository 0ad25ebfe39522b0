import BeaconModels
import Foundation
import Testing

@Suite struct ProgressReporterTests {
    @Test func withoutATerminalItPrintsOneLinePerTenPercent() {
        let transcript = Transcript()
        let reporter = ConsoleProgressReporter(style: .percentLines) { transcript.append($0) }
        reporter.downloadStarted(fileName: "m.onnx", from: URL(string: "http://h/m.onnx")!, expectedBytes: 1_000)
        for received in stride(from: 0, through: 1_000, by: 7) {
            reporter.downloadAdvanced(fileName: "m.onnx", receivedBytes: Int64(received), expectedBytes: 1_000)
        }
        reporter.downloadAdvanced(fileName: "m.onnx", receivedBytes: 1_000, expectedBytes: 1_000)
        reporter.downloadFinished(fileName: "m.onnx", receivedBytes: 1_000)
        let lines = transcript.value.split(separator: "\n").map(String.init)
        #expect(lines.first == "Downloading m.onnx (0.0 MB) from http://h/m.onnx")
        #expect(Array(lines.dropFirst()) == (1...10).map { "m.onnx: \($0 * 10)%" })
    }

    @Test func aJumpOverSeveralStepsStillPrintsEachStep() {
        let transcript = Transcript()
        let reporter = ConsoleProgressReporter(style: .percentLines) { transcript.append($0) }
        reporter.downloadAdvanced(fileName: "m", receivedBytes: 35, expectedBytes: 100)
        #expect(transcript.value == "m: 10%\nm: 20%\nm: 30%\n")
    }

    @Test func onATerminalItRedrawsOneBarAndEndsTheLine() {
        let transcript = Transcript()
        let reporter = ConsoleProgressReporter(style: .bar) { transcript.append($0) }
        reporter.downloadAdvanced(fileName: "m.onnx", receivedBytes: 500_000, expectedBytes: 2_000_000)
        reporter.downloadAdvanced(fileName: "m.onnx", receivedBytes: 500_001, expectedBytes: 2_000_000) // same percent: no redraw
        reporter.downloadFinished(fileName: "m.onnx", receivedBytes: 2_000_000)
        #expect(transcript.value == "\rm.onnx [#######.......................]  25%  0.5 MB of 2.0 MB\n")
    }
}
