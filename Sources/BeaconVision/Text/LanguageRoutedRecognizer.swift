import BeaconCore

/// Chooses the engine by the reading-language setting: the primary engine (PP-OCR: English and Chinese) for en and
/// zh, the Cyrillic engine (Tesseract rus+eng) for ru, and for `automatic` the primary engine with its
/// under-read lines re-read by the Cyrillic engine.
///
/// Why lines are re-read, not whole frames: PP-OCRv6 has no Cyrillic in its dictionary, but its detector still
/// boxes Russian lines; their recognised text then fills a fraction of the box (see `LineTextCoverage`). Only
/// those lines cost a Tesseract call, on a crop of the line, so English and Chinese pages pay nothing extra.
/// A re-reading replaces the primary line only when it is Russian by its script, so a line that is merely hard to
/// read (a logo, a smudge) keeps the primary engine's text.
public struct LanguageRoutedRecognizer: TextRecognizer {
    public let language: ReadingLanguage
    private let primary: any TextRecognizer
    private let cyrillic: any TextRecognizer
    /// Lines whose text explains less of their width than this are re-read by the Cyrillic engine.
    public let rereadBelowCoverage: Double

    /// - Parameters:
    ///   - primary: reads English and Chinese (PP-OCR).
    ///   - cyrillic: reads Russian and English (Tesseract "rus+eng"); run on whole frames for `ru` and on
    ///     padded line crops in `automatic`.
    ///   - rereadBelowCoverage: measured: English and Chinese lines read fully explain 0.8 or more of their box,
    ///     Russian lines read by PP-OCR 0.55 or less (LanguageRoutedRecognizerTests).
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
        case .automatic: try primary.recognize(frame).map { try rereadIfUnderRead($0, in: frame) }
        }
    }

    private func rereadIfUnderRead(_ line: TextLine, in frame: Frame) throws -> TextLine {
        guard LineTextCoverage.explainedFraction(of: line, frameWidth: frame.width, frameHeight: frame.height)
                < rereadBelowCoverage else { return line }
        let region = LineCrop.region(around: line.quad, frameWidth: frame.width, frameHeight: frame.height)
        guard region.width > 1, region.height > 1 else { return line }
        let reread = try cyrillic.recognize(frame.cropped(to: region))
            .map { LineCrop.placing($0, from: region, frameWidth: frame.width, frameHeight: frame.height) }
        guard !reread.isEmpty else { return line }
        let text = reread.map(\.text).joined(separator: " ")
        guard TextLanguage.detect(in: text) == .russian else { return line }
        let confidence = reread.map(\.confidence).reduce(0, +) / Double(reread.count)
        // The detector's quad stays: it follows a tilted line, where Tesseract's boxes are upright.
        return TextLine(text: text, confidence: confidence, quad: line.quad, words: reread.flatMap(\.words))
    }
}

/// Cutting a line out of a frame for a second reading, and putting what was read back in the frame's coordinates.
enum LineCrop {
    /// The line's bounding box in pixels, with a margin of half its height on each side (Tesseract finds no
    /// text that touches the picture's edge), clipped to the frame.
    static func region(around quad: Quad, frameWidth: Int, frameHeight: Int) -> PixelRegion {
        let box = quad.boundingRect
        let x0 = box.x * Double(frameWidth), x1 = box.maxX * Double(frameWidth)
        let y0 = box.y * Double(frameHeight), y1 = box.maxY * Double(frameHeight)
        let margin = (y1 - y0) / 2
        let left = Int((x0 - margin).rounded(.down)), top = Int((y0 - margin).rounded(.down))
        let right = Int((x1 + margin).rounded(.up)), bottom = Int((y1 + margin).rounded(.up))
        return PixelRegion(x: left, y: top, width: right - left, height: bottom - top)
            .clipped(width: frameWidth, height: frameHeight)
    }

    /// A line read in a crop, with its quads moved into the whole frame's normalised coordinates.
    static func placing(_ line: TextLine, from region: PixelRegion, frameWidth: Int, frameHeight: Int) -> TextLine {
        func place(_ quad: Quad) -> Quad {
            func point(_ p: NormalizedPoint) -> NormalizedPoint {
                NormalizedPoint(x: (Double(region.x) + p.x * Double(region.width)) / Double(frameWidth),
                                y: (Double(region.y) + p.y * Double(region.height)) / Double(frameHeight))
            }
            return Quad(topLeft: point(quad.topLeft), topRight: point(quad.topRight),
                        bottomRight: point(quad.bottomRight), bottomLeft: point(quad.bottomLeft))
        }
        var placed = line
        placed.quad = place(line.quad)
        placed.words = line.words.map { TextWord(text: $0.text, confidence: $0.confidence, quad: place($0.quad)) }
        return placed
    }
}
