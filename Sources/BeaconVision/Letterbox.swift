import BeaconCore

/// How a detector family wants its input tensor: a canvas, the picture scaled onto it (keeping its shape, the rest
/// grey, or stretched to fill it), then each channel normalised.
public struct LetterboxSpec: Sendable, Hashable {
    public enum Placement: Sendable, Hashable {
        /// Picture at the top-left corner, padding right and bottom (YOLOX).
        case topLeft
        /// Picture in the middle, padding split on both sides (Ultralytics).
        case centred
        /// Picture resized to fill the canvas, its aspect ratio not kept (PP-PicoDet): no padding.
        case stretched
    }

    public var width: Int
    public var height: Int
    public var placement: Placement
    /// Channel order of the tensor: true for B, G, R planes.
    public var bgr: Bool
    /// Subtracted from 0–255 values per channel, in R, G, B order (0 for YOLOX and Ultralytics).
    public var mean: SIMD3<Float>
    /// Divisors applied after the mean, per channel in R, G, B order (1 for YOLOX, 255 for Ultralytics). A division,
    /// not a multiplication by the reciprocal, so values are bit-identical to the usual `image / 255.0`: dynamically
    /// quantized models (int8 YOLO11) amplify a last-bit difference into boxes tens of pixels apart.
    public var std: SIMD3<Float>
    /// Grey level of the padding, before normalising.
    public var padValue: Float = 114

    /// A spec that only divides (YOLOX, Ultralytics).
    public init(width: Int, height: Int, placement: Placement, bgr: Bool, divisor: Float) {
        self.init(width: width, height: height, placement: placement, bgr: bgr, mean: .zero, std: SIMD3(repeating: divisor))
    }

    public init(width: Int, height: Int, placement: Placement, bgr: Bool, mean: SIMD3<Float>, std: SIMD3<Float>) {
        self.width = width
        self.height = height
        self.placement = placement
        self.bgr = bgr
        self.mean = mean
        self.std = std
    }

    /// The tensor value of the padding in R, G, B order.
    var normalisedPad: SIMD3<Float> { (SIMD3(repeating: padValue) - mean) / std }
}

/// Where the picture landed on the canvas, to map boxes back to the frame.
public struct LetterboxGeometry: Sendable, Hashable {
    /// Canvas pixels per frame pixel, across and down; equal unless the picture was stretched.
    public var ratioX: Double
    public var ratioY: Double
    /// The one scale of a letterbox (the horizontal one when stretched).
    public var ratio: Double { ratioX }
    public var padLeft: Int
    public var padTop: Int
    public var resizedWidth: Int
    public var resizedHeight: Int

    /// The geometry for a frame of the given size, following the conventions of the reference implementations
    /// (round the resized size; Ultralytics splits odd padding with a 0.1 bias).
    public init(frameWidth: Int, frameHeight: Int, spec: LetterboxSpec) {
        if spec.placement == .stretched {
            ratioX = Double(spec.width) / Double(frameWidth)
            ratioY = Double(spec.height) / Double(frameHeight)
            resizedWidth = spec.width
            resizedHeight = spec.height
            padLeft = 0
            padTop = 0
            return
        }
        let ratio = min(Double(spec.width) / Double(frameWidth), Double(spec.height) / Double(frameHeight))
        ratioX = ratio
        ratioY = ratio
        resizedWidth = min(spec.width, max(1, Int((Double(frameWidth) * ratio).rounded())))
        resizedHeight = min(spec.height, max(1, Int((Double(frameHeight) * ratio).rounded())))
        switch spec.placement {
        case .topLeft, .stretched:
            padLeft = 0
            padTop = 0
        case .centred:
            padLeft = Int((Double(spec.width - resizedWidth) / 2 - 0.1).rounded())
            padTop = Int((Double(spec.height - resizedHeight) / 2 - 0.1).rounded())
        }
    }
}

/// Fills an NCHW float tensor from an RGB frame: bilinear resize (half-pixel centres, as OpenCV's INTER_LINEAR),
/// letterbox padding, channel order and normalisation in one pass. Reuses its buffers; not for concurrent use.
public struct LetterboxPreprocessor {
    public let spec: LetterboxSpec
    public private(set) var tensor: [Float]
    private var columnOffsets: [Int] = []
    private var columnWeights: [Float] = []

    public init(spec: LetterboxSpec) {
        self.spec = spec
        self.tensor = [Float](repeating: 0, count: 3 * spec.width * spec.height)
    }

    /// Writes `frame` into `tensor` and returns where it landed.
    @discardableResult
    public mutating func fill(from frame: Frame) -> LetterboxGeometry {
        let geometry = LetterboxGeometry(frameWidth: frame.width, frameHeight: frame.height, spec: spec)
        prepareColumns(sourceWidth: frame.width, geometry: geometry)
        let spec = self.spec
        let plane = spec.width * spec.height
        let pad = spec.normalisedPad
        let mean = spec.mean, std = spec.std
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
                                for x in 0..<spec.width { r[rowStart + x] = pad.x; g[rowStart + x] = pad.y; b[rowStart + x] = pad.z }
                                continue
                            }
                            let tap = BilinearTap.at(sourceRow, scale: scaleY, sourceLength: frame.height)
                            let top = source.baseAddress! + tap.near * rowStride
                            let bottom = source.baseAddress! + tap.far * rowStride
                            let wy1 = tap.farWeight, wy0 = 1 - wy1
                            for x in 0..<geometry.padLeft { r[rowStart + x] = pad.x; g[rowStart + x] = pad.y; b[rowStart + x] = pad.z }
                            for x in (geometry.padLeft + geometry.resizedWidth)..<spec.width {
                                r[rowStart + x] = pad.x; g[rowStart + x] = pad.y; b[rowStart + x] = pad.z
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
                                r[index] = (t0 * wy0 + b0 * wy1 - mean.x) / std.x
                                g[index] = (t1 * wy0 + b1 * wy1 - mean.y) / std.y
                                b[index] = (t2 * wy0 + b2 * wy1 - mean.z) / std.z
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
