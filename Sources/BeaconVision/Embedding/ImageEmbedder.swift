import BeaconCore
import Foundation

/// What can go wrong setting up the image embedder, told as one sentence.
public enum EmbeddingError: UserFacingError, Equatable {
    /// A model whose inputs or outputs are not those of Beacon's embedding model.
    /// `kind` says what the model should have been ("an image embedding model"), `install` the catalogue name to
    /// install.
    case unexpectedModel(path: String, reason: String, kind: String = "an image embedding model",
                         install: String = "efficientnet_lite0_embed")

    public var sentence: String {
        switch self {
        case let .unexpectedModel(path, reason, kind, install):
            "Wrong model: \(path) is not \(kind) Beacon understands (\(reason)); "
                + "run \"beacon models install \(install)\" for the one it needs."
        }
    }
}

/// Turns a region of a picture into an image embedding: a unit vector (1,280 values with EfficientNet-Lite0) that
/// lies close to the embeddings of other views of the same thing, so a person's own objects can be taught from a few
/// views and recognised later by cosine.
///
/// The model takes the crop as bytes, resized to its input size (224×224, uint8 RGB, NHWC) and does its own
/// normalisation; its one float output is the pooled penultimate features, normalised here (shared/models/
/// PROVENANCE.md). Keeps its tensor between calls; a lock makes it safe to share.
public final class ImageEmbedder: @unchecked Sendable {
    public static let inputName = "input_u8"
    public static let outputName = "embedding"

    public let session: InferenceSession
    public let inputWidth: Int
    public let inputHeight: Int
    /// The number of values in an embedding.
    public let dimension: Int
    /// Added around the region on every side, as a share of its width and height, so the object's outline is inside
    /// the crop even when the box is drawn tight. The crop is clamped to the picture.
    public let margin: Double
    public var name: String { URL(fileURLWithPath: session.modelPath).deletingPathExtension().lastPathComponent }

    private let lock = NSLock()
    private var input: [UInt8]
    private var resampler = ByteResampler()

    public init(session: InferenceSession, margin: Double = 0.05) throws {
        let wrong = { (reason: String) in EmbeddingError.unexpectedModel(path: session.modelPath, reason: reason) }
        guard session.inputs.count == 1, let spec = session.inputs.first, spec.name == Self.inputName else {
            throw wrong("it needs one input named \(Self.inputName)")
        }
        guard spec.elementType == 2, spec.shape.count == 4, spec.shape[3] == 3, spec.shape[1] > 0, spec.shape[2] > 0 else {
            throw wrong("its input \(Self.inputName) must be one uint8 RGB picture of fixed size, NHWC")
        }
        guard let output = session.outputs.first(where: { $0.name == Self.outputName }) else {
            throw wrong("it has no output named \(Self.outputName)")
        }
        guard output.elementType == 1, output.shape.count == 2, let dimension = output.shape.last, dimension > 0 else {
            throw wrong("its output \(Self.outputName) must be one float vector of fixed length")
        }
        self.session = session
        self.margin = margin
        self.dimension = dimension
        inputHeight = spec.shape[1]
        inputWidth = spec.shape[2]
        input = [UInt8](repeating: 0, count: inputWidth * inputHeight * 3)
    }

    /// Loads the model at `modelPath`.
    public convenience init(runtime: OnnxRuntime, modelPath: String, sessionOptions: SessionOptions = SessionOptions(),
                            margin: Double = 0.05) throws {
        try self.init(session: try InferenceSession(runtime: runtime, modelPath: modelPath, options: sessionOptions),
                      margin: margin)
    }

    /// The embedding of what `region` of `frame` shows, with unit length.
    public func embedding(of frame: Frame, region: NormalizedRect) throws -> [Float] {
        TaughtObjects.normalised(try features(of: frame, region: region))
    }

    /// The network's pooled features of `region`, as they come out (not normalised): what the ImageNet head
    /// (`ImageNetClassifier`) reads.
    public func features(of frame: Frame, region: NormalizedRect) throws -> [Float] {
        try lock.withLock {
            let crop = Self.pixels(of: region, in: frame, margin: margin)
            fillInput(from: frame, crop: crop)
            let (width, height, dimension) = (inputWidth, inputHeight, dimension)
            let values = try input.withUnsafeMutableBufferPointer { tensor in
                try session.run(bytesToFloats: tensor, shape: [1, height, width, 3]) { outputs -> [Float] in
                    guard let index = session.outputs.firstIndex(where: { $0.name == Self.outputName }),
                          index < outputs.count, outputs[index].values.count == dimension else {
                        throw InferenceError.runFailed(path: session.modelPath,
                                                       reason: "the embedding does not have \(dimension) values")
                    }
                    return Array(outputs[index].values)
                }
            }
            return values
        }
    }

    /// The region widened by the margin and clamped to the frame, in whole pixels: at least one pixel each way, so
    /// a box at (or past) the edge still gives a crop.
    struct PixelCrop: Equatable {
        var x: Int
        var y: Int
        var width: Int
        var height: Int
    }

    static func pixels(of region: NormalizedRect, in frame: Frame, margin: Double) -> PixelCrop {
        let w = Double(frame.width), h = Double(frame.height)
        let padX = max(0, region.width) * margin, padY = max(0, region.height) * margin
        func clamp(_ value: Double, _ limit: Int) -> Int {
            value.isFinite ? Int(min(Double(limit), max(0, value)).rounded()) : 0
        }
        let x0 = min(clamp((region.x - padX) * w, frame.width), frame.width - 1)
        let y0 = min(clamp((region.y - padY) * h, frame.height), frame.height - 1)
        let x1 = max(x0 + 1, clamp((region.maxX + padX) * w, frame.width))
        let y1 = max(y0 + 1, clamp((region.maxY + padY) * h, frame.height))
        return PixelCrop(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The crop resized to the model's input, bilinear with half-pixel centres (no antialiasing), rounded to bytes.
    private func fillInput(from frame: Frame, crop: PixelCrop) {
        resampler.resample(frame, x: crop.x, y: crop.y, width: crop.width, height: crop.height, into: &input,
                           targetWidth: inputWidth, targetHeight: inputHeight)
    }
}
