import BeaconCore
import BeaconMedia
import BeaconTestSupport
import Foundation
import Testing

/// Recorded depth: 16-bit PNGs, the TUM RGB-D folder layout, matching by time, and bad input as one sentence.
@Suite struct DepthInputTests {
    private func withFolder(_ body: (URL) throws -> Void) throws {
        let folder = try TestData.temporaryFolder("beacon-depth")
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder)
    }

    @Test func sixteenBitDepthReadsBackExactlyInMetres() throws {
        try withFolder { folder in
            let url = folder.appendingPathComponent("d.png")
            let values: [UInt16] = [0, 1, 1000, 1234, 65535, 5000]
            try TestPNG.write(.gray16(values), width: 3, height: 2, to: url)
            #expect(try DepthImageDecoder.isDepthImage(url))
            let map = try DepthImageDecoder().decode(contentsOf: url)
            #expect(map.width == 3 && map.height == 2)
            #expect(map.metres == values.map { Float($0) * Float(1 / 1000.0) })
            let tum = try DepthImageDecoder(unitsPerMetre: RGBDRecording.tumBenchmark).decode(contentsOf: url)
            #expect(tum[2, 1] == 1)
            // Beacon's own writer and reader agree too.
            let ours = folder.appendingPathComponent("ours.png")
            try PNGEncoder.writeGray16(values, width: 3, height: 2, to: ours)
            #expect(try DepthImageDecoder().decode(contentsOf: ours).metres == map.metres)
        }
    }

    @Test func eightBitAndColourPicturesAreRefusedAsDepth() throws {
        try withFolder { folder in
            let grey = folder.appendingPathComponent("grey.png"), colour = folder.appendingPathComponent("colour.png")
            try TestPNG.write(.gray8([1, 2, 3, 4]), width: 2, height: 2, to: grey)
            try TestPNG.write(.rgb8([UInt8](repeating: 9, count: 12)), width: 2, height: 2, to: colour)
            #expect(try !DepthImageDecoder.isDepthImage(grey))
            #expect(throws: DepthInputError.notSixteenBit("grey.png")) { try DepthImageDecoder().decode(contentsOf: grey) }
            #expect(throws: DepthInputError.colourNotDepth("colour.png")) { try DepthImageDecoder().decode(contentsOf: colour) }
        }
    }

    @Test func aRecordingPlaysItsColourFramesWithTheirDepth() throws {
        try withFolder { folder in
            let made = try SyntheticRGBDRecording(in: folder.appendingPathComponent("desk"))
            let source = try MediaSources.open(input: made.folder)
            let recording = try RGBDRecording(folder: made.folder)
            #expect(recording.unitsPerMetre == 1000 && recording.scaleReason == "millimetres, the default")
            let depth = RecordedDepthEstimator(recording: recording)
            var frames = 0
            while let frame = try source.nextFrame() {
                #expect(frame.width == 160 && frame.height == 120)
                #expect(abs(frame.timestamp - (SyntheticRGBDRecording.colourTimes[frame.index] - SyntheticRGBDRecording.colourTimes[0])) < 1e-6)
                let grid = DepthGrid(try depth.depth(for: frame))
                for row in 0..<3 {
                    for column in 0..<3 {
                        let metres = try #require(grid.cells[row][column].metres)
                        #expect(abs(Double(metres) - SyntheticRGBDRecording.expectedZones[row][column]) < 0.01)
                    }
                }
                #expect(abs(grid[.top, .right].validShare - 0.5) < 0.03)
                #expect(grid[.middle, .centre].validShare == 1)
                frames += 1
            }
            #expect(frames == 3)
        }
    }

    @Test func theDepthScaleIsMillimetresUnlessTheRecordingSaysOtherwise() throws {
        try withFolder { folder in
            let noted = try SyntheticRGBDRecording(in: folder.appendingPathComponent("noted"), unitsPerMetre: 5000,
                                                   note: "depth_scale: 5000", frames: 1)
            let recording = try RGBDRecording(folder: noted.folder)
            #expect(recording.unitsPerMetre == 5000 && recording.scaleReason == "noted in depth.txt")
            let frame = try #require(try RGBDFolderSource(recording: recording).nextFrame())
            let metres = try #require(DepthGrid(try RecordedDepthEstimator(recording: recording).depth(for: frame))[.middle, .left].metres)
            #expect(abs(metres - 1.2) < 0.01)

            let tum = try SyntheticRGBDRecording(in: folder.appendingPathComponent("tum"), unitsPerMetre: 5000,
                                                 note: "file: 'rgbd_dataset_freiburg1_desk.bag'", frames: 1)
            #expect(try RGBDRecording(folder: tum.folder).unitsPerMetre == 5000)
            #expect(try RGBDRecording(folder: tum.folder, unitsPerMetre: 1000).scaleReason == "given with --depth-scale")
        }
    }

    @Test func depthIsMatchedByNearestTimeWithin20Milliseconds() throws {
        try withFolder { folder in
            let made = try SyntheticRGBDRecording(in: folder.appendingPathComponent("r"))
            let recording = try RGBDRecording(folder: made.folder)
            let times = SyntheticRGBDRecording.colourTimes
            #expect(abs((recording.depthEntry(near: times[1])?.timestamp ?? 0) - (times[1] + 0.005)) < 1e-6)
            #expect(recording.depthEntry(near: times[1] + 0.019) != nil)
            #expect(recording.depthEntry(near: times[2] + 0.03) == nil)
            #expect(recording.depthEntry(near: times[0] - 0.05) == nil)
        }
    }

    @Test func badRecordingsAreOneSentenceEach() throws {
        try withFolder { folder in
            let made = try SyntheticRGBDRecording(in: folder.appendingPathComponent("bad"))
            let recording = try RGBDRecording(folder: made.folder)
            let source = RGBDFolderSource(recording: recording)
            let first = try #require(try source.nextFrame())
            let second = try #require(try source.nextFrame())
            let third = try #require(try source.nextFrame())
            let depthFiles = recording.depth.map { made.folder.appendingPathComponent($0.file) }

            // A depth frame of the wrong size.
            try TestPNG.write(.gray16([UInt16](repeating: 1000, count: 80 * 60)), width: 80, height: 60, to: depthFiles[0])
            #expect(throws: DepthInputError.sizeMismatch(depthFiles[0].lastPathComponent, width: 80, height: 60,
                                                         expectedWidth: 160, expectedHeight: 120)) {
                try RecordedDepthEstimator(recording: recording).depth(for: first)
            }
            // A depth frame of the wrong bit depth.
            try TestPNG.write(.gray8([UInt8](repeating: 1, count: 160 * 120)), width: 160, height: 120, to: depthFiles[1])
            #expect(throws: DepthInputError.notSixteenBit(depthFiles[1].lastPathComponent)) {
                try RecordedDepthEstimator(recording: recording).depth(for: second)
            }
            // A depth frame listed but missing.
            try FileManager.default.removeItem(at: depthFiles[2])
            #expect(throws: DepthInputError.missingDepthFile(recording.depth[2].file, folder: "bad")) {
                try RecordedDepthEstimator(recording: recording).depth(for: third)
            }
            // No depth frame near the colour frame at all.
            let late = Frame(width: 160, height: 120, rgb: third.rgb, timestamp: -1, index: 9)
            #expect(throws: DepthInputError.self) { try RecordedDepthEstimator(recording: recording).depth(for: late) }

            // Lists that are missing or do not parse.
            try FileManager.default.removeItem(at: made.folder.appendingPathComponent("depth.txt"))
            #expect(throws: DepthInputError.notARecording("bad", missing: "depth.txt")) { try RGBDRecording(folder: made.folder) }
            try "1305031102.1 rgb/a.png\nnot a line\n".write(to: made.folder.appendingPathComponent("depth.txt"),
                                                             atomically: true, encoding: .utf8)
            #expect(throws: DepthInputError.unreadableList("depth.txt", line: 2)) { try RGBDRecording(folder: made.folder) }
            for error in [DepthInputError.noDepthFrame("bad", timestamp: 1.5), .notSixteenBit("d.png"), .badScale("x")] {
                #expect(error.sentence.hasSuffix(".") && !error.sentence.contains("\n"), "\(error.sentence)")
            }
        }
    }
}
