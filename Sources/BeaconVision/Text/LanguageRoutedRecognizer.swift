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

    /// - Parameters:
    ///   - primary: reads English and Chinese (PP-OCR).
    ///   - cyrillic: reads Russian and English (Tesseract "rus+eng").
    public init(language: ReadingLanguage, primary: any TextRecognizer, cyrillic: any TextRecognizer,
                rereadBelowCoverage: Double = 0.7) {
        self.language = language
        self.primary = primary
        self.cyrillic = cyrillic
        self.rereadBelowCoverage = rereadBelowCoverage
    }

    public var languages: Set<TextLanguage> {
        switch language {
        case .fixed(.russian): cyrillic.languages
        case .fixed: primary.languages
        case .automatic: primary.languages.union(cyrillic.languages)
        }
    }

    public func recognize(_ frame: Frame) throws -> [TextLine] {
        switch language {
        case .fixed(.russian): try cyrillic.recognize(frame)
        case .fixed: try primary.recognize(frame)
        case .automatic: try readingAutomatically(frame)
        }
    }

    private func readingAutomatically(_ frame: Frame) throws -> [TextLine] {
        let lines = try primary.recognize(frame)
        let underRead = lines.contains {
            LineTextCoverage.explainedFraction(of: $0, frameWidth: frame.width, frameHeight: frame.height) < rereadBelowCoverage
        }
        guard underRead else { return lines }
        let reread = try cyrillic.recognize(frame)
        guard TextLanguage.detect(in: reread.map(\.text).joined(separator: " ")) == .russian else { return lines }
        let onlyPrimaryReads = lines.filter { line in
            TextLanguage.detect(in: line.text).map { !cyrillic.languages.contains($0) } ?? false
        }
        return reread + onlyPrimaryReads
    }
}
