import BeaconTestSupport
import Foundation
import Testing

/// What a user types at `beacon find` and what they get back: the exit status and the one-sentence answers. The
/// guidance itself runs in the test process (Tests/BeaconRuntimeTests/FindRunTests.swift).
@Suite(.serialized) struct FindCLITests {
    /// The sample `make run` uses: a 640x480 camera panning across the real coffee photo, made by the setup script
    /// once per test run.
    static func panVideo() throws -> URL? {
        guard TestData.image("coffee.png") != nil, TestData.hasTool("ffmpeg") else {
            if TestData.required { Issue.record("coffee.png or ffmpeg is missing") }
            return nil
        }
        let made = try SampleMedia.pan()
        #expect(made.status == 0, "\(made.stderr)")
        return made.status == 0 ? made.folder.appendingPathComponent("coffee-pan.mp4") : nil
    }

    @Test func unknownObjectsGetAShortAnswer() throws {
        guard try BeaconBinary.canDetect(), let coffee = TestData.image("coffee.png") else { return }
        BeaconBinary.expectOneSentence(try BeaconBinary.run(["find", "unicorn", "--input", coffee.path]),
                                       containing: "unicorn")
        BeaconBinary.expectOneSentence(try BeaconBinary.run(["find", "cupp", "--input", coffee.path]),
                                       containing: "did you mean cup?")
        let synonym = try BeaconBinary.run(["find", "my mug", "--input", coffee.path, "--silent"])
        #expect(synonym.status == 0)
        #expect(synonym.stdout.contains("says \"Looking for cup.\""), "\(synonym.stdout)")
        BeaconBinary.expectOneSentence(try BeaconBinary.run(["find", "my keys", "--input", coffee.path]),
                                       containing: "cannot see keys yet")
    }

    @Test func badOptionsAreExplained() throws {
        let neither = try BeaconBinary.run(["find", "cup"])
        #expect(neither.status != 0)
        #expect(neither.stderr.contains("--input FILE or --camera DEVICE"))
    }
}
