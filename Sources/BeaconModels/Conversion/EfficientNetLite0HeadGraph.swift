/// Builds the ImageNet head of EfficientNet-Lite0 from the same state dict as the embedder: the 1,000-way fully
/// connected layer (`_fc`) over the pooled features, then softmax. It takes the embedder's raw (not normalised)
/// `embedding` output, so "what is this" runs the network once and both recognises taught things and guesses
/// the ImageNet class.
struct EfficientNetLite0HeadGraph {
    static let inputName = "features"
    static let outputName = "probabilities"

    static func model(from weights: TorchStateDict) throws(ConversionError) -> OnnxModel {
        guard let weight = weights.tensors["_fc.weight"] else { throw .missingTensor("_fc.weight") }
        guard let bias = weights.tensors["_fc.bias"] else { throw .missingTensor("_fc.bias") }
        guard weight.shape.count == 2 else { throw .unexpectedShape(tensor: "_fc.weight", shape: weight.shape) }
        let (classes, features) = (weight.shape[0], weight.shape[1])
        guard bias.shape == [classes] else { throw .unexpectedShape(tensor: "_fc.bias", shape: bias.shape) }
        let nodes = [
            OnnxNode(name: "fc", opType: "Gemm", inputs: [inputName, "fc_W", "fc_B"], outputs: ["logits"],
                     attributes: [.int("transB", 1)]),
            OnnxNode(name: "softmax", opType: "Softmax", inputs: ["logits"], outputs: [outputName],
                     attributes: [.int("axis", 1)]),
        ]
        let input = OnnxValueInfo(name: inputName, elementType: .float, shape: [1, features])
        let output = OnnxValueInfo(name: outputName, elementType: .float, shape: [1, classes])
        let graph = OnnxGraph(name: "efficientnet_lite0_imagenet_head", nodes: nodes,
                              initializers: [OnnxTensor(name: "fc_W", dims: weight.shape, values: weight.values),
                                             OnnxTensor(name: "fc_B", dims: bias.shape, values: bias.values)],
                              inputs: [input], outputs: [output], valueInfo: [])
        return OnnxModel(irVersion: 8, producerName: "beacon", opsetVersion: 13, graph: graph)
    }
}
