import BeaconCore
import Foundation

/// Reads text with Tesseract (Debian's libtesseract): Beacon's engine for the languages the PP-OCR models lack,
/// Russian first. Initialised once with its language packs and reused for every frame.
///
/// Tesseract's handle is not thread-safe, so calls take turns on a lock; that is what makes this class Sendable.
public final class TesseractRecognizer: TextRecognizer, @unchecked Sendable {
    public let packs: TesseractLanguagePacks
    public let options: TesseractOptions
    private let lock = NSLock()
    private let engine: TesseractEngine // touched only while `lock` is held

    /// - Parameter languages: Tesseract's setting, e.g. "rus+eng" or "chi_sim".
    public convenience init(languages: String, options: TesseractOptions = TesseractOptions()) throws(TesseractError) {
        try self.init(packs: TesseractLanguagePacks(languages), options: options)
    }

    public init(packs: TesseractLanguagePacks, options: TesseractOptions = TesseractOptions()) throws(TesseractError) {
        self.packs = packs
        self.options = options
        engine = try TesseractEngine(packs: packs, options: options)
    }

    public var languages: Set<TextLanguage> { packs.languages }

    public func recognize(_ frame: Frame) throws -> [TextLine] {
        lock.lock()
        defer { lock.unlock() }
        return try engine.read(frame)
    }

    /// Tesseract's page layout analysis of the frame, without its text (see `PageLayoutReader`).
    public func layout(_ frame: Frame) -> PageLayout {
        lock.lock()
        defer { lock.unlock() }
        return engine.layout(frame)
    }
}
