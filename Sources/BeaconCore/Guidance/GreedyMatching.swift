/// A possible pairing of a track (row) with a detection (column), and how good it is.
struct MatchCandidate {
    var row: Int
    var column: Int
    /// Higher is better.
    var overlap: Double
    /// Lower is better; breaks ties in `overlap`.
    var distance: Double
}

/// Pairs rows with columns, best candidate first, each row and column used at most once.
///
/// Greedy rather than Hungarian: with the handful of same-class objects guidance deals with, the best-overlap-first
/// choice is what the optimal assignment picks in practice, and it is simpler to reason about.
func greedyMatches(_ candidates: [MatchCandidate]) -> [(row: Int, column: Int)] {
    let ordered = candidates.sorted {
        $0.overlap != $1.overlap ? $0.overlap > $1.overlap : $0.distance < $1.distance
    }
    var usedRows = Set<Int>(), usedColumns = Set<Int>()
    var matches: [(row: Int, column: Int)] = []
    for candidate in ordered where !usedRows.contains(candidate.row) && !usedColumns.contains(candidate.column) {
        usedRows.insert(candidate.row)
        usedColumns.insert(candidate.column)
        matches.append((candidate.row, candidate.column))
    }
    return matches
}
