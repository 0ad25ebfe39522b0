import BeaconCore
import BeaconTestSupport
import Foundation
import Testing
@testable import BeaconRuntime

/// What the `find`, `find-text` and `read` runs need in the test process: the sample media made from real photos,
/// whether the engines can run here, the JSON cue lines, one-sentence failures, and the recordings made before the
/// runtime moved out of the command line.
enum RunTestSupport {
    // MARK: engines

    /// True when detection can run here (runtime and shared model present); records a failure under CI's rule.
    /// Builds the detector as `find` does: a missing ONNX Runtime is its one sentence.
    static func canDetect() -> Bool {
        guard TestData.model("picodet_s_416_coco.onnx") != nil else {
            if TestData.required { Issue.record("picodet_s_416_coco.onnx is missing") } else { print("skipping: no picodet_s_416_coco.onnx") }
            return false
        }
        do {
            _ = try Composition().detector(DetectorSettings())
        } catch let error as UserFacingError where error.sentence.contains("ONNX Runtime") {
            if TestData.required { Issue.record("ONNX Runtime is missing: \(error.sentence)") } else { print("skipping: \(error.sentence)") }
            return false
        } catch {
            Issue.record("the detector could not be built: \(error)")
            return false
        }
        return true
    }

    /// True when the OCR models and runtime are here; records a failure under CI's rule.
    static func canRead() -> Bool {
        for model in ["PP-OCRv6_det_small.onnx", "PP-OCRv6_rec_small.onnx", "ch_ppocr_mobile_v2.0_cls_mobile.onnx"]
        where TestData.model(model) == nil {
            if TestData.required { Issue.record("\(model) is missing") } else { print("skipping: no \(model)") }
            return false
        }
        return canDetect()
    }

    /// `text` said in Beacon's natural voice (Piper), at 16 kHz: speech the recogniser hears as it hears a person's,
    /// where espeak-ng's "Beacon" is written "We can" and its "explore" "And floor". Nil without the voice or the
    /// recogniser (a failure under CI's rule).
    static func spoken(_ text: String) throws -> [Int16]? {
        for model in ["en_US-joe-medium.onnx", "en_US-joe-medium.onnx.json", "moonshine_base_en_encoder.ort",
                      "moonshine_base_en_decoder.ort", "moonshine_base_en_tokenizer.bin", "silero_vad.onnx"]
        where TestData.model(model) == nil {
            if TestData.required { Issue.record("\(model) is missing") } else { print("skipping: no \(model)") }
            return nil
        }
        // The same samples on every run: a test hears what it heard when it was written, not a new rendering that
        // Moonshine may write otherwise ("Deacon", "Beeking").
        let voice = try Composition().speechSynthesizer(.natural, variation: 0)
        return try voice.synthesize(text, voice: "en-us").converted(sampleRate: 16_000, channels: 1).samples
    }

    // MARK: sample media

    /// The sample `make run` uses: a 640x480 camera panning across the real coffee photo, made by the setup script
    /// once per test run into a temporary folder removed when the tests exit.
    static func panVideo() throws -> URL? {
        guard TestData.image("coffee.png") != nil, TestData.hasTool("ffmpeg") else {
            if TestData.required { Issue.record("coffee.png or ffmpeg is missing") }
            return nil
        }
        let made = try SampleMedia.pan()
        #expect(made.status == 0, "\(made.stderr)")
        return made.status == 0 ? made.folder.appendingPathComponent("coffee-pan.mp4") : nil
    }

    /// The text samples (scripts/make-text-samples.sh), made once per test run like the pan video.
    static func textSamples() throws -> URL? {
        guard TestData.image("page.png") != nil, TestData.hasTool("ffmpeg") else {
            if TestData.required { Issue.record("page.png or ffmpeg is missing") }
            return nil
        }
        let made = try SampleMedia.text()
        #expect(made.status == 0, "\(made.stderr)")
        return made.status == 0 ? made.folder : nil
    }

    // MARK: runs

    /// `beacon find OBJECT …` in the test process: what it printed, and the error it would have ended with.
    static func find(_ object: String, _ run: GuidanceRun) throws -> TranscriptRecorder {
        let transcript = TranscriptRecorder()
        try run.findObject(object, detector: DetectorSettings(), composition: Composition(), transcript: transcript)
        return transcript
    }

    /// `beacon find-text TEXT …` in the test process.
    static func findText(_ text: String, _ run: GuidanceRun) throws -> TranscriptRecorder {
        let transcript = TranscriptRecorder()
        try run.findText(text, reader: TextReaderSettings(), composition: Composition(), transcript: transcript)
        return transcript
    }

    /// `beacon read …` in the test process.
    static func read(_ run: PageReadingRun) throws -> TranscriptRecorder {
        let transcript = TranscriptRecorder()
        try run.run(composition: Composition(), transcript: transcript)
        return transcript
    }

    /// Asserts a run failed as the command line reports it: one user-facing sentence (the binary's one line
    /// `beacon: SENTENCE` and exit status 1) naming `fragment`, with nothing else noted beside it.
    static func expectOneSentence(containing fragment: String, sourceLocation: SourceLocation = #_sourceLocation,
                                  _ body: (TranscriptRecorder) throws -> Void) {
        let transcript = TranscriptRecorder()
        do {
            try body(transcript)
            Issue.record("the run did not fail", sourceLocation: sourceLocation)
        } catch let error as UserFacingError {
            let sentence = error.sentence
            #expect(!sentence.contains("\n"), "the error was: \(sentence)", sourceLocation: sourceLocation)
            #expect(transcript.notes.isEmpty, "notes were: \(transcript.notes)", sourceLocation: sourceLocation)
            #expect(sentence.contains(fragment), "the error was: \(sentence)", sourceLocation: sourceLocation)
            #expect(!sentence.contains("Fatal error"), sourceLocation: sourceLocation)
        } catch {
            Issue.record("not a one-sentence error: \(error)", sourceLocation: sourceLocation)
        }
    }

    // MARK: cues

    /// One JSON line of `find --json` (a CueSnapshot).
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

    static func cues(_ transcript: TranscriptRecorder) throws -> [Cue] {
        try transcript.lines.map { try JSONDecoder().decode(Cue.self, from: Data($0.utf8)) }
    }

    // MARK: recordings

    /// One line of an assistant session's `--json` output (an `EffectRecord`), as far as tests read it.
    struct Effect: Decodable {
        struct Cue: Decodable {
            var locked: Bool
            var direction: String?
            var phase: String?
            /// Stereo position of the beats: −1 left … +1 right.
            var pan: Double?
            var centred: Bool?
        }

        var time: Double
        var effect: String
        var text: String?
        var language: String?
        var voice: String?
        var earcon: String?
        var pitch: Double?
        var mode: String?
        var target: String?
        var label: String?
        var setting: String?
        var value: String?
        var fall: Int?
        var cue: Cue?
    }

    typealias JSONValue = BeaconTestSupport.JSONValue

    static func recording(_ name: String) throws -> [String] { try Recordings.lines(name) }

    /// Asserts the runtime printed what the binary printed when the recording was made, line by line.
    static func expectMatches(_ lines: [String], recording name: String, firstLines count: Int? = nil,
                              sourceLocation: SourceLocation = #_sourceLocation) throws {
        var recorded = try recording(name)
        if let count { recorded = Array(recorded.prefix(count)) }
        #expect(lines.count == recorded.count, "\(lines.count) lines, recorded \(recorded.count)", sourceLocation: sourceLocation)
        for (index, (made, kept)) in zip(lines, recorded).enumerated() {
            let difference = try JSONValue.decode(kept).difference(from: JSONValue.decode(made))
            #expect(difference == nil, "line \(index + 1) differs at \(difference ?? "")", sourceLocation: sourceLocation)
        }
    }
}
