/// Builds Beacon's image-embedding network from the EfficientNet-Lite0 state dict (the PyTorch port's key names):
/// the wrapper that takes uint8 NHWC RGB and does (x − 127) / 128, the stem, 16 inverted-residual blocks without
/// squeeze-and-excitation, the head, then global average pooling; the classifier is left out. Batch norms are
/// folded, ReLU6 is Clip(0, 6), and padding is TensorFlow's "same" (extra padding at the end), as the weights
/// were trained with.
///
/// Names, order and attributes are those of shared/models/efficientnet_lite0_embed.onnx, so the output is that
/// file byte for byte.
struct EfficientNetLite0Graph {
    static let inputSize = 224
    /// Each block's stride; kernel sizes and channel counts are read from the weights. Stages of 1, 2, 2, 3, 3, 4
    /// and 1 blocks, the first block of each stage carrying the stage's stride.
    static let blockStrides = [1, 2, 1, 2, 1, 2, 1, 1, 1, 1, 1, 2, 1, 1, 1, 1]

    private let weights: TorchStateDict
    private var nodes: [OnnxNode] = []
    private var convolutionWeights: [OnnxTensor] = []
    /// The spatial size of the tensor being built, for the "same" padding of the next convolution.
    private var size = inputSize

    /// The model, or an error naming the first tensor the weights lack or have in an unexpected shape.
    static func model(from weights: TorchStateDict) throws(ConversionError) -> OnnxModel {
        var builder = EfficientNetLite0Graph(weights: weights)
        return try builder.build()
    }

    private init(weights: TorchStateDict) {
        self.weights = weights
    }

    private mutating func build() throws(ConversionError) -> OnnxModel {
        nodes = [
            OnnxNode(name: "pre_cast", opType: "Cast", inputs: ["input_u8"], outputs: ["in_f"],
                     attributes: [.int("to", OnnxElementType.float.rawValue)]),
            OnnxNode(name: "pre_sub", opType: "Sub", inputs: ["in_f", "pre_mean"], outputs: ["in_c"]),
            OnnxNode(name: "pre_mul", opType: "Mul", inputs: ["in_c", "pre_invstd"], outputs: ["in_n"]),
            OnnxNode(name: "pre_nhwc2nchw", opType: "Transpose", inputs: ["in_n"], outputs: ["input_nchw"],
                     attributes: [.ints("perm", [0, 3, 1, 2])]),
        ]
        var current = try convolution("stem", input: "input_nchw", weight: "_conv_stem.weight", norm: "_bn0",
                                      stride: 2, activated: true)
        for (block, stride) in Self.blockStrides.enumerated() {
            current = try invertedResidual(block, input: current, stride: stride)
        }
        current = try convolution("head", input: current, weight: "_conv_head.weight", norm: "_bn1", stride: 1,
                                  activated: true)
        nodes.append(OnnxNode(name: "gap", opType: "GlobalAveragePool", inputs: [current], outputs: ["pool"]))
        nodes.append(OnnxNode(name: "flatten", opType: "Flatten", inputs: ["pool"], outputs: ["embedding"],
                              attributes: [.int("axis", 1)]))

        let clipBounds = [OnnxTensor(name: "c0", dims: [], values: [0]), OnnxTensor(name: "c6", dims: [], values: [6])]
        let preprocessing = [OnnxTensor(name: "pre_mean", dims: [1, 1, 1, 3], values: [127, 127, 127]),
                             OnnxTensor(name: "pre_invstd", dims: [1, 1, 1, 3], values: [1.0 / 128, 1.0 / 128, 1.0 / 128])]
        let input = OnnxValueInfo(name: "input_u8", elementType: .uint8, shape: [1, Self.inputSize, Self.inputSize, 3])
        let output = OnnxValueInfo(name: "embedding", elementType: .float, shape: [1, try headChannels()])
        // The reference was cut out of the full classifier with onnx.utils.extract_model, which names the graph
        // and the producer so and repeats the input and output as value_info.
        let graph = OnnxGraph(name: "Extracted from {efficientnet_lite0}", nodes: nodes,
                              initializers: clipBounds + convolutionWeights + preprocessing,
                              inputs: [input], outputs: [output], valueInfo: [input, output])
        return OnnxModel(irVersion: 8, producerName: "onnx.utils.extract_model", opsetVersion: 13, graph: graph)
    }

    /// Expansion (when the block has one), depthwise convolution, projection, and the skip connection when the
    /// block keeps its size and channels. Returns the block's output name.
    private mutating func invertedResidual(_ block: Int, input: String, stride: Int) throws(ConversionError) -> String {
        let prefix = "_blocks.\(block)."
        let name = "b\(block)"
        let expansion = weights.tensors[prefix + "_expand_conv.weight"]
        // A block without expansion feeds its input straight to the depthwise convolution.
        let inputChannels = if let expansion { expansion.shape[1] } else { try tensor(prefix + "_depthwise_conv.weight").shape[0] }
        var current = input
        if expansion != nil {
            current = try convolution(name + "_exp", input: current, weight: prefix + "_expand_conv.weight",
                                      norm: prefix + "_bn0", stride: 1, activated: true)
        }
        current = try convolution(name + "_dw", input: current, weight: prefix + "_depthwise_conv.weight",
                                  norm: prefix + "_bn1", stride: stride, activated: true, depthwise: true)
        current = try convolution(name + "_proj", input: current, weight: prefix + "_project_conv.weight",
                                  norm: prefix + "_bn2", stride: 1, activated: false)
        let outputChannels = try tensor(prefix + "_project_conv.weight").shape[0]
        guard stride == 1, inputChannels == outputChannels else { return current }
        nodes.append(OnnxNode(name: name + "_add", opType: "Add", inputs: [current, input], outputs: [name + "_out"]))
        return name + "_out"
    }

    /// A convolution with its batch norm folded in, followed by ReLU6 when `activated`. Returns the output name.
    private mutating func convolution(_ name: String, input: String, weight weightKey: String, norm normPrefix: String,
                                      stride: Int, activated: Bool, depthwise: Bool = false) throws(ConversionError) -> String {
        let weight = try tensor(weightKey)
        guard weight.shape.count == 4, weight.shape[2] == weight.shape[3] else {
            throw .unexpectedShape(tensor: weightKey, shape: weight.shape)
        }
        let norm = try batchNorm(normPrefix, channels: weight.shape[0])
        let (folded, bias) = BatchNormFolding.fold(weight, norm)
        convolutionWeights.append(OnnxTensor(name: name + "_W", dims: folded.shape, values: folded.values))
        convolutionWeights.append(OnnxTensor(name: name + "_B", dims: [bias.count], values: bias))

        let kernel = weight.shape[2]
        let padding = SamePadding(inputSize: size, kernel: kernel, stride: stride)
        size = padding.outputSize
        let output = activated ? name + "_pre" : name
        nodes.append(OnnxNode(
            name: name + "_conv", opType: "Conv", inputs: [input, name + "_W", name + "_B"], outputs: [output],
            attributes: [.int("group", depthwise ? weight.shape[0] : 1), .ints("kernel_shape", [kernel, kernel]),
                         .ints("pads", [padding.begin, padding.begin, padding.end, padding.end]),
                         .ints("strides", [stride, stride])]))
        guard activated else { return output }
        nodes.append(OnnxNode(name: name + "_relu6", opType: "Clip", inputs: [output, "c0", "c6"], outputs: [name]))
        return name
    }

    private func batchNorm(_ prefix: String, channels: Int) throws(ConversionError) -> BatchNorm {
        let parts = try ["weight", "bias", "running_mean", "running_var"].map { (part) throws(ConversionError) in
            let key = prefix + "." + part
            let values = try tensor(key)
            guard values.shape == [channels] else { throw .unexpectedShape(tensor: key, shape: values.shape) }
            return values.values
        }
        return BatchNorm(gamma: parts[0], beta: parts[1], runningMean: parts[2], runningVariance: parts[3])
    }

    private func headChannels() throws(ConversionError) -> Int { try tensor("_conv_head.weight").shape[0] }

    private func tensor(_ key: String) throws(ConversionError) -> FloatTensor {
        guard let tensor = weights.tensors[key] else { throw .missingTensor(key) }
        return tensor
    }
}

/// TensorFlow's "same" padding along one axis: the output is ceil(input / stride), and any odd padding goes at
/// the end (bottom, right), unlike PyTorch's symmetric padding.
struct SamePadding: Equatable {
    let begin: Int
    let end: Int
    let outputSize: Int

    init(inputSize: Int, kernel: Int, stride: Int) {
        outputSize = (inputSize + stride - 1) / stride
        let total = max((outputSize - 1) * stride + kernel - inputSize, 0)
        begin = total / 2
        end = total - begin
    }
}
