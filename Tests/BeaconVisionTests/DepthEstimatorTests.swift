import BeaconCore
import BeaconMedia
import BeaconTestSupport
import Foundation
import Testing
import ZIPFoundation
@testable import BeaconVision

/// FastDepth on a real photo with measured depth: the Middlebury motorcycle, whose ground-truth disparity
/// (motorcycle_disp.npz) orders every pixel by distance.
@Suite(.serialized) struct DepthEstimatorTests {
    static func estimator() throws -> FastDepthEstimator? {
        guard let runtime = SharedRuntime.get() else { return nil }
        guard let url = TestData.model("fast_depth_224_int8.onnx") else {
            if TestData.required { Issue.record("model fast_depth_224_int8.onnx is missing") } else { print("skipping: no fast_depth_224_int8.onnx") }
            return nil
        }
        let session = try InferenceSession(runtime: runtime, modelPath: url.path, options: SessionOptions(intraOpThreads: 2))
        return try FastDepthEstimator(session: session)
    }

    @Test func readsTheModelsShapes() throws {
        guard let estimator = try Self.estimator() else { return }
        #expect(estimator.inputWidth == 224 && estimator.inputHeight == 224)
        #expect(estimator.session.inputs[0].name == "serving_default_input_1:0")
        #expect(estimator.session.outputs[0].shape == [1, 224, 224, 1])
    }

    @Test func ordersTheMotorcycleSceneLikeItsGroundTruth() throws {
        guard let estimator = try Self.estimator() else { return }
        guard let photo = TestData.image("motorcycle_left.png"), let truth = TestData.image("motorcycle_disp.npz") else {
            if TestData.required { Issue.record("the motorcycle photo or its disparity is missing") } else { print("skipping: no motorcycle data") }
            return
        }
        let frame = try ImageDecoder().decode(contentsOf: photo)
        let map = try estimator.depth(for: frame)
        #expect(map.width == 224 && map.height == 224)
        let disparity = try NPZ.float32Array(named: "arr_0", in: truth)
        #expect(disparity.shape == [frame.height, frame.width])

        // Each ground-truth pixel against the prediction at the same place (nearest model pixel).
        var predicted: [Double] = [], farness: [Double] = []
        for y in 0..<frame.height {
            let row = min(map.height - 1, Int((Double(y) + 0.5) * Double(map.height) / Double(frame.height)))
            for x in 0..<frame.width {
                let d = disparity.values[y * frame.width + x]
                let column = min(map.width - 1, Int((Double(x) + 0.5) * Double(map.width) / Double(frame.width)))
                let metres = map[column, row]
                guard d.isFinite, d > 0, DepthMap.isValid(metres) else { continue }
                predicted.append(Double(metres))
                farness.append(1 / Double(d))
            }
        }
        #expect(predicted.count > frame.width * frame.height * 9 / 10)
        let rho = RankCorrelation.spearman(predicted, farness)
        print("FastDepth on motorcycle_left.png: Spearman rank correlation with 1/disparity \(String(format: "%.3f", rho)) over \(predicted.count) pixels")
        #expect(rho >= 0.6)

        // The floor at the bottom is nearer than the workshop wall at the top.
        let grid = DepthGrid(map)
        #expect(try #require(grid[.bottom, .centre].metres) < #require(grid[.top, .centre].metres))
    }

    @Test func aGreyFrameGivesAValidMapOfItsOwnSize() throws {
        guard let estimator = try Self.estimator() else { return }
        let frame = Frame(width: 7, height: 5, rgb: [UInt8](repeating: 128, count: 7 * 5 * 3))
        let map = try estimator.depth(for: frame)
        #expect(map.width == 224 && map.metres.count == 224 * 224)
        #expect(map.metres.allSatisfy { $0 >= 0 && $0 < 18.3 })
    }
}

/// Spearman's rank correlation: Pearson's correlation of the ranks, ties sharing their mean rank.
enum RankCorrelation {
    static func spearman(_ a: [Double], _ b: [Double]) -> Double {
        precondition(a.count == b.count && a.count > 1)
        return pearson(ranks(a), ranks(b))
    }

    static func ranks(_ values: [Double]) -> [Double] {
        let order = values.indices.sorted { values[$0] < values[$1] }
        var ranks = [Double](repeating: 0, count: values.count)
        var start = 0
        while start < order.count {
            var end = start
            while end + 1 < order.count, values[order[end + 1]] == values[order[start]] { end += 1 }
            let mean = Double(start + end) / 2
            for i in start...end { ranks[order[i]] = mean }
            start = end + 1
        }
        return ranks
    }

    static func pearson(_ a: [Double], _ b: [Double]) -> Double {
        let n = Double(a.count)
        let meanA = a.reduce(0, +) / n, meanB = b.reduce(0, +) / n
        var covariance = 0.0, varianceA = 0.0, varianceB = 0.0
        for i in a.indices {
            let da = a[i] - meanA, db = b[i] - meanB
            covariance += da * db
            varianceA += da * da
            varianceB += db * db
        }
        return covariance / (varianceA * varianceB).squareRoot()
    }
}

/// NumPy's .npz (a zip of .npy files), enough for one little-endian float32 C-order array.
enum NPZ {
    struct Array {
        var shape: [Int]
        var values: [Float]
    }

    struct Unreadable: Error, CustomStringConvertible {
        var description: String
    }

    static func float32Array(named name: String, in url: URL) throws -> Array {
        let archive = try Archive(url: url, accessMode: .read)
        guard let entry = archive["\(name).npy"] else { throw Unreadable(description: "no \(name).npy in \(url.lastPathComponent)") }
        var data = Data()
        _ = try archive.extract(entry) { data.append($0) }
        return try npy(data)
    }

    /// Magic "\x93NUMPY", version, header length (2 bytes in version 1, 4 in 2 and 3), a Python dict literal
    /// header, then the raw values.
    static func npy(_ data: Data) throws -> Array {
        let bytes = [UInt8](data)
        guard bytes.count > 10, bytes[0] == 0x93, String(decoding: bytes[1..<6], as: UTF8.self) == "NUMPY" else {
            throw Unreadable(description: "not an .npy file")
        }
        let major = bytes[6]
        let headerLength = major == 1 ? Int(bytes[8]) | Int(bytes[9]) << 8
            : Int(bytes[8]) | Int(bytes[9]) << 8 | Int(bytes[10]) << 16 | Int(bytes[11]) << 24
        let headerStart = major == 1 ? 10 : 12
        let header = String(decoding: bytes[headerStart..<(headerStart + headerLength)], as: UTF8.self)
        guard header.contains("'descr': '<f4'"), header.contains("'fortran_order': False"),
              let open = header.range(of: "'shape': ("), let close = header[open.upperBound...].firstIndex(of: ")") else {
            throw Unreadable(description: "only little-endian float32 C-order arrays are read: \(header)")
        }
        let shape = header[open.upperBound..<close].split(separator: ",").compactMap {
            Int($0.trimmingCharacters(in: .whitespaces))
        }
        let count = shape.reduce(1, *)
        let start = headerStart + headerLength
        guard bytes.count - start >= count * 4 else { throw Unreadable(description: "the array is cut short") }
        let values = (0..<count).map { i -> Float in
            let o = start + i * 4
            return Float(bitPattern: UInt32(bytes[o]) | UInt32(bytes[o + 1]) << 8 | UInt32(bytes[o + 2]) << 16 | UInt32(bytes[o + 3]) << 24)
        }
        return Array(shape: shape, values: values)
    }
}
