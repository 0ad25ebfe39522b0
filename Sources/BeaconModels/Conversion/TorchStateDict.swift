/// A float32 tensor, laid out contiguously (row-major) whatever its strides were in the file.
struct FloatTensor: Equatable {
    let shape: [Int]
    let values: [Float]

    init(shape: [Int], values: [Float]) {
        precondition(shape.reduce(1, *) == values.count, "a tensor's values must fill its shape")
        self.shape = shape
        self.values = values
    }
}

/// Why a weights file could not be read as a PyTorch state dict.
enum TorchFileError: Error, Equatable {
    case pickle(PickleError)
    /// The file is not in torch's legacy format (e.g. the newer zip format, or not torch at all).
    case notLegacyTorchFile(String)
    case truncated(String)

    var detail: String {
        switch self {
        case .pickle(let error): error.detail
        case .notLegacyTorchFile(let why): why
        case .truncated(let what): "it ends before \(what)"
        }
    }
}

/// The float tensors of a PyTorch state dict saved in torch's legacy format (torch.save before 1.6), by name.
///
/// That format is five pickles one after another (a magic number, the protocol version, system information, the
/// state dict itself with storages as persistent IDs, and the list of storage keys), then each storage as an
/// 8-byte little-endian element count followed by its raw little-endian elements. Only float32 tensors are kept;
/// the others (batch norms' `num_batches_tracked`) are not weights.
struct TorchStateDict {
    let tensors: [String: FloatTensor]

    private static let magicNumber: [UInt8] = [0x6c, 0xfc, 0x9c, 0x46, 0xf9, 0x20, 0x6a, 0xa8, 0x50, 0x19]
    private static let protocolVersion = 1001

    init(tensors: [String: FloatTensor]) {
        self.tensors = tensors
    }

    init(legacyFile bytes: [UInt8]) throws(TorchFileError) {
        if bytes.starts(with: [0x50, 0x4b, 0x03, 0x04]) {
            throw .notLegacyTorchFile("it is in the newer zip format of torch.save, which this converter does not read")
        }
        var reader = RestrictedUnpickler(bytes: bytes)
        let magic, version, systemInfo: PickleValue
        do throws(PickleError) {
            (magic, version, systemInfo) = (try reader.load(), try reader.load(), try reader.load())
        } catch {
            throw .notLegacyTorchFile("it does not start like a file written by torch.save")
        }
        guard case .bigInt(let magicBytes) = magic, magicBytes == Self.magicNumber, version.int == Self.protocolVersion else {
            throw .notLegacyTorchFile("it does not start like a file written by torch.save")
        }
        // The storages are read as little-endian numbers, as every machine torch runs on today writes them.
        guard case .dict(let info) = systemInfo,
              info.entries.contains(where: { $0.key.string == "little_endian" && $0.value.isTrue }) else {
            throw .notLegacyTorchFile("it was written on a big-endian machine")
        }
        let (stateDict, keys): (PickleValue, PickleValue)
        do throws(PickleError) {
            stateDict = try reader.load()
            keys = try reader.load()
        } catch {
            throw .pickle(error)
        }
        let storages = try Self.readStorages(keys: keys, references: Self.tensorReferences(in: stateDict),
                                             bytes: bytes, from: reader.offset)
        var tensors: [String: FloatTensor] = [:]
        for (name, reference) in try Self.tensorReferences(in: stateDict) where reference.storage.type == .float {
            guard let storage = storages[reference.storage.key] else { throw .truncated("the storage of \(name)") }
            tensors[name] = try Self.gather(reference, from: storage, name: name)
        }
        self.tensors = tensors
    }

    /// The state dict's (name, tensor) pairs.
    private static func tensorReferences(in stateDict: PickleValue) throws(TorchFileError) -> [(String, TensorReference)] {
        guard case .dict(let container) = stateDict else { throw .notLegacyTorchFile("it does not hold a state dict") }
        var references: [(String, TensorReference)] = []
        for (key, value) in container.entries {
            guard let name = key.string, case .tensor(let reference) = value else {
                throw .notLegacyTorchFile("it holds something other than named tensors")
            }
            references.append((name, reference))
        }
        return references
    }

    /// Each float storage's raw bytes, by key; the others are skipped over.
    private static func readStorages(keys: PickleValue, references: [(String, TensorReference)], bytes: [UInt8],
                                     from start: Int) throws(TorchFileError) -> [String: ArraySlice<UInt8>] {
        guard case .list(let list) = keys else { throw .notLegacyTorchFile("its list of storages is missing") }
        var types: [String: TorchStorageType] = [:]
        for (_, reference) in references { types[reference.storage.key] = reference.storage.type }
        var storages: [String: ArraySlice<UInt8>] = [:]
        var offset = start
        for keyValue in list.items {
            guard let key = keyValue.string, let type = types[key] else {
                throw .notLegacyTorchFile("it lists a storage no tensor uses")
            }
            guard offset + 8 <= bytes.count else { throw .truncated("storage \(key)") }
            let count = bytes[offset..<offset + 8].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            offset += 8
            let length = Int(clamping: count) * type.elementSize
            guard length >= 0, offset + length <= bytes.count else { throw .truncated("storage \(key)") }
            if type == .float { storages[key] = bytes[offset..<offset + length] }
            offset += length
        }
        return storages
    }

    /// The tensor's elements in row-major order, read through its strides.
    private static func gather(_ reference: TensorReference, from storage: ArraySlice<UInt8>,
                               name: String) throws(TorchFileError) -> FloatTensor {
        let count = reference.shape.reduce(1, *)
        let elements = storage.count / 4
        var values = [Float](repeating: 0, count: count)
        var index = [Int](repeating: 0, count: reference.shape.count)
        let base = storage.startIndex
        for flat in 0..<count {
            var element = reference.offset
            for axis in index.indices { element += index[axis] * reference.strides[axis] }
            guard element >= 0, element < elements else { throw .truncated("the end of \(name)'s elements") }
            let at = base + element * 4
            let bits = UInt32(storage[at]) | UInt32(storage[at + 1]) << 8 | UInt32(storage[at + 2]) << 16
                | UInt32(storage[at + 3]) << 24
            values[flat] = Float(bitPattern: bits)
            // Advance the multi-index like an odometer, last axis fastest.
            var axis = index.count - 1
            while axis >= 0 {
                index[axis] += 1
                if index[axis] < reference.shape[axis] { break }
                index[axis] = 0
                axis -= 1
            }
        }
        return FloatTensor(shape: reference.shape, values: values)
    }
}
