/// A batch normalisation layer's learned and running values, per channel.
struct BatchNorm: Equatable {
    let gamma: [Float]
    let beta: [Float]
    let runningMean: [Float]
    let runningVariance: [Float]
}

/// Folds a batch norm into the convolution before it, so the converted graph needs no BatchNormalization node:
/// scale = gamma / sqrt(variance + epsilon), weight × scale per output channel, bias = beta − mean × scale.
///
/// All arithmetic is float32, in exactly this order, because that is how the reference file
/// (shared/models/PROVENANCE.md) was computed and its SHA-256 pins the resulting bits.
enum BatchNormFolding {
    /// TensorFlow's EfficientNet batch_norm_epsilon, which these weights were trained with.
    static let efficientNetEpsilon: Float = 1e-3

    /// The folded weight (same shape, output channels first) and the bias it now needs.
    static func fold(_ weight: FloatTensor, _ norm: BatchNorm,
                     epsilon: Float = efficientNetEpsilon) -> (weight: FloatTensor, bias: [Float]) {
        let channels = weight.shape[0]
        precondition([norm.gamma, norm.beta, norm.runningMean, norm.runningVariance].allSatisfy { $0.count == channels },
                     "the batch norm must have one value per output channel")
        let perChannel = weight.values.count / channels
        var folded = weight.values
        var bias = [Float](repeating: 0, count: channels)
        for channel in 0..<channels {
            let scale = norm.gamma[channel] / (norm.runningVariance[channel] + epsilon).squareRoot()
            for index in channel * perChannel..<(channel + 1) * perChannel { folded[index] = weight.values[index] * scale }
            let shift = norm.runningMean[channel] * scale // rounded on its own, not fused into the subtraction
            bias[channel] = norm.beta[channel] - shift
        }
        return (FloatTensor(shape: weight.shape, values: folded), bias)
    }
}
