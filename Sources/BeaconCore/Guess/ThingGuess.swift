/// A guess at what the middle of a picture shows, from an ImageNet classifier: the last thing "what is this" says
/// before "I can't tell", and always said as a guess ("Maybe a ball.").
public struct ThingGuess: Sendable, Hashable, Codable {
    /// The everyday English name (`ImageNetNames`), e.g. "ball", "remote control".
    public var name: String
    /// The classifier's probability, summed over the ImageNet classes that share the name.
    public var probability: Double

    public init(name: String, probability: Double) {
        self.name = name
        self.probability = probability
    }

    /// Below this nothing is guessed. Chosen on half of CORe50's real hand-held photos (the project montage's even
    /// columns: 7 of 7 guesses at or above it were right, 13 of 18 at 0.62) and checked on the other half (6 of 6
    /// right, 4 % of the photos guessed); see the notes of issue 35.
    public static let threshold = 0.8

    /// The name whose classes' probabilities add up to the most, when that reaches `threshold`; nil otherwise, and
    /// for anything that is not ImageNet's 1,000 probabilities.
    public static func best(_ probabilities: [Float], threshold: Double = threshold) -> ThingGuess? {
        guard probabilities.count == ImageNetNames.spoken.count else { return nil }
        var sums: [String: Double] = [:]
        for (name, probability) in zip(ImageNetNames.spoken, probabilities) { sums[name, default: 0] += Double(probability) }
        // Ties (never in practice) go to the name first in the alphabet, so the answer does not depend on
        // dictionary order.
        guard let best = sums.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }),
              best.value >= threshold else { return nil }
        return ThingGuess(name: best.key, probability: best.value)
    }

    /// "a ball", "an umbrella", "coffee", "sunglasses".
    public var withArticle: String {
        if ImageNetNames.withoutArticle.contains(name) { return name }
        let vowel = name.first.map { "aeiou".contains($0.lowercased()) } ?? false
        return (vowel ? "an " : "a ") + name
    }
}
