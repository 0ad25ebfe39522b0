import BeaconCore

/// The Tesseract language packs to load, most likely language first, as in Tesseract's own setting "rus+eng".
/// The first pack decides ties between look-alike letters (Cyrillic "о" against Latin "o").
public struct TesseractLanguagePacks: Sendable, Hashable, CustomStringConvertible {
    /// Tesseract's names for the packs: "eng", "rus", "chi_sim".
    public let codes: [String]

    /// Parses a setting such as "rus+eng" or "chi_sim". Codes are Tesseract's file names, so only lower-case
    /// letters, digits and underscores are accepted (never a path).
    public init(_ setting: String) throws(TesseractError) {
        let codes = setting.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        let valid = codes.allSatisfy { code in
            !code.isEmpty && code.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
        }
        guard valid else { throw .unknownLanguageSetting(setting) }
        self.codes = codes
    }

    /// The packs that read these languages, in the given order.
    public init(_ languages: [TextLanguage]) {
        precondition(!languages.isEmpty, "Tesseract needs at least one language")
        codes = languages.map(Self.code(for:))
    }

    /// The setting as Tesseract takes it: "rus+eng".
    public var description: String { codes.joined(separator: "+") }

    /// The Beacon languages among the packs (a pack for another language reads, but has no voice or phrasebook).
    public var languages: Set<TextLanguage> { Set(codes.compactMap(Self.language(forCode:))) }

    public static func code(for language: TextLanguage) -> String {
        switch language {
        case .english: "eng"
        case .russian: "rus"
        case .chinese: "chi_sim"
        }
    }

    public static func language(forCode code: String) -> TextLanguage? {
        TextLanguage.allCases.first { Self.code(for: $0) == code }
    }

    /// Debian names its packs after the code with dashes: chi_sim is in tesseract-ocr-chi-sim.
    public static func debianPackage(forCode code: String) -> String {
        "tesseract-ocr-" + String(code.map { $0 == "_" ? "-" : $0 })
    }
}
