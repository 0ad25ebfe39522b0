/// A Python object as far as a PyTorch weights file needs them, read by `RestrictedUnpickler`.
///
/// Lists and dicts are `PickleContainer`s, shared by reference as in Python: a pickle may memoise a dict and fill it
/// afterwards, and every reference to it must see the filled dict.
enum PickleValue {
    case none
    case bool(Bool)
    case int(Int)
    /// An integer too long for `Int`, as its little-endian two's-complement bytes (torch's magic number is one).
    case bigInt([UInt8])
    case float(Double)
    case string(String)
    case bytes([UInt8])
    case tuple([PickleValue])
    case list(PickleContainer)
    case dict(PickleContainer)
    case global(PickleGlobal)
    /// A storage named by a persistent ID: torch keeps the raw numbers outside the pickle.
    case storage(StorageReference)
    case tensor(TensorReference)

    var int: Int? { if case .int(let value) = self { return value } else { return nil } }
    var string: String? { if case .string(let value) = self { return value } else { return nil } }
    var isNone: Bool { if case .none = self { return true } else { return false } }
    var isTrue: Bool { if case .bool(true) = self { return true } else { return false } }
    var tuple: [PickleValue]? { if case .tuple(let items) = self { return items } else { return nil } }

    /// The integers of a tuple of integers (a shape or strides), or nil for anything else.
    var ints: [Int]? {
        guard let items = tuple else { return nil }
        let values = items.compactMap(\.int)
        return values.count == items.count ? values : nil
    }
}

/// A Python list or dict: one object that every reference to it shares.
final class PickleContainer {
    /// A list's items, or a dict's keys and values alternating (keys in insertion order, as OrderedDict keeps them).
    var items: [PickleValue] = []

    init(items: [PickleValue] = []) {
        self.items = items
    }

    /// A dict's entries as (key, value) pairs in insertion order; a key set twice appears once, with its last value.
    var entries: [(key: PickleValue, value: PickleValue)] {
        var pairs: [(key: PickleValue, value: PickleValue)] = []
        var indexOfStringKey: [String: Int] = [:]
        var index = 0
        while index + 1 < items.count {
            let key = items[index], value = items[index + 1]
            if let name = key.string, let earlier = indexOfStringKey[name] {
                pairs[earlier].value = value
            } else {
                if let name = key.string { indexOfStringKey[name] = pairs.count }
                pairs.append((key, value))
            }
            index += 2
        }
        return pairs
    }
}

/// The only Python names a PyTorch state dict refers to. Any other name is refused, because unpickling it could run
/// arbitrary code in Python, and here would mean the file is not a plain weights file.
enum PickleGlobal: Equatable {
    case orderedDict
    case rebuildTensor
    case storageType(TorchStorageType)

    init?(module: String, name: String) {
        switch (module, name) {
        case ("collections", "OrderedDict"): self = .orderedDict
        case ("torch._utils", "_rebuild_tensor_v2"): self = .rebuildTensor
        case ("torch", _):
            guard let type = TorchStorageType(rawValue: name) else { return nil }
            self = .storageType(type)
        default: return nil
        }
    }
}

/// The element types of torch storages, named as torch pickles them.
enum TorchStorageType: String, Equatable {
    case float = "FloatStorage"
    case double = "DoubleStorage"
    case half = "HalfStorage"
    case long = "LongStorage"
    case int = "IntStorage"
    case short = "ShortStorage"
    case char = "CharStorage"
    case byte = "ByteStorage"
    case bool = "BoolStorage"

    var elementSize: Int {
        switch self {
        case .double, .long: 8
        case .float, .int: 4
        case .half, .short: 2
        case .char, .byte, .bool: 1
        }
    }
}

/// A storage as a persistent ID names it: its key (where its bytes are in the file) and element type.
struct StorageReference: Equatable {
    let key: String
    let type: TorchStorageType
}

/// A tensor as `_rebuild_tensor_v2` describes it: a view of a storage with an offset, a shape and strides (in
/// elements). The strides need not be contiguous: these weights keep TensorFlow's layout under PyTorch's shape.
struct TensorReference: Equatable {
    let storage: StorageReference
    let offset: Int
    let shape: [Int]
    let strides: [Int]
}
