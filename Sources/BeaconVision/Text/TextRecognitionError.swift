import BeaconCore

/// What can go wrong setting up the PP-OCR engine, each told as one sentence.
public enum TextRecognitionError: UserFacingError, Equatable {
    /// A recognition model without the character dictionary PP-OCR exports store under the metadata key "character".
    case dictionaryMissing(path: String)
    /// The recogniser's output classes do not match its dictionary (blank + characters + space).
    case dictionaryMismatch(path: String, classes: Int, characters: Int)
    /// A model whose inputs or outputs are not shaped like the PP-OCR model it was given as.
    case unexpectedModel(path: String, role: String, reason: String)

    public var sentence: String {
        switch self {
        case let .dictionaryMissing(path):
            "Dictionary missing: the text recognition model \(path) stores no characters under the metadata key \"character\"; "
                + "install PP-OCRv6_rec_small.onnx with 'beacon models install ppocr_rec'."
        case let .dictionaryMismatch(path, classes, characters):
            "Dictionary mismatch: the text recognition model \(path) has \(classes) output classes but \(characters) characters "
                + "in its dictionary; install PP-OCRv6_rec_small.onnx with 'beacon models install ppocr_rec'."
        case let .unexpectedModel(path, role, reason):
            "Wrong model: \(path) is not a PP-OCR \(role) model (\(reason)); install it with 'beacon models install'."
        }
    }
}
