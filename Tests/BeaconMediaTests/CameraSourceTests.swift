import BeaconCore
import BeaconMedia
import BeaconTestSupport
import Foundation
import Testing

@Suite("Cameras through FFmpeg's device layer")
struct CameraSourceTests {
    static let testPattern = "lavfi:testsrc2=size=640x480:rate=30"

    /// The centre pixel of each of the first `count` frames of testsrc2 as ffmpeg itself renders them in RGB.
    static func referenceCentres(count: Int) throws -> [[UInt8]]? {
        guard Fixtures.hasFFmpeg else { return nil }
        let scratch = try ScratchFolder()
        let output = scratch.file("centres.rgb")
        try Fixtures.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=640x480:rate=30", "-frames:v", "\(count)",
                             "-vf", "format=rgb24,crop=1:1:320:240", "-f", "rawvideo", output.path])
        let bytes = [UInt8](try Data(contentsOf: output))
        return stride(from: 0, to: bytes.count, by: 3).map { Array(bytes[$0..<$0 + 3]) }
    }

    static func centre(of frame: Frame) -> [UInt8] {
        let offset = ((frame.height / 2) * frame.width + frame.width / 2) * 3
        return Array(frame.rgb[offset..<offset + 3])
    }

    @Test("A test-pattern camera gives frames of its size whose pixels are what ffmpeg renders")
    func testPatternFrames() throws {
        guard let centres = try Self.referenceCentres(count: 300) else { return }
        let camera = try MediaSources.openCamera(Self.testPattern)
        defer { camera.close() }
        #expect(camera.name == "camera \(Self.testPattern)")
        var previous: Frame?
        var seenBlue = false
        for _ in 0..<10 {
            let frame = try #require(try camera.nextFrame())
            #expect(frame.width == 640 && frame.height == 480)
            #expect(frame.rgb.count == 640 * 480 * 3)
            try #require(frame.index < centres.count)
            let expected = centres[frame.index], actual = Self.centre(of: frame)
            seenBlue = seenBlue || actual == [0, 0, 254]
            #expect(zip(expected, actual).allSatisfy { abs(Int($0) - Int($1)) <= 3 },
                    "frame \(frame.index): \(actual) instead of \(expected)")
            if let previous {
                #expect(frame.index > previous.index)
                #expect(frame.timestamp > previous.timestamp)
            }
            previous = frame
        }
        #expect(seenBlue, "testsrc2's centre is pure blue (0, 0, 254) except when its moving marker passes")
    }

    @Test("A slow consumer gets the newest frame, never a queue of old ones")
    func slowConsumerSkipsAhead() throws {
        let camera = try MediaSources.openCamera(Self.testPattern)
        defer { camera.close() }
        var frames: [Frame] = [try #require(try camera.nextFrame())]
        for _ in 0..<5 {
            Thread.sleep(forTimeInterval: 0.2)
            frames.append(try #require(try camera.nextFrame()))
        }
        for (earlier, later) in zip(frames, frames.dropFirst()) {
            // 200 ms at 30 fps is 6 frames; a queue would hand them over one by one.
            #expect(later.index - earlier.index >= 4, "index \(earlier.index) then \(later.index)")
            #expect(later.timestamp - earlier.timestamp >= 0.13, "\(earlier.timestamp) then \(later.timestamp)")
        }
    }

    @Test("The asked size and rate apply to a test pattern too")
    func askedSize() throws {
        let camera = try MediaSources.openCamera(Self.testPattern, width: 320, height: 240, fps: 15)
        defer { camera.close() }
        let first = try #require(try camera.nextFrame()), second = try #require(try camera.nextFrame())
        #expect(first.width == 320 && first.height == 240)
        #expect(abs(second.timestamp - first.timestamp - 1.0 / 15) < 0.01)
    }

    @Test("A finite pattern ends, and a closed camera gives no more frames")
    func endAndClose() throws {
        let finite = try MediaSources.openCamera("lavfi:testsrc2=size=160x120:rate=30:duration=0.3")
        var count = 0
        while try finite.nextFrame() != nil { count += 1 }
        #expect(count >= 1 && count <= 9)

        let camera = try MediaSources.openCamera(Self.testPattern)
        _ = try camera.nextFrame()
        let started = Date()
        camera.close()
        #expect(Date().timeIntervalSince(started) < 1)
        #expect(try camera.nextFrame() == nil)
        camera.close()
    }

    @Test("Cameras dropped without close release themselves")
    func dropWithoutClose() throws {
        for _ in 0..<10 {
            let camera = try MediaSources.openCamera("lavfi:testsrc2=size=160x120:rate=60")
            #expect(try camera.nextFrame()?.width == 160)
        }
    }

    @Test("A camera that stops sending pictures is reported, not waited on forever")
    func stalledCamera() throws {
        let camera = try MediaSources.openCamera("lavfi:testsrc2=size=160x120:rate=1")
        defer { camera.close() }
        camera.stallTimeout = 0.3
        _ = try camera.nextFrame()
        #expect(throws: MediaError.cameraLost("lavfi:testsrc2=size=160x120:rate=1")) { try camera.nextFrame() }
        #expect(try camera.nextFrame() == nil, "the loss is reported once")
    }

    @Test("A camera that is not there says so in one sentence")
    func missingCamera() throws {
        guard !FileManager.default.fileExists(atPath: "/dev/video0") else {
            print("Skipping: this machine has a /dev/video0")
            return
        }
        #expect(throws: MediaError.noCamera("/dev/video0")) { try MediaSources.openCamera("/dev/video0") }
        #expect(throws: MediaError.noCamera("/dev/video0")) { try MediaSources.openCamera("0") }
        #expect(MediaError.noCamera("/dev/video0").sentence
                == "No camera at /dev/video0: check that it is connected, or name another with --camera.")
    }

    @Test("Camera names that cannot work each get their own sentence")
    func badSpecs() {
        #expect(throws: MediaError.invalidCameraSpec("webcam")) { try MediaSources.openCamera("webcam") }
        #expect(throws: MediaError.invalidCameraSpec("lavfi:")) { try MediaSources.openCamera("lavfi:") }
        #expect(throws: MediaError.invalidCameraSpec("lavfi:nosuchfilter")) {
            try MediaSources.openCamera("lavfi:nosuchfilter")
        }
        // A device that exists but is no camera.
        #expect(throws: MediaError.cameraUnavailable("/dev/null")) { try MediaSources.openCamera("/dev/null") }
        for error: MediaError in [.cameraPermissionDenied("/dev/video2"), .cameraBusy("/dev/video2"),
                                  .cameraUnavailable("/dev/video2"), .cameraLost("/dev/video2")] {
            #expect(error.sentence.contains("/dev/video2") && error.sentence.hasSuffix("."))
        }
    }
}
