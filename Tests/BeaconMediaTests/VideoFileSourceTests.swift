import BeaconCore
import BeaconMedia
import BeaconTestSupport
import Foundation
import Testing

@Suite("Reading video files")
struct VideoFileSourceTests {
    /// A 2-second, 10 fps, 640x480 H.264 clip of coffee.png, made in `scratch`. Extra arguments go before the
    /// output name (e.g. "-g 1" for all-key-frame video, "-movflags +faststart" to put the index first).
    static func coffeeClip(in scratch: ScratchFolder, name: String = "coffee.mp4",
                           extraArguments: [String] = []) throws -> URL? {
        guard let coffee = Fixtures.photo("coffee.png"), Fixtures.hasFFmpeg else { return nil }
        let clip = scratch.file(name)
        try Fixtures.ffmpeg(["-loop", "1", "-i", coffee.path, "-t", "2", "-r", "10", "-vf", "scale=640:480",
                             "-c:v", "libx264", "-pix_fmt", "yuv420p"] + extraArguments + [clip.path])
        return clip
    }

    /// Every frame of `source` until it ends or throws, and what it threw.
    static func drain(_ source: any FrameSource) -> (frames: [Frame], error: (any Error)?) {
        var frames: [Frame] = []
        do {
            while let frame = try source.nextFrame() { frames.append(frame) }
            return (frames, nil)
        } catch {
            return (frames, error)
        }
    }

    @Test("Every frame comes out, in order, with its size and time")
    func everyFrameInOrder() throws {
        let scratch = try ScratchFolder()
        guard let clip = try Self.coffeeClip(in: scratch) else { return }
        let source = try VideoFileSource(url: clip)
        #expect(source.name == "coffee.mp4")
        let (frames, error) = Self.drain(source)
        #expect(error == nil)
        // 20 frames: the last ones come out only when the decoder is flushed at the end of the file.
        #expect(frames.count == 20)
        #expect(frames.map(\.index) == Array(0..<20))
        #expect(frames.allSatisfy { $0.width == 640 && $0.height == 480 && $0.rgb.count == 640 * 480 * 3 })
        #expect(frames.first?.timestamp == 0)
        for (earlier, later) in zip(frames, frames.dropFirst()) {
            #expect(abs(later.timestamp - earlier.timestamp - 0.1) < 0.001)
        }
        #expect(try source.nextFrame() == nil, "an ended source stays ended")
    }

    @Test("Decoded pixels match ffmpeg's own decode of the same file")
    func pixelsMatchFFmpeg() throws {
        let scratch = try ScratchFolder()
        guard let clip = try Self.coffeeClip(in: scratch) else { return }
        let frame = try #require(try VideoFileSource(url: clip).nextFrame())
        let reference = try Fixtures.ffmpegRGB(of: clip, extraArguments: []).prefix(frame.rgb.count)
        try #require(reference.count == frame.rgb.count)
        let difference = Fixtures.meanAbsoluteDifference(frame.rgb, Array(reference))
        #expect(difference < 1.5, "mean absolute difference \(difference)")
    }

    @Test("Colours survive whatever matrix and range the video states",
          arguments: [("bt601.mp4", "out_color_matrix=bt601:out_range=tv", "yuv444p", [String]()),
                      ("bt709.mp4", "out_color_matrix=bt709:out_range=tv", "yuv444p",
                       ["-colorspace", "bt709", "-color_range", "tv"]),
                      ("full-range.mp4", "out_color_matrix=bt601:out_range=pc", "yuvj444p", ["-color_range", "pc"])])
    func colourMatrices(name: String, scale: String, pixelFormat: String, tags: [String]) throws {
        guard let coffee = Fixtures.photo("coffee.png"), Fixtures.hasFFmpeg else { return }
        let scratch = try ScratchFolder()
        let clip = scratch.file(name)
        // Lossless 4:4:4, so what remains is the colour conversion alone (BT.709 read as BT.601 is off by ~4.7).
        try Fixtures.ffmpeg(["-i", coffee.path, "-vf", "scale=\(scale),format=\(pixelFormat)"] + tags
                            + ["-c:v", "libx264", "-qp", "0", "-frames:v", "1", clip.path])
        let frame = try #require(try VideoFileSource(url: clip).nextFrame())
        let original = try ImageDecoder().decode(contentsOf: coffee)
        let difference = Fixtures.meanAbsoluteDifference(frame.rgb, original.rgb)
        #expect(difference < 1, "mean absolute difference \(difference)")
    }

    @Test("Other containers and codecs play to their end with no false alarm",
          arguments: [("clip.mkv", ["-c", "copy"]), ("clip.mov", ["-c", "copy"]), ("clip.avi", ["-c:v", "mjpeg"]),
                      ("clip.webm", ["-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8"])])
    func otherContainers(name: String, codecArguments: [String]) throws {
        let scratch = try ScratchFolder()
        guard let clip = try Self.coffeeClip(in: scratch) else { return }
        let converted = scratch.file(name)
        try Fixtures.ffmpeg(["-i", clip.path] + codecArguments + [converted.path])
        let (frames, error) = Self.drain(try VideoFileSource(url: converted))
        #expect(error == nil)
        #expect(frames.count == 20)
        #expect(frames.last.map { abs($0.timestamp - 1.9) < 0.01 } == true)
    }

    @Test("A faststart MP4 cut at 40% gives the frames before the cut, then says it is cut short")
    func truncatedFaststartWithFramesFirst() throws {
        let scratch = try ScratchFolder()
        guard let clip = try Self.coffeeClip(in: scratch, extraArguments: ["-g", "1", "-movflags", "+faststart"])
        else { return }
        let cut = scratch.file("cut.mp4")
        try Fixtures.truncatedCopy(of: clip, fraction: 0.4, to: cut)
        let source = try VideoFileSource(url: cut)
        let (frames, error) = Self.drain(source)
        #expect(frames.count >= 4 && frames.count < 10, "\(frames.count) frames")
        #expect(frames.map(\.index) == Array(0..<frames.count))
        #expect(error as? MediaError == .truncatedVideo("cut.mp4"))
        #expect(MediaError.truncatedVideo("cut.mp4").sentence.contains("cut.mp4"))
        #expect(try source.nextFrame() == nil, "the failure is reported once")
    }

    @Test("A faststart MP4 cut before its first whole frame says it is cut short")
    func truncatedFaststartWithoutFrames() throws {
        let scratch = try ScratchFolder()
        guard let clip = try Self.coffeeClip(in: scratch, extraArguments: ["-movflags", "+faststart"]) else { return }
        let cut = scratch.file("short.mp4")
        try Fixtures.truncatedCopy(of: clip, fraction: 0.4, to: cut)
        #expect(throws: MediaError.truncatedVideo("short.mp4")) {
            let source = try VideoFileSource(url: cut)
            while try source.nextFrame() != nil {}
        }
    }

    @Test("A cut that falls exactly between two frames is still noticed")
    func truncatedAtPacketBoundary() throws {
        let scratch = try ScratchFolder()
        guard let clip = try Self.coffeeClip(in: scratch, extraArguments: ["-g", "1", "-movflags", "+faststart"])
        else { return }
        let packets = try Fixtures.packetRanges(of: clip)
        try #require(packets.count == 20)
        let cut = scratch.file("boundary.mp4")
        try Fixtures.truncatedCopy(of: clip, bytes: packets[5].offset + packets[5].size, to: cut)
        let (frames, error) = Self.drain(try VideoFileSource(url: cut))
        #expect(frames.count == 6)
        #expect(error as? MediaError == .truncatedVideo("boundary.mp4"))
    }

    @Test("An MP4 cut in half before its index was written cannot be opened, and says why")
    func truncatedPlainMP4() throws {
        let scratch = try ScratchFolder()
        guard let clip = try Self.coffeeClip(in: scratch) else { return }
        let cut = scratch.file("half.mp4")
        try Fixtures.truncatedCopy(of: clip, fraction: 0.5, to: cut)
        #expect(throws: MediaError.truncatedVideo("half.mp4")) { try VideoFileSource(url: cut) }
    }

    @Test("Files that are not videos each get their own sentence")
    func notVideos() throws {
        let scratch = try ScratchFolder()
        let notes = try scratch.write("Buy milk.\nCall the dentist.\n", to: "notes.txt")
        #expect(throws: MediaError.notAVideo("notes.txt")) { try VideoFileSource(url: notes) }
        let empty = try scratch.write("", to: "empty.mp4")
        #expect(throws: MediaError.emptyFile("empty.mp4")) { try VideoFileSource(url: empty) }
        #expect(throws: MediaError.fileNotFound("missing.mp4")) {
            try VideoFileSource(url: scratch.file("missing.mp4"))
        }
        #expect(throws: MediaError.isAFolder(scratch.url.lastPathComponent)) { try VideoFileSource(url: scratch.url) }
        // A text file dressed up with a video's name is still not a video.
        let fake = try scratch.write(String(repeating: "not a video at all\n", count: 200), to: "fake.mp4")
        #expect(throws: MediaError.notAVideo("fake.mp4")) { try VideoFileSource(url: fake) }
    }

    @Test("A sound file has no pictures")
    func soundOnly() throws {
        guard Fixtures.hasFFmpeg else { return }
        let scratch = try ScratchFolder()
        let tone = scratch.file("tone.m4a")
        try Fixtures.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:duration=1", tone.path])
        #expect(throws: MediaError.noVideoStream("tone.m4a")) { try VideoFileSource(url: tone) }
    }

    @Test("Every video sentence names the file")
    func sentencesNameTheFile() {
        let errors: [MediaError] = [
            .notAVideo("clip.mp4"), .noVideoStream("clip.mp4"), .unsupportedVideo("clip.mp4", codec: "prores"),
            .truncatedVideo("clip.mp4"),
        ]
        for error in errors {
            #expect(error.sentence.contains("clip.mp4"))
            #expect(error.sentence.hasSuffix("."))
        }
    }
}
