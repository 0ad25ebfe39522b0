import Foundation

/// Small changes that make printed text sound right through espeak-ng.
///
/// - Guillemets become commas: «Война и мир» is a title, and the pause a comma gives marks it, where espeak-ng says
///   nothing for the marks themselves.
/// - A lone capital letter inside a sentence gets a comma after it: "Gate A is open" is spoken "gate a-as-in-the-article";
///   "Gate A, is open" says the letter's name. The same holds for Russian ("Корпус В находится" says "v",
///   "Корпус В, находится" says "vE"). English "I" and a capital opening the sentence ("A cat", "В Москве") are words,
///   not letters, and stay as they are; a letter already followed by punctuation, or ending the sentence, is spoken as
///   a letter already. In text set in capitals (signs: "ВХОД В ЗДАНИЕ", "PUSH A BUTTON") a lone capital is a word.
public struct SpeechTextPreparation: Sendable, Hashable {
    public init() {}

    public func prepare(_ text: String) -> String {
        var words = replacingGuillemets(in: text).split(whereSeparator: \.isWhitespace).map(String.init)
        if !Self.isSetInCapitals(text) {
            for index in words.indices.dropFirst().dropLast() where Self.isLoneCapital(words[index]) {
                words[index] += ","
            }
        }
        return Self.tidyCommas(words.joined(separator: " "))
    }

    private func replacingGuillemets(in text: String) -> String {
        var result = ""
        for character in text {
            if character == "«" || character == "»" { result += " , " } else { result.append(character) }
        }
        return result
    }

    /// Most letters are capitals: more than two thirds of at least four.
    private static func isSetInCapitals(_ text: String) -> Bool {
        let letters = text.filter(\.isLetter)
        return letters.count >= 4 && letters.filter(\.isUppercase).count * 3 > letters.count * 2
    }

    private static func isLoneCapital(_ word: String) -> Bool {
        guard word.count == 1, let letter = word.first, letter.isUppercase, letter.isLetter else { return false }
        return letter != "I"
    }

    /// No comma at the start, before another punctuation mark, or twice; no space before a comma.
    private static func tidyCommas(_ text: String) -> String {
        var result = ""
        for character in text {
            if character == "," || Self.closingPunctuation.contains(character) {
                while result.last == " " { result.removeLast() }
                if character == ",", result.isEmpty || result.last == "," || Self.closingPunctuation.contains(result.last!) {
                    continue
                }
                if result.last == ",", Self.closingPunctuation.contains(character) { result.removeLast() }
            }
            if character == " ", result.isEmpty || result.last == " " { continue }
            result.append(character)
        }
        return result.trimmingCharacters(in: .whitespaces)
    }

    private static let closingPunctuation: Set<Character> = [".", "!", "?", "…", ";", ":", "。", "！", "？"]
}
