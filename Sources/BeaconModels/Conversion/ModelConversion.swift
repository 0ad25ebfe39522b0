import Foundation

/// A conversion Beacon runs itself on a downloaded file to make a model, so that users get exactly the pinned
/// bytes without Python or torch.
public enum ModelConversion: String, Sendable, Hashable, CaseIterable {
    /// The EfficientNet-Lite0 PyTorch weights (torch's legacy .pth) to Beacon's ONNX image embedder.
    case efficientNetLite0
    /// The same weights' ImageNet head (1,000 classes) over the embedder's pooled features.
    case efficientNetLite0ImageNetHead

    /// Converts the file at `source` and writes the model to `destination`, which must not exist yet.
    /// Integrity is the caller's job: it checks the model's pinned SHA-256 afterwards.
    func convert(_ source: URL, to destination: URL) -> Result<Void, ConversionError> {
        Result { () throws(ConversionError) in
            let input: [UInt8]
            do {
                input = Array(try Data(contentsOf: source, options: .mappedIfSafe))
            } catch {
                throw .unreadableSource(ErrorDetail.describe(error))
            }
            let model = try convert(input)
            do {
                try Data(model).write(to: destination, options: .withoutOverwriting)
            } catch {
                throw .writeFailed(ErrorDetail.describe(error))
            }
        }
    }

    /// The model's bytes made from the source file's bytes.
    func convert(_ source: [UInt8]) throws(ConversionError) -> [UInt8] {
        let weights: TorchStateDict
        do throws(TorchFileError) {
            weights = try TorchStateDict(legacyFile: source)
        } catch {
            throw .unreadableWeights(error.detail)
        }
        switch self {
        case .efficientNetLite0: return try EfficientNetLite0Graph.model(from: weights).serialized()
        case .efficientNetLite0ImageNetHead: return try EfficientNetLite0HeadGraph.model(from: weights).serialized()
        }
    }
}

/// Why a conversion failed.
enum ConversionError: Error, Equatable {
    case unreadableSource(String)
    /// The weights file could not be read (the detail says why, e.g. a refused Python object).
    case unreadableWeights(String)
    case missingTensor(String)
    case unexpectedShape(tensor: String, shape: [Int])
    case writeFailed(String)

    /// Why, as the end of a sentence that names the file.
    var detail: String {
        switch self {
        case .unreadableSource(let detail): "it could not be read (\(detail))"
        case .unreadableWeights(let detail): detail
        case .missingTensor(let name): "it has no tensor \(name)"
        case .unexpectedShape(let name, let shape): "its tensor \(name) has the unexpected shape \(shape)"
        case .writeFailed(let detail): "the converted model could not be written (\(detail))"
        }
    }
}
