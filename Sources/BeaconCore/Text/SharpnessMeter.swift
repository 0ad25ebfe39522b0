/// How sharp each part of a frame is: the frame in grey, at most 1920 pixels on its long side, cut into a 60 × 60
/// grid, with the spread of the Laplacian in each cell (reference-behaviour §1.2). Also the grey level's mean and
/// spread per cell: whether a cell has anything in it at all, and a coarse picture of the frame for the stability
/// gate.
public struct SharpnessMap: Sendable, Hashable {
    public let gridSize: Int
    /// The size of the grey picture that was measured (after downscaling).
    public let width: Int
    public let height: Int
    /// Per cell, row-major: the variance of |Laplacian| in grey levels (0…255 scale) squared.
    public let laplacianVariance: [Float]
    /// Per cell: the mean grey level.
    public let greyMean: [Float]
    /// Per cell: the standard deviation of the grey level. Blur smooths edges but keeps most of this, so it tells a
    /// blurred line of text from blank paper.
    public let greyDeviation: [Float]
    /// Cells whose Laplacian variance reaches the sharpness threshold.
    public let sharpCells: Int
    /// Cells with content: grey deviation at or above the texture threshold.
    public let texturedCells: Int
    /// Cells both sharp and textured.
    public let sharpTexturedCells: Int

    public var cellCount: Int { gridSize * gridSize }

    public init(gridSize: Int, width: Int, height: Int, laplacianVariance: [Float], greyMean: [Float],
                greyDeviation: [Float], sharpVariance: Float, texturedDeviation: Float) {
        let cells = gridSize * gridSize
        precondition(laplacianVariance.count == cells && greyMean.count == cells && greyDeviation.count == cells,
                     "a sharpness map needs one value per cell")
        self.gridSize = gridSize
        self.width = width
        self.height = height
        self.laplacianVariance = laplacianVariance
        self.greyMean = greyMean
        self.greyDeviation = greyDeviation
        var sharp = 0, textured = 0, both = 0
        for cell in 0..<cells {
            let isSharp = laplacianVariance[cell] >= sharpVariance, isTextured = greyDeviation[cell] >= texturedDeviation
            if isSharp { sharp += 1 }
            if isTextured { textured += 1 }
            if isSharp && isTextured { both += 1 }
        }
        sharpCells = sharp
        texturedCells = textured
        sharpTexturedCells = both
    }

    /// How much the picture changed from `other`: the mean absolute difference of the cells' grey means, each map's
    /// overall mean taken out first so an exposure change is not mistaken for movement. Nil when the grids differ.
    public func motion(since other: SharpnessMap) -> Double? {
        guard other.gridSize == gridSize else { return nil }
        let count = Float(greyMean.count)
        let offset = greyMean.reduce(0, +) / count - other.greyMean.reduce(0, +) / count
        var total: Float = 0
        for cell in greyMean.indices { total += abs(greyMean[cell] - other.greyMean[cell] - offset) }
        return Double(total / count)
    }
}

/// Measures frames into sharpness maps, reusing its buffers from frame to frame.
///
/// Pixel work runs on unsafe buffers in plain loops: an RGB-to-grey pass (averaging areas when the frame is larger
/// than 1920 on its long side), then one pass computing the 4-neighbour Laplacian and summing per cell.
public struct SharpnessMeter: Sendable {
    public struct Parameters: Sendable, Hashable, Codable {
        /// Larger frames are averaged down to this long side first, as Revilio does: sharpness is judged at the
        /// scale text is recognised at, and the threshold means the same for a 12-megapixel photo as for a webcam.
        public var maximumLongSide = 1920
        public var gridSize = 60
        /// A cell is sharp when the variance of |Laplacian| reaches this: Revilio's blur score 1 − min(v, 256)/256
        /// at most 0.25.
        public var sharpVariance: Float = 192
        /// A cell has content when its grey level's standard deviation reaches this. Blank paper, walls and sky sit
        /// below 5 (sensor noise and lighting gradients); printed and handwritten text, even blurred, well above.
        public var texturedDeviation: Float = 8

        public init() {}
    }

    public let parameters: Parameters
    /// Buffers kept from frame to frame; moved out while a frame is measured so the loops hold the only reference.
    private var scratch = Scratch()

    public init(parameters: Parameters = Parameters()) {
        precondition(parameters.gridSize > 0 && parameters.maximumLongSide > 0, "sharpness needs a grid and a size")
        self.parameters = parameters
    }

    /// The size a frame is measured at: its own, or scaled down so the long side is at most the maximum.
    public func measuredSize(width: Int, height: Int) -> (width: Int, height: Int) {
        let longSide = max(width, height), limit = parameters.maximumLongSide
        guard longSide > limit else { return (width, height) }
        let scale = Double(limit) / Double(longSide)
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }

    public mutating func measure(_ frame: Frame) -> SharpnessMap {
        var scratch = self.scratch
        self.scratch = Scratch()
        defer { self.scratch = scratch }
        let size = measuredSize(width: frame.width, height: frame.height)
        scratch.prepare(frame: frame, width: size.width, height: size.height, cells: parameters.gridSize * parameters.gridSize)
        if size.width == frame.width && size.height == frame.height {
            Self.convertToGrey(frame, into: &scratch.grey)
        } else {
            Self.averageDown(frame, width: size.width, height: size.height, scratch: &scratch)
        }
        let gridSize = parameters.gridSize
        if size.width >= 3 && size.height >= 3 {
            scratch.grey.withUnsafeBufferPointer { image in
                scratch.totals.withBuffers { totals in
                    Self.accumulate(image, width: size.width, height: size.height, gridSize: gridSize, into: totals)
                }
            }
        }
        return scratch.totals.map(gridSize: gridSize, width: size.width, height: size.height, parameters: parameters)
    }

    /// BT.601 luma in fixed point: (77 R + 150 G + 29 B + 128) / 256, which stays below 2¹⁶, so 16-bit wrapping
    /// arithmetic is exact and vectorises.
    private static func convertToGrey(_ frame: Frame, into grey: inout [UInt8]) {
        let count = frame.width * frame.height
        frame.rgb.withUnsafeBufferPointer { rgb in
            grey.withUnsafeMutableBufferPointer { out in
                guard let source = rgb.baseAddress, let target = out.baseAddress else { return }
                for index in 0..<count {
                    let pixel = source + index &* 3
                    let luma = 77 &* UInt16(pixel[0]) &+ 150 &* UInt16(pixel[1]) &+ 29 &* UInt16(pixel[2]) &+ 128
                    target[index] = UInt8(truncatingIfNeeded: luma >> 8)
                }
            }
        }
    }

    /// Area average onto a smaller grid: each output pixel is the mean luma of the source pixels whose integer
    /// positions fall in its footprint. Each source row is turned to luma in one vectorised pass, then added into
    /// its output columns' running sums.
    private static func averageDown(_ frame: Frame, width: Int, height: Int, scratch: inout Scratch) {
        let sourceWidth = frame.width, sourceHeight = frame.height
        frame.rgb.withUnsafeBufferPointer { rgb in
            scratch.grey.withUnsafeMutableBufferPointer { out in
                scratch.rowSums.withUnsafeMutableBufferPointer { sums in
                    scratch.lumaRow.withUnsafeMutableBufferPointer { luma in
                        scratch.outputColumn.withUnsafeBufferPointer { target in
                            scratch.columnStarts.withUnsafeBufferPointer { starts in
                                guard let source = rgb.baseAddress, let lumaRow = luma.baseAddress,
                                      let targetColumn = target.baseAddress else { return }
                                for row in 0..<height {
                                    let firstRow = row * sourceHeight / height, endRow = (row + 1) * sourceHeight / height
                                    sums.update(repeating: 0)
                                    for y in firstRow..<endRow {
                                        let line = source + y * sourceWidth * 3
                                        // Unscaled luma, at most 256 × 255: exact in 16 bits.
                                        for x in 0..<sourceWidth {
                                            let pixel = line + x &* 3
                                            lumaRow[x] = 77 &* UInt16(pixel[0]) &+ 150 &* UInt16(pixel[1])
                                                &+ 29 &* UInt16(pixel[2])
                                        }
                                        for x in 0..<sourceWidth { sums[Int(targetColumn[x])] &+= UInt32(lumaRow[x]) }
                                    }
                                    let rows = UInt32(endRow - firstRow)
                                    for column in 0..<width {
                                        let divisor = UInt32(starts[column + 1] - starts[column]) * rows * 256
                                        out[row * width + column] = UInt8(truncatingIfNeeded: (sums[column] + divisor / 2) / divisor)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// 2048 × 1020² < 2³¹.
    private static let longestRun = 2048

    /// The hot loop: for each interior row, cell by cell along it, |4-neighbour Laplacian| and grey sums in
    /// registers, added to the cell's totals once per row segment. The outermost pixel ring has no Laplacian and
    /// is left out.
    private static func accumulate(_ image: UnsafeBufferPointer<UInt8>, width: Int, height: Int, gridSize: Int,
                                   into totals: CellTotals.Buffers) {
        guard let base = image.baseAddress else { return }
        for y in 1..<(height - 1) {
            let cellRow = y * gridSize / height
            // Row pointers, so the inner loop indexes with plain offsets (no checked index arithmetic to stop it
            // vectorising).
            let above = base + (y - 1) * width, below = base + (y + 1) * width
            let here = base + y * width, left = here - 1, right = here + 1
            for cellColumn in 0..<gridSize {
                let start = max(1, cellColumn * width / gridSize)
                let end = min(width - 1, (cellColumn + 1) * width / gridSize)
                guard start < end else { continue }
                // 16-bit pixels, 32-bit sums, wrapping arithmetic and a branch-free absolute value, so the loop
                // vectorises: |Laplacian| ≤ 1020 fits 16 bits and, over a run of at most `longestRun` pixels, its
                // squares' sum fits 32 bits.
                var x = start
                while x < end {
                    let runEnd = min(end, x + Self.longestRun)
                    var lapSum: Int32 = 0, lapSquare: Int32 = 0, greySum: Int32 = 0, greySquare: Int32 = 0
                    for x in x..<runEnd {
                        let centre = Int16(here[x])
                        let laplacian = Int16(above[x]) &+ Int16(below[x]) &+ Int16(left[x]) &+ Int16(right[x])
                            &- 4 &* centre
                        let sign = laplacian >> 15
                        let magnitude = Int32((laplacian ^ sign) &- sign)
                        lapSum &+= magnitude
                        lapSquare &+= magnitude &* magnitude
                        greySum &+= Int32(centre)
                        greySquare &+= Int32(centre) &* Int32(centre)
                    }
                    let cell = cellRow * gridSize + cellColumn
                    totals.laplacianSums[cell] &+= Int(lapSum)
                    totals.laplacianSquares[cell] &+= Int(lapSquare)
                    totals.greySums[cell] &+= Int(greySum)
                    totals.greySquares[cell] &+= Int(greySquare)
                    x = runEnd
                }
                totals.pixelCounts[cellRow * gridSize + cellColumn] &+= end - start
            }
        }
    }
}

/// The meter's reusable buffers.
private struct Scratch {
    var grey: [UInt8] = []
    /// Downscaling: one source row's luma, one running sum per output column, which output column each source
    /// column feeds, and where each output column's footprint starts (with the source width at the end).
    var lumaRow: [UInt16] = []
    var rowSums: [UInt32] = []
    var outputColumn: [Int32] = []
    var columnStarts: [Int] = []
    var plannedSizes = (sourceWidth: 0, width: 0)
    var totals = CellTotals()

    /// Sizes the buffers for this frame (allocating only when the sizes change) and clears the totals.
    mutating func prepare(frame: Frame, width: Int, height: Int, cells: Int) {
        if grey.count != width * height { grey = Array(repeating: 0, count: width * height) }
        let downscaling = width != frame.width || height != frame.height
        if downscaling && (plannedSizes.sourceWidth != frame.width || plannedSizes.width != width) {
            rowSums = Array(repeating: 0, count: width)
            lumaRow = Array(repeating: 0, count: frame.width)
            columnStarts = (0...width).map { $0 * frame.width / width }
            outputColumn = Array(repeating: 0, count: frame.width)
            for column in 0..<width {
                for x in columnStarts[column]..<columnStarts[column + 1] { outputColumn[x] = Int32(column) }
            }
            plannedSizes = (frame.width, width)
        }
        totals.reset(cells: cells)
    }
}

/// Per-cell running totals of the Laplacian's magnitude and the grey level, and their squares.
private struct CellTotals {
    var laplacianSums: [Int] = []
    var laplacianSquares: [Int] = []
    var greySums: [Int] = []
    var greySquares: [Int] = []
    var pixelCounts: [Int] = []

    struct Buffers {
        let laplacianSums: UnsafeMutableBufferPointer<Int>
        let laplacianSquares: UnsafeMutableBufferPointer<Int>
        let greySums: UnsafeMutableBufferPointer<Int>
        let greySquares: UnsafeMutableBufferPointer<Int>
        let pixelCounts: UnsafeMutableBufferPointer<Int>
    }

    mutating func reset(cells: Int) {
        if pixelCounts.count != cells {
            self = CellTotals(laplacianSums: Array(repeating: 0, count: cells), laplacianSquares: Array(repeating: 0, count: cells),
                              greySums: Array(repeating: 0, count: cells), greySquares: Array(repeating: 0, count: cells),
                              pixelCounts: Array(repeating: 0, count: cells))
            return
        }
        for index in 0..<cells {
            laplacianSums[index] = 0
            laplacianSquares[index] = 0
            greySums[index] = 0
            greySquares[index] = 0
            pixelCounts[index] = 0
        }
    }

    mutating func withBuffers(_ body: (Buffers) -> Void) {
        laplacianSums.withUnsafeMutableBufferPointer { laplacianSums in
            laplacianSquares.withUnsafeMutableBufferPointer { laplacianSquares in
                greySums.withUnsafeMutableBufferPointer { greySums in
                    greySquares.withUnsafeMutableBufferPointer { greySquares in
                        pixelCounts.withUnsafeMutableBufferPointer { pixelCounts in
                            body(Buffers(laplacianSums: laplacianSums, laplacianSquares: laplacianSquares,
                                         greySums: greySums, greySquares: greySquares, pixelCounts: pixelCounts))
                        }
                    }
                }
            }
        }
    }

    /// The totals as a map: per cell, the variance of |Laplacian|, and the grey level's mean and deviation.
    func map(gridSize: Int, width: Int, height: Int, parameters: SharpnessMeter.Parameters) -> SharpnessMap {
        let cells = gridSize * gridSize
        var variance = [Float](repeating: 0, count: cells)
        var mean = [Float](repeating: 0, count: cells)
        var deviation = [Float](repeating: 0, count: cells)
        for cell in 0..<cells where pixelCounts[cell] > 0 {
            let n = Double(pixelCounts[cell])
            let lapMean = Double(laplacianSums[cell]) / n
            variance[cell] = Float(max(0, Double(laplacianSquares[cell]) / n - lapMean * lapMean))
            let greyMean = Double(greySums[cell]) / n
            mean[cell] = Float(greyMean)
            deviation[cell] = Float(max(0, Double(greySquares[cell]) / n - greyMean * greyMean).squareRoot())
        }
        return SharpnessMap(gridSize: gridSize, width: width, height: height, laplacianVariance: variance,
                            greyMean: mean, greyDeviation: deviation, sharpVariance: parameters.sharpVariance,
                            texturedDeviation: parameters.texturedDeviation)
    }
}
