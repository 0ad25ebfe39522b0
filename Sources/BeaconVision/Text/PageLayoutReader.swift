import BeaconCore

/// Reads a page with one engine and takes its layout, the columns and their reading order, from Tesseract's page
/// layout analysis (made for printed pages: its column finder splits a page around pictures and orders the blocks).
/// The reading's lines stay the reader's (PP-OCR reads photos and scene text better); `PageText` orders them by the
/// layout where it explains them.
public struct PageLayoutReader: TextRecognizer {
    private let reader: any TextRecognizer
    private let analyser: TesseractRecognizer

    /// - Parameter analyser: Tesseract with the automatic layout (PSM 3); only its layout analysis runs.
    public init(reader: any TextRecognizer, analyser: TesseractRecognizer) {
        precondition(analyser.options.layout == .automatic, "page layout analysis needs the automatic layout")
        self.reader = reader
        self.analyser = analyser
    }

    public var languages: Set<TextLanguage> { reader.languages }

    public func recognize(_ frame: Frame) throws -> [TextLine] { try reader.recognize(frame) }

    public func read(_ frame: Frame) throws -> TextReading {
        var reading = try reader.read(frame)
        // Nothing read, nothing to order: the analysis is not worth its time.
        if !reading.lines.isEmpty { reading.layout = analyser.layout(frame) }
        return reading
    }
}
