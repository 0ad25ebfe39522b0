import Foundation

/// Hand-written pickles (protocol 2), byte by byte, so the unpickler is tested against inputs that no Python wrote.
enum PickleBytes {
    static let proto: [UInt8] = [0x80, 0x02]
    static let stop: [UInt8] = [UInt8(ascii: ".")]
    static let mark: [UInt8] = [UInt8(ascii: "(")]
    static let emptyTuple: [UInt8] = [UInt8(ascii: ")")]
    static let tuple: [UInt8] = [UInt8(ascii: "t")]
    static let reduce: [UInt8] = [UInt8(ascii: "R")]
    static let none: [UInt8] = [UInt8(ascii: "N")]
    static let newFalse: [UInt8] = [0x89]
    static let newTrue: [UInt8] = [0x88]
    static let persistentID: [UInt8] = [UInt8(ascii: "Q")]
    static let setItems: [UInt8] = [UInt8(ascii: "u")]
    static let emptyDict: [UInt8] = [UInt8(ascii: "}")]
    static let emptyList: [UInt8] = [UInt8(ascii: "]")]
    static let appends: [UInt8] = [UInt8(ascii: "e")]

    static func global(_ module: String, _ name: String) -> [UInt8] {
        [UInt8(ascii: "c")] + Array("\(module)\n\(name)\n".utf8)
    }

    static func string(_ text: String) -> [UInt8] {
        let utf8 = Array(text.utf8)
        return [UInt8(ascii: "X")] + littleEndian(UInt64(utf8.count), bytes: 4) + utf8
    }

    static func int(_ value: UInt8) -> [UInt8] { [UInt8(ascii: "K"), value] }

    static func tuple(_ items: [[UInt8]]) -> [UInt8] { mark + items.flatMap { $0 } + tuple }

    static func littleEndian(_ value: UInt64, bytes count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }

    /// `OrderedDict()`.
    static let orderedDict: [UInt8] = global("collections", "OrderedDict") + emptyTuple + reduce

    /// A float32 tensor of `shape` and `strides` over storage `key`, as torch 1.x pickles it.
    static func tensor(storage key: String, elements: UInt8, shape: [UInt8], strides: [UInt8]) -> [UInt8] {
        let persistent = tuple([string("storage"), global("torch", "FloatStorage"), string(key), string("cpu"),
                                int(elements), none]) + persistentID
        return global("torch._utils", "_rebuild_tensor_v2")
            + tuple([persistent, int(0), tuple(shape.map(int)), tuple(strides.map(int)), newFalse, orderedDict]) + reduce
    }

    /// A complete legacy torch.save file holding one 2×3 float tensor "w" whose storage is in the transposed
    /// (column-major) order, with `values` given row by row.
    static func legacyTorchFile(rowMajor values: [Float]) -> [UInt8] {
        precondition(values.count == 6)
        let stateDict = proto + orderedDict + mark + string("w")
            + tensor(storage: "0", elements: 6, shape: [2, 3], strides: [1, 2]) + setItems + stop
        let keys = proto + emptyList + mark + string("0") + appends + stop
        // Column-major: element (row, column) at row + 2 × column.
        let stored = [values[0], values[3], values[1], values[4], values[2], values[5]]
        let storage = littleEndian(6, bytes: 8) + stored.flatMap { littleEndian(UInt64($0.bitPattern), bytes: 4) }
        return legacyHeader + stateDict + keys + storage
    }

    /// The three pickles a legacy torch.save file starts with: magic number, protocol version 1001, system info.
    static var legacyHeader: [UInt8] {
        let magic = proto + [0x8a, 0x0a, 0x6c, 0xfc, 0x9c, 0x46, 0xf9, 0x20, 0x6a, 0xa8, 0x50, 0x19] + stop
        let version = proto + [UInt8(ascii: "M"), 0xe9, 0x03] + stop
        let systemInfo = proto + emptyDict + mark + string("little_endian") + newTrue + setItems + stop
        return magic + version + systemInfo
    }
}
