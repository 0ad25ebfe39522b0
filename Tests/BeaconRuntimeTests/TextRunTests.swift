import BeaconBench
import BeaconCore
import BeaconMedia
import BeaconTestSupport
import Foundation
import Testing
@testable import BeaconRuntime

/// `find-text` and `read` end to end in the test process: the real PP-OCR and Tesseract engines on media made at
/// run time from real photos and rendered signs (scripts/make-text-samples.sh).
@Suite(.serialized) struct TextRunTests {
    typealias Support = RunTestSupport

    // MARK: find-text

    /// Where a sign's centre is in the pan video at time t: the camera's left edge moves from x=520 to 880 on the
    /// 1600-pixel wall over 6 s (see the script).
    static func expectedX(wallX: Double, at t: Double) -> Double { (wallX - 520 - 60 * t) / 640 }

    static func searchThePan(for text: String, frames: Int) throws -> [RunTestSupport.Cue]? {
        guard Support.canRead(), let folder = try Support.textSamples() else { return nil }
        let video = folder.appendingPathComponent("text-pan.mp4").path
        return try Support.cues(Support.findText(text, GuidanceRun(input: video, camera: nil, silent: true, json: true,
                                                                   frames: frames)))
    }

    @Test func locksOntoExitAndGuidesToItNotToItsLookAlikes() throws {
        guard let cues = try Self.searchThePan(for: "EXIT", frames: 45) else { return }
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
        guard let cues = try Self.searchThePan(for: "PHARMASY", frames: 20) else { return }
        let guiding = cues.filter(\.locked)
        #expect(guiding.count >= 15, "guidance ran on only \(guiding.count) frames")
        for cue in guiding {
            let x = try #require(cue.x)
            #expect(abs(x - Self.expectedX(wallX: 840, at: cue.timestamp)) < 0.06, "at \(cue.timestamp) s x was \(x)")
        }
    }

    @Test func similarWordsNeverLock() throws {
        // EXITS is not on the wall; EXIT, EXIST and TEXT are one letter away from it.
        guard let cues = try Self.searchThePan(for: "EXITS", frames: 20) else { return }
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

    /// `read --json` on `input`: the one record it prints.
    static func readJSON(_ input: String, wholeFrame: Bool = false) throws -> PageRecord {
        let result = try Support.read(PageReadingRun(input: input, camera: nil, wholeFrame: wholeFrame, json: true))
        return try JSONDecoder().decode(PageRecord.self, from: Data(result.lines.joined(separator: "\n").utf8))
    }

    /// `read --silent` on `input`: the sentences it printed, and its notes.
    static func readSilently(_ input: String) throws -> TranscriptRecorder {
        try Support.read(PageReadingRun(input: input, camera: nil, silent: true))
    }

    @Test func readsThePhotographedPageInSentences() throws {
        guard Support.canRead(), let page = TestData.image("page.png") else { return }
        let result = try Self.readSilently(page.path)
        #expect(result.lines.first == "Region-based segmentation")
        #expect(result.lines.contains("Let us first determine markers of the coins and the background."))
        #expect(result.lines.contains("Here, the markers are found at the two extreme parts of the histogram of grey values:"))
    }

    /// The runtime prints what `beacon read --input page.png --json` printed before it moved out of the command line.
    @Test func readPrintsWhatTheBinaryPrintedBeforeTheRuntimeMoved() throws {
        guard Support.canRead(), let page = TestData.image("page.png") else { return }
        let result = try Support.read(PageReadingRun(input: page.path, camera: nil, json: true))
        try Support.expectMatches(result.lines, recording: "read-page.json")
    }

    @Test func anOpenBookReadsOnlyThePageUnderTheCentreUnlessTheWholeFrameIsAsked() throws {
        guard Support.canRead(), let folder = try Support.textSamples() else { return }
        let book = folder.appendingPathComponent("open-book.png").path
        let central = try Self.readJSON(book)
        let whole = try Self.readJSON(book, wholeFrame: true)
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
        guard Support.canRead(), let folder = try Support.textSamples() else { return }
        guard FileManager.default.fileExists(atPath: folder.appendingPathComponent(page).path) else {
            #expect(!TestData.required, "\(page) was not made: is pango-view installed?")
            return
        }
        let record = try Self.readJSON(folder.appendingPathComponent(page).path, wholeFrame: true)
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

    /// Magazine pages with pictures (scripts/make-text-samples.sh): a headline and a standfirst across three
    /// columns of unequal height, a picture inside a column with its caption, a boxed pull quote, a footer; a
    /// picture and its caption across two columns; ragged-right columns with a crosshead and a page number. Read
    /// in printed order (Tests/Data/columns/magazine-*.txt): at least 85% of the characters, after the fewest
    /// edits, where they were printed. Columns interleaved at a picture's edge scored 42% on the first page.
    @Test(arguments: [("magazine-1.png", "magazine-1"), ("magazine-1-tilted.png", "magazine-1"),
                      ("magazine-2.png", "magazine-2"), ("magazine-3.png", "magazine-3")])
    func aMagazinePageIsReadInPrintedOrder(page: String, text: String) throws {
        guard Support.canRead(), let folder = try Support.textSamples() else { return }
        let path = folder.appendingPathComponent(page).path
        guard FileManager.default.fileExists(atPath: path) else {
            #expect(!TestData.required, "\(page) was not made: is pango-view installed?")
            return
        }
        let record = try Self.readJSON(path, wholeFrame: true)
        let read = Self.normalized(record.units.joined(separator: " "))
        let printed = Self.normalized(try String(
            contentsOf: TestData.packageRoot.appendingPathComponent("Tests/Data/columns/\(text).txt"), encoding: .utf8))
        let accuracy = 1 - characterErrorRate(reference: printed, hypothesis: read)
        #expect(accuracy >= 0.85, "printed-order accuracy \(accuracy) on \(page): \(read)")
    }

    /// Real scanned magazine pages (../shared/testdata/pages: UNLV-ISRI scans, 300 dpi, bi-level CCITT G4 TIFF, with
    /// ISRI's ground truth and zones): `read --input PAGE --whole-frame --json` gives the lines in printed order,
    /// at least 85% of the letters and digits where they were printed. Beacon's own order read the 4-column spread
    /// at 0.86 and a page whose columns narrow around a photo at 0.42; Tesseract's page layout orders them.
    @Test func realScannedPagesAreReadInPrintedOrder() throws {
        guard Support.canRead() else { return }
        let folder = TestData.pagesFolder
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let pages = names.filter { $0.hasSuffix(".tif") && names.contains(($0 as NSString).deletingPathExtension + ".txt") }
        guard !pages.isEmpty else {
            if TestData.required { Issue.record("no scanned pages in \(folder.path)") } else {
                print("skipping: no scanned pages with ground truth in \(folder.path)")
            }
            return
        }
        struct Record: Decodable { var lines: [TextLine] }
        for name in pages.sorted() {
            let page = folder.appendingPathComponent(name)
            let stem = folder.appendingPathComponent((name as NSString).deletingPathExtension).path
            let result = try Support.read(PageReadingRun(input: page.path, camera: nil, wholeFrame: true, json: true))
            let record = try JSONDecoder().decode(Record.self, from: Data(result.lines.joined(separator: "\n").utf8))
            let zones = try? String(contentsOfFile: stem + ".uzn", encoding: .utf8)
            let truth = try PrintedPage(text: String(contentsOfFile: stem + ".txt", encoding: .isoLatin1), zones: zones,
                                        path: stem + ".txt")
            let frame = try ImageDecoder().decode(contentsOf: page)
            let score = truth.score(record.lines, width: frame.width, height: frame.height)
            #expect(score.accuracy >= 0.85, "printed-order accuracy \(score.accuracy) on \(name)")
            #expect(score.wordRecall >= 0.9, "word recall \(score.wordRecall) on \(name)")
        }
    }

    @Test(arguments: [("sign-ru.png", "ru", "Молоко"), ("sign-zh.png", "zh", "请勿吸烟"), ("sign-en.png", "en", "Pharmacy")])
    func readsEachLanguageInItsOwnVoice(sign: String, language: String, word: String) throws {
        guard Support.canRead(), let folder = try Support.textSamples() else { return }
        let record = try Self.readJSON(folder.appendingPathComponent(sign).path)
        #expect(record.units.joined(separator: " ").contains(word), "\(record.units)")
        #expect(Set(record.languages) == [language], "\(record.languages)")
    }

    static let unreadableScript = "is in a script Beacon cannot read yet; it reads English, Russian and Chinese."

    /// PP-OCRv6 reads the Greek sign as Greek with Latin look-alikes ("Kαλημρα σα" at 0.91), the Hebrew one as Latin
    /// look-alikes under its confidence floor ("017V" at 0.62), and the Arabic one as nothing at all.
    @Test(arguments: ["sign-el.png", "sign-he.png", "sign-ar.png"])
    func aSignInAScriptBeaconLacksSaysSoAndInventsNothing(sign: String) throws {
        guard Support.canRead(), let folder = try Support.textSamples() else { return }
        let path = folder.appendingPathComponent(sign).path
        // As for an empty page: nothing went wrong (nothing is thrown), there is only nothing to read.
        let result = try Self.readSilently(path)
        // What is said is printed too: the sentence and nothing else, no text made up from look-alikes.
        #expect(result.lines == ["The text here \(Self.unreadableScript)"], "\(result.lines)")
        #expect(result.notes == ["The text in \(sign) \(Self.unreadableScript)"], "\(result.notes)")
        let record = try Self.readJSON(path)
        #expect(record.units.isEmpty, "\(record.units)")
        #expect(record.unreadable.count == 4, "\(record.unreadable)")
    }

    @Test func aPageOnlyPartlyReadableReadsWhatItCanAndSaysTheRestIsNot() throws {
        guard Support.canRead(), let folder = try Support.textSamples() else { return }
        let result = try Self.readSilently(folder.appendingPathComponent("sign-en-el.png").path)
        #expect(result.lines == ["Emergency exit", "Pharmacy open"], "\(result.lines)")
        #expect(result.notes == ["Some of the text in sign-en-el.png is in a script Beacon cannot read yet."], "\(result.notes)")
    }

    @Test func anEmptyPageSaysSo() throws {
        guard Support.canRead(), TestData.hasTool("ffmpeg") else { return }
        let folder = try TestData.temporaryFolder("beacon-read-empty")
        defer { try? FileManager.default.removeItem(at: folder) }
        let blank = folder.appendingPathComponent("blank.png")
        let made = try TestData.run("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "color=c=white:s=640x480:d=1",
                                                "-frames:v", "1", blank.path])
        #expect(made.status == 0)
        let result = try Self.readSilently(blank.path)
        #expect(result.notes.contains("No text found in blank.png."), "\(result.notes)")
    }
}
