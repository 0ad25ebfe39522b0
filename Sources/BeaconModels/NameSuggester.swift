import BeaconCore

/// Finds the known name closest to a mistyped one, so an error can say "did you mean …?".
enum NameSuggester {
    /// The nearest name by edit distance, or nil when none is close enough to be a plausible typo.
    static func nearest(to typed: String, among names: [String]) -> String? {
        let scored = names.map { (name: $0, distance: BeaconCore.editDistance(typed, $0)) }
        guard let best = scored.min(by: { $0.distance < $1.distance }) else { return nil }
        // A third of the name's length (at least 2) still reads as a typo; more is a different word.
        let tolerance = max(2, best.name.count / 3)
        return best.distance <= tolerance ? best.name : nil
    }
}
