import Foundation

/// Pronunciations from a CMU-style dictionary ("word PH ON ES", alternatives as "word(2) …"), read only for the
/// words a grammar needs, so the decoder holds a few hundred words instead of Debian's 135,000.
public struct PronunciationDictionary: Sendable {
    /// Debian's pocketsphinx-en-us dictionary.
    public static let debianEnglish = URL(fileURLWithPath: "/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict")

    /// Words the grammar uses that Debian's cmudict lacks, in its phone set.
    public static let additions: [String: [String]] = [
        "dont": ["D OW N T"],
        "unignore": ["AH N IH G N AO R"],
        "hairdryer": ["HH EH R D R AY ER"],
        "houseplant": ["HH AW S P L AE N T"],
        "aeroplane": ["EH R AH P L EY N"],
        "settee": ["S EH T IY"],
        "detections": ["D IH T EH K SH AH N Z"],
    ]

    /// Each word's pronunciations, the dictionary's first one first.
    public private(set) var pronunciations: [String: [String]]

    /// Reads the pronunciations of `words` from the file at `url`, then adds `additions` for words it lacks.
    /// Words found in neither are simply absent: check with `contains`.
    public init(url: URL = PronunciationDictionary.debianEnglish, words: Set<String>,
                additions: [String: [String]] = PronunciationDictionary.additions) throws {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw AudioError.fileUnreadable(file: url, reason: "the pronunciation dictionary: \(error.localizedDescription)")
        }
        var found: [String: [String]] = [:]
        // Scanned as bytes: decoding 3 MB into Strings line by line would cost more than the decoder's own start.
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var lineStart = 0
            let count = bytes.count
            while lineStart < count {
                var lineEnd = lineStart
                while lineEnd < count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
                var wordEnd = lineStart
                while wordEnd < lineEnd, bytes[wordEnd] != 0x20, bytes[wordEnd] != 0x09, bytes[wordEnd] != 0x28 { wordEnd += 1 }
                if wordEnd > lineStart, wordEnd < lineEnd {
                    let word = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[lineStart..<wordEnd]), as: UTF8.self)
                    if words.contains(word) {
                        // Skip "(2)" and the blanks to the phones.
                        var phonesStart = wordEnd
                        while phonesStart < lineEnd, bytes[phonesStart] != 0x20, bytes[phonesStart] != 0x09 { phonesStart += 1 }
                        let phones = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[phonesStart..<lineEnd]), as: UTF8.self)
                            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
                        if !phones.isEmpty { found[word, default: []].append(phones) }
                    }
                }
                lineStart = lineEnd + 1
            }
        }
        for (word, phones) in additions where words.contains(word) && found[word] == nil {
            found[word] = phones
        }
        pronunciations = found
    }

    /// A dictionary holding exactly these pronunciations.
    public init(pronunciations: [String: [String]]) {
        self.pronunciations = pronunciations
    }

    public func contains(_ word: String) -> Bool { pronunciations[word] != nil }

    /// Adds pronunciations (for the recogniser's own filler words, say).
    public mutating func add(_ word: String, _ phones: String) {
        pronunciations[word, default: []].append(phones)
    }
}
