import BeaconCore
import Foundation

/// EfficientNet-Lite0's ImageNet head: the probabilities of ImageNet's 1,000 classes from the embedder's pooled
/// features (`ImageEmbedder.features`), so a picture runs through the network once. `ThingGuess` turns them into
/// what a person hears. A lock makes it safe to share.
public final class ImageNetClassifier: @unchecked Sendable {
    public static let inputName = "features"
    public static let outputName = "probabilities"

    public let session: InferenceSession
    public let featureCount: Int
    public let classCount: Int
    private let lock = NSLock()

    public init(session: InferenceSession) throws {
        let wrong = { (reason: String) in
            EmbeddingError.unexpectedModel(path: session.modelPath, reason: reason, kind: "an image classifier",
                                           install: "efficientnet_lite0_imagenet")
        }
        guard session.inputs.count == 1, let input = session.inputs.first, input.name == Self.inputName,
              input.elementType == 1, input.shape.count == 2, let features = input.shape.last, features > 0 else {
            throw wrong("it needs one float vector input named \(Self.inputName)")
        }
        guard let output = session.outputs.first(where: { $0.name == Self.outputName }), output.elementType == 1,
              output.shape.count == 2, let classes = output.shape.last, classes > 0 else {
            throw wrong("it has no float output named \(Self.outputName)")
        }
        self.session = session
        featureCount = features
        classCount = classes
    }

    public convenience init(runtime: OnnxRuntime, modelPath: String) throws {
        try self.init(session: try InferenceSession(runtime: runtime, modelPath: modelPath,
                                                    options: SessionOptions(intraOpThreads: 1)))
    }

    /// One probability per class, in ImageNet's class order.
    public func probabilities(features: [Float]) throws -> [Float] {
        guard features.count == featureCount else {
            throw InferenceError.runFailed(path: session.modelPath,
                                           reason: "it takes \(featureCount) features, not \(features.count)")
        }
        return try lock.withLock {
            var input = features
            let (count, classes) = (featureCount, classCount)
            return try input.withUnsafeMutableBufferPointer { tensor in
                try session.run(input: tensor, shape: [1, count]) { outputs -> [Float] in
                    guard let index = session.outputs.firstIndex(where: { $0.name == Self.outputName }),
                          index < outputs.count, outputs[index].values.count == classes else {
                        throw InferenceError.runFailed(path: session.modelPath,
                                                       reason: "the probabilities do not have \(classes) values")
                    }
                    return Array(outputs[index].values)
                }
            }
        }
    }
}
