import BeaconCore

/// Chooses the engine by the reading-language setting: the primary engine (PP-OCR: English and Chinese) for en and
/// zh, the Cyrillic engine (Tesseract rus+eng) for ru, and for `automatic` the primary engine, handing the frame to
/// the Cyrillic engine when the primary one under-read it.
///
/// The evidence, measured on the rendered labels: PP-OCRv6 has no Cyrillic in its dictionary, so its detector boxes
/// Russian lines but its recogniser leaves the letters out; the text then fills a fraction of its box (see
/// `LineTextCoverage`: 0.13 to 0.55 on Russian lines, 0.95 or more on English and Chinese ones). Lines left with no
/// text at all are dropped by the engine, so re-reading only the under-read lines would lose them: the Cyrillic
/// engine reads the whole frame instead, once. Its reading is taken only when it is Russian by its script, so a
/// line that is merely hard to read (a logo, a smudge) keeps the primary text; lines in a language the Cyrillic
/// engine cannot read (Chinese) are kept from the primary reading. English and Chinese frames pay nothing extra.
public struct LanguageRoutedRecognizer: TextRecognizer {
    public let language: ReadingLanguage
    private let primary: any TextRecognizer
    private let cyrillic: any TextRecognizer
    /// A frame with a line whose text explains less of its width than this is read again by the Cyrillic engine.
    public let rereadBelowCoverage: Double
    /// Lines the Cyrillic engine reads with less confidence are not taken: on the rendered Hebrew and Arabic signs it
    /// invents look-alikes ("ОА лм!", "Sylolall Cro") at 0.43 or less a line; the Russian sign's lines are 0.93 to
    /// 0.97. (On the Greek sign one look-alike line reached 0.79, "ЛИЕП 15.03.2026": Greek is never handed on.)
    public let rereadMinimumConfidence: Double

    /// - Parameters:
    ///   - primary: reads English and Chinese (PP-OCR).
    ///   - cyrillic: reads Russian and English (Tesseract "rus+eng").
    public init(language: ReadingLanguage, primary: any TextRecognizer, cyrillic: any TextRecognizer,
                rereadBelowCoverage: Double = 0.7, rereadMinimumConfidence: Double = 0.7) {
        self.language = language
        self.primary = primary
        self.cyrillic = cyrillic
        self.rereadBelowCoverage = rereadBelowCoverage
        self.rereadMinimumConfidence = rereadMinimumConfidence
    }

    public var languages: Set<TextLanguage> {
        switch language {
        case .fixed(.russian): cyrillic.languages
        case .fixed: primary.languages
        case .automatic: primary.languages.union(cyrillic.languages)
        }
    }

    public func recognize(_ frame: Frame) throws -> [TextLine] {
        try read(frame).lines
    }

    public func read(_ frame: Frame) throws -> TextReading {
        switch language {
        case .fixed(.russian): try cyrillic.read(frame)
        case .fixed: try primary.read(frame)
        case .automatic: try readingAutomatically(frame)
        }
    }

    private func readingAutomatically(_ frame: Frame) throws -> TextReading {
        let reading = try primary.read(frame)
        let underRead = reading.lines.contains {
            LineTextCoverage.explainedFraction(of: $0, frameWidth: frame.width, frameHeight: frame.height) < rereadBelowCoverage
        }
        // A Russian frame can lose every line (blank or unsure readings), leaving nothing under-read to notice.
        // Lines read in a script the primary engine knows but Beacon does not (Greek) are no reason: Tesseract
        // rus+eng reads a Greek sign into Cyrillic look-alikes ("Калпыёра oac").
        let droppedAll = reading.lines.isEmpty && reading.unreadable.contains { $0.reason == .blank || $0.reason == .unsure }
        guard underRead || droppedAll else { return reading }
        let reread = try cyrillic.read(frame)
        // The language is judged on everything it read, the unsure lines too: on the sign wall of text-pan.mp4 it
        // read "Em" (0.43), "EXIT" (0.65) and "| МЕХТ | |" (0.89, NEXT in Cyrillic look-alikes), which is English.
        guard TextLanguage.detect(in: reread.lines.map(\.text).joined(separator: " ")) == .russian else { return reading }
        let trusted = reread.lines.filter { $0.confidence >= rereadMinimumConfidence }
        guard !trusted.isEmpty else { return reading }
        let onlyPrimaryReads = reading.lines.filter { line in
            TextLanguage.detect(in: line.text).map { !cyrillic.languages.contains($0) } ?? false
        }
        // What the primary engine could not read stays unreadable unless a line read again now covers it.
        let stillUnreadable = reading.unreadable.filter { region in
            !trusted.contains { $0.quad.contains(region.quad.centre) }
        }
        return TextReading(lines: trusted + onlyPrimaryReads, unreadable: stillUnreadable + reread.unreadable)
    }
}
