/// How much of a line's box the recognised text accounts for: the evidence that an engine met a script it lacks.
///
/// Measured on rendered labels (make-text-samples.sh): PP-OCRv6's dictionary has no Cyrillic letters, and its
/// recogniser does not guess look-alikes for them: it emits CTC blanks, confidently. "Молоко 3,2% жирности" came
/// back as " 3,2% " and "Хранить при температуре" as two spaces, each with a mean character confidence above 0.95,
/// so confidence cannot tell. What gives it away is width: the detector (which knows no scripts) boxed a whole line,
/// and the text fills a fraction of it.
public enum LineTextCoverage {
    /// The share (0…1, capped) of the line's width its text would take, estimated from typical glyph widths in
    /// units of the line's height: a Han character is about square, a Latin or Cyrillic letter or digit about half
    /// as wide, a space or punctuation mark about a quarter.
    ///
    /// - Parameter aspectRatio: the line box's width over its height, in pixels.
    public static func explainedFraction(of text: String, aspectRatio: Double) -> Double {
        guard aspectRatio > 0 else { return 1 }
        var width = 0.0
        for scalar in text.unicodeScalars {
            width += glyphWidth(scalar)
        }
        return min(width / aspectRatio, 1)
    }

    /// `explainedFraction` for a line in a frame of the given size.
    public static func explainedFraction(of line: TextLine, frameWidth: Int, frameHeight: Int) -> Double {
        let box = line.quad.boundingRect
        let height = box.height * Double(frameHeight)
        guard height > 0 else { return 1 }
        return explainedFraction(of: line.text, aspectRatio: box.width * Double(frameWidth) / height)
    }

    private static func glyphWidth(_ scalar: Unicode.Scalar) -> Double {
        if scalar.properties.isWhitespace || scalar.properties.generalCategory.isPunctuation { return 0.25 }
        switch scalar.value {
        case 0x1100...0x11FF, 0x2E80...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFF00...0xFF60, 0x20000...0x2FA1F:
            return 1.0 // Han, kana, Hangul, full-width forms
        default:
            return 0.55
        }
    }
}

extension Unicode.GeneralCategory {
    fileprivate var isPunctuation: Bool {
        switch self {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation: true
        default: false
        }
    }
}
