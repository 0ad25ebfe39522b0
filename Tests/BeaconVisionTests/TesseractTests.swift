import BeaconCore
import BeaconTestSupport
import Foundation
import Testing
@testable import BeaconVision

/// Tesseract (Debian's libtesseract 5 and its eng, rus and chi_sim packs) on rendered labels and the real
/// photographed page. Figures printed here are for the record; timings are measured with OpenMP confined to the
/// calling thread (see OpenMPThreadLimit).
@Suite(.serialized) struct TesseractTests {
    static func recognizer(_ languages: String, options: TesseractOptions = TesseractOptions()) throws -> TesseractRecognizer? {
        let packs = try TesseractLanguagePacks(languages)
        if let missing = packs.codes.first(where: { !options.dataFolderHasPack($0) }), !TestData.required {
            print("skipping: no Tesseract \(missing) pack")
            return nil
        }
        return try TesseractRecognizer(packs: packs, options: options)
    }

    static func timedRead(_ recognizer: TesseractRecognizer, _ frame: Frame, label: String) throws -> [TextLine] {
        _ = try recognizer.recognize(frame) // the first call loads the models' lazily built parts
        var times: [Double] = []
        var lines: [TextLine] = []
        for _ in 0..<3 {
            let start = ContinuousClock.now
            lines = try recognizer.recognize(frame)
            let elapsed = ContinuousClock.now - start
            times.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
        }
        let median = times.sorted()[1]
        let meanConfidence = lines.isEmpty ? 0 : lines.map(\.confidence).reduce(0, +) / Double(lines.count)
        print("tesseract \(recognizer.packs) \(label) \(frame.width)x\(frame.height): median \(Int(median)) ms of 3, "
              + "\(lines.count) lines, mean line confidence \(String(format: "%.2f", meanConfidence))")
        return lines
    }

    @Test func readsTheRussianLabelInRussianAndPicksTheRussianVoice() throws {
        guard let tesseract = try Self.recognizer("rus+eng"), let frame = try TextSamples.frame("sign-ru.png") else { return }
        let lines = try Self.timedRead(tesseract, frame, label: "sign-ru")
        let text = lines.readingTopToBottom
        print(text)
        for expected in ["Молоко 3,2% жирности", "Годен до 15.03.2026", "Хранить при температуре", "от +2 до +6"] {
            #expect(text.contains(expected), "'\(expected)' not in:\n\(text)")
        }
        #expect(TextLanguage.detect(in: text) == .russian)
        #expect(ReadingLanguage.automatic.voice(for: text) == "ru")
        #expect(tesseract.languages == [.russian, .english])
    }

    @Test func readsTheChineseLabelAndPicksTheMandarinVoice() throws {
        guard let tesseract = try Self.recognizer("chi_sim"), let frame = try TextSamples.frame("sign-zh.png") else { return }
        let text = try Self.timedRead(tesseract, frame, label: "sign-zh").readingTopToBottom
        print(text)
        for expected in ["出口", "请勿吸烟", "保质期至二零二六年三月"] {
            #expect(text.contains(expected), "\(expected) not in \(text)")
        }
        #expect(TextLanguage.detect(in: text) == .chinese)
        #expect(ReadingLanguage.automatic.voice(for: text) == TextLanguage.chinese.voice)
    }

    @Test func readsTheEnglishLabelWithWordsWhereTheyAre() throws {
        guard let tesseract = try Self.recognizer("eng"), let frame = try TextSamples.frame("sign-en.png") else { return }
        let lines = try Self.timedRead(tesseract, frame, label: "sign-en")
        #expect(lines.readingTopToBottom.contains("Pharmacy open 9:00 - 18:00"), "\(lines.readingTopToBottom)")
        let exit = try #require(lines.flatMap(\.words).first { $0.text == "EXIT" })
        // Rendered at x = 40, y = 30 in the 800x330 label, 40 px high: top left.
        let box = exit.quad.boundingRect
        #expect(abs(box.x * 800 - 42) < 6 && abs(box.y * 330 - 35) < 8, "\(box)")
        #expect(exit.confidence > 0.8 && exit.confidence <= 1)
        for line in lines {
            #expect((0...1).contains(line.confidence))
            for word in line.words {
                #expect(line.quad.boundingRect.iou(word.quad.boundingRect) > 0, "\(word.text) outside \(line.text)")
            }
        }
        #expect(ReadingLanguage.automatic.voice(for: lines.readingTopToBottom) == "en")
    }

    @Test func readsTheProseOfThePhotographedPage() throws {
        guard let tesseract = try Self.recognizer("eng"), let frame = try TextSamples.page() else { return }
        let text = try Self.timedRead(tesseract, frame, label: "page.png").readingTopToBottom
        print(text)
        for expected in ["Region-based segmentation", "Let us first determine markers of the coins and the",
                         "background. These markers are pixels that we can label",
                         "the markers are found at the two extreme parts of the", "histogram of grey values:"] {
            #expect(text.contains(expected), "'\(expected)' not in:\n\(text)")
        }
    }

    @Test func backgroundNormalisationRescuesTheDarkLeftOfThePage() throws {
        let raw = TesseractOptions(normalizesBackground: false)
        guard let plain = try Self.recognizer("eng", options: raw), let frame = try TextSamples.page() else { return }
        let text = try Self.timedRead(plain, frame, label: "page.png without normalisation").readingTopToBottom
        // io-stack.md §7: without it the left third of every line is lost.
        #expect(!text.contains("Let us first determine"), "\(text)")
    }

    @Test func aWholeFullHDPageIsRead() throws {
        guard let tesseract = try Self.recognizer("eng"), let frame = try TextSamples.frame("page-1080p.png") else { return }
        let text = try Self.timedRead(tesseract, frame, label: "page-1080p").readingTopToBottom
        #expect(text.contains("markers are pixels that we can label"), "\(text)")
    }

    @Test func aBlankWallHasNoText() throws {
        guard let tesseract = try Self.recognizer("rus+eng") else { return }
        let wall = Frame(width: 320, height: 240, rgb: [UInt8](repeating: 0x8A, count: 320 * 240 * 3))
        #expect(try tesseract.recognize(wall).isEmpty)
        #expect(try tesseract.recognize(Frame(width: 0, height: 0, rgb: [])).isEmpty)
    }

    @Test func aMissingLanguagePackNamesTheDebianPackage() throws {
        let empty = try TestData.temporaryFolder("tessdata")
        defer { try? FileManager.default.removeItem(at: empty) }
        let options = TesseractOptions(dataFolder: empty.path)
        #expect(throws: TesseractError.languagePackMissing(code: "rus", folder: empty.path)) {
            try TesseractRecognizer(languages: "rus+eng", options: options)
        }
        #expect(TesseractError.languagePackMissing(code: "rus", folder: "/usr/share/tesseract-ocr/5/tessdata").sentence
            == "Russian text cannot be read: install the Debian package tesseract-ocr-rus (no rus.traineddata in /usr/share/tesseract-ocr/5/tessdata).")
        #expect(TesseractError.languagePackMissing(code: "chi_sim", folder: empty.path).sentence.contains("tesseract-ocr-chi-sim"))
    }

    @Test(arguments: ["", "rus+", "../eng", "eng/rus", "ENG"])
    func aSettingThatIsNotALanguageListIsRefused(setting: String) {
        #expect(throws: TesseractError.unknownLanguageSetting(setting)) { try TesseractLanguagePacks(setting) }
    }

    @Test func greyPixelsLandWhereLeptonicaLooksForThem() throws {
        // Seven pixels in a row cross a 32-bit word boundary, with a distinct value each.
        let colours: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255),
                                                 (0, 0, 0), (128, 128, 128), (10, 200, 30)]
        let pixels: [(UInt8, UInt8, UInt8)] = colours + colours.reversed()
        let frame = Frame(width: 7, height: 2, rgb: pixels.flatMap { [$0.0, $0.1, $0.2] })
        let image = try #require(LeptonicaImage.grey(from: frame))
        for (x, colour) in colours.enumerated() {
            let weighted: Int = 77 * Int(colour.0) + 150 * Int(colour.1) + 29 * Int(colour.2)
            let luma = UInt8(weighted >> 8)
            #expect(image.greyValue(x: x, y: 0) == luma, "pixel \(x)")
            #expect(image.greyValue(x: 6 - x, y: 1) == luma, "pixel \(6 - x) of row 1")
        }
    }

    @Test func recognitionRunsOnTheCallingThreadAlone() throws {
        guard let tesseract = try Self.recognizer("eng"), let frame = try TextSamples.frame("sign-en.png") else { return }
        #expect(OpenMPThreadLimit.callingThreadActiveLevels != nil, "libgomp is not loaded with libtesseract")
        _ = try tesseract.recognize(frame)
        #expect(OpenMPThreadLimit.callingThreadActiveLevels == 0)
    }

    @Test func concurrentCallersTakeTurnsOnOneHandle() async throws {
        guard let tesseract = try Self.recognizer("eng"), let frame = try TextSamples.frame("sign-en.png") else { return }
        let expected = try tesseract.recognize(frame).map(\.text)
        let results = try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<4 { group.addTask { try tesseract.recognize(frame).map(\.text) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 4)
        #expect(results.allSatisfy { $0 == expected })
    }
}
