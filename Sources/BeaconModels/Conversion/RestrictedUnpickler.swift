/// Why a pickle was refused or could not be read.
enum PickleError: Error, Equatable {
    /// The pickle names a Python object a weights file never needs (it could run code in Python).
    case forbiddenGlobal(module: String, name: String)
    case unsupportedOpcode(UInt8, offset: Int)
    case truncated(offset: Int)
    /// The opcodes are known but do not make sense together (e.g. REDUCE on something that is not callable).
    case malformed(String, offset: Int)

    var detail: String {
        switch self {
        case .forbiddenGlobal(let module, let name):
            "it refers to the Python object \(module).\(name), which a plain weights file never needs"
        case .unsupportedOpcode(let opcode, let offset):
            "its pickle has opcode 0x\(String(opcode, radix: 16)) at byte \(offset), which a state dict does not use"
        case .truncated(let offset):
            "its pickle ends early, at byte \(offset)"
        case .malformed(let what, let offset):
            "its pickle is malformed at byte \(offset) (\(what))"
        }
    }
}

/// Reads Python pickles (protocols 2 to 4) that hold PyTorch state dicts, and nothing more.
///
/// Only the four kinds of global a state dict uses are accepted (`PickleGlobal`); calling one builds a plain value
/// instead of running Python code. Tensors come out as `TensorReference`s to storages the caller reads.
struct RestrictedUnpickler {
    private let bytes: [UInt8]
    private(set) var offset: Int
    private var stack: [PickleValue] = []
    /// Where each MARK was, as stack depths.
    private var marks: [Int] = []
    private var memo: [Int: PickleValue] = [:]

    /// Reads from `bytes` starting at `offset`; several pickles may follow one another (torch's legacy format).
    init(bytes: [UInt8], offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    /// Reads one pickle, up to and including its STOP, and leaves `offset` just after it.
    mutating func load() throws(PickleError) -> PickleValue {
        stack = []
        marks = []
        memo = [:]
        while true {
            let opcodeOffset = offset
            let opcode = try byte()
            if opcode == Opcode.stop {
                guard stack.count == 1, marks.isEmpty else { throw .malformed("STOP with \(stack.count) values", offset: opcodeOffset) }
                return stack.removeLast()
            }
            try execute(opcode, at: opcodeOffset)
        }
    }

    private enum Opcode {
        static let stop = UInt8(ascii: ".")
    }

    private mutating func execute(_ opcode: UInt8, at position: Int) throws(PickleError) {
        switch opcode {
        case 0x80: _ = try byte() // PROTO: the version does not change how these opcodes read
        case 0x95: _ = try take(8) // FRAME (protocol 4): a length hint only
        case UInt8(ascii: "("): marks.append(stack.count) // MARK
        case UInt8(ascii: "N"): stack.append(.none)
        case 0x88: stack.append(.bool(true)) // NEWTRUE
        case 0x89: stack.append(.bool(false)) // NEWFALSE
        case UInt8(ascii: "K"): stack.append(.int(Int(try byte()))) // BININT1
        case UInt8(ascii: "M"): stack.append(.int(Int(try littleEndian(2)))) // BININT2
        case UInt8(ascii: "J"): stack.append(.int(Int(Int32(truncatingIfNeeded: try littleEndian(4))))) // BININT
        case 0x8a: stack.append(Self.long(try take(Int(try byte())))) // LONG1
        case UInt8(ascii: "G"): // BINFLOAT, big-endian
            let raw = try take(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            stack.append(.float(Double(bitPattern: raw)))
        case UInt8(ascii: "X"): stack.append(.string(try text(length: Int(try littleEndian(4)), at: position))) // BINUNICODE
        case 0x8c: stack.append(.string(try text(length: Int(try byte()), at: position))) // SHORT_BINUNICODE
        case UInt8(ascii: "C"): stack.append(.bytes(try take(Int(try byte())))) // SHORT_BINBYTES
        case UInt8(ascii: "B"): stack.append(.bytes(try take(Int(try littleEndian(4))))) // BINBYTES
        case UInt8(ascii: ")"): stack.append(.tuple([])) // EMPTY_TUPLE
        case UInt8(ascii: "t"): stack.append(.tuple(try popToMark(at: position))) // TUPLE
        case 0x85, 0x86, 0x87: // TUPLE1, TUPLE2, TUPLE3
            let count = Int(opcode - 0x84)
            stack.append(.tuple(try pop(count, at: position)))
        case UInt8(ascii: "]"): stack.append(.list(PickleContainer())) // EMPTY_LIST
        case UInt8(ascii: "}"): stack.append(.dict(PickleContainer())) // EMPTY_DICT
        case UInt8(ascii: "a"): try extend(with: try pop(1, at: position), list: true, at: position) // APPEND
        case UInt8(ascii: "e"): try extend(with: try popToMark(at: position), list: true, at: position) // APPENDS
        case UInt8(ascii: "s"): try extend(with: try pop(2, at: position), list: false, at: position) // SETITEM
        case UInt8(ascii: "u"): try extend(with: try popToMark(at: position), list: false, at: position) // SETITEMS
        case UInt8(ascii: "q"): try memoise(Int(try byte()), at: position) // BINPUT
        case UInt8(ascii: "r"): try memoise(Int(try littleEndian(4)), at: position) // LONG_BINPUT
        case 0x94: try memoise(memo.count, at: position) // MEMOIZE
        case UInt8(ascii: "h"): try recall(Int(try byte()), at: position) // BINGET
        case UInt8(ascii: "j"): try recall(Int(try littleEndian(4)), at: position) // LONG_BINGET
        case UInt8(ascii: "c"): // GLOBAL
            let module = try line(at: position), name = try line(at: position)
            guard let global = PickleGlobal(module: module, name: name) else {
                throw .forbiddenGlobal(module: module, name: name)
            }
            stack.append(.global(global))
        case UInt8(ascii: "Q"): // BINPERSID
            let id = try pop(1, at: position)[0]
            stack.append(.storage(try Self.storage(persistentID: id, at: position)))
        case UInt8(ascii: "R"): // REDUCE
            let popped = try pop(2, at: position)
            stack.append(try Self.call(popped[0], arguments: popped[1], at: position))
        case UInt8(ascii: "b"): // BUILD: only an OrderedDict's extra attributes (torch's `_metadata`), not needed here
            let popped = try pop(2, at: position)
            guard case .dict = popped[0] else { throw .malformed("BUILD on something other than a dict", offset: position) }
            stack.append(popped[0])
        default:
            throw .unsupportedOpcode(opcode, offset: position)
        }
    }

    /// What calling an accepted global builds: an empty dict, or the description of a tensor.
    private static func call(_ callable: PickleValue, arguments: PickleValue,
                             at position: Int) throws(PickleError) -> PickleValue {
        guard case .global(let global) = callable, let arguments = arguments.tuple else {
            throw .malformed("REDUCE on something that is not an accepted global", offset: position)
        }
        switch global {
        case .orderedDict:
            guard arguments.isEmpty else { throw .malformed("OrderedDict with arguments", offset: position) }
            return .dict(PickleContainer())
        case .rebuildTensor:
            // (storage, storage_offset, size, stride, requires_grad, backward_hooks[, metadata])
            guard arguments.count >= 4, case .storage(let storage) = arguments[0], let offset = arguments[1].int,
                  let shape = arguments[2].ints, let strides = arguments[3].ints, shape.count == strides.count else {
                throw .malformed("unexpected arguments to _rebuild_tensor_v2", offset: position)
            }
            return .tensor(TensorReference(storage: storage, offset: offset, shape: shape, strides: strides))
        case .storageType:
            throw .malformed("a storage type called directly", offset: position)
        }
    }

    /// A legacy persistent ID: ("storage", storage type, key, location, element count, view metadata).
    private static func storage(persistentID: PickleValue, at position: Int) throws(PickleError) -> StorageReference {
        guard let fields = persistentID.tuple, fields.count >= 3, fields[0].string == "storage",
              case .global(.storageType(let type)) = fields[1], let key = fields[2].string else {
            throw .malformed("a persistent ID that is not a torch storage", offset: position)
        }
        if fields.count > 5, !fields[5].isNone {
            throw .malformed("a storage view, which state dicts do not use", offset: position)
        }
        return StorageReference(key: key, type: type)
    }

    private static func long(_ raw: [UInt8]) -> PickleValue {
        guard raw.count <= 8 else { return .bigInt(raw) }
        guard let last = raw.last else { return .int(0) }
        var value: UInt64 = last & 0x80 != 0 ? ~0 : 0 // sign-extend
        for byte in raw.reversed() { value = value << 8 | UInt64(byte) }
        return .int(Int(Int64(bitPattern: value)))
    }

    private mutating func extend(with values: [PickleValue], list: Bool, at position: Int) throws(PickleError) {
        guard let top = stack.last else { throw .malformed("nothing to add to", offset: position) }
        switch top {
        case .list(let container) where list: container.items += values
        case .dict(let container) where !list && values.count.isMultiple(of: 2): container.items += values
        default: throw .malformed(list ? "APPEND to something that is not a list" : "SETITEM on something that is not a dict",
                                  offset: position)
        }
    }

    private mutating func memoise(_ index: Int, at position: Int) throws(PickleError) {
        guard let top = stack.last else { throw .malformed("memoising an empty stack", offset: position) }
        memo[index] = top
    }

    private mutating func recall(_ index: Int, at position: Int) throws(PickleError) {
        guard let value = memo[index] else { throw .malformed("memo \(index) was never set", offset: position) }
        stack.append(value)
    }

    private mutating func pop(_ count: Int, at position: Int) throws(PickleError) -> [PickleValue] {
        guard stack.count - count >= (marks.last ?? 0) else { throw .malformed("stack underflow", offset: position) }
        defer { stack.removeLast(count) }
        return Array(stack.suffix(count))
    }

    private mutating func popToMark(at position: Int) throws(PickleError) -> [PickleValue] {
        guard let mark = marks.popLast() else { throw .malformed("no MARK", offset: position) }
        defer { stack.removeSubrange(mark...) }
        return Array(stack[mark...])
    }

    private mutating func byte() throws(PickleError) -> UInt8 {
        guard offset < bytes.count else { throw .truncated(offset: offset) }
        defer { offset += 1 }
        return bytes[offset]
    }

    private mutating func take(_ count: Int) throws(PickleError) -> [UInt8] {
        guard count >= 0, offset + count <= bytes.count else { throw .truncated(offset: offset) }
        defer { offset += count }
        return Array(bytes[offset..<offset + count])
    }

    private mutating func littleEndian(_ count: Int) throws(PickleError) -> UInt32 {
        try take(count).reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    }

    private mutating func text(length: Int, at position: Int) throws(PickleError) -> String {
        let raw = try take(length)
        guard let text = String(validating: raw, as: UTF8.self) else { throw .malformed("a string that is not UTF-8", offset: position) }
        return text
    }

    /// A newline-terminated ASCII line (GLOBAL's module and name).
    private mutating func line(at position: Int) throws(PickleError) -> String {
        guard let end = bytes[offset...].firstIndex(of: UInt8(ascii: "\n")) else { throw .truncated(offset: offset) }
        let raw = try take(end - offset)
        offset += 1
        guard let text = String(validating: raw, as: UTF8.self) else { throw .malformed("a name that is not text", offset: position) }
        return text
    }
}
