import BeaconCore
import BeaconTestSupport
import Foundation
import Testing
@testable import BeaconRuntime

/// `beacon teach` and `beacon detect` in the test process, on the real views and scenes of ../shared/testdata/taught:
/// a mug taught from its views is named in a scene with it, listed, and gone once forgotten.
@Suite(.serialized) struct TeachRunTests {
    @Test func aTaughtMugIsNamedInItsSceneAndForgottenOnRequest() throws {
        let mug = TestData.taughtFolder.appendingPathComponent("mug_plaid")
        guard RunTestSupport.canDetect(), TestData.model("efficientnet_lite0_embed.onnx") != nil,
              FileManager.default.fileExists(atPath: mug.path) else {
            if TestData.required { Issue.record("the taught views or the embedding model are missing") }
            return
        }
        let data = try TestData.temporaryFolder("beacon-teach")
        defer { try? FileManager.default.removeItem(at: data) }
        let views = try FileManager.default.contentsOfDirectory(atPath: mug.appendingPathComponent("teach").path).sorted()
            .map { mug.appendingPathComponent("teach/\($0)").path }

        let taught = TranscriptRecorder()
        // The first view twice: the second is said to be the same view, in the assistant's words, and not kept.
        try TeachRun(.teach(name: "my mug", images: [views[0]] + views + ["/nonexistent/mug.jpg"]),
                     dataDirectory: data.path).run(composition: Composition(), transcript: taught)
        let first = URL(fileURLWithPath: views[0]).lastPathComponent
        #expect(taught.lines == ["\(first): Same view; turn it.", "Mug learned from \(views.count) views."])
        #expect(taught.notes == ["beacon: Cannot find mug.jpg: check the file name and folder."])

        let listed = TranscriptRecorder()
        try TeachRun(.list, dataDirectory: data.path).run(composition: Composition(), transcript: listed)
        #expect(listed.lines == ["Learned: mug, \(views.count) views."])

        let scene = mug.appendingPathComponent("find/core50_tile_r4c25.jpg").path
        func named() throws -> [String] {
            let detected = TranscriptRecorder()
            try DetectRun(images: [scene], json: true, dataDirectory: data.path).run(composition: Composition(), transcript: detected)
            let report = try JSONSerialization.jsonObject(with: Data(try #require(detected.lines.first).utf8)) as? [String: Any]
            return (report?["detections"] as? [[String: Any]] ?? []).compactMap { $0["label"] as? String }
        }
        #expect(try named().contains("mug"), "the mug in its scene")

        let forgotten = TranscriptRecorder()
        try TeachRun(.forget("My Mug"), dataDirectory: data.path).run(composition: Composition(), transcript: forgotten)
        #expect(forgotten.lines == ["Mug forgotten."], "\(forgotten.lines)")
        let listedAgain = TranscriptRecorder()
        try TeachRun(.list, dataDirectory: data.path).run(composition: Composition(), transcript: listedAgain)
        #expect(listedAgain.lines == ["Nothing learned yet."])
        let once = TranscriptRecorder()
        try TeachRun(.teach(name: "cup", images: [views[0]]), dataDirectory: data.path)
            .run(composition: Composition(), transcript: once)
        #expect(once.lines == ["Cup learned from one view."])
        let forgottenAgain = TranscriptRecorder()
        try TeachRun(.forget("keys"), dataDirectory: data.path).run(composition: Composition(), transcript: forgottenAgain)
        #expect(forgottenAgain.lines == ["Nothing called keys was learned."])
        #expect(try !named().contains("mug"))
        // Nothing of it is left to find in the file either (the store's own test checks the bytes).
        RunTestSupport.expectOneSentence(containing: "Nothing learned for") { transcript in
            try TeachRun(.teach(name: "cup", images: []), dataDirectory: data.path)
                .run(composition: Composition(), transcript: transcript)
        }
    }
}
