import BeaconCore
import BeaconTestSupport
import Foundation
import Testing
@testable import BeaconRuntime

/// `beacon depth` in the test process: a photo through the depth model, a made RGB-D recording whose zones are
/// known, false-colour pictures, bad input as one sentence each, and `assist` playing a recording named with depth.
@Suite(.serialized) struct DepthRunTests {
    private func withFolder(_ body: (URL) throws -> Void) throws {
        let folder = try TestData.temporaryFolder("beacon-depth-run")
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder)
    }

    /// What a run printed, and how many inputs it could not read (the binary exits with status 1 when any).
    struct Ran {
        var transcript: TranscriptRecorder
        var failures: Int
        var lines: [String] { transcript.lines }
        var notes: [String] { transcript.notes }
    }

    private func depth(_ inputs: [URL], json: Bool = false, png: URL? = nil,
                       settings: DepthSettings = DepthSettings()) throws -> Ran {
        let transcript = TranscriptRecorder()
        let run = DepthRun(inputs: inputs.map(\.path), depth: settings, json: json, png: png?.path)
        let failures = try run.run(composition: Composition(), transcript: transcript)
        return Ran(transcript: transcript, failures: failures)
    }

    /// Asserts an input failed as the command line reports it: one note `beacon: SENTENCE` (the binary's one line
    /// on standard error), nothing printed, and a failure counted (the binary's exit status 1).
    private func expectOneSentence(_ result: Ran, containing fragment: String,
                                   sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.failures > 0, "no failure was counted", sourceLocation: sourceLocation)
        #expect(result.notes.count == 1, "notes were: \(result.notes)", sourceLocation: sourceLocation)
        #expect(result.notes.allSatisfy { $0.hasPrefix("beacon: ") && !$0.contains("\n") }, "notes were: \(result.notes)",
                sourceLocation: sourceLocation)
        #expect(result.notes.first?.contains(fragment) == true, "notes were: \(result.notes)", sourceLocation: sourceLocation)
        #expect(!result.notes.joined().contains("Fatal error"), sourceLocation: sourceLocation)
    }

    private func reports(_ result: Ran) throws -> [[String: Any]] {
        try result.lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
    }

    /// The zones of a report as metres (nil where too few pixels had a reading).
    private func zones(_ report: [String: Any]) throws -> [[Double?]] {
        let rows = try #require(report["zones"] as? [[Any]])
        return rows.map { $0.map { $0 as? Double } }
    }

    /// True when the depth model can run here; records a failure under CI's rule.
    private func canEstimate() -> Bool {
        guard TestData.model("fast_depth_224_int8.onnx") != nil else {
            if TestData.required { Issue.record("fast_depth_224_int8.onnx is missing") } else { print("skipping: no fast_depth_224_int8.onnx") }
            return false
        }
        return RunTestSupport.canDetect()
    }

    @Test func aRecordingsZonesAgreeWithTheSensor() throws {
        try withFolder { folder in
            let made = try SyntheticRGBDRecording(in: folder.appendingPathComponent("desk"))
            let pictures = folder.appendingPathComponent("pictures")
            try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
            let result = try depth([made.folder], json: true, png: pictures)
            #expect(result.failures == 0, "\(result.notes)")
            #expect(result.notes.isEmpty, "\(result.notes)")
            let all = try reports(result)
            #expect(all.count == 3)
            for report in all {
                let found = try zones(report)
                for row in 0..<3 {
                    for column in 0..<3 {
                        let metres = try #require(found[row][column])
                        #expect(abs(metres - SyntheticRGBDRecording.expectedZones[row][column]) < 0.01, "\(found)")
                    }
                }
                let shares = try #require(report["validShare"] as? [[Double]])
                #expect(abs(shares[0][2] - 0.5) < 0.03 && shares[1][1] == 1)
                #expect(report["width"] as? Int == 160)
            }
            let written = try FileManager.default.contentsOfDirectory(atPath: pictures.path).sorted()
            #expect(written == ["desk-1305031102.175304-depth.png", "desk-1305031102.211214-depth.png",
                                "desk-1305031102.243211-depth.png"])
            // A depth frame on its own reads the same as in its recording.
            let depthFolder = made.folder.appendingPathComponent("depth")
            let depthFile = depthFolder.appendingPathComponent(try FileManager.default.contentsOfDirectory(atPath: depthFolder.path).sorted()[0])
            let single = try depth([depthFile])
            #expect(single.failures == 0, "\(single.notes)")
            #expect(single.lines.joined(separator: "\n").contains("top 3.0 3.0 3.0 m; middle 1.2 3.0 2.0 m; bottom 1.2 3.0 2.0 m; 95% with a reading"),
                    "\(single.lines)")
        }
    }

    @Test func aPhotoGoesThroughTheModelNearBelowFarAbove() throws {
        guard canEstimate(), let photo = TestData.image("motorcycle_left.png"), let coffee = TestData.image("coffee.png") else { return }
        try withFolder { folder in
            let out = folder.appendingPathComponent("view.png")
            let result = try depth([photo, coffee], json: true, png: out)
            #expect(result.failures == 0, "\(result.notes)")
            let all = try reports(result)
            #expect(all.count == 2)
            let motorcycle = try zones(all[0])
            #expect(try #require(motorcycle[2][1]) < #require(motorcycle[0][1]), "\(motorcycle)")
            #expect(all[0]["valid"] as? Double == 1)
            // Two pictures: each gets the output's name with its own.
            for name in ["view-motorcycle_left.png", "view-coffee.png"] {
                let data = try Data(contentsOf: folder.appendingPathComponent(name))
                #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
            }
        }
    }

    @Test func badInputIsOneSentenceEach() throws {
        try withFolder { folder in
            let made = try SyntheticRGBDRecording(in: folder.appendingPathComponent("desk"), frames: 1)
            let depthFolder = made.folder.appendingPathComponent("depth")
            let depthFile = depthFolder.appendingPathComponent(try FileManager.default.contentsOfDirectory(atPath: depthFolder.path)[0])

            try TestPNG.write(.gray16([UInt16](repeating: 1000, count: 64)), width: 8, height: 8, to: depthFile)
            expectOneSentence(try depth([made.folder]), containing: "8 by 8 pixels")

            try TestPNG.write(.gray8([UInt8](repeating: 1, count: 160 * 120)), width: 160, height: 120, to: depthFile)
            expectOneSentence(try depth([made.folder]), containing: "16-bit grey PNG")

            try FileManager.default.removeItem(at: depthFile)
            expectOneSentence(try depth([made.folder]), containing: "missing")

            try "# depth maps\n1.0 depth/x.png\n".write(to: made.folder.appendingPathComponent("depth.txt"), atomically: true, encoding: .utf8)
            expectOneSentence(try depth([made.folder]), containing: "No depth frame")

            let fake = folder.appendingPathComponent("holiday.jpg")
            try Data("not a picture".utf8).write(to: fake)
            expectOneSentence(try depth([fake]), containing: "holiday.jpg")
            expectOneSentence(try depth([folder.appendingPathComponent("none.png")]), containing: "none.png")
        }
    }

    @Test func aMissingDepthModelIsOneSentence() throws {
        guard canEstimate(), let photo = TestData.image("coffee.png") else { return }
        RunTestSupport.expectOneSentence(containing: "/nonexistent/depth.onnx") { transcript in
            _ = try DepthRun(inputs: [photo.path], depth: DepthSettings(model: "/nonexistent/depth.onnx"))
                .run(composition: Composition(), transcript: transcript)
        }
        RunTestSupport.expectOneSentence(containing: "midas_small") { transcript in
            _ = try DepthRun(inputs: [photo.path], depth: DepthSettings(model: "midas_small"))
                .run(composition: Composition(), transcript: transcript)
        }
    }

    /// `beacon assist --depth FOLDER --json --silent`: the recording is also the input. (That --depth FOLDER refuses
    /// another --input is the command's own check, in DepthCLITests.)
    @Test func assistPlaysARecordingNamedWithDepth() throws {
        guard canEstimate() else { return }
        try withFolder { folder in
            let made = try SyntheticRGBDRecording(in: folder.appendingPathComponent("desk"))
            let run = AssistantRun(input: made.folder.path, json: true, silent: true,
                                   dataDirectory: folder.appendingPathComponent("data").path,
                                   depth: .recording(folder: made.folder.path))
            let transcript = TranscriptRecorder()
            var script = ["quit"]
            try run.run(composition: Composition(), transcript: transcript, script: { script.isEmpty ? nil : script.removeFirst() })
            #expect(transcript.lines.joined(separator: "\n").contains("Beacon ready."), "\(transcript.lines)")
        }
    }
}
