import Foundation

/// Word errors between what a recogniser wrote and what was said: the word-level edit distance (substitutions,
/// insertions and deletions) over the words of the reference, after case, punctuation and hyphens are set aside
/// ("Ill-disposed," and "ill disposed" are the same two words).
public struct WordErrors: Sendable, Equatable {
    public var errors = 0
    /// Words in the reference transcripts.
    public var words = 0

    public init() {}

    /// Errors over reference words; 0 with no words.
    public var rate: Double { words == 0 ? 0 : Double(errors) / Double(words) }

    /// Adds one transcript against its reference.
    public mutating func add(heard: String, said: String) {
        let reference = Self.words(said)
        errors += Self.distance(Self.words(heard), reference)
        words += reference.count
    }

    public static func words(_ text: String) -> [String] {
        text.lowercased().replacingOccurrences(of: "-", with: " ")
            .filter { $0.isLetter || $0.isNumber || $0 == "'" || $0 == " " }
            .split(separator: " ").map(String.init)
    }

    /// Word-level edit distance.
    public static func distance(_ heard: [String], _ said: [String]) -> Int {
        var previous = Array(0...heard.count)
        for (row, word) in said.enumerated() {
            var current = [row + 1]
            for (column, other) in heard.enumerated() {
                current.append(min(previous[column] + (word == other ? 0 : 1), previous[column + 1] + 1, current[column] + 1))
            }
            previous = current
        }
        return previous[heard.count]
    }
}

extension VoiceScore {
    /// Word errors on the clips that are sentences (three words or more, with a transcript of the whole clip; one
    /// marked "[partial]" covers only part of what was said).
    public var sentenceWordErrors: WordErrors {
        var total = WordErrors()
        for outcome in outcomes where WordErrors.words(outcome.clip.transcript).count >= 3
            && !outcome.clip.transcript.hasPrefix("[partial]") {
            total.add(heard: outcome.words.joined(separator: " "), said: outcome.clip.transcript)
        }
        return total
    }

    /// Seconds from the end of speech to the verdict on short clips (one to three words, as a command is said):
    /// the quiet the recogniser waits for, and its work after it. A verdict is what an action waits for, so the
    /// words that are no command count too.
    public var shortClipSecondsAfterSpeech: [Double] { shortClipUtterances.map(\.afterSpeechSeconds) }

    /// The work alone in that time: processor seconds from the moment the speech counted as ended.
    public var shortClipDecidingSeconds: [Double] { shortClipUtterances.map(\.decidingSeconds) }

    private var shortClipUtterances: [RecognizedUtterance] {
        outcomes.filter { (1...3).contains(WordErrors.words($0.clip.transcript).count) }.compactMap(\.utterances.last)
    }
}
