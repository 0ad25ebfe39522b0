import Foundation

/// Where a PP-PicoDet export keeps each stride's outputs, and how its boxes decode.
///
/// PicoDet's head (generalised focal loss) predicts, for every cell of every stride, sigmoid class scores and, for
/// each side of the box, a distribution over `bins` distances. The distance is the distribution's expectation in
/// strides, measured from the cell centre. There is no objectness: the score is the class score.
public struct DistributionBoxLayout: Sendable, Hashable {
    public struct Level: Sendable, Hashable {
        public var stride: Int
        public var columns: Int
        public var rows: Int
        /// Indices into the model's outputs.
        public var scoreOutput: Int
        public var boxOutput: Int

        public var cells: Int { columns * rows }
    }

    /// Finest stride first: 8, 16, 32, 64 for the COCO exports.
    public let levels: [Level]
    public let classCount: Int
    /// Bins per side of the distribution (8 in PaddleDetection's exports).
    public let bins: Int

    static let firstStride = 8

    /// Recognises the layout PaddleDetection exports: first every score map `[1, cells, classes]`, then every box map
    /// `[1, cells, 4 × bins]`, finest stride first, strides doubling from 8. Nil when the shapes say otherwise.
    init?(outputs: [TensorSpec], inputWidth: Int, inputHeight: Int) {
        guard outputs.count >= 2, outputs.count % 2 == 0,
              outputs.allSatisfy({ $0.shape.count == 3 && $0.shape[1] > 0 && $0.shape[2] > 0 }) else { return nil }
        let levelCount = outputs.count / 2
        let scoreMaps = outputs[..<levelCount], boxMaps = outputs[levelCount...]
        let classCount = scoreMaps.first!.shape[2], sides = boxMaps.first!.shape[2]
        guard scoreMaps.allSatisfy({ $0.shape[2] == classCount }), boxMaps.allSatisfy({ $0.shape[2] == sides }),
              sides % 4 == 0, sides >= 8 else { return nil }
        var levels: [Level] = []
        for index in 0..<levelCount {
            let stride = Self.firstStride << index
            // The feature maps round up: a 416 input gives 7×7 cells at stride 64.
            let columns = (inputWidth + stride - 1) / stride, rows = (inputHeight + stride - 1) / stride
            guard outputs[index].shape[1] == columns * rows, outputs[levelCount + index].shape[1] == columns * rows else {
                return nil
            }
            levels.append(Level(stride: stride, columns: columns, rows: rows, scoreOutput: index,
                                boxOutput: levelCount + index))
        }
        self.levels = levels
        self.classCount = classCount
        self.bins = sides / 4
    }

    /// Appends every cell whose best class scores at least `threshold`, as a box in frame pixels.
    func decode(_ outputs: [OutputTensor], geometry: LetterboxGeometry, frameWidth: Int, frameHeight: Int,
                threshold: Float, into boxes: inout [ScoredBox]) throws {
        let scaleX = Float(geometry.ratioX), scaleY = Float(geometry.ratioY)
        let maxX = Float(frameWidth), maxY = Float(frameHeight)
        let classCount = self.classCount, bins = self.bins
        for level in levels {
            let scores = outputs[level.scoreOutput].values, distributions = outputs[level.boxOutput].values
            guard scores.count == level.cells * classCount, distributions.count == level.cells * 4 * bins,
                  let scoreBase = scores.baseAddress, let distributionBase = distributions.baseAddress else {
                throw InferenceError.unexpectedModel(path: "",
                    reason: "its outputs changed to \(outputs.map(\.shape)) for stride \(level.stride)")
            }
            let stride = Float(level.stride)
            let offset = (stride - 1) / 2
            for cell in 0..<level.cells {
                let row = scoreBase + cell * classCount
                var best = 0
                var bestScore = row[0]
                for c in 1..<classCount where row[c] > bestScore {
                    best = c
                    bestScore = row[c]
                }
                guard bestScore >= threshold else { continue }
                let cx = Float(cell % level.columns) * stride + offset
                let cy = Float(cell / level.columns) * stride + offset
                let sides = distributionBase + cell * 4 * bins
                let left = Self.expectation(sides, bins) * stride
                let top = Self.expectation(sides + bins, bins) * stride
                let right = Self.expectation(sides + 2 * bins, bins) * stride
                let bottom = Self.expectation(sides + 3 * bins, bins) * stride
                boxes.append(ScoredBox(x1: ((cx - left) / scaleX).clamped(0, maxX),
                                       y1: ((cy - top) / scaleY).clamped(0, maxY),
                                       x2: ((cx + right) / scaleX).clamped(0, maxX),
                                       y2: ((cy + bottom) / scaleY).clamped(0, maxY),
                                       score: bestScore, classIndex: best))
            }
        }
    }

    /// The expected bin of a softmax over `count` logits: Σ pᵢ · i.
    @inline(__always)
    static func expectation(_ logits: UnsafePointer<Float>, _ count: Int) -> Float {
        var largest = logits[0]
        for i in 1..<count where logits[i] > largest { largest = logits[i] }
        var total: Float = 0, weighted: Float = 0
        for i in 0..<count {
            let e = expf(logits[i] - largest)
            total += e
            weighted += e * Float(i)
        }
        return weighted / total
    }
}
