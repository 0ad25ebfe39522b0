import BeaconTestSupport
import Foundation
import Testing

/// `beacon bench …` is the benchmarks' own program, beacon-bench, built beside `beacon`: the product hands every
/// argument on unchanged and links none of the harness.
@Suite struct BenchForwardCLITests {
    @Test func beaconBenchIsTheBenchmarksProgram() throws {
        let help = try BeaconBinary.run(["bench", "--help"])
        #expect(help.status == 0, "\(help.stderr)")
        #expect(help.stdout.contains("USAGE: beacon-bench <subcommand>"), "\(help.stdout)")
        for benchmark in ["detect", "hub", "serve", "taught", "read"] {
            #expect(help.lines.contains { $0.hasPrefix("  \(benchmark) ") }, "beacon bench \(benchmark) is not listed")
        }
        let detect = try BeaconBinary.run(["bench", "detect", "--help"])
        #expect(detect.status == 0 && detect.stdout.contains("beacon bench detect"), "\(detect.stdout)")
    }

    @Test func aBenchmarksFailureIsOneSentence() throws {
        let result = try BeaconBinary.run(["bench", "detect", "/nonexistent/photo.jpg", "--runs", "1"])
        BeaconBinary.expectOneSentence(result, containing: "photo.jpg")
    }

    /// A `beacon` copied where beacon-bench is not (an install without the benchmarks) says so in one sentence.
    @Test func withoutTheBenchmarksBeaconSaysHowToBuildThem() throws {
        // A hard link in the build folder: /proc/self/exe names the link's folder, and nothing large is copied.
        let folder = BeaconBinary.url.deletingLastPathComponent()
            .appendingPathComponent("bench-forward-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let alone = folder.appendingPathComponent("beacon")
        try FileManager.default.linkItem(at: BeaconBinary.url, to: alone)
        let result = try TestData.run(alone.path, ["bench", "detect"])
        BeaconBinary.expectOneSentence(.init(status: result.status, stdout: result.stdout, stderr: result.stderr),
                                       containing: "beacon-bench")
    }
}
