/// The languages Beacon reads and speaks.
public enum TextLanguage: String, Sendable, Hashable, Codable, CaseIterable {
    case english = "en"
    case russian = "ru"
    case chinese = "zh"

    /// The espeak-ng voice that speaks this language. Mandarin is `cmn-latn-pinyin`: espeak-ng 1.51 (Debian 12)
    /// turns each Han character into pinyin with a tone digit, and its `cmn` voice then reads the digits as English
    /// numbers ("bei one, zi five" for 杯子; fixed in 1.52), while this one reads them as tones. Its cost: Latin words
    /// (the name Beacon, key letters) come out as pinyin.
    public var voice: String {
        switch self {
        case .english: "en"
        case .russian: "ru"
        case .chinese: "cmn-latn-pinyin"
        }
    }

    /// The language's name, for messages.
    public var name: String {
        switch self {
        case .english: "English"
        case .russian: "Russian"
        case .chinese: "Chinese"
        }
    }

    /// The language a text is written in, judged from its letters' scripts: Han characters mean Chinese,
    /// Cyrillic letters Russian, Latin letters English. The script with the most letters wins; nil when the text
    /// has no letters of these scripts (digits and punctuation only, or another script).
    public static func detect(in text: String) -> TextLanguage? {
        let count = letterCount(in: text)
        // A Han character carries about a word's worth of text; weigh it so a Chinese line with a Latin brand
        // name in it still reads as Chinese.
        let scores: [(TextLanguage, Int)] = [(.english, count.latin), (.russian, count.cyrillic), (.chinese, count.han * 3)]
        guard let best = scores.max(by: { $0.1 < $1.1 }), best.1 > 0 else { return nil }
        return best.0
    }

    /// The share of a text's letters written in none of these languages' scripts (Greek, Hebrew, Arabic, kana…);
    /// 0 when it has no letters. A recogniser whose alphabet has some Greek reads a Greek sign into Greek letters
    /// and a few Latin look-alikes, confidently: this is what gives such a line away.
    public static func foreignLetterShare(in text: String) -> Double {
        let count = letterCount(in: text)
        let letters = count.latin + count.cyrillic + count.han + count.other
        return letters > 0 ? Double(count.other) / Double(letters) : 0
    }

    private static func letterCount(in text: String) -> (latin: Int, cyrillic: Int, han: Int, other: Int) {
        var latin = 0, cyrillic = 0, han = 0, other = 0
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F: latin += 1
            case 0x400...0x52F: cyrillic += 1
            case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FA1F: han += 1
            default: if scalar.properties.isAlphabetic { other += 1 }
            }
        }
        return (latin, cyrillic, han, other)
    }
}
