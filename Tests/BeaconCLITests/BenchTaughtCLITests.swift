import BeaconTestSupport
import Foundation
import Testing

/// `beacon bench taught` on a folder built from ../shared/testdata/taught at run time: the yellow highlighter with
/// its scenes, and an orange highlighter taught beside it from one hand-held view and nothing else (no find/), the
/// look-alike the yellow one must be told apart from.
@Suite struct BenchTaughtCLITests {
    @Test func aThingIsStillFoundInItsPhotosWithALookAlikeTaughtBesideIt() throws {
        let shared = TestData.taughtFolder
        guard try BeaconBinary.canDetect(), TestData.model("efficientnet_lite0_embed.onnx") != nil,
              FileManager.default.fileExists(atPath: shared.appendingPathComponent("highlighter_yellow").path) else {
            if TestData.required { Issue.record("the taught views or the embedding model are missing") }
            return
        }
        let folder = try TestData.temporaryFolder("beacon-bench-taught")
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = FileManager.default
        let lookAlike = "core50_tile_r0c0.jpg" // an orange highlighter held up (PROVENANCE.md)
        try files.createSymbolicLink(at: folder.appendingPathComponent("highlighter_yellow"),
                                     withDestinationURL: shared.appendingPathComponent("highlighter_yellow"))
        try files.createSymbolicLink(at: folder.appendingPathComponent("all_boxes.csv"),
                                     withDestinationURL: shared.appendingPathComponent("all_boxes.csv"))
        let orange = folder.appendingPathComponent("highlighter_orange/teach")
        try files.createDirectory(at: orange, withIntermediateDirectories: true)
        try files.createSymbolicLink(at: orange.appendingPathComponent(lookAlike),
                                     withDestinationURL: shared.appendingPathComponent("distractors/\(lookAlike)"))
        let distractors = folder.appendingPathComponent("distractors")
        try files.createDirectory(at: distractors, withIntermediateDirectories: true)
        for name in try files.contentsOfDirectory(atPath: shared.appendingPathComponent("distractors").path) where name != lookAlike {
            try files.createSymbolicLink(at: distractors.appendingPathComponent(name),
                                         withDestinationURL: shared.appendingPathComponent("distractors/\(name)"))
        }

        let result = try BeaconBinary.run(["bench", "taught", folder.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines.contains("Taught highlighter_orange from 1 view."), "\(result.stdout)")
        #expect(result.lines.contains { $0.hasPrefix("Taught highlighter_yellow from ") }, "\(result.stdout)")
        for photo in ["core50_VIN01701.jpg", "core50_VIN01721.jpg"] {
            #expect(result.lines.contains("  highlighter_yellow/find/\(photo): hit"), "\(result.stdout)")
        }
        #expect(!result.stdout.contains("highlighter_orange/find"), "a taught-only object has no scenes")
        #expect(!result.stdout.contains("also named"), "\(result.stdout)")
        let summary = try #require(result.lines.first { $0.hasPrefix("threshold ") })
        #expect(summary.contains("of 4 scenes") && summary.contains("of 7 distractors"), "\(summary)")
        #expect(result.stdout.contains("time per still picture"))

        // Held apart scene by scene: every scene is held apart once, and the settings are chosen on the others.
        let split = try BeaconBinary.run(["bench", "taught", folder.path, "--split", "--split-by", "scene"])
        #expect(split.status == 0, "\(split.stderr)")
        #expect(split.lines.contains { $0.hasPrefix("split by scene: 11 parts") }, "\(split.stdout)")
        let held = try #require(split.lines.first { $0.hasPrefix("held apart, each scene once: ") })
        #expect(held.contains("of 4 scenes") && held.contains("of 7 distractors"), "\(held)")
        #expect(split.lines.contains { $0.hasPrefix("tuning parts, summed over the 11 choices: ") })
        #expect(split.lines.filter { $0.contains(" held apart: margin ") }.count == 11)
    }
}
