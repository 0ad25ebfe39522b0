/// The value below which `fraction` of `values` lie (nearest rank); 0 for no values. Benchmarks report medians
/// (0.5) and 95th percentiles (0.95) with it.
func percentile(_ values: [Double], _ fraction: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted[Int((fraction * Double(sorted.count - 1)).rounded())]
}
