/// The least-squares straight line through samples (time, value): its centre and its slope.
struct LeastSquaresLine {
    var meanTime: Double
    var meanValue: Double
    /// Value per unit of time; nil with fewer than two distinct times, where no line is defined.
    var slope: Double?

    init?(_ samples: [(time: Double, value: Double)]) {
        guard !samples.isEmpty else { return nil }
        let count = Double(samples.count)
        meanTime = samples.reduce(0) { $0 + $1.time } / count
        meanValue = samples.reduce(0) { $0 + $1.value } / count
        var covariance = 0.0, variance = 0.0
        for sample in samples {
            covariance += (sample.time - meanTime) * (sample.value - meanValue)
            variance += (sample.time - meanTime) * (sample.time - meanTime)
        }
        slope = variance > 1e-12 ? covariance / variance : nil
    }
}
