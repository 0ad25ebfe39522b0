/// The least-squares straight line through `samples` (time, value), evaluated at `time`.
///
/// A line through a few recent positions predicts where a steadily moving target will be, and averages out a
/// little jitter, without the lag a heavier filter would add. With fewer than two distinct times there is no
/// line, so the newest value stands.
func leastSquaresExtrapolation(of samples: [(time: Double, value: Double)], at time: Double) -> Double? {
    guard let newest = samples.last else { return nil }
    let count = Double(samples.count)
    let meanTime = samples.reduce(0) { $0 + $1.time } / count
    let meanValue = samples.reduce(0) { $0 + $1.value } / count
    var covariance = 0.0, variance = 0.0
    for sample in samples {
        covariance += (sample.time - meanTime) * (sample.value - meanValue)
        variance += (sample.time - meanTime) * (sample.time - meanTime)
    }
    guard variance > 1e-12 else { return newest.value }
    return meanValue + covariance / variance * (time - meanTime)
}
