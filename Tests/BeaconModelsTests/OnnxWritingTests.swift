@testable import BeaconModels
import Testing

/// The protobuf writer and the ONNX messages, against bytes taken from shared/models/efficientnet_lite0_embed.onnx
/// (written by Python's protobuf) and from the protobuf encoding rules.
@Suite struct OnnxWritingTests {
    @Test func writesVarintsStringsAndNestedMessagesAsProtobufDoes() {
        var writer = ProtobufWriter()
        writer.integer(1, 300)
        writer.integer(2, -1)
        writer.string(3, "ab")
        writer.message(4) { $0.integer(1, 1) }
        #expect(writer.bytes == [0x08, 0xac, 0x02,
                                 0x10, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01,
                                 0x1a, 0x02, 0x61, 0x62,
                                 0x22, 0x02, 0x08, 0x01])
    }

    @Test func writesTheFieldNumbersAboveFifteenWithTwoByteTags() {
        var writer = ProtobufWriter()
        writer.integer(20, 7)
        #expect(writer.bytes == [0xa0, 0x01, 0x07])
    }

    @Test func writesAValueInfoAsTheReferenceFileHasIt() {
        var writer = ProtobufWriter()
        OnnxValueInfo(name: "input_u8", elementType: .uint8, shape: [1, 224, 224, 3]).write(to: &writer)
        #expect(writer.bytes == Array("\n\u{08}input_u8\u{12}\u{18}\n\u{16}\u{08}\u{02}\u{12}\u{12}\n\u{02}\u{08}\u{01}".utf8)
            + [0x0a, 0x03, 0x08, 0xe0, 0x01, 0x0a, 0x03, 0x08, 0xe0, 0x01, 0x0a, 0x02, 0x08, 0x03])
    }

    @Test func writesANodeWithIntAndIntsAttributes() {
        var writer = ProtobufWriter()
        OnnxNode(name: "t", opType: "Transpose", inputs: ["a"], outputs: ["b"],
                 attributes: [.ints("perm", [0, 3, 1, 2]), .int("to", 1)]).write(to: &writer)
        let perm: [UInt8] = [0x2a, 0x11] + Array("\n\u{04}perm".utf8) + [0x40, 0, 0x40, 3, 0x40, 1, 0x40, 2, 0xa0, 0x01, 0x07]
        let to: [UInt8] = [0x2a, 0x09] + Array("\n\u{02}to".utf8) + [0x18, 0x01, 0xa0, 0x01, 0x02]
        #expect(writer.bytes == Array("\n\u{01}a\u{12}\u{01}b\u{1a}\u{01}t\"\u{09}Transpose".utf8) + perm + to)
    }

    @Test func writesAScalarInitializerAsRawLittleEndianFloats() {
        var writer = ProtobufWriter()
        OnnxTensor(name: "c6", dims: [], values: [6]).write(to: &writer)
        #expect(writer.bytes == [0x10, 0x01, 0x42, 0x02, 0x63, 0x36, 0x4a, 0x04, 0x00, 0x00, 0xc0, 0x40])
    }
}
