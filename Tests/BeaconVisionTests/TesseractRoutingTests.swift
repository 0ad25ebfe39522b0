import BeaconCore
import BeaconTestSupport
import Foundation
import Testing
@testable import BeaconVision

/// The language-routed recogniser with Tesseract as its Cyrillic engine and, until the PP-OCR engine is in,
/// a recorded stand-in for PP-OCR: what PP-OCRv6_rec_small (rapidocr 3.10.0) read from each line of the rendered
/// labels, measured with onnxruntime in Python on crops of the lines, placed in boxes around each line's ink as a
/// text detector would place them.
@Suite(.serialized) struct TesseractRoutingTests {
    /// PP-OCRv6's readings, line by line, top to bottom. Its dictionary has no Cyrillic: Russian words became
    /// blanks and only digits, punctuation and spaces came through, each with a mean confidence above 0.95.
    static let recordedPPOCR: [String: [(text: String, confidence: Double)]] = [
        "sign-ru.png": [(" 3,2% ", 0.954), ("  15.03.2026", 0.992), ("  ", 0.965), (" +2  +6 ", 0.973)],
        "sign-en.png": [("EXIT", 1.0), ("Pharmacy open 9:00 - 18:00", 0.998), ("Best before 15 MAR 2026", 1.0),
                        ("Platform 4 to Central Station", 1.0)],
        "sign-zh.png": [("出口", 1.0), ("请勿吸烟", 1.0), ("保质期至二零二六年三月", 1.0), ("牛奶一升", 0.996)],
        // Under the engine's 0.8 floor, so dropped: Hebrew letters read as Latin look-alikes.
        "sign-he.png": [("017V", 0.619), ("DI'N Y'", 0.645), ("nn7n nユ", 0.691), ("7 10", 0.613)],
    ]

    static func recordedPrimary(_ sample: String, frame: Frame) -> RecordedTextRecognizer {
        let readings = recordedPPOCR[sample]!
        // make-text-samples.sh draws line i at y = 30 + 72 i, 40 px type: its ink lies within rows 22 + 72 i ..< +62.
        let lines = readings.enumerated().compactMap { index, reading -> TextLine? in
            guard let ink = frame.inkBox(rows: (22 + 72 * index)..<(84 + 72 * index)) else { return nil }
            // A DB detector's unclipped box reaches a little beyond the ink.
            let pad = Double(ink.height) * 0.2
            let box = NormalizedRect(x: (Double(ink.x) - pad) / Double(frame.width), y: (Double(ink.y) - pad) / Double(frame.height),
                                     width: (Double(ink.width) + 2 * pad) / Double(frame.width),
                                     height: (Double(ink.height) + 2 * pad) / Double(frame.height))
            return TextLine(text: reading.text, confidence: reading.confidence, quad: Quad(box))
        }
        return RecordedTextRecognizer(languages: [.english, .chinese], lines: lines)
    }

    static func tesseract() throws -> TesseractRecognizer? { try TesseractTests.recognizer("rus+eng") }

    @Test func russianLinesThePrimaryEngineCannotReadAreReadByTesseract() throws {
        guard let tesseract = try Self.tesseract(), let frame = try TextSamples.frame("sign-ru.png") else { return }
        let router = LanguageRoutedRecognizer(language: .automatic, primary: Self.recordedPrimary("sign-ru.png", frame: frame),
                                              cyrillic: tesseract)
        let start = ContinuousClock.now
        let lines = try router.recognize(frame)
        print("routed sign-ru: read again in \(ContinuousClock.now - start)")
        let text = lines.readingTopToBottom
        print(text)
        #expect(text.split(separator: "\n").count == 4)
        for expected in ["Молоко", "жирности", "Годен до 15.03.2026", "Хранить при температуре", "от +2 до +6"] {
            #expect(text.contains(expected), "\(expected) not in \(text)")
        }
        for line in lines {
            #expect(TextLanguage.detect(in: line.text) == .russian)
            #expect(ReadingLanguage.automatic.voice(for: line.text) == "ru")
            #expect(!line.words.isEmpty)
        }
    }

    @Test(arguments: ["sign-en.png", "sign-zh.png"])
    func linesThePrimaryEngineReadFullyAreNotReadAgain(sample: String) throws {
        guard let frame = try TextSamples.frame(sample) else { return }
        let primary = Self.recordedPrimary(sample, frame: frame)
        let router = LanguageRoutedRecognizer(language: .automatic, primary: primary, cyrillic: RefusingTextRecognizer())
        #expect(try router.recognize(frame) == primary.lines)
    }

    @Test func coverageSeparatesUnderReadLinesFromReadOnes() throws {
        var fractions: [String: [Double]] = [:]
        for sample in Self.recordedPPOCR.keys.sorted() {
            guard let frame = try TextSamples.frame(sample) else { return }
            fractions[sample] = Self.recordedPrimary(sample, frame: frame).lines.map {
                LineTextCoverage.explainedFraction(of: $0, frameWidth: frame.width, frameHeight: frame.height)
            }
            print("coverage \(sample): \(fractions[sample]!.map { String(format: "%.2f", $0) })")
        }
        let threshold = LanguageRoutedRecognizer(language: .automatic, primary: RefusingTextRecognizer(),
                                                 cyrillic: RefusingTextRecognizer()).rereadBelowCoverage
        #expect(fractions["sign-ru.png"]!.allSatisfy { $0 < threshold })
        #expect(fractions["sign-en.png"]!.allSatisfy { $0 >= threshold })
        #expect(fractions["sign-zh.png"]!.allSatisfy { $0 >= threshold })
    }

    @Test func anUnderReadLatinLineKeepsThePrimaryReading() throws {
        guard let tesseract = try Self.tesseract(), let frame = try TextSamples.frame("sign-en.png") else { return }
        var primary = Self.recordedPrimary("sign-en.png", frame: frame)
        primary.lines[1].text = "Pharmacy" // as if the rest were smudged: Tesseract reads it again, in Latin letters
        let router = LanguageRoutedRecognizer(language: .automatic, primary: primary, cyrillic: tesseract)
        #expect(try router.recognize(frame) == primary.lines)
    }

    @Test func aChineseLineBesideRussianOnesKeepsThePrimaryReading() throws {
        guard let tesseract = try Self.tesseract(), let frame = try TextSamples.frame("sign-ru.png") else { return }
        var primary = Self.recordedPrimary("sign-ru.png", frame: frame)
        let chinese = TextLine(text: "出口", confidence: 1, quad: Quad(NormalizedRect(x: 0.8, y: 0.05, width: 0.1, height: 0.1)))
        primary.lines.append(chinese)
        let lines = try LanguageRoutedRecognizer(language: .automatic, primary: primary, cyrillic: tesseract).recognize(frame)
        #expect(lines.contains(chinese))
        #expect(lines.readingTopToBottom.contains("Годен до 15.03.2026"))
    }

    /// The primary engine as it was when it read none of a frame's lines: the recorded lines, all unreadable.
    static func unreadablePrimary(_ sample: String, frame: Frame, reason: UnreadableText.Reason) -> RecordedTextRecognizer {
        let recorded = recordedPrimary(sample, frame: frame)
        let unreadable = recorded.lines.map { UnreadableText(reason: reason, quad: $0.quad, text: $0.text, confidence: $0.confidence) }
        return RecordedTextRecognizer(languages: recorded.languages, lines: [], unreadable: unreadable)
    }

    @Test(arguments: [UnreadableText.Reason.blank, .unsure])
    func aRussianFrameWhoseLinesThePrimaryEngineAllDroppedIsReadByTesseract(reason: UnreadableText.Reason) throws {
        guard let tesseract = try Self.tesseract(), let frame = try TextSamples.frame("sign-ru.png") else { return }
        let primary = Self.unreadablePrimary("sign-ru.png", frame: frame, reason: reason)
        let reading = try LanguageRoutedRecognizer(language: .automatic, primary: primary, cyrillic: tesseract).read(frame)
        let text = reading.lines.readingTopToBottom
        for expected in ["Молоко", "Годен до 15.03.2026", "Хранить при температуре"] {
            #expect(text.contains(expected), "\(expected) not in \(text)")
        }
        // Tesseract's lines cover every line the primary engine could not read.
        #expect(reading.unreadable.isEmpty, "\(reading.unreadable)")
    }

    @Test func linesInAScriptTheCyrillicEngineLacksAreNotReadAgain() throws {
        guard let frame = try TextSamples.frame("sign-ru.png") else { return }
        let primary = Self.unreadablePrimary("sign-ru.png", frame: frame, reason: .unknownScript)
        let reading = try LanguageRoutedRecognizer(language: .automatic, primary: primary, cyrillic: RefusingTextRecognizer())
            .read(frame)
        #expect(reading == TextReading(lines: [], unreadable: primary.unreadable))
    }

    /// Tesseract rus+eng reads a Hebrew sign into look-alikes ("ОА лм!", "лпиля n'a"), none of them above 0.43.
    @Test func tesseractsLookAlikesOnAHebrewSignAreNotTaken() throws {
        guard let tesseract = try Self.tesseract(), let frame = try TextSamples.frame("sign-he.png") else { return }
        let primary = Self.unreadablePrimary("sign-he.png", frame: frame, reason: .unsure)
        let reading = try LanguageRoutedRecognizer(language: .automatic, primary: primary, cyrillic: tesseract).read(frame)
        #expect(reading.lines.isEmpty, "\(reading.lines.map(\.text))")
        #expect(reading.unreadable == primary.unreadable)
    }

    /// What Tesseract rus+eng read from the first frame of text-pan.mp4, where PP-OCR under-read PHARMACY on its wide
    /// plate: one confident line of Cyrillic look-alikes among unsure Latin ones must not replace the English.
    @Test func oneConfidentLookAlikeAmongUnsureLatinLinesDoesNotMakeAFrameRussian() throws {
        guard let frame = try TextSamples.frame("sign-en.png") else { return }
        var primary = Self.recordedPrimary("sign-en.png", frame: frame)
        primary.lines[1].text = "Pharmacy"
        let box = Quad(NormalizedRect(x: 0.1, y: 0.1, width: 0.3, height: 0.1))
        let cyrillic = RecordedTextRecognizer(languages: [.russian, .english], lines: [
            TextLine(text: "Em", confidence: 0.43, quad: box), TextLine(text: "EXIT", confidence: 0.65, quad: box),
            TextLine(text: "| МЕХТ | |", confidence: 0.885, quad: box),
        ])
        let reading = try LanguageRoutedRecognizer(language: .automatic, primary: primary, cyrillic: cyrillic).read(frame)
        #expect(reading.lines == primary.lines)
    }

    @Test(arguments: [ReadingLanguage.fixed(.english), .fixed(.chinese), .automatic])
    func whatThePrimaryEngineCouldNotReadIsPassedOn(language: ReadingLanguage) throws {
        guard let frame = try TextSamples.frame("sign-en.png") else { return }
        var primary = Self.recordedPrimary("sign-en.png", frame: frame)
        primary.unreadable = [UnreadableText(reason: .unsure, quad: Quad(NormalizedRect(x: 0.6, y: 0.05, width: 0.2, height: 0.1)),
                                             text: "prndvee", confidence: 0.74)]
        let reading = try LanguageRoutedRecognizer(language: language, primary: primary, cyrillic: RefusingTextRecognizer()).read(frame)
        #expect(reading == TextReading(lines: primary.lines, unreadable: primary.unreadable))
    }

    @Test func theRussianSettingReadsTheWholeFrameWithTesseract() throws {
        guard let tesseract = try Self.tesseract(), let frame = try TextSamples.frame("sign-ru.png") else { return }
        let router = LanguageRoutedRecognizer(language: .fixed(.russian), primary: RefusingTextRecognizer(), cyrillic: tesseract)
        #expect(router.languages == [.russian, .english])
        #expect(try router.recognize(frame).readingTopToBottom.contains("Молоко"))
    }

    @Test(arguments: [TextLanguage.english, .chinese])
    func theEnglishAndChineseSettingsUseThePrimaryEngineAlone(language: TextLanguage) throws {
        guard let frame = try TextSamples.frame("sign-ru.png") else { return }
        let primary = Self.recordedPrimary("sign-ru.png", frame: frame)
        let router = LanguageRoutedRecognizer(language: .fixed(language), primary: primary, cyrillic: RefusingTextRecognizer())
        #expect(try router.recognize(frame) == primary.lines)
        #expect(router.languages == [.english, .chinese])
    }

    /// The same routing with the real PP-OCR engine: what it reads and how much of each line it explains.
    @Test func withThePPOCREngineRussianGoesToTesseractAndTheRestStays() throws {
        guard let ppocr = try TextRecognitionTests.loadedEngine(), let tesseract = try Self.tesseract() else { return }
        let router = LanguageRoutedRecognizer(language: .automatic, primary: ppocr, cyrillic: tesseract)
        for sample in ["sign-ru.png", "sign-en.png", "sign-zh.png"] {
            guard let frame = try TextSamples.frame(sample) else { return }
            let primaryLines = try ppocr.recognize(frame)
            for line in primaryLines {
                let coverage = LineTextCoverage.explainedFraction(of: line, frameWidth: frame.width, frameHeight: frame.height)
                print("pp-ocr \(sample): '\(line.text)' confidence \(String(format: "%.3f", line.confidence)) "
                      + "coverage \(String(format: "%.2f", coverage))")
            }
            let start = ContinuousClock.now
            let routed = try router.recognize(frame)
            print("routed \(sample) in \(ContinuousClock.now - start):\n\(routed.readingTopToBottom)")
            if sample == "sign-ru.png" {
                // PP-OCR dropped "Хранить при температуре" (nothing of it was read); Tesseract on the frame has it.
                for expected in ["Молоко 3,2% жирности", "Годен до 15.03.2026", "Хранить при температуре"] {
                    #expect(routed.readingTopToBottom.contains(expected), "\(expected) not in \(routed.readingTopToBottom)")
                }
            } else {
                #expect(routed == primaryLines, "\(sample) was re-read")
            }
        }
    }

    /// What PP-OCRv6 does with scripts Beacon lacks, measured on the rendered signs: Greek comes out as Greek letters
    /// with Latin look-alikes for the capitals and gaps for accented letters ("Kαλημρα σα" 0.91, "EξοδοÇ κινδνου"
    /// 0.80, "αραεο ανοιχτ" 0.86, "Λńξη 15.03.2026" 0.90); Hebrew as Latin look-alikes under the floor ("017V" 0.62,
    /// "DI'N Y'" 0.65, "nn7n nユ" 0.69, "7 10" 0.61); Arabic as nothing (every step a blank). Routed, none of it is
    /// read: Greek is not handed on, and Tesseract's look-alikes for Hebrew and Arabic are under its floor.
    @Test(arguments: [("sign-el.png", UnreadableText.Reason.unknownScript), ("sign-he.png", .unsure), ("sign-ar.png", .blank)])
    func withThePPOCREngineScriptsBeaconLacksAreSeenAndNotRead(sample: String, reason: UnreadableText.Reason) throws {
        guard let ppocr = try TextRecognitionTests.loadedEngine(), let tesseract = try Self.tesseract(),
              let frame = try TextSamples.frame(sample) else { return }
        let primary = try ppocr.read(frame)
        for region in primary.unreadable {
            print("pp-ocr \(sample): \(region.reason) '\(region.text)' confidence \(String(format: "%.3f", region.confidence))")
        }
        #expect(primary.lines.isEmpty, "\(primary.lines.map(\.text))")
        #expect(primary.unreadable.map(\.reason) == Array(repeating: reason, count: 4))
        let routed = try LanguageRoutedRecognizer(language: .automatic, primary: ppocr, cyrillic: tesseract).read(frame)
        #expect(routed.lines.isEmpty, "\(routed.lines.map(\.text))")
        #expect(EmptyPage(unreadable: routed.unreadable) == .unreadableText)
    }
}

/// A recogniser that gives the lines it was given: the recorded stand-in for an engine.
struct RecordedTextRecognizer: TextRecognizer {
    var languages: Set<TextLanguage>
    var lines: [TextLine]
    var unreadable: [UnreadableText] = []
    func recognize(_ frame: Frame) throws -> [TextLine] { lines }
    func read(_ frame: Frame) throws -> TextReading { TextReading(lines: lines, unreadable: unreadable) }
}

/// A recogniser that must not be asked: the test fails if it is.
struct RefusingTextRecognizer: TextRecognizer {
    var languages: Set<TextLanguage> { [.russian, .english] }
    func recognize(_ frame: Frame) throws -> [TextLine] {
        Issue.record("this engine should not have been asked to read")
        return []
    }
}

extension Frame {
    /// The bounding box, in pixels, of the dark (ink) pixels within a band of rows; nil when there are none.
    func inkBox(rows: Range<Int>, darkerThan threshold: Int = 128) -> PixelRegion? {
        var minX = Int.max, maxX = -1, minY = Int.max, maxY = -1
        for y in rows.clamped(to: 0..<height) {
            for x in 0..<width {
                let offset = (y * width + x) * 3
                if Int(rgb[offset]) + Int(rgb[offset + 1]) + Int(rgb[offset + 2]) < threshold * 3 {
                    minX = Swift.min(minX, x); maxX = Swift.max(maxX, x)
                    minY = Swift.min(minY, y); maxY = Swift.max(maxY, y)
                }
            }
        }
        guard maxX >= 0 else { return nil }
        return PixelRegion(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}
