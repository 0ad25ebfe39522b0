import BeaconCore
import Foundation

/// Monocular depth from FastDepth (MobileNet + NNConv5, trained on NYU Depth v2 indoors), as quantized to int8:
/// the whole picture resized to 224×224 uint8 RGB (NHWC, raw 0–255), one uint8 per pixel out, metres = value ×
/// `metresPerStep`. The shapes, names and layout were read from the model (shared/models/PROVENANCE.md).
///
/// The depth map stays at the model's 224×224: its grid cells and the median inside a box do not need more, and
/// callers that draw it resample it. Keeps its tensor between calls; a lock makes it safe to share.
public final class FastDepthEstimator: DepthEstimator, @unchecked Sendable {
    /// The output's quantization step in metres (0 to about 18 m over 0–255).
    public static let metresPerStep: Float = 0.07169981

    public let session: InferenceSession
    public let inputWidth: Int
    public let inputHeight: Int
    public var name: String { URL(fileURLWithPath: session.modelPath).deletingPathExtension().lastPathComponent }

    private let lock = NSLock()
    private var input: [UInt8]
    private var resampler = ByteResampler()

    public init(session: InferenceSession) throws {
        guard session.inputs.count == 1, session.outputs.count == 1,
              let spec = session.inputs.first, spec.shape.count == 4, spec.shape[3] == 3,
              spec.shape[1] > 0, spec.shape[2] > 0, spec.elementType == 2,
              let output = session.outputs.first, output.elementType == 2 else {
            throw InferenceError.unexpectedModel(
                path: session.modelPath, reason: "a depth model needs one uint8 NHWC RGB input and one uint8 output")
        }
        self.session = session
        inputHeight = spec.shape[1]
        inputWidth = spec.shape[2]
        input = [UInt8](repeating: 0, count: inputWidth * inputHeight * 3)
    }

    /// Time spent preparing the input and running the model, for `beacon bench depth`.
    public struct Timings: Sendable {
        public var preprocess = 0.0
        public var inference = 0.0
        public init() {}
    }

    public func depth(for frame: Frame) throws -> DepthMap {
        var timings = Timings()
        return try depth(for: frame, timings: &timings)
    }

    public func depth(for frame: Frame, timings: inout Timings) throws -> DepthMap {
        try lock.withLock {
            let start = DispatchTime.now().uptimeNanoseconds
            fillInput(from: frame)
            let filled = DispatchTime.now().uptimeNanoseconds
            let (width, height) = (inputWidth, inputHeight)
            let metres = try input.withUnsafeMutableBufferPointer { tensor in
                try session.run(bytes: tensor, shape: [1, height, width, 3]) { outputs -> [Float] in
                    let values = outputs[0].values
                    guard values.count == width * height else {
                        throw InferenceError.runFailed(path: session.modelPath,
                                                       reason: "the depth output has \(values.count) values, not \(width * height)")
                    }
                    return values.map { Float($0) * Self.metresPerStep }
                }
            }
            let done = DispatchTime.now().uptimeNanoseconds
            timings.preprocess = Double(filled - start) / 1e9
            timings.inference = Double(done - filled) / 1e9
            return DepthMap(width: width, height: height, metres: metres, timestamp: frame.timestamp)
        }
    }

    /// The plain resize of the whole picture (no letterbox: the model was trained on stretched frames), bilinear
    /// with half-pixel centres and rounded to bytes, like scripts/reference_depth.py.
    private func fillInput(from frame: Frame) {
        resampler.resample(frame, width: frame.width, height: frame.height, into: &input,
                           targetWidth: inputWidth, targetHeight: inputHeight)
    }
}
