import BeaconCore

/// How big a picture the text detector sees. Sides are multiples of 32 (the network halves the size five times);
/// a large picture is shrunk until its long side fits `maximumSide` (time grows with the area), a small one is
/// enlarged until its short side reaches `minimumSide` (small print needs the pixels), never past `maximumSide`.
/// 960 reads a whole 1080p page in one detector run of about a third of its pixels; at 1280 the detector lost
/// a line of the scaled-up page.png and took twice as long.
public struct TextDetectionSizing: Sendable, Hashable {
    public var maximumSide: Int
    public var minimumSide: Int

    public init(maximumSide: Int = 960, minimumSide: Int = 640) {
        self.maximumSide = maximumSide
        self.minimumSide = minimumSide
    }

    /// The detector's input width and height for a picture of the given size.
    public func inputSize(width: Int, height: Int) -> (width: Int, height: Int) {
        let long = Double(max(width, height)), short = Double(min(width, height))
        var scale = 1.0
        if long > Double(maximumSide) {
            scale = Double(maximumSide) / long
        } else if short < Double(minimumSide) {
            scale = min(Double(minimumSide) / short, Double(maximumSide) / long)
        }
        func side(_ length: Int) -> Int { max(32, Int((Double(length) * scale / 32).rounded(.toNearestOrEven)) * 32) }
        return (side(width), side(height))
    }
}

/// Fills the text detector's NCHW tensor from an RGB frame: bilinear resize with half-pixel centres (as the
/// reference), RGB / 255 minus the ImageNet mean over its deviation. Reuses its buffers; not for concurrent use.
struct TextDetectionInput {
    static let mean: (Float, Float, Float) = (0.485, 0.456, 0.406)
    static let deviation: (Float, Float, Float) = (0.229, 0.224, 0.225)

    private(set) var tensor: [Float] = []
    private(set) var width = 0
    private(set) var height = 0
    private var columnOffsets: [Int] = []
    private var columnWeights: [Float] = []

    var shape: [Int] { [1, 3, height, width] }

    mutating func fill(from frame: Frame, width: Int, height: Int) {
        self.width = width
        self.height = height
        if tensor.count != 3 * width * height { tensor = [Float](repeating: 0, count: 3 * width * height) }
        prepareColumns(sourceWidth: frame.width, width: width)
        let plane = width * height
        // Divided in double precision and rounded once, as the reference does.
        let scaleY = Float(Double(frame.height) / Double(height))
        let rowStride = frame.width * 3
        let (meanR, meanG, meanB) = Self.mean
        let (deviationR, deviationG, deviationB) = Self.deviation
        frame.rgb.withUnsafeBufferPointer { source in
            columnOffsets.withUnsafeBufferPointer { offsets in
                columnWeights.withUnsafeBufferPointer { weights in
                    tensor.withUnsafeMutableBufferPointer { out in
                        let r = out.baseAddress!, g = r + plane, b = r + 2 * plane
                        for y in 0..<height {
                            let tap = BilinearTap.at(y, scale: scaleY, sourceLength: frame.height)
                            let top = source.baseAddress! + tap.near * rowStride
                            let bottom = source.baseAddress! + tap.far * rowStride
                            let wy1 = tap.farWeight, wy0 = 1 - wy1
                            let rowStart = y * width
                            for column in 0..<width {
                                let o0 = offsets[2 * column], o1 = offsets[2 * column + 1]
                                let wx1 = weights[column], wx0 = 1 - wx1
                                let t0 = Float(top[o0]) * wx0 + Float(top[o1]) * wx1
                                let b0 = Float(bottom[o0]) * wx0 + Float(bottom[o1]) * wx1
                                let t1 = Float(top[o0 + 1]) * wx0 + Float(top[o1 + 1]) * wx1
                                let b1 = Float(bottom[o0 + 1]) * wx0 + Float(bottom[o1 + 1]) * wx1
                                let t2 = Float(top[o0 + 2]) * wx0 + Float(top[o1 + 2]) * wx1
                                let b2 = Float(bottom[o0 + 2]) * wx0 + Float(bottom[o1 + 2]) * wx1
                                r[rowStart + column] = ((t0 * wy0 + b0 * wy1) / 255 - meanR) / deviationR
                                g[rowStart + column] = ((t1 * wy0 + b1 * wy1) / 255 - meanG) / deviationG
                                b[rowStart + column] = ((t2 * wy0 + b2 * wy1) / 255 - meanB) / deviationB
                            }
                        }
                    }
                }
            }
        }
    }

    /// Lends the filled tensor to `body` (for inference) without copying it.
    mutating func withTensor<Result>(_ body: (UnsafeMutableBufferPointer<Float>) throws -> Result) rethrows -> Result {
        try tensor.withUnsafeMutableBufferPointer { try body($0) }
    }

    /// Source byte offsets (left and right neighbour) and right-neighbour weight for each resized column.
    private mutating func prepareColumns(sourceWidth: Int, width: Int) {
        // Divided in double precision and rounded once, as the reference does.
        BilinearTap.columns(count: width, scale: Float(Double(sourceWidth) / Double(width)), sourceWidth: sourceWidth,
                            offsets: &columnOffsets, weights: &columnWeights)
    }
}
