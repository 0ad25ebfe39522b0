import BeaconTestSupport
import Foundation
import Testing

@Suite(.serialized) struct FindCLITests {
    struct Update: Decodable {
        var frame: Int
        var timestamp: Double
        var visible: Bool
        var x: Double?
        var direction: String?
        var speech: String?
    }

    /// The sample `make run` uses: a 640x480 camera panning across the real coffee photo, made by the setup script.
    static func panVideo() throws -> URL? {
        guard TestData.image("coffee.png") != nil, TestData.hasTool("ffmpeg") else {
            if TestData.required { Issue.record("coffee.png or ffmpeg is missing") }
            return nil
        }
        let folder = try TestData.temporaryFolder("beacon-samples")
        let script = TestData.packageRoot.appendingPathComponent("scripts/make-samples.sh").path
        let made = try TestData.run("bash", [script], environment: ["BEACON_SAMPLES": folder.path])
        #expect(made.status == 0, "\(made.stderr)")
        return folder.appendingPathComponent("coffee-pan.mp4")
    }

    @Test func followsTheCupFromRightThroughCentreToLeft() throws {
        guard try BeaconBinary.canDetect(), let video = try Self.panVideo() else { return }
        let wav = video.deletingLastPathComponent().appendingPathComponent("said.wav")
        let result = try BeaconBinary.run(["find", "cup", "--input", video.path, "--json", "--wav", wav.path])
        #expect(result.status == 0, "\(result.stderr)")
        let updates = try result.lines.map { try JSONDecoder().decode(Update.self, from: Data($0.utf8)) }
        #expect(updates.count == 90)
        let visible = updates.filter(\.visible)
        #expect(visible.count >= 80, "the cup was visible in only \(visible.count) of 90 frames")
        // Directions in order, without repeats: the pan moves the cup from the right, through the middle, to the left.
        var path: [String] = []
        for update in visible { if let d = update.direction, path.last != d { path.append(d) } }
        #expect(path == ["right", "centred", "left"], "\(path)")
        // Centred exactly when within a tenth of the middle (plus the hysteresis margin on the way out).
        for update in visible { if update.direction == "centred" { #expect(abs(update.x! - 0.5) < 0.12) } }
        for update in visible { if update.direction != "centred" { #expect(abs(update.x! - 0.5) >= 0.1) } }
        // x falls steadily as the camera pans right.
        #expect(visible.first!.x! > 0.75 && visible.last!.x! < 0.25)
        #expect(updates.compactMap(\.speech) == ["Cup, right.", "Centred.", "Left."])

        let info = try TestData.run("soxi", ["-D", wav.path])
        if info.status == 0 {
            let seconds = Double(info.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
            // Speech is placed at the moment it was said: the last phrase starts near 3.9 s into the video.
            #expect(seconds > 4 && seconds < 6, "WAV lasts \(seconds) s")
        }
    }

    @Test func unknownObjectsGetAShortAnswer() throws {
        guard try BeaconBinary.canDetect(), let coffee = TestData.image("coffee.png") else { return }
        BeaconBinary.expectOneSentence(try BeaconBinary.run(["find", "unicorn", "--input", coffee.path]),
                                       containing: "unicorn")
        BeaconBinary.expectOneSentence(try BeaconBinary.run(["find", "cupp", "--input", coffee.path]),
                                       containing: "did you mean cup?")
        let synonym = try BeaconBinary.run(["find", "my mug", "--input", coffee.path, "--silent"])
        #expect(synonym.status == 0)
        #expect(synonym.stdout.contains("cup visible, up"), "\(synonym.stdout)") // the cup sits above the photo's middle
    }

    @Test func aTruncatedVideoIsOneSentence() throws {
        guard try BeaconBinary.canDetect(), let video = try Self.panVideo() else { return }
        let data = try Data(contentsOf: video)
        let cut = video.deletingLastPathComponent().appendingPathComponent("cut.mp4")
        try data.prefix(data.count / 2).write(to: cut)
        let result = try BeaconBinary.run(["find", "cup", "--input", cut.path, "--silent"])
        BeaconBinary.expectOneSentence(result, containing: "cut.mp4")
    }

    @Test func aCameraThatDoesNotExistIsOneSentence() throws {
        guard try BeaconBinary.canDetect() else { return }
        let result = try BeaconBinary.run(["find", "cup", "--camera", "/dev/video0", "--silent"])
        BeaconBinary.expectOneSentence(result, containing: "No camera at /dev/video0")
    }

    @Test func theCameraPathWorksWithAnFFmpegTestSource() throws {
        guard try BeaconBinary.canDetect() else { return }
        let result = try BeaconBinary.run(["find", "person", "--camera", "lavfi:testsrc2=size=640x480:rate=15",
                                           "--frames", "5", "--json", "--silent"])
        #expect(result.status == 0, "\(result.stderr)")
        let updates = try result.lines.map { try JSONDecoder().decode(Update.self, from: Data($0.utf8)) }
        #expect(updates.count == 5)
        #expect(updates.allSatisfy { !$0.visible })
        #expect(zip(updates, updates.dropFirst()).allSatisfy { $0.timestamp < $1.timestamp })
    }

    @Test func badOptionsAreExplained() throws {
        let neither = try BeaconBinary.run(["find", "cup"])
        #expect(neither.status != 0)
        #expect(neither.stderr.contains("--input FILE or --camera DEVICE"))
    }
}

@Suite struct FindSpeechTests {
    /// What `beacon find --wav` records can be understood: an offline recogniser that knows only the guidance
    /// vocabulary hears the same phrases, in the same order, as Beacon printed.
    @Test(.enabled(if: PocketSphinx.isInstalled || TestData.required, "PocketSphinx is not installed"))
    func theRecordedSpeechIsUnderstood() throws {
        guard try BeaconBinary.canDetect(), let video = try FindCLITests.panVideo() else { return }
        let folder = video.deletingLastPathComponent()
        let wav = folder.appendingPathComponent("said.wav")
        let result = try BeaconBinary.run(["find", "cup", "--input", video.path, "--wav", wav.path])
        #expect(result.status == 0, "\(result.stderr)")
        let resampled = folder.appendingPathComponent("said-16k.wav")
        let sox = try TestData.run("sox", [wav.path, "-r", "16000", "-c", "1", "-b", "16", resampled.path])
        #expect(sox.status == 0, "\(sox.stderr)")
        let recognizer = try PocketSphinx(grammar: GuidanceGrammar.jsgfWithBarePlaces, dictionary: GuidanceGrammar.dictionary, in: folder)
        #expect(try recognizer.recognize(resampled) == "cup right centred left")
    }
}
