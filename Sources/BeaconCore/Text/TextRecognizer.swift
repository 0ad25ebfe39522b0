/// Reads the text in a frame: the seam between the reading and text-search logic and an OCR engine
/// (PP-OCR on ONNX Runtime, Tesseract), with recorded stand-ins in tests.
public protocol TextRecognizer: Sendable {
    /// The languages this engine reads.
    var languages: Set<TextLanguage> { get }
    /// The lines of text in the frame, in no particular order; empty when there is none.
    func recognize(_ frame: Frame) throws -> [TextLine]
    /// The lines read, and where the engine saw text it could not read; engines that cannot tell report none.
    func read(_ frame: Frame) throws -> TextReading
}

extension TextRecognizer {
    public func read(_ frame: Frame) throws -> TextReading { TextReading(lines: try recognize(frame)) }
}

/// What an engine made of a frame.
public struct TextReading: Sendable, Hashable, Codable {
    /// The lines read, as `recognize` gives them.
    public var lines: [TextLine]
    /// Text the engine saw and could not read, or read only in part: what tells "nothing here" from "something
    /// here in a script Beacon lacks".
    public var unreadable: [UnreadableText]
    /// The page's layout in reading order, when a layout analyser looked at the frame too (`read` asks for it).
    public var layout: PageLayout?

    public init(lines: [TextLine], unreadable: [UnreadableText] = [], layout: PageLayout? = nil) {
        self.lines = lines
        self.unreadable = unreadable
        self.layout = layout
    }
}

/// A line the detector found whose text the recogniser could not give, with what it made of it (never spoken).
public struct UnreadableText: Sendable, Hashable, Codable {
    public enum Reason: String, Sendable, Hashable, Codable {
        /// Nothing came out: every letter was outside the recogniser's alphabet.
        case blank
        /// Read with less confidence than the engine trusts: handwriting, or letters mistaken for look-alikes.
        case unsure
        /// Read as letters of a script the engine's languages do not use (Greek, say): its reading is not kept.
        case unknownScript
        /// Read, but the text fills too little of the line (see `LineTextCoverage`): its line is kept as well,
        /// since what was read is right.
        case underRead
    }

    public var reason: Reason
    public var quad: Quad
    public var text: String
    public var confidence: Double

    public init(reason: Reason, quad: Quad, text: String, confidence: Double) {
        self.reason = reason
        self.quad = quad
        self.text = text
        self.confidence = confidence
    }
}
