@testable import BeaconModels
import Foundation
import Testing

/// The restricted unpickler and torch's legacy file format, on pickles written by hand.
@Suite struct UnpicklerTests {
    typealias P = PickleBytes

    @Test func readsAHandMadeStateDictWithItsTensorsViewOfAStorage() throws {
        let bytes = P.proto + P.orderedDict + P.mark + P.string("w")
            + P.tensor(storage: "7", elements: 6, shape: [2, 3], strides: [1, 2]) + P.setItems + P.stop
        var reader = RestrictedUnpickler(bytes: bytes)
        let value = try reader.load()

        guard case .dict(let dict) = value else { Issue.record("expected a dict, got \(value)"); return }
        #expect(dict.entries.count == 1)
        #expect(dict.entries.first?.key.string == "w")
        guard case .tensor(let tensor)? = dict.entries.first?.value else { Issue.record("expected a tensor"); return }
        #expect(tensor == TensorReference(storage: StorageReference(key: "7", type: .float), offset: 0,
                                          shape: [2, 3], strides: [1, 2]))
        #expect(reader.offset == bytes.count)
    }

    @Test func refusesAPickleThatNamesAForeignGlobal() {
        // The classic attack: os.system("ls") on load.
        let bytes = P.proto + P.global("os", "system") + P.string("ls") + [0x85] + P.reduce + P.stop
        var reader = RestrictedUnpickler(bytes: bytes)
        #expect(throws: PickleError.forbiddenGlobal(module: "os", name: "system")) { try reader.load() }
    }

    @Test func refusesATorchNameThatIsNotAStorageType() {
        var reader = RestrictedUnpickler(bytes: P.proto + P.global("torch", "load") + P.stop)
        #expect(throws: PickleError.forbiddenGlobal(module: "torch", name: "load")) { try reader.load() }
    }

    @Test func aWeightsFileNamingAForeignGlobalIsRefusedWithTheObjectNamed() throws {
        let bytes = P.legacyHeader + P.proto + P.global("builtins", "eval") + P.string("1") + [0x85] + P.reduce + P.stop
        let error = #expect(throws: ConversionError.self) { try ModelConversion.efficientNetLite0.convert(bytes) }
        #expect(error == .unreadableWeights("it refers to the Python object builtins.eval, which a plain weights file never needs"))
    }

    @Test func refusesUnknownOpcodesAndTruncatedPickles() {
        var unknown = RestrictedUnpickler(bytes: P.proto + [UInt8(ascii: "i")] + P.stop) // INST: protocol 0 objects
        #expect(throws: PickleError.unsupportedOpcode(UInt8(ascii: "i"), offset: 2)) { try unknown.load() }
        var truncated = RestrictedUnpickler(bytes: P.proto + P.string("abc").dropLast())
        #expect(throws: PickleError.truncated(offset: 7)) { try truncated.load() }
    }

    @Test func readsALegacyTorchFileThroughNonContiguousStrides() throws {
        let values: [Float] = [1, 2, 3, -4, 5.5, 6e-7]
        let dict = try TorchStateDict(legacyFile: P.legacyTorchFile(rowMajor: values))
        #expect(dict.tensors == ["w": FloatTensor(shape: [2, 3], values: values)])
    }

    @Test func refusesTheZipFormatAndTruncatedStorages() throws {
        #expect(throws: TorchFileError.notLegacyTorchFile(
            "it is in the newer zip format of torch.save, which this converter does not read")) {
            try TorchStateDict(legacyFile: [0x50, 0x4b, 0x03, 0x04, 0, 0])
        }
        let whole = P.legacyTorchFile(rowMajor: [1, 2, 3, 4, 5, 6])
        #expect(throws: TorchFileError.truncated("storage 0")) { try TorchStateDict(legacyFile: Array(whole.dropLast(3))) }
    }
}
