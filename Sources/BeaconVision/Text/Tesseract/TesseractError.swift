import BeaconCore

/// What can go wrong with Tesseract, each told as one spoken-style sentence.
public enum TesseractError: UserFacingError, Equatable {
    /// A language pack (`<code>.traineddata`) is not in the data folder.
    case languagePackMissing(code: String, folder: String)
    /// The language setting is not a list of Tesseract language codes.
    case unknownLanguageSetting(String)
    /// Tesseract refused to start although the language packs are there.
    case startFailed(languages: String)
    /// Tesseract failed while reading a frame.
    case recognitionFailed

    public var sentence: String {
        switch self {
        case .languagePackMissing(let code, let folder):
            let language = TesseractLanguagePacks.language(forCode: code).map { "\($0.name) text" } ?? "Language '\(code)'"
            return "\(language) cannot be read: install the Debian package \(TesseractLanguagePacks.debianPackage(forCode: code)) (no \(code).traineddata in \(folder))."
        case .unknownLanguageSetting(let setting):
            return "Language setting '\(setting)' is not understood: use Tesseract names such as eng, rus or chi_sim, joined by plus signs."
        case .startFailed(let languages):
            return "Tesseract could not start with \(languages): reinstall libtesseract5 and the tesseract-ocr language packages."
        case .recognitionFailed:
            return "Text recognition failed on this picture: try again with the camera held still."
        }
    }
}
