import BeaconCore

/// Resizes a region of a picture to a model's uint8 RGB input: bilinear with half-pixel centres, no antialiasing,
/// rounded to bytes — as the depth and embedding models' Python references do. Keeps its column taps between calls,
/// since the same sizes come frame after frame.
struct ByteResampler {
    private var columnOffsets: [Int] = []
    private var columnWeights: [Float] = []

    /// The `width`×`height` pixels of `frame` from (`x`, `y`), resized into `target` (`targetWidth`×`targetHeight`×3
    /// bytes, RGB).
    mutating func resample(_ frame: Frame, x: Int = 0, y: Int = 0, width: Int, height: Int,
                           into target: inout [UInt8], targetWidth: Int, targetHeight: Int) {
        let xScale = Float(width) / Float(targetWidth), yScale = Float(height) / Float(targetHeight)
        BilinearTap.columns(count: targetWidth, scale: xScale, sourceWidth: width,
                            offsets: &columnOffsets, weights: &columnWeights)
        let stride = frame.width * 3
        let left = x * 3
        frame.rgb.withUnsafeBufferPointer { source in
            target.withUnsafeMutableBufferPointer { target in
                columnOffsets.withUnsafeBufferPointer { offsets in
                    columnWeights.withUnsafeBufferPointer { weights in
                        for row in 0..<targetHeight {
                            let tap = BilinearTap.at(row, scale: yScale, sourceLength: height)
                            let near = (y + tap.near) * stride + left, far = (y + tap.far) * stride + left
                            let fy = tap.farWeight
                            var out = row * targetWidth * 3
                            for column in 0..<targetWidth {
                                let a = offsets[2 * column], b = offsets[2 * column + 1], fx = weights[column]
                                for channel in 0..<3 {
                                    let top = Float(source[near + a + channel]) * (1 - fx) + Float(source[near + b + channel]) * fx
                                    let bottom = Float(source[far + a + channel]) * (1 - fx) + Float(source[far + b + channel]) * fx
                                    let value = top * (1 - fy) + bottom * fy
                                    target[out] = UInt8(min(255, max(0, value + 0.5)))
                                    out += 1
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
