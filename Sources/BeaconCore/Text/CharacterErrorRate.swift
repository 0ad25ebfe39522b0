/// The character error rate of a reading: the fewest insertions, deletions and substitutions of characters
/// (Levenshtein distance) that turn `hypothesis` into `reference`, over the reference's length.
/// 0 is a perfect reading; it can exceed 1 when the hypothesis is much longer. An empty reference gives 0 for an
/// empty hypothesis and 1 otherwise.
public func characterErrorRate(reference: String, hypothesis: String) -> Double {
    let length = reference.count
    guard length > 0 else { return hypothesis.isEmpty ? 0 : 1 }
    return Double(editDistance(reference, hypothesis)) / Double(length)
}
