/// The user's language setting for reading: one language, or `automatic` (read what is there, in the language
/// its script says). It decides which engine reads (see `LanguageRoutedRecognizer`) and, with `voice(for:)`,
/// which voice speaks.
public enum ReadingLanguage: Sendable, Hashable {
    case automatic
    case fixed(TextLanguage)

    /// Parses the setting as written in the configuration and on the command line: "auto", "en", "ru" or "zh".
    public init?(setting: String) {
        if setting == "auto" {
            self = .automatic
        } else if let language = TextLanguage(rawValue: setting) {
            self = .fixed(language)
        } else {
            return nil
        }
    }

    public var setting: String {
        switch self {
        case .automatic: "auto"
        case .fixed(let language): language.rawValue
        }
    }

    /// The voice for a text that was read: the fixed language's, or in `automatic` the one its script says;
    /// English when the text has no letters to tell by (digits only).
    public func voice(for text: String) -> String {
        switch self {
        case .fixed(let language): language.voice
        case .automatic: (TextLanguage.detect(in: text) ?? .english).voice
        }
    }
}
