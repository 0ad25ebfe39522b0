/// The parts of an ONNX model a converted network needs, serialised as ONNX's protobuf schema (onnx.proto) lays
/// them out. Field numbers are onnx.proto's; each `write` emits them in ascending order, as Python's onnx does.
struct OnnxModel {
    var irVersion: Int
    var producerName: String
    /// The default ("ai.onnx") domain's opset.
    var opsetVersion: Int
    var graph: OnnxGraph

    func serialized() -> [UInt8] {
        var writer = ProtobufWriter()
        writer.integer(1, irVersion)
        writer.string(2, producerName)
        writer.message(7, graph.write)
        writer.message(8) { opset in
            opset.string(1, "") // the default domain, written out as Python's onnx writes it
            opset.integer(2, opsetVersion)
        }
        return writer.bytes
    }
}

struct OnnxGraph {
    var name: String
    var nodes: [OnnxNode]
    var initializers: [OnnxTensor]
    var inputs: [OnnxValueInfo]
    var outputs: [OnnxValueInfo]
    var valueInfo: [OnnxValueInfo]

    func write(to writer: inout ProtobufWriter) {
        for node in nodes { writer.message(1, node.write) }
        writer.string(2, name)
        for tensor in initializers { writer.message(5, tensor.write) }
        for input in inputs { writer.message(11, input.write) }
        for output in outputs { writer.message(12, output.write) }
        for info in valueInfo { writer.message(13, info.write) }
    }
}

struct OnnxNode {
    var name: String
    var opType: String
    var inputs: [String]
    var outputs: [String]
    /// In the order they are written; Python's onnx.helper sorts them by name.
    var attributes: [OnnxAttribute] = []

    func write(to writer: inout ProtobufWriter) {
        for input in inputs { writer.string(1, input) }
        for output in outputs { writer.string(2, output) }
        writer.string(3, name)
        writer.string(4, opType)
        for attribute in attributes { writer.message(5, attribute.write) }
    }
}

struct OnnxAttribute {
    enum Value {
        case int(Int)
        case ints([Int])
    }

    var name: String
    var value: Value

    static func int(_ name: String, _ value: Int) -> OnnxAttribute { OnnxAttribute(name: name, value: .int(value)) }
    static func ints(_ name: String, _ values: [Int]) -> OnnxAttribute { OnnxAttribute(name: name, value: .ints(values)) }

    func write(to writer: inout ProtobufWriter) {
        writer.string(1, name)
        switch value {
        case .int(let value):
            writer.integer(3, value)
            writer.integer(20, 2) // AttributeProto.INT
        case .ints(let values):
            for value in values { writer.integer(8, value) }
            writer.integer(20, 7) // AttributeProto.INTS
        }
    }
}

/// An initializer: float32 values stored as raw little-endian bytes.
struct OnnxTensor {
    var name: String
    var dims: [Int]
    var values: [Float]

    func write(to writer: inout ProtobufWriter) {
        for dim in dims { writer.integer(1, dim) }
        writer.integer(2, OnnxElementType.float.rawValue)
        writer.string(8, name)
        var raw = [UInt8]()
        raw.reserveCapacity(values.count * 4)
        for value in values {
            let bits = value.bitPattern
            raw += [UInt8(truncatingIfNeeded: bits), UInt8(truncatingIfNeeded: bits >> 8),
                    UInt8(truncatingIfNeeded: bits >> 16), UInt8(truncatingIfNeeded: bits >> 24)]
        }
        writer.data(9, raw)
    }
}

/// TensorProto.DataType values used here.
enum OnnxElementType: Int {
    case float = 1
    case uint8 = 2
}

/// A graph input or output: a name, an element type and a fixed shape.
struct OnnxValueInfo {
    var name: String
    var elementType: OnnxElementType
    var shape: [Int]

    func write(to writer: inout ProtobufWriter) {
        writer.string(1, name)
        writer.message(2) { type in
            type.message(1) { tensorType in
                tensorType.integer(1, elementType.rawValue)
                tensorType.message(2) { tensorShape in
                    for size in shape { tensorShape.message(1) { dim in dim.integer(1, size) } }
                }
            }
        }
    }
}
