import BeaconTestSupport
import Foundation
import Testing

@Suite(.serialized) struct FindCLITests {
    /// One JSON line of `beacon find --json` (a CueSnapshot).
    struct Cue: Decodable {
        var frame: Int
        var timestamp: Double
        var phase: String
        var locked: Bool
        var x: Double?
        var interval: Double?
        var pan: Double?
        var direction: String?
        var centred: Bool
        var spoken: String?
    }

    static func cues(_ result: BeaconBinary.Result) throws -> [Cue] {
        try result.lines.map { try JSONDecoder().decode(Cue.self, from: Data($0.utf8)) }
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

    @Test func guidesFromRightThroughCentreToLeft() throws {
        guard try BeaconBinary.canDetect(), let video = try Self.panVideo() else { return }
        let result = try BeaconBinary.run(["find", "cup", "--input", video.path, "--json", "--silent"])
        #expect(result.status == 0, "\(result.stderr)")
        let cues = try Self.cues(result)
        #expect(cues.count == 90)
        let guiding = cues.filter(\.locked)
        #expect(guiding.count >= 80, "guidance ran on only \(guiding.count) of 90 frames")
        // Directions in order, without repeats: the pan moves the cup from the right, through the middle, to the left.
        var path: [String] = []
        for cue in guiding { if let d = cue.direction, path.last != d { path.append(d) } }
        #expect(path == ["one o'clock", "centred", "eleven o'clock"], "\(path)")
        for cue in guiding {
            let x = try #require(cue.x), pan = try #require(cue.pan)
            // Centred within a tenth of the middle, never beyond; coming from outside it takes 0.08 (hysteresis).
            if cue.centred { #expect(abs(x - 0.5) < 0.1) } else { #expect(abs(x - 0.5) >= 0.08) }
            // The beep sits on the target's side.
            if x > 0.55 { #expect(pan > 0) }
            if x < 0.45 { #expect(pan < 0) }
        }
        // Beeps come faster as the cup nears the middle, and slow again as it leaves.
        let first = try #require(guiding.first?.interval), middle = try #require(guiding.filter(\.centred).compactMap(\.interval).min())
        let last = try #require(guiding.last?.interval)
        #expect(first > 0.6 && middle < 0.3 && last > 0.45, "intervals \(first), \(middle), \(last)")
        // The pan carries the cup through the middle without stopping, so "centred" is the chord alone; the new
        // direction is said once the cup moves away (nobody is closing in on it any more).
        #expect(cues.compactMap(\.spoken) == ["Looking for cup.", "Cup, about half a metre, one o'clock.", "Eleven o'clock."])
    }

    @Test func theRecordingBeepsFasterNearTheMiddleAndOnTheTargetsSide() throws {
        guard try BeaconBinary.canDetect(), let video = try Self.panVideo() else { return }
        let wav = video.deletingLastPathComponent().appendingPathComponent("beeps.wav")
        let result = try BeaconBinary.run(["find", "cup", "--input", video.path, "--json", "--no-speech", "--wav", wav.path])
        #expect(result.status == 0, "\(result.stderr)")
        let audio = try InterleavedAudio.readWAV(wav)
        #expect(audio.channels == 2)
        let beats = BeatAnalysis.beats(in: audio)
        #expect(beats.count >= 12, "\(beats.count) beats")
        // The cup is right of the middle for the first two seconds, centred around three, left after four.
        let early = beats.filter { $0.time < 1.8 }, late = beats.filter { $0.time > 4.3 && $0.time < 6 }
        let middle = beats.filter { $0.time > 2.6 && $0.time < 3.5 }
        #expect(early.allSatisfy { $0.balance > 0.2 }, "early balances \(early.map(\.balance))")
        #expect(late.allSatisfy { $0.balance < -0.2 }, "late balances \(late.map(\.balance))")
        func meanGap(_ beats: [BeatAnalysis.Beat]) -> Double {
            let gaps = zip(beats, beats.dropFirst()).map { $1.time - $0.time }
            return gaps.isEmpty ? .infinity : gaps.reduce(0, +) / Double(gaps.count)
        }
        #expect(meanGap(middle) < meanGap(early) / 2, "gaps: early \(meanGap(early)), middle \(meanGap(middle))")
        #expect(meanGap(middle) < meanGap(late) / 2, "gaps: middle \(meanGap(middle)), late \(meanGap(late))")
    }

    /// The sample pans 500 pixels in 6 seconds at 15 frames a second: 5.56 pixels a frame on average (FFmpeg crops
    /// at even columns, so frame steps are 4 or 6), content moving left.
    @Test func theCameraMotionOfThePanIsMeasured() throws {
        guard let video = try Self.panVideo() else { return }
        let result = try BeaconBinary.run(["bench", "motion", video.path, "--runs", "1"])
        #expect(result.status == 0, "\(result.stderr)")
        let line = try #require(result.lines.first { $0.hasPrefix("motion per frame") }, "\(result.stdout)")
        let numbers = line.split(separator: " ").compactMap { Double($0) }
        let across = try #require(numbers.first), down = try #require(numbers.dropFirst().first)
        #expect(abs(across - -500.0 / 90) < 0.2 && abs(down) < 0.2, "\(line)")
        #expect(result.stdout.contains("not measurable       0 of 89"), "\(result.stdout)")
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
        let cues = try Self.cues(result)
        // A cue per frame, and live one more for each finished detection (on the frame in hand).
        #expect(Set(cues.map(\.frame)).count == 5)
        #expect(cues.allSatisfy { !$0.locked })
        #expect(zip(cues, cues.dropFirst()).allSatisfy { $0.timestamp < $1.timestamp })
    }

    @Test func badOptionsAreExplained() throws {
        let neither = try BeaconBinary.run(["find", "cup"])
        #expect(neither.status != 0)
        #expect(neither.stderr.contains("--input FILE or --camera DEVICE"))
    }
}

@Suite struct FindSpeechTests {
    /// What `beacon find` says, with a few wrong neighbours for every word: the search, the object found, how far
    /// and where ("Cup, about half a metre, one o'clock."), then new directions ("Eleven o'clock.", "Centred.")
    /// without the object's name.
    static let grammar = """
        #JSGF V1.0;
        grammar find;
        public <utterance> = looking for <object> (<object> [<distance>] <place>)+ <direction>*;
        <direction> = <hour> o'clock | centred;
        <object> = cup | door | chair | phone;
        <distance> = [about] (half a metre | <hour> metre | <hour> metres);
        <place> = <hour> o'clock | lost | right | left;
        <hour> = one | two | ten | eleven | twelve;

        """

    static let words = """
        looking L UH K IH NG
        for F AO R
        for(2) F ER
        for(3) F AO
        o'clock AH K L AA K
        one W AH N
        two T UW
        ten T EH N
        eleven IH L EH V AH N
        twelve T W EH L V
        about AH B AW T
        half HH AE F
        half(2) HH AA F
        a AH
        a(2) EY
        metre M IY T ER
        metre(2) M IY T AH
        metres M IY T ER Z
        metres(2) M IY T AH Z

        """

    /// What `beacon find --wav` records can be understood: an offline recogniser that knows only the guidance
    /// vocabulary hears the same phrases, in the same order, as Beacon printed.
    @Test(.enabled(if: PocketSphinx.isInstalled || TestData.required, "PocketSphinx is not installed"))
    func theRecordedSpeechIsUnderstood() throws {
        guard try BeaconBinary.canDetect(), let video = try FindCLITests.panVideo() else { return }
        let folder = video.deletingLastPathComponent()
        let wav = folder.appendingPathComponent("said.wav")
        let result = try BeaconBinary.run(["find", "cup", "--input", video.path, "--no-beeps", "--wav", wav.path])
        #expect(result.status == 0, "\(result.stderr)")
        let resampled = folder.appendingPathComponent("said-16k.wav")
        let sox = try TestData.run("sox", [wav.path, "-r", "16000", "-c", "1", "-b", "16", resampled.path])
        #expect(sox.status == 0, "\(sox.stderr)")
        let recognizer = try PocketSphinx(grammar: Self.grammar, dictionary: GuidanceGrammar.dictionary + Self.words, in: folder)
        let heard = try recognizer.recognize(resampled)
        // The last direction, said as the video ends, is not always heard by the recogniser; the first two are.
        #expect(heard.hasPrefix("looking for cup cup about half a metre one o'clock"), "heard \"\(heard)\"")
    }
}
