/// Reads the text in a frame: the seam between the reading and text-search logic and an OCR engine
/// (PP-OCR on ONNX Runtime, Tesseract), with recorded stand-ins in tests.
public protocol TextRecognizer: Sendable {
    /// The languages this engine reads.
    var languages: Set<TextLanguage> { get }
    /// The lines of text in the frame, in no particular order; empty when there is none.
    func recognize(_ frame: Frame) throws -> [TextLine]
}
