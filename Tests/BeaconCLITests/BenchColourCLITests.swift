import BeaconTestSupport
import Foundation
import Testing

/// `beacon bench colour` on the real scenes of ../shared/testdata/taught with the colours a person gave them
/// (scripts/data/taught-colours.csv): each picture's name and verdict, and the counts.
@Suite struct BenchColourCLITests {
    static let labels = TestData.packageRoot.appendingPathComponent("scripts/data/taught-colours.csv")

    @Test func colourNamesAreScoredAgainstAPersonsOnRealScenes() throws {
        guard FileManager.default.fileExists(atPath: TestData.taughtFolder.appendingPathComponent("boxes.csv").path) else {
            if TestData.required { Issue.record("the taught scenes are missing") }
            return
        }
        let result = try BeaconBinary.run(["bench", "colour", TestData.taughtFolder.path, "--labels", Self.labels.path])
        #expect(result.status == 0, "\(result.stderr)")
        // Every picture is listed with what was said and what a person said.
        let pictures = result.lines.filter { $0.contains("(right; ") || $0.contains("(WRONG; ") || $0.contains("(not sure; ") || $0.contains("(not sure, maybe right; ") }
        #expect(pictures.count == 18, "\(result.stdout)")
        #expect(result.lines.contains { $0.hasPrefix("ball_blue_foam/find/core50_tile_r8c12.jpg: blue (right; a person: blue)") },
                "\(result.stdout)")
        let all = try #require(result.lines.first { $0.hasPrefix("all ") }).split(separator: " ")
        #expect(all.count == 5 && all[1].hasSuffix("/18"), "\(all)")
        // As ColourNamerTests: no colour said surely wrong on these scenes.
        #expect(all.count == 5 && all[2] == "0", "\(result.stdout)")
        // The red phone's screen and keys outweigh its red, but the guess after "not sure" is red.
        #expect(result.lines.contains { $0.hasPrefix("phone_red_nokia/find/core50_VIN01701.jpg: red (not sure, maybe right; ") },
                "\(result.stdout)")
        let guessesRight = try #require(Int(all[4]))
        #expect(guessesRight <= Int(all[3])!, "\(all)")
        #expect(result.stdout.contains("ms a picture (median of 18)"))
    }

    @Test func labelsItCannotReadAreOneSentence() throws {
        let result = try BeaconBinary.run(["bench", "colour", TestData.taughtFolder.path, "--labels", "/nonexistent/colours.csv"])
        BeaconBinary.expectOneSentence(result, containing: "colours.csv")
    }
}
