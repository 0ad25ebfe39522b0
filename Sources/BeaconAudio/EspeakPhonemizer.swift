import Foundation

/// Text to IPA phonemes with espeak-ng, for a neural voice that speaks phonemes (Piper): "Cup, one o'clock." becomes
/// "kˈʌp, wˈʌn əklˈɑːk." Clause punctuation is kept, since the voice pauses and intones by it.
public struct EspeakPhonemizer: Sendable {
    public init() {}

    public func ipa(_ text: String, voice: String) throws -> String {
        var spoken: [String] = []
        for clause in Self.clauses(text) {
            let phonemes = try EspeakLibrary.phonemes(clause.words, voice: voice).joined(separator: " ")
            guard !phonemes.isEmpty else { continue }
            spoken.append(phonemes + clause.punctuation)
        }
        return spoken.joined(separator: " ")
    }

    /// The text cut after each , ; : . ! or ?, with the mark apart from the words.
    static func clauses(_ text: String) -> [(words: String, punctuation: String)] {
        var clauses: [(String, String)] = []
        var words = ""
        for character in text {
            if ",;:.!?".contains(character) {
                if !words.trimmingCharacters(in: .whitespaces).isEmpty { clauses.append((words, String(character))) }
                words = ""
            } else {
                words.append(character)
            }
        }
        if !words.trimmingCharacters(in: .whitespaces).isEmpty { clauses.append((words, "")) }
        return clauses
    }
}
