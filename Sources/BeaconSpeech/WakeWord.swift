import BeaconAudio
import Foundation

/// Finds Beacon's name in what an open recogniser wrote. Such a recogniser writes a name it was never taught as the
/// nearest word it knows: Moonshine writes the natural voice's "Beacon, the kettle is boiling" as "Deacon, the
/// kettle…" in 7 of 12 renderings. So the name is the word "beacon" anywhere, or a first word that sounds like it:
/// one phoneme away as espeak-ng reads both ("Deacon", "Bacon", "Beckon"). Only a sentence's first word, because
/// a person addressing Beacon names it first, and a sentence that opens with "Deacon," or "Weaken" is rare;
/// "bacon" in the middle of a sentence stays bacon.
public struct WakeWord: Sendable {
    public let name: String
    /// The name's phonemes; empty when espeak-ng cannot read (then only the name itself is heard).
    private let phonemes: [String]
    /// Said before the name ("OK Beacon", "Hey Beacon"), so the next word counts as the first.
    static let greetings: Set<String> = ["ok", "okay", "hey", "hi", "hello"]

    public init(name: String = "beacon") {
        self.name = name
        phonemes = (try? Self.phonemes(of: name)) ?? []
    }

    /// What follows the name in `transcript`, or nil when Beacon is not named.
    public func command(in transcript: String) -> Substring? {
        let pattern = #"\b\#(NSRegularExpression.escapedPattern(for: name))\b"#
        if let named = transcript.range(of: pattern, options: [.regularExpression, .caseInsensitive]) {
            return transcript[named.upperBound...]
        }
        // Each sentence's first word (after a greeting): one stretch of speech may hold what someone said before
        // turning to Beacon ("I have a thousand thoughts. Deacon, find my keys.").
        for sentence in transcript.split(whereSeparator: { ".?!".contains($0) }) {
            let words = Self.words(of: sentence)
            guard let first = words.first else { continue }
            let candidate = Self.greetings.contains(first.lowercased()) && words.count > 1 ? words[1] : first
            if soundsLikeName(String(candidate)) { return transcript[candidate.endIndex...] }
        }
        return nil
    }

    /// Whether `word` is one phoneme from the name (a substitution, insertion or deletion).
    public func soundsLikeName(_ word: String) -> Bool {
        guard !phonemes.isEmpty, word.count >= 3, let spoken = try? Self.phonemes(of: word) else { return false }
        return Self.editDistance(spoken, phonemes) <= 1
    }

    private static func words(of text: Substring) -> [Substring] {
        text.split { !$0.isLetter && $0 != "'" }
    }

    /// espeak-ng's IPA for a word as phonemes: stress marks dropped, a length mark or diacritic kept with its
    /// vowel, and a diphthong or affricate one phoneme ("bˈeɪkən" is b eɪ k ə n).
    static func phonemes(of word: String) throws -> [String] {
        let ipa = try EspeakPhonemizer().ipa(word.filter { $0.isLetter || $0 == "'" }, voice: "en-us")
        var phonemes: [String] = []
        for scalar in ipa.unicodeScalars where !"ˈˌ".unicodeScalars.contains(scalar) {
            guard !scalar.properties.isWhitespace else { continue }
            let joinsPrevious = scalar == "ː" || scalar.properties.generalCategory == .nonspacingMark
            if let last = phonemes.last, joinsPrevious || pairs.contains(last + String(scalar)) {
                phonemes[phonemes.count - 1] = last + String(scalar)
            } else {
                phonemes.append(String(scalar))
            }
        }
        return phonemes
    }

    private static let pairs: Set<String> = ["eɪ", "aɪ", "ɔɪ", "oʊ", "aʊ", "əʊ", "tʃ", "dʒ"]

    static func editDistance(_ a: [String], _ b: [String]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
