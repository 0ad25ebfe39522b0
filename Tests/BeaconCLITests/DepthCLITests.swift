import ArgumentParser
import Foundation
import Testing
@testable import beacon

/// `beacon depth` and `assist --depth` as typed: what the command line itself refuses. The depth reports, pictures
/// and bad input run in the test process (DepthRunTests).
@Suite struct DepthCLITests {
    /// A recording named with --depth is also the input: another --input is refused in one sentence, before anything runs.
    @Test func assistRefusesARecordingWithAnotherInput() {
        do {
            _ = try Beacon.parseAsRoot(["assist", "--depth", "/tmp/recordings/desk",
                                        "--input", "/tmp/elsewhere.mp4", "--silent"])
            Issue.record("assist accepted --depth FOLDER with another --input")
        } catch {
            #expect(Beacon.exitCode(for: error) != .success)
            #expect(Beacon.message(for: error).contains("--depth FOLDER"), "\(Beacon.message(for: error))")
        }
    }
}
