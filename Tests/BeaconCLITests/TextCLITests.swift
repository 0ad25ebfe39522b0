import BeaconTestSupport
import Foundation
import Testing

/// `beacon find-text` and `beacon read` end to end: the real PP-OCR and Tesseract engines on media made at run time
/// from real photos and rendered signs (scripts/make-text-samples.sh).
@Suite(.serialized) struct TextCLITests {
    /// True when the OCR models and runtime are here; records a failure under CI's rule.
    static func canRead() throws -> Bool {
        for model in ["PP-OCRv6_det_small.onnx", "PP-OCRv6_rec_small.onnx", "ch_ppocr_mobile_v2.0_cls_mobile.onnx"]
        where TestData.model(model) == nil {
            if TestData.required { Issue.record("\(model) is missing") } else { print("skipping: no \(model)") }
            return false
        }
        return try BeaconBinary.canDetect()
    }

    /// The text samples, made once per test run into a temporary folder that is removed when the tests exit.
    static func samples() throws -> URL? {
        guard TestData.image("page.png") != nil, TestData.hasTool("ffmpeg") else {
            if TestData.required { Issue.record("page.png or ffmpeg is missing") }
            return nil
        }
        let made = try madeSamples.get()
        #expect(made.status == 0, "\(made.stderr)")
        return made.status == 0 ? made.folder : nil
    }

    private static let madeSamples = Result { () throws -> (folder: URL, status: Int32, stderr: String) in
        let folder = try TestData.temporaryFolder("beacon-text-samples")
        sampleFolderPath = folder.path
        atexit { if let path = TextCLITests.sampleFolderPath { try? FileManager.default.removeItem(atPath: path) } }
        let script = TestData.packageRoot.appendingPathComponent("scripts/make-text-samples.sh").path
        let made = try TestData.run("bash", [script], environment: ["BEACON_SAMPLES": folder.path])
        return (folder, made.status, made.stderr)
    }

    /// Set once, before the samples are made; read at exit.
    nonisolated(unsafe) private static var sampleFolderPath: String?

    // MARK: find-text

    /// Where a sign's centre is in the pan video at time t: the camera's left edge moves from x=520 to 880 on the
    /// 1600-pixel wall over 6 s (see the script).
    static func expectedX(wallX: Double, at t: Double) -> Double { (wallX - 520 - 60 * t) / 640 }

    @Test func locksOntoExitAndGuidesToItNotToItsLookAlikes() throws {
        guard try Self.canRead(), let folder = try Self.samples() else { return }
        let video = folder.appendingPathComponent("text-pan.mp4").path
        let result = try BeaconBinary.run(["find-text", "EXIT", "--input", video, "--json", "--silent", "--frames", "45"])
        #expect(result.status == 0, "\(result.stderr)")
        let cues = try FindCLITests.cues(result)
        let guiding = cues.filter(\.locked)
        #expect(guiding.count >= 35, "guidance ran on only \(guiding.count) of \(cues.count) frames")
        for cue in guiding {
            let x = try #require(cue.x)
            // EXIT's plate centre is at x≈1042 on the wall; EXIST (≈892), NEXT (≈726) and TEXT (≈1236) are far off.
            #expect(abs(x - Self.expectedX(wallX: 1042, at: cue.timestamp)) < 0.06, "at \(cue.timestamp) s x was \(x)")
        }
        #expect(cues.contains { $0.centred }, "never centred")
        #expect(cues.contains { $0.spoken?.contains("EXIT, one o'clock") ?? false }, "\(cues.compactMap(\.spoken))")
    }

    @Test func aQueryWithOneLetterWrongStillFindsTheSign() throws {
        guard try Self.canRead(), let folder = try Self.samples() else { return }
        let video = folder.appendingPathComponent("text-pan.mp4").path
        let result = try BeaconBinary.run(["find-text", "PHARMASY", "--input", video, "--json", "--silent", "--frames", "20"])
        #expect(result.status == 0, "\(result.stderr)")
        let guiding = try FindCLITests.cues(result).filter(\.locked)
        #expect(guiding.count >= 15, "guidance ran on only \(guiding.count) frames")
        for cue in guiding {
            let x = try #require(cue.x)
            #expect(abs(x - Self.expectedX(wallX: 840, at: cue.timestamp)) < 0.06, "at \(cue.timestamp) s x was \(x)")
        }
    }

    @Test func similarWordsNeverLock() throws {
        guard try Self.canRead(), let folder = try Self.samples() else { return }
        let video = folder.appendingPathComponent("text-pan.mp4").path
        // EXITS is not on the wall; EXIT, EXIST and TEXT are one letter away from it.
        let result = try BeaconBinary.run(["find-text", "EXITS", "--input", video, "--json", "--silent", "--frames", "20"])
        #expect(result.status == 0, "\(result.stderr)")
        let cues = try FindCLITests.cues(result)
        #expect(cues.count == 20)
        #expect(cues.allSatisfy { !$0.locked })
    }

    // MARK: read

    struct PageRecord: Decodable {
        var verdict: String?
        var units: [String]
        var languages: [String]
        var unreadable: [Unreadable]

        struct Unreadable: Decodable {
            var reason: String
            var text: String
        }
    }

    static func readJSON(_ arguments: [String]) throws -> PageRecord? {
        let result = try BeaconBinary.run(["read", "--json"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        guard result.status == 0 else { return nil }
        return try JSONDecoder().decode(PageRecord.self, from: Data(result.stdout.utf8))
    }

    @Test func readsThePhotographedPageInSentences() throws {
        guard try Self.canRead(), let page = TestData.image("page.png") else { return }
        let result = try BeaconBinary.run(["read", "--input", page.path, "--silent"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines.first == "Region-based segmentation")
        #expect(result.lines.contains("Let us first determine markers of the coins and the background."))
        #expect(result.lines.contains("Here, the markers are found at the two extreme parts of the histogram of grey values:"))
    }

    @Test func anOpenBookReadsOnlyThePageUnderTheCentreUnlessTheWholeFrameIsAsked() throws {
        guard try Self.canRead(), let folder = try Self.samples() else { return }
        let book = folder.appendingPathComponent("open-book.png").path
        let central = try #require(try Self.readJSON(["--input", book]))
        let whole = try #require(try Self.readJSON(["--input", book, "--whole-frame"]))
        let centralText = central.units.joined(separator: " "), wholeText = whole.units.joined(separator: " ")
        // The right page (under the centre) is the whole photo, with its code line; the left one has the heading twice
        // over only when both pages are read.
        #expect(central.verdict == "centralBlock")
        #expect(centralText.contains("zeros_like"))
        #expect(centralText.components(separatedBy: "Region-based segmentation").count == 2, "\(centralText)")
        #expect(wholeText.components(separatedBy: "Region-based segmentation").count == 3, "\(wholeText)")
    }

    /// Letters and digits only, lower case, one space between words: what the reader's text is compared by.
    static func normalized(_ text: String) -> String {
        text.lowercased().map { $0.isLetter || $0.isNumber ? $0 : " " }.split(separator: " ", omittingEmptySubsequences: true)
            .map { String($0) }.joined(separator: " ")
    }

    /// Magazine pages laid out by Pango: the heading, then each column whole before the next, left to right.
    @Test(arguments: [("columns-2.png", "City Library News", ["two-1", "two-2"]),
                      ("columns-3.png", "Community Garden Report", ["three-1", "three-2", "three-3"]),
                      ("columns-3-tilted.png", "Community Garden Report", ["three-1", "three-2", "three-3"])])
    func aPageInColumnsIsReadColumnByColumn(page: String, heading: String, columns: [String]) throws {
        guard try Self.canRead(), let folder = try Self.samples() else { return }
        guard FileManager.default.fileExists(atPath: folder.appendingPathComponent(page).path) else {
            #expect(!TestData.required, "\(page) was not made: is pango-view installed?")
            return
        }
        let record = try #require(try Self.readJSON(["--input", folder.appendingPathComponent(page).path, "--whole-frame"]))
        let read = Self.normalized(record.units.joined(separator: " "))
        // Every sentence of every column, in the order written: interleaved lines would break them apart.
        var sentences = [Self.normalized(heading)]
        for column in columns {
            let text = try String(contentsOf: TestData.packageRoot.appendingPathComponent("Tests/Data/columns/\(column).txt"),
                                  encoding: .utf8)
            sentences += text.split(separator: ".").map { Self.normalized(String($0)) }.filter { !$0.isEmpty }
        }
        var searchFrom = read.startIndex
        for sentence in sentences {
            let found = try #require(read.range(of: sentence, range: searchFrom..<read.endIndex),
                                     "\"\(sentence)\" not found in order in: \(read)")
            searchFrom = found.upperBound
        }
    }

    @Test(arguments: [("sign-ru.png", "ru", "Молоко"), ("sign-zh.png", "zh", "请勿吸烟"), ("sign-en.png", "en", "Pharmacy")])
    func readsEachLanguageInItsOwnVoice(sign: String, language: String, word: String) throws {
        guard try Self.canRead(), let folder = try Self.samples() else { return }
        let record = try #require(try Self.readJSON(["--input", folder.appendingPathComponent(sign).path]))
        #expect(record.units.joined(separator: " ").contains(word), "\(record.units)")
        #expect(Set(record.languages) == [language], "\(record.languages)")
    }

    static let unreadableScript = "is in a script Beacon cannot read yet; it reads English, Russian and Chinese."

    /// PP-OCRv6 reads the Greek sign as Greek with Latin look-alikes ("Kαλημρα σα" at 0.91), the Hebrew one as Latin
    /// look-alikes under its confidence floor ("017V" at 0.62), and the Arabic one as nothing at all.
    @Test(arguments: ["sign-el.png", "sign-he.png", "sign-ar.png"])
    func aSignInAScriptBeaconLacksSaysSoAndInventsNothing(sign: String) throws {
        guard try Self.canRead(), let folder = try Self.samples() else { return }
        let path = folder.appendingPathComponent(sign).path
        let result = try BeaconBinary.run(["read", "--input", path, "--silent"])
        // As for an empty page: nothing went wrong, there is only nothing to read.
        #expect(result.status == 0, "\(result.stderr)")
        // What is said is printed too: the sentence and nothing else, no text made up from look-alikes.
        #expect(result.lines == ["The text here \(Self.unreadableScript)"], "\(result.stdout)")
        #expect(result.stderr == "The text in \(sign) \(Self.unreadableScript)\n", "\(result.stderr)")
        let record = try #require(try Self.readJSON(["--input", path]))
        #expect(record.units.isEmpty, "\(record.units)")
        #expect(record.unreadable.count == 4, "\(record.unreadable)")
    }

    @Test func aPageOnlyPartlyReadableReadsWhatItCanAndSaysTheRestIsNot() throws {
        guard try Self.canRead(), let folder = try Self.samples() else { return }
        let result = try BeaconBinary.run(["read", "--input", folder.appendingPathComponent("sign-en-el.png").path, "--silent"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines == ["Emergency exit", "Pharmacy open"], "\(result.stdout)")
        #expect(result.stderr == "Some of the text in sign-en-el.png is in a script Beacon cannot read yet.\n", "\(result.stderr)")
    }

    @Test func badInputsGetOneSentence() throws {
        guard try Self.canRead() else { return }
        let folder = try TestData.temporaryFolder("beacon-read-bad")
        let garbage = folder.appendingPathComponent("broken.png")
        try Data("not a picture".utf8).write(to: garbage)
        BeaconBinary.expectOneSentence(try BeaconBinary.run(["read", "--input", garbage.path, "--silent"]), containing: "broken.png")
        BeaconBinary.expectOneSentence(
            try BeaconBinary.run(["read", "--input", garbage.path, "--text-recognizer", "/nonexistent/rec.onnx"]),
            containing: "rec.onnx")
    }

    @Test func anEmptyPageSaysSo() throws {
        guard try Self.canRead(), TestData.hasTool("ffmpeg") else { return }
        let folder = try TestData.temporaryFolder("beacon-read-empty")
        let blank = folder.appendingPathComponent("blank.png")
        let made = try TestData.run("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "color=c=white:s=640x480:d=1",
                                                "-frames:v", "1", blank.path])
        #expect(made.status == 0)
        let result = try BeaconBinary.run(["read", "--input", blank.path, "--silent"])
        #expect(result.stderr.contains("No text found in blank.png."), "\(result.stderr)")
    }
}
