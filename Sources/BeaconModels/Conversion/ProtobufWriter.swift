/// Writes protocol buffer messages field by field, in the order the fields are written.
///
/// ONNX files are protobuf. To produce the same bytes as Python's protobuf serializer, callers write fields in
/// ascending field-number order and repeated scalars unpacked (ONNX's .proto is proto2 without `packed`).
struct ProtobufWriter {
    private(set) var bytes: [UInt8] = []

    private enum WireType: UInt64 {
        case varint = 0
        case lengthDelimited = 2
    }

    /// An integer field (int32, int64, enum); negative values take ten bytes, as protobuf encodes them.
    mutating func integer(_ field: Int, _ value: Int) {
        tag(field, .varint)
        varint(UInt64(bitPattern: Int64(value)))
    }

    mutating func string(_ field: Int, _ value: String) {
        data(field, Array(value.utf8))
    }

    mutating func data(_ field: Int, _ value: [UInt8]) {
        tag(field, .lengthDelimited)
        varint(UInt64(value.count))
        bytes += value
    }

    /// An embedded message, written by `body` into a writer of its own.
    mutating func message(_ field: Int, _ body: (inout ProtobufWriter) -> Void) {
        var nested = ProtobufWriter()
        body(&nested)
        data(field, nested.bytes)
    }

    private mutating func tag(_ field: Int, _ type: WireType) {
        varint(UInt64(field) << 3 | type.rawValue)
    }

    private mutating func varint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }
}
