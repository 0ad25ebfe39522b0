import Foundation

/// A text reduced to what text search compares: lower case, Latin accents dropped (é → e), Russian ё → е,
/// full-width forms → ASCII, and no spaces or punctuation. Each folded character remembers which character of the
/// original it came from, and the word boundaries of the original are kept as positions between folded characters.
///
/// Cyrillic and Han stay as they are: й is not и and 出 is not transliterated, since that would change the word.
struct FoldedText: Sendable, Hashable {
    /// The folded characters (one original character may give two: ß → ss).
    let characters: [Character]
    /// For each folded character, the offset of the original character (a `Character` index into the text).
    let sourceOffsets: [Int]
    /// `isBoundary[i]` for i in 0…count: a word may start or end before folded character i (count: the end).
    let isBoundary: [Bool]
    /// Characters in the original text.
    let sourceCount: Int

    init(_ text: String) {
        var characters: [Character] = []
        var sourceOffsets: [Int] = []
        var isBoundary = [true]
        var previousKind: CharacterKind = .separator
        var offset = 0
        for character in text {
            defer { offset += 1 }
            let kind = CharacterKind(character)
            guard kind != .separator else {
                previousKind = .separator
                isBoundary[isBoundary.count - 1] = true
                continue
            }
            // Between a letter and a digit counts as a word break: OCR often drops the space in "EXIT 4".
            // Every Han character is a word of its own, since Chinese writes no spaces.
            if previousKind != kind || kind == .han { isBoundary[isBoundary.count - 1] = true }
            previousKind = kind
            for folded in Self.fold(character) {
                characters.append(folded)
                sourceOffsets.append(offset)
                isBoundary.append(false)
            }
        }
        isBoundary[isBoundary.count - 1] = true
        self.characters = characters
        self.sourceOffsets = sourceOffsets
        self.isBoundary = isBoundary
        sourceCount = offset
    }

    var count: Int { characters.count }

    /// The original character offsets covered by folded characters `start..<end`.
    func sourceRange(_ start: Int, _ end: Int) -> Range<Int> {
        sourceOffsets[start]..<(sourceOffsets[end - 1] + 1)
    }

    private enum CharacterKind {
        case letter, digit, han, separator

        init(_ character: Character) {
            if character.unicodeScalars.first.map(isHan) == true {
                self = .han
            } else if character.isNumber {
                self = .digit
            } else if character.isLetter {
                self = .letter
            } else {
                self = .separator
            }
        }
    }

    /// One character as search compares it: possibly two (ß → ss), never none.
    static func fold(_ character: Character) -> [Character] {
        var result: [Character] = []
        var pending = String.UnicodeScalarView()
        var base: Unicode.Scalar?
        func flush() {
            if !pending.isEmpty { result.append(Character(String(pending))) }
            pending = String.UnicodeScalarView()
        }
        for scalar in String(character).lowercased().decomposedStringWithCanonicalMapping.unicodeScalars {
            let isMark = (0x300...0x36F).contains(scalar.value)
            if isMark, let base {
                // Latin: accents are dropped. Cyrillic: only the diaeresis of ё goes (й keeps its breve).
                if isLatin(base) { continue }
                if scalar.value == 0x308, base == "е" { continue }
                pending.append(scalar)
                continue
            }
            flush()
            base = scalar
            if let replacement = replacements[scalar] {
                for character in replacement { result.append(character) }
                base = nil
            } else if (0xFF01...0xFF5E).contains(scalar.value), let ascii = Unicode.Scalar(scalar.value - 0xFEE0) {
                // Full-width Latin letters and digits, as Chinese OCR writes them.
                pending.append(contentsOf: String(ascii).lowercased().unicodeScalars)
            } else {
                pending.append(scalar)
            }
        }
        flush()
        return result.isEmpty ? [character] : result
    }

    /// Latin letters without a decomposition to a base letter and an accent.
    private static let replacements: [Unicode.Scalar: String] = [
        "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i",
    ]

    private static func isLatin(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x1E00...0x1EFF: true
        default: false
        }
    }
}

/// Han ideographs (Chinese characters): each is a word of its own for search and about two Latin letters wide.
func isHan(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FA1F: true
    default: false
    }
}
