import BeaconCore
import BeaconStore
import BeaconTestSupport
import Foundation
import Testing
@testable import BeaconRuntime

/// Teaching and finding a person's own thing in scripted assistant sessions, on videos made from the real views and
/// scenes of ../shared/testdata/taught: "teach my mug" from its views (held up, then put down elsewhere), then "find my
/// mug" locks on it and the beats follow it across the picture as the camera pans; where it is not, Beacon says so and
/// keeps looking.
@Suite(.serialized) struct TaughtAssistantTests {
    static var taught: URL { TestData.taughtFolder }

    static func available() -> Bool {
        guard RunTestSupport.canDetect(), TestData.model("efficientnet_lite0_embed.onnx") != nil, TestData.hasTool("ffmpeg"),
              FileManager.default.fileExists(atPath: taught.appendingPathComponent("mug_plaid/teach").path) else {
            if TestData.required { Issue.record("the taught views, the embedding model or ffmpeg are missing") }
            return false
        }
        return true
    }

    static func ffmpeg(_ arguments: [String]) throws {
        let result = try TestData.run("ffmpeg", ["-v", "error", "-y"] + arguments)
        try #require(result.status == 0, "ffmpeg: \(result.stderr)")
    }

    /// Ten seconds at 10 frames a second of a 480×360 window panning left to right across three 360-pixel tiles side
    /// by side (the camera turning right, so what is in the middle tile crosses the picture from right to left).
    static func pan(across tiles: [URL], to video: URL, in folder: URL) throws {
        let strip = folder.appendingPathComponent(video.deletingPathExtension().lastPathComponent + ".png")
        try ffmpeg(tiles.flatMap { ["-i", $0.path] } + ["-filter_complex",
            "[0]scale=360:360[a];[1]scale=360:360[b];[2]scale=360:360[c];[a][b][c]hstack=3", strip.path])
        try ffmpeg(["-loop", "1", "-framerate", "10", "-t", "10", "-i", strip.path, "-vf",
                    "crop=480:360:x='min(600,t*75)':y=0,scale=640:480,format=yuv420p", "-c:v", "libx264", "-r", "10", video.path])
    }

    /// The mug's teach views, two seconds each: held up in the middle of a grey picture, then (mirrored, smaller, on
    /// a brown one) put down elsewhere; with `thenFind`, then the pan across the scene with the mug between two other
    /// things.
    static func mugVideo(in folder: URL, thenFind: Bool) throws -> URL {
        let views = try FileManager.default.contentsOfDirectory(atPath: taught.appendingPathComponent("mug_plaid/teach").path)
            .sorted().map { taught.appendingPathComponent("mug_plaid/teach/\($0)") }
        var parts: [URL] = []
        for (index, view) in views.enumerated() {
            let held = folder.appendingPathComponent("held\(index).mp4")
            try ffmpeg(["-loop", "1", "-framerate", "10", "-t", "2", "-i", view.path, "-vf",
                        "scale=360:360,pad=640:480:140:60:color=0x808080,format=yuv420p", "-c:v", "libx264", "-r", "10", held.path])
            parts.append(held)
        }
        for (index, view) in views.enumerated() {
            let placed = folder.appendingPathComponent("placed\(index).mp4")
            try ffmpeg(["-loop", "1", "-framerate", "10", "-t", "2", "-i", view.path, "-vf",
                        "hflip,scale=260:260,pad=640:480:300:160:color=0x403020,format=yuv420p", "-c:v", "libx264", "-r", "10",
                        placed.path])
            parts.append(placed)
        }
        if thenFind {
            let scene = folder.appendingPathComponent("scene.mp4")
            try pan(across: [taught.appendingPathComponent("distractors/core50_tile_r0c0.jpg"),
                             taught.appendingPathComponent("mug_plaid/find/core50_tile_r4c25.jpg"),
                             taught.appendingPathComponent("distractors/core50_tile_r0c5.jpg")], to: scene, in: folder)
            parts.append(scene)
        }
        let list = folder.appendingPathComponent("parts.txt")
        try parts.map { "file '\($0.path)'" }.joined(separator: "\n").write(to: list, atomically: true, encoding: .utf8)
        let video = folder.appendingPathComponent(thenFind ? "teach-then-find.mp4" : "teach.mp4")
        try ffmpeg(["-f", "concat", "-safe", "0", "-i", list.path, "-c", "copy", video.path])
        return video
    }

    static func session(_ script: String, input: URL, data: URL) throws -> AssistantRunTests.Session {
        try AssistantRunTests.session(AssistantRun(input: input.path, json: true, silent: true, dataDirectory: data.path),
                                      script: script)
    }

    @Test func aMugTaughtFromItsViewsIsFoundAndTheBeatsFollowItAcrossThePicture() throws {
        guard Self.available() else { return }
        let folder = try TestData.temporaryFolder("beacon-taught-session")
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("data")
        let video = try Self.mugVideo(in: folder, thenFind: true)

        let session = try Self.session("teach my mug\nfind my mug\nwait 9\nquit\n", input: video, data: data)
        let said = session.said
        #expect(said.contains("Teaching mug. Hold it up in front of the camera and turn it slowly."), "\(said)")
        #expect(said.contains("Now put it down somewhere else and point the camera at it."), "\(said)")
        #expect(said.contains { $0.hasPrefix("Mug learned from ") && $0.hasSuffix(" views.") }, "\(said)")
        #expect(said.contains("Looking for your mug."), "\(said)")
        #expect(said.contains { $0.hasPrefix("Your mug, ") }, "\(said)")
        #expect(session.effects.contains { $0.effect == "history" && $0.label == "mug" })

        // The beats follow the mug as it crosses from the right of the picture, through the middle, to the left.
        let pans = session.effects.compactMap { $0.cue }.filter { $0.phase == "guiding" }.compactMap(\.pan)
        let entering = try #require(pans.firstIndex { $0 > 0.5 }, "\(pans)")
        let middle = try #require(pans[entering...].firstIndex { abs($0) < 0.1 }, "\(pans)")
        #expect(pans[middle...].contains { $0 < -0.4 }, "\(pans)")

        // Nothing of it is kept as a picture: the data folder holds the database and nothing else that is an image.
        let kept = try FileManager.default.subpathsOfDirectory(atPath: data.path)
        #expect(!kept.contains { [".jpg", ".png", ".mp4"].contains(where: $0.hasSuffix) }, "\(kept)")
    }

    /// On the wall clock (as with a camera) views are taken on a thread of their own and come back to the session:
    /// the teaching still ends with the mug learned.
    @Test func liveTeachingTakesItsViewsOffTheLoopAndLearnsTheMug() throws {
        guard Self.available() else { return }
        let folder = try TestData.temporaryFolder("beacon-taught-live")
        defer { try? FileManager.default.removeItem(at: folder) }
        let video = try Self.mugVideo(in: folder, thenFind: false)
        let run = AssistantRun(input: video.path, microphone: "none", realtime: true, json: true, silent: true,
                               dataDirectory: folder.appendingPathComponent("data").path)
        let said = try AssistantRunTests.session(run, script: "teach my mug\n").said
        #expect(said.contains("Now put it down somewhere else and point the camera at it."), "\(said)")
        #expect(said.contains { $0.hasPrefix("Mug learned from ") && $0.hasSuffix(" views.") }, "\(said)")
    }

    @Test func beaconTeachFromAVideoIsGuidedLikeTheAssistant() throws {
        guard Self.available() else { return }
        let folder = try TestData.temporaryFolder("beacon-teach-video")
        defer { try? FileManager.default.removeItem(at: folder) }
        let video = try Self.mugVideo(in: folder, thenFind: false)
        let transcript = TranscriptRecorder()
        try TeachRun(.teachFromVideo(name: "my mug", input: video.path, camera: nil),
                     dataDirectory: folder.appendingPathComponent("data").path).run(composition: Composition(), transcript: transcript)
        // The session's own words (the same as "teach my mug" by voice); each kept view shown beside its earcon.
        let lines = transcript.lines
        #expect(lines.first?.hasPrefix("Teaching mug.") == true, "\(lines)")
        #expect(transcript.notes.contains("View 1 kept."), "\(transcript.notes)")
        #expect(lines.contains { $0.hasSuffix("Now put it down somewhere else and point the camera at it.") }, "\(lines)")
        // Three views held, then two where it was put down.
        #expect(lines.last == "Mug learned from 5 views.", "\(lines)")
        // Each kept view brought the pieces of its picture around the mug (the refused ones were not embedded).
        let store = try SettingsStore(folder: folder.appendingPathComponent("data")).taughtObjects
        let around = try store.surroundings()
        #expect(around.count >= 5 && around.allSatisfy { $0.name == "mug" }, "\(around.count) surroundings")
    }

    @Test func aTaughtThingThatIsNotThereIsSaidSoAndTheSearchGoesOn() throws {
        guard Self.available() else { return }
        let folder = try TestData.temporaryFolder("beacon-taught-absent")
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("data")
        let views = try FileManager.default.contentsOfDirectory(atPath: Self.taught.appendingPathComponent("mug_plaid/teach").path)
            .sorted().map { Self.taught.appendingPathComponent("mug_plaid/teach/\($0)").path }
        try TeachRun(.teach(name: "mug", images: views), dataDirectory: data.path).run(composition: Composition(),
                                                                                      transcript: TranscriptRecorder())
        let empty = folder.appendingPathComponent("empty.mp4")
        try Self.pan(across: ["core50_tile_r1c24.jpg", "core50_tile_r2c22.jpg", "core50_tile_r3c7.jpg"].map {
            Self.taught.appendingPathComponent("distractors/\($0)")
        }, to: empty, in: folder)

        let session = try Self.session("find my mug\nwait 9\nforget my mug\nwhat have you learned\nquit\n", input: empty, data: data)
        let said = session.said
        #expect(said.contains("Looking for your mug."), "\(said)")
        #expect(said.contains("Your mug not in view; keep turning."), "\(said)")
        #expect(!session.effects.contains { $0.cue?.phase == "guiding" }, "no look-alike is taken for the mug")
        #expect(!session.effects.contains { $0.effect == "history" && $0.label == "mug" })
        #expect(said.contains("Mug forgotten."), "\(said)")
        #expect(said.contains("Nothing learned yet; say teach my keys."), "\(said)")
    }
}
