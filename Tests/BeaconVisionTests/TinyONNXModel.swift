import Foundation

/// Writes a tiny ONNX model (one Identity node) by encoding the protobuf by hand, so tests can exercise sessions,
/// metadata and shape checks on a real file without shipping one.
enum TinyONNXModel {
    static func identity(shape: [Int], metadata: [String: String] = [:]) -> Data {
        identities(shape: shape, outputs: 1, metadata: metadata)
    }

    /// A model whose `outputs` outputs are each a copy of its one input.
    static func identities(shape: [Int], outputs: Int, metadata: [String: String] = [:]) -> Data {
        let tensorType = message(1, varint(1, 1) + message(2, shape.map { message(1, varint(1, UInt64($0))) }.reduce(Data(), +)))
        let valueInfo = { (name: String) in string(1, name) + message(2, tensorType) }
        let names = outputs == 1 ? ["y"] : (0..<outputs).map { "y\($0)" }
        let nodes = names.map { message(1, string(1, "x") + string(2, $0) + string(3, "copy_\($0)") + string(4, "Identity")) }
        let graph = nodes.reduce(Data(), +) + string(2, "tiny") + message(11, valueInfo("x"))
            + names.map { message(12, valueInfo($0)) }.reduce(Data(), +)
        var model = varint(1, 7) + string(2, "beacon-tests") + message(7, graph) + message(8, varint(2, 13))
        for (key, value) in metadata.sorted(by: { $0.key < $1.key }) {
            model += message(14, string(1, key) + string(2, value))
        }
        return model
    }

    private static func rawVarint(_ value: UInt64) -> Data {
        var value = value
        var bytes = Data()
        repeat {
            var byte = UInt8(value & 0x7F)
            value >>= 7
            if value != 0 { byte |= 0x80 }
            bytes.append(byte)
        } while value != 0
        return bytes
    }

    private static func varint(_ field: Int, _ value: UInt64) -> Data {
        rawVarint(UInt64(field << 3)) + rawVarint(value)
    }

    private static func message(_ field: Int, _ body: Data) -> Data {
        rawVarint(UInt64(field << 3 | 2)) + rawVarint(UInt64(body.count)) + body
    }

    private static func string(_ field: Int, _ text: String) -> Data {
        message(field, Data(text.utf8))
    }
}
