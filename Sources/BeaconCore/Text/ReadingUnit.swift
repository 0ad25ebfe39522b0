import Foundation

/// How a text is stepped through while reading.
public enum ReadingMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// Sentence by sentence (the default): lines joined, split at sentence ends.
    case sentences
    /// Line by line as recognised: for signs, lists, tables and forms, where lines are not prose.
    case lines
}

/// One step of reading: a sentence or a line.
public struct ReadingUnit: Sendable, Hashable, Codable {
    /// As read from the page.
    public var text: String
    /// What the synthesizer is given (`SpeechTextPreparation`); speech progress offsets count in this text.
    public var spokenText: String
    /// The language to speak it in: detected from its script, or from the whole text when the unit has no letters
    /// ("2024."); nil when neither says.
    public var language: TextLanguage?

    public init(text: String, spokenText: String? = nil, language: TextLanguage? = nil) {
        self.text = text
        self.spokenText = spokenText ?? text
        self.language = language
    }

    /// The units of recognised lines in reading order.
    public static func units(from lines: [TextLine], mode: ReadingMode,
                             segmenter: SentenceSegmenter = SentenceSegmenter(),
                             preparation: SpeechTextPreparation = SpeechTextPreparation()) -> [ReadingUnit] {
        let texts: [String]
        switch mode {
        case .sentences:
            texts = segmenter.sentences(in: lines)
        case .lines:
            texts = lines.map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        }
        let wholeText = TextLanguage.detect(in: texts.joined(separator: " "))
        return texts.compactMap { text in
            let spoken = preparation.prepare(text)
            guard !spoken.isEmpty else { return nil }
            return ReadingUnit(text: text, spokenText: spoken, language: TextLanguage.detect(in: text) ?? wholeText)
        }
    }
}
