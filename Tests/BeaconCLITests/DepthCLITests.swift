import BeaconTestSupport
import Foundation
import Testing

/// `beacon depth` as a user runs it: a photo through the depth model, a made RGB-D recording whose zones are known,
/// false-colour pictures, and bad input as one sentence.
@Suite(.serialized) struct DepthCLITests {
    private func withFolder(_ body: (URL) throws -> Void) throws {
        let folder = try TestData.temporaryFolder("beacon-depth-cli")
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder)
    }

    private func reports(_ result: BeaconBinary.Result) throws -> [[String: Any]] {
        try result.lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
    }

    /// The zones of a report as metres (nil where too few pixels had a reading).
    private func zones(_ report: [String: Any]) throws -> [[Double?]] {
        let rows = try #require(report["zones"] as? [[Any]])
        return rows.map { $0.map { $0 as? Double } }
    }

    /// True when the depth model can run here; records a failure under CI's rule.
    private func canEstimate() throws -> Bool {
        guard TestData.model("fast_depth_224_int8.onnx") != nil else {
            if TestData.required { Issue.record("fast_depth_224_int8.onnx is missing") } else { print("skipping: no fast_depth_224_int8.onnx") }
            return false
        }
        return try BeaconBinary.canDetect()
    }

    @Test func aRecordingsZonesAgreeWithTheSensor() throws {
        try withFolder { folder in
            let made = try SyntheticRGBDRecording(in: folder.appendingPathComponent("desk"))
            let pictures = folder.appendingPathComponent("pictures")
            try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
            let result = try BeaconBinary.run(["depth", "--json", made.folder.path, "--png", pictures.path])
            #expect(result.status == 0, "\(result.stderr)")
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
            let depthFile = made.folder.appendingPathComponent("depth").path + "/"
                + (try FileManager.default.contentsOfDirectory(atPath: made.folder.appendingPathComponent("depth").path).sorted()[0])
            let single = try BeaconBinary.run(["depth", depthFile])
            #expect(single.status == 0, "\(single.stderr)")
            #expect(single.stdout.contains("top 3.0 3.0 3.0 m; middle 1.2 3.0 2.0 m; bottom 1.2 3.0 2.0 m; 95% with a reading"),
                    "\(single.stdout)")
        }
    }

    @Test func aPhotoGoesThroughTheModelNearBelowFarAbove() throws {
        guard try canEstimate(), let photo = TestData.image("motorcycle_left.png"), let coffee = TestData.image("coffee.png") else { return }
        try withFolder { folder in
            let out = folder.appendingPathComponent("view.png")
            let result = try BeaconBinary.run(["depth", "--json", photo.path, coffee.path, "--png", out.path])
            #expect(result.status == 0, "\(result.stderr)")
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
            BeaconBinary.expectOneSentence(try BeaconBinary.run(["depth", made.folder.path]), containing: "8 by 8 pixels")

            try TestPNG.write(.gray8([UInt8](repeating: 1, count: 160 * 120)), width: 160, height: 120, to: depthFile)
            BeaconBinary.expectOneSentence(try BeaconBinary.run(["depth", made.folder.path]), containing: "16-bit grey PNG")

            try FileManager.default.removeItem(at: depthFile)
            BeaconBinary.expectOneSentence(try BeaconBinary.run(["depth", made.folder.path]), containing: "missing")

            try "# depth maps\n1.0 depth/x.png\n".write(to: made.folder.appendingPathComponent("depth.txt"), atomically: true, encoding: .utf8)
            BeaconBinary.expectOneSentence(try BeaconBinary.run(["depth", made.folder.path]), containing: "No depth frame")

            let fake = folder.appendingPathComponent("holiday.jpg")
            try Data("not a picture".utf8).write(to: fake)
            BeaconBinary.expectOneSentence(try BeaconBinary.run(["depth", fake.path]), containing: "holiday.jpg")
            BeaconBinary.expectOneSentence(try BeaconBinary.run(["depth", folder.appendingPathComponent("none.png").path]),
                                           containing: "none.png")
        }
    }

    @Test func aMissingDepthModelIsOneSentence() throws {
        guard try canEstimate(), let photo = TestData.image("coffee.png") else { return }
        BeaconBinary.expectOneSentence(try BeaconBinary.run(["depth", "--depth-model", "/nonexistent/depth.onnx", photo.path]),
                                       containing: "/nonexistent/depth.onnx")
        BeaconBinary.expectOneSentence(try BeaconBinary.run(["depth", "--depth-model", "midas_small", photo.path]),
                                       containing: "midas_small")
    }

    @Test func assistPlaysARecordingNamedWithDepth() throws {
        guard try canEstimate() else { return }
        try withFolder { folder in
            let made = try SyntheticRGBDRecording(in: folder.appendingPathComponent("desk"))
            let result = try BeaconBinary.run(["assist", "--depth", made.folder.path, "--json", "--silent",
                                               "--data-dir", folder.appendingPathComponent("data").path],
                                              input: "quit\n")
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("Beacon ready."))
            let other = try BeaconBinary.run(["assist", "--depth", made.folder.path, "--input", "/tmp/elsewhere.mp4", "--silent"],
                                             input: "quit\n")
            #expect(other.status != 0 && other.stderr.contains("--depth FOLDER"))
        }
    }
}
