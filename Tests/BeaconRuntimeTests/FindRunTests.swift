import BeaconAudio
import BeaconCore
import BeaconMedia
import BeaconTestSupport
import BeaconVision
import Foundation
import Testing
@testable import BeaconRuntime

/// `find` end to end in the test process: the real detector on the coffee-pan video made from a real photo
/// (scripts/make-samples.sh), run as the command runs it, reading what it would have printed.
@Suite(.serialized) struct FindRunTests {
    typealias Support = RunTestSupport

    @Test func guidesFromRightThroughCentreToLeft() throws {
        guard Support.canDetect(), let video = try Support.panVideo() else { return }
        let result = try Support.find("cup", GuidanceRun(input: video.path, camera: nil, silent: true, json: true))
        let cues = try Support.cues(result)
        #expect(cues.count == 90)
        let guiding = cues.filter(\.locked)
        #expect(guiding.count >= 80, "guidance ran on only \(guiding.count) of 90 frames")
        // Directions in order, without repeats: the pan moves the cup from the right, through the middle, to the left.
        // PicoDet first trusts a box of cup and saucer together, cut off by the picture's corner ("down"), then sees
        // the cup itself; its boxes jump between the two, and the steady box keeps that from flapping.
        var path: [String] = []
        for cue in guiding { if let d = cue.direction, path.last != d { path.append(d) } }
        #expect(path == ["one o'clock, down", "one o'clock", "centred", "eleven o'clock"], "\(path)")
        for cue in guiding {
            let x = try #require(cue.x), pan = try #require(cue.pan)
            // Centred within a tenth of the middle, never beyond; coming from outside it takes 0.05 (hysteresis).
            if cue.centred { #expect(abs(x - 0.5) < 0.1) } else { #expect(abs(x - 0.5) >= 0.05) }
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
        #expect(cues.compactMap(\.spoken) == ["Looking for cup.", "Cup, about half a metre, one o'clock, down.", "Eleven o'clock."])
    }

    @Test func theRecordingBeepsFasterNearTheMiddleAndOnTheTargetsSide() throws {
        guard Support.canDetect(), let video = try Support.panVideo() else { return }
        let wav = video.deletingLastPathComponent().appendingPathComponent("beeps.wav")
        _ = try Support.find("cup", GuidanceRun(input: video.path, camera: nil, wav: wav.path, json: true, speech: false))
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
    /// at even columns, so frame steps are 4 or 6), content moving left. Measured as `beacon bench motion` does:
    /// a thumbnail of each frame, matched against the one before.
    @Test func theCameraMotionOfThePanIsMeasured() throws {
        guard let video = try Support.panVideo() else { return }
        let source = try Composition().frameSource(input: video.path, camera: nil)
        let estimator = CameraMotionEstimator()
        var previous: MotionThumbnail?
        var motions: [CameraMotion] = []
        var unmeasured = 0, pairs = 0, width = 0, height = 0
        while let frame = try source.nextFrame() {
            (width, height) = (frame.width, frame.height)
            let thumbnail = MotionThumbnail(frame: frame)
            if let previous {
                pairs += 1
                if let motion = estimator.motion(from: previous, to: thumbnail) { motions.append(motion) } else { unmeasured += 1 }
            }
            previous = thumbnail
        }
        try #require(!motions.isEmpty, "no motion measured")
        let count = Double(motions.count)
        let across = motions.reduce(0) { $0 + $1.dx } / count * Double(width)
        let down = motions.reduce(0) { $0 + $1.dy } / count * Double(height)
        #expect(abs(across - -500.0 / 90) < 0.2 && abs(down) < 0.2, "motion per frame \(across) across, \(down) down")
        #expect(unmeasured == 0 && pairs == 89, "not measurable \(unmeasured) of \(pairs)")
    }

    @Test func aTruncatedVideoIsOneSentence() throws {
        guard Support.canDetect(), let video = try Support.panVideo() else { return }
        let data = try Data(contentsOf: video)
        let cut = video.deletingLastPathComponent().appendingPathComponent("cut.mp4")
        try data.prefix(data.count / 2).write(to: cut)
        Support.expectOneSentence(containing: "cut.mp4") { transcript in
            try GuidanceRun(input: cut.path, camera: nil, silent: true)
                .findObject("cup", detector: DetectorSettings(), composition: Composition(), transcript: transcript)
        }
    }

    @Test func aCameraThatDoesNotExistIsOneSentence() throws {
        guard Support.canDetect() else { return }
        Support.expectOneSentence(containing: "No camera at /dev/video0") { transcript in
            try GuidanceRun(input: nil, camera: "/dev/video0", silent: true)
                .findObject("cup", detector: DetectorSettings(), composition: Composition(), transcript: transcript)
        }
    }

    @Test func theCameraPathWorksWithAnFFmpegTestSource() throws {
        guard Support.canDetect() else { return }
        let result = try Support.find("person", GuidanceRun(input: nil, camera: "lavfi:testsrc2=size=640x480:rate=15",
                                                            silent: true, json: true, frames: 5))
        let cues = try Support.cues(result)
        // A cue per frame, and live one more for each finished detection (on the frame in hand).
        #expect(Set(cues.map(\.frame)).count == 5)
        #expect(cues.allSatisfy { !$0.locked })
        #expect(zip(cues, cues.dropFirst()).allSatisfy { $0.timestamp < $1.timestamp })
    }
}

/// What `find` records into a WAV file can be understood: Moonshine, which knows no guidance vocabulary, hears the
/// phrases Beacon printed, in the same order, in the voice the session spoke with (the natural one where installed).
@Suite struct FindSpeechTests {
    @Test func theRecordedSpeechIsUnderstood() throws {
        guard RunTestSupport.canDetect(), let video = try RunTestSupport.panVideo(),
              let (transcriber, voice) = try ListenRunTests.engines() else { return }
        let folder = try TestData.temporaryFolder("beacon-find-speech")
        defer { try? FileManager.default.removeItem(at: folder) }
        let wav = folder.appendingPathComponent("said.wav")
        let printed = try RunTestSupport.find("cup", GuidanceRun(input: video.path, camera: nil, wav: wav.path, beeps: false))
        let heard = try ListenRun.hear(wav, transcriber: transcriber, voice: voice, parser: CommandParser()).transcript
        // Spelling aside ("meter"), the first two phrases word for word; the last direction, said as the video
        // ends, may be cut off.
        let words = WordErrors.words(heard).map { $0 == "meter" ? "metre" : $0 }
        let expected = ["looking", "for", "cup", "cup", "about", "half", "a", "metre", "one", "o'clock"]
        let bytes = (try? FileManager.default.attributesOfItem(atPath: wav.path)[.size] as? Int) ?? -1
        #expect(Array(words.prefix(expected.count)) == expected,
                "heard \"\(heard)\" from \(bytes) bytes; printed \(printed.lines.filter { $0.contains("says") })")
    }
}
