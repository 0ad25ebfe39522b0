/// Finds the known name closest to a mistyped one, so an error can say "did you mean …?".
enum NameSuggester {
    /// The nearest name by edit distance, or nil when none is close enough to be a plausible typo.
    static func nearest(to typed: String, among names: [String]) -> String? {
        let scored = names.map { (name: $0, distance: editDistance(typed, $0)) }
        guard let best = scored.min(by: { $0.distance < $1.distance }) else { return nil }
        // A third of the name's length (at least 2) still reads as a typo; more is a different word.
        let tolerance = max(2, best.name.count / 3)
        return best.distance <= tolerance ? best.name : nil
    }

    /// Levenshtein distance over characters.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
