/// The perspective transform taking a pixel of a straight text strip to the point of the picture it shows:
/// the strip's corners (0, 0), (w, 0), (w, h), (0, h) land on the quad's corners.
struct StripHomography {
    /// Row-major 3×3, the last element 1.
    private(set) var m: [Double]

    init?(quad: ImageQuad, stripWidth: Int, stripHeight: Int) {
        let w = Double(stripWidth), h = Double(stripHeight)
        let pairs = [((0.0, 0.0), quad.topLeft), ((w, 0.0), quad.topRight), ((w, h), quad.bottomRight), ((0.0, h), quad.bottomLeft)]
        // Eight equations for the eight unknowns, solved by Gaussian elimination with partial pivoting.
        var a = [[Double]](repeating: [Double](repeating: 0, count: 9), count: 8)
        for (i, ((u, v), p)) in pairs.enumerated() {
            a[2 * i] = [u, v, 1, 0, 0, 0, -u * p.x, -v * p.x, p.x]
            a[2 * i + 1] = [0, 0, 0, u, v, 1, -u * p.y, -v * p.y, p.y]
        }
        for column in 0..<8 {
            let pivot = (column..<8).max { abs(a[$0][column]) < abs(a[$1][column]) }!
            guard abs(a[pivot][column]) > 1e-12 else { return nil }
            a.swapAt(column, pivot)
            for row in 0..<8 where row != column {
                let factor = a[row][column] / a[column][column]
                guard factor != 0 else { continue }
                for k in column..<9 { a[row][k] -= factor * a[column][k] }
            }
        }
        m = (0..<8).map { a[$0][8] / a[$0][$0] } + [1]
    }
}

/// Samples text quads out of an RGB picture into recogniser tensors: bilinear, edge pixels repeated, values
/// scaled to (x / 255 − 0.5) / 0.5, written straight into the planes of an NCHW tensor.
struct StripWarp {
    let pixels: UnsafeBufferPointer<UInt8>
    let width: Int
    let height: Int

    /// Writes the quad as a `stripWidth` × `stripHeight` strip into the three planes starting at `planes`,
    /// each `planeStride` floats apart with rows `rowStride` floats long. Returns false for a degenerate quad.
    @discardableResult
    func sample(_ quad: ImageQuad, stripWidth: Int, stripHeight: Int, into planes: UnsafeMutablePointer<Float>,
                rowStride: Int, planeStride: Int) -> Bool {
        guard let homography = StripHomography(quad: quad, stripWidth: stripWidth, stripHeight: stripHeight),
              homography.m.allSatisfy(\.isFinite) else { return false }
        let m = homography.m
        let (m0, m1, m2, m3, m4, m5, m6, m7, m8) = (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8])
        let source = pixels.baseAddress!
        let rowBytes = width * 3
        let r = planes, g = planes + planeStride, b = planes + 2 * planeStride
        for v in 0..<stripHeight {
            let dv = Double(v)
            for u in 0..<stripWidth {
                let du = Double(u)
                let d = m6 * du + m7 * dv + m8
                let sx = (m0 * du + m1 * dv + m2) / d
                let sy = (m3 * du + m4 * dv + m5) / d
                // A point far outside the picture (a wild perspective) samples its nearest edge.
                let floorX = sx.rounded(.down), floorY = sy.rounded(.down)
                let insideX = floorX >= -1 && floorX < Double(width), insideY = floorY >= -1 && floorY < Double(height)
                let fx = insideX ? Float(sx - floorX) : 0, fy = insideY ? Float(sy - floorY) : 0
                let edgeX = floorX < 0 ? 0 : width - 1, edgeY = floorY < 0 ? 0 : height - 1
                let x0 = insideX ? max(Int(floorX), 0) : edgeX, x1 = insideX ? min(Int(floorX) + 1, width - 1) : edgeX
                let y0 = insideY ? max(Int(floorY), 0) : edgeY, y1 = insideY ? min(Int(floorY) + 1, height - 1) : edgeY
                let top0 = source + y0 * rowBytes + x0 * 3, top1 = source + y0 * rowBytes + x1 * 3
                let bottom0 = source + y1 * rowBytes + x0 * 3, bottom1 = source + y1 * rowBytes + x1 * 3
                let index = v * rowStride + u
                let wx0 = 1 - fx, wy0 = 1 - fy
                let rTop = Float(top0[0]) * wx0 + Float(top1[0]) * fx, rBottom = Float(bottom0[0]) * wx0 + Float(bottom1[0]) * fx
                let gTop = Float(top0[1]) * wx0 + Float(top1[1]) * fx, gBottom = Float(bottom0[1]) * wx0 + Float(bottom1[1]) * fx
                let bTop = Float(top0[2]) * wx0 + Float(top1[2]) * fx, bBottom = Float(bottom0[2]) * wx0 + Float(bottom1[2]) * fx
                r[index] = ((rTop * wy0 + rBottom * fy) / 255 - 0.5) / 0.5
                g[index] = ((gTop * wy0 + gBottom * fy) / 255 - 0.5) / 0.5
                b[index] = ((bTop * wy0 + bBottom * fy) / 255 - 0.5) / 0.5
            }
        }
        return true
    }
}
