/// Where one output row or column of a bilinear resize with half-pixel centres samples its source: the nearer
/// neighbour, the farther one, and the farther one's weight, clamped at the edges. The detector's letterbox and the
/// text detector's input both resize this way, each bit for bit like its Python reference.
struct BilinearTap {
    var near: Int
    var far: Int
    var farWeight: Float

    /// The tap of output position `index` when each output step covers `scale` source pixels.
    @inline(__always)
    static func at(_ index: Int, scale: Float, sourceLength: Int) -> BilinearTap {
        var fraction = (Float(index) + 0.5) * scale - 0.5
        var near = Int(fraction.rounded(.down))
        fraction -= Float(near)
        if near < 0 { near = 0; fraction = 0 }
        if near >= sourceLength - 1 { near = sourceLength - 1; fraction = 0 }
        return BilinearTap(near: near, far: min(near + 1, sourceLength - 1), farWeight: fraction)
    }

    /// The column taps of a resize to `count` columns, as RGB byte offsets (near and far, interleaved) and far
    /// weights, into buffers reused between frames.
    static func columns(count: Int, scale: Float, sourceWidth: Int, offsets: inout [Int], weights: inout [Float]) {
        if weights.count != count { weights = [Float](repeating: 0, count: count) }
        if offsets.count != 2 * count { offsets = [Int](repeating: 0, count: 2 * count) }
        for column in 0..<count {
            let tap = at(column, scale: scale, sourceLength: sourceWidth)
            offsets[2 * column] = tap.near * 3
            offsets[2 * column + 1] = tap.far * 3
            weights[column] = tap.farWeight
        }
    }
}
