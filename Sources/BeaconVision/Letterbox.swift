import BeaconCore

/// How a detector family wants its input tensor: a square canvas, the picture scaled to fit, the rest grey.
public struct LetterboxSpec: Sendable, Hashable {
    public enum Placement: Sendable, Hashable {
        /// Picture at the top-left corner, padding right and bottom (YOLOX).
        case topLeft
        /// Picture in the middle, padding split on both sides (Ultralytics).
        case centred
    }

    public var width: Int
    public var height: Int
    public var placement: Placement
    /// Channel order of the tensor: true for B, G, R planes.
    public var bgr: Bool
    /// Divisor applied to 0–255 values (1 for YOLOX, 255 for Ultralytics). A division, not a multiplication by
    /// the reciprocal, so values are bit-identical to the usual `image / 255.0`: dynamically quantized models
    /// (int8 YOLO11) amplify a last-bit difference into boxes tens of pixels apart.
    public var divisor: Float
    /// Grey level of the padding, before scaling.
    public var padValue: Float = 114
}

/// Where the picture landed on the canvas, to map boxes back to the frame.
public struct LetterboxGeometry: Sendable, Hashable {
    public var ratio: Double
    public var padLeft: Int
    public var padTop: Int
    public var resizedWidth: Int
    public var resizedHeight: Int

    /// The geometry for a frame of the given size, following the conventions of the reference implementations
    /// (round the resized size; Ultralytics splits odd padding with a 0.1 bias).
    public init(frameWidth: Int, frameHeight: Int, spec: LetterboxSpec) {
        ratio = min(Double(spec.width) / Double(frameWidth), Double(spec.height) / Double(frameHeight))
        resizedWidth = min(spec.width, max(1, Int((Double(frameWidth) * ratio).rounded())))
        resizedHeight = min(spec.height, max(1, Int((Double(frameHeight) * ratio).rounded())))
        switch spec.placement {
        case .topLeft:
            padLeft = 0
            padTop = 0
        case .centred:
            padLeft = Int((Double(spec.width - resizedWidth) / 2 - 0.1).rounded())
            padTop = Int((Double(spec.height - resizedHeight) / 2 - 0.1).rounded())
        }
    }
}

/// Fills an NCHW float tensor from an RGB frame: bilinear resize (half-pixel centres, as OpenCV's INTER_LINEAR),
/// letterbox padding, channel order and scaling in one pass. Reuses its buffers; not for concurrent use.
public struct LetterboxPreprocessor {
    public let spec: LetterboxSpec
    public private(set) var tensor: [Float]
    private var columnOffsets: [Int] = []
    private var columnWeights: [Float] = []

    public init(spec: LetterboxSpec) {
        self.spec = spec
        self.tensor = [Float](repeating: spec.padValue / spec.divisor, count: 3 * spec.width * spec.height)
    }

    /// Writes `frame` into `tensor` and returns where it landed.
    @discardableResult
    public mutating func fill(from frame: Frame) -> LetterboxGeometry {
        let geometry = LetterboxGeometry(frameWidth: frame.width, frameHeight: frame.height, spec: spec)
        prepareColumns(sourceWidth: frame.width, geometry: geometry)
        let spec = self.spec
        let plane = spec.width * spec.height
        let pad = spec.padValue / spec.divisor
        // Channel c of the source goes to plane channelPlane[c].
        let planeOf = spec.bgr ? (2, 1, 0) : (0, 1, 2)
        let scaleY = Float(frame.height) / Float(geometry.resizedHeight)
        let rowStride = frame.width * 3

        frame.rgb.withUnsafeBufferPointer { source in
            columnOffsets.withUnsafeBufferPointer { offsets in
                columnWeights.withUnsafeBufferPointer { weights in
                    tensor.withUnsafeMutableBufferPointer { out in
                        let base = out.baseAddress!
                        let r = base + planeOf.0 * plane, g = base + planeOf.1 * plane, b = base + planeOf.2 * plane
                        for y in 0..<spec.height {
                            let rowStart = y * spec.width
                            let sourceRow = y - geometry.padTop
                            guard sourceRow >= 0 && sourceRow < geometry.resizedHeight else {
                                for x in 0..<spec.width { r[rowStart + x] = pad; g[rowStart + x] = pad; b[rowStart + x] = pad }
                                continue
                            }
                            let tap = BilinearTap.at(sourceRow, scale: scaleY, sourceLength: frame.height)
                            let top = source.baseAddress! + tap.near * rowStride
                            let bottom = source.baseAddress! + tap.far * rowStride
                            let wy1 = tap.farWeight, wy0 = 1 - wy1
                            for x in 0..<geometry.padLeft { r[rowStart + x] = pad; g[rowStart + x] = pad; b[rowStart + x] = pad }
                            for x in (geometry.padLeft + geometry.resizedWidth)..<spec.width {
                                r[rowStart + x] = pad; g[rowStart + x] = pad; b[rowStart + x] = pad
                            }
                            for column in 0..<geometry.resizedWidth {
                                let o0 = offsets[2 * column], o1 = offsets[2 * column + 1]
                                let wx1 = weights[column], wx0 = 1 - wx1
                                let index = rowStart + geometry.padLeft + column
                                let t0 = Float(top[o0]) * wx0 + Float(top[o1]) * wx1
                                let b0 = Float(bottom[o0]) * wx0 + Float(bottom[o1]) * wx1
                                let t1 = Float(top[o0 + 1]) * wx0 + Float(top[o1 + 1]) * wx1
                                let b1 = Float(bottom[o0 + 1]) * wx0 + Float(bottom[o1 + 1]) * wx1
                                let t2 = Float(top[o0 + 2]) * wx0 + Float(top[o1 + 2]) * wx1
                                let b2 = Float(bottom[o0 + 2]) * wx0 + Float(bottom[o1 + 2]) * wx1
                                r[index] = (t0 * wy0 + b0 * wy1) / spec.divisor
                                g[index] = (t1 * wy0 + b1 * wy1) / spec.divisor
                                b[index] = (t2 * wy0 + b2 * wy1) / spec.divisor
                            }
                        }
                    }
                }
            }
        }
        return geometry
    }

    /// Lends the filled tensor to `body` (for inference) without copying it.
    public mutating func withTensor<Result>(_ body: (UnsafeMutableBufferPointer<Float>) throws -> Result) rethrows -> Result {
        try tensor.withUnsafeMutableBufferPointer { try body($0) }
    }

    /// Source byte offsets (left and right neighbour) and right-neighbour weight for each resized column.
    private mutating func prepareColumns(sourceWidth: Int, geometry: LetterboxGeometry) {
        let count = geometry.resizedWidth
        BilinearTap.columns(count: count, scale: Float(sourceWidth) / Float(count), sourceWidth: sourceWidth,
                            offsets: &columnOffsets, weights: &columnWeights)
    }
}
