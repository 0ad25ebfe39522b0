import COnnxRuntime
import Foundation

/// One input of a model that takes several (a speech decoder: token ids, the encoder's states, its caches and a
/// flag): a name, a shape and values of the element type the model declares.
public struct NamedInput: Sendable {
    public enum Values: Sendable {
        case float([Float])
        case int64([Int64])
        case bool([Bool])
    }

    public var name: String
    public var shape: [Int]
    public var values: Values

    public init(_ name: String, shape: [Int], _ values: Values) {
        self.name = name
        self.shape = shape
        self.values = values
    }

    var elementType: Int32 {
        switch values {
        case .float: Int32(ORTM_ELEMENT_FLOAT)
        case .int64: Int32(ORTM_ELEMENT_INT64)
        case .bool: Int32(ORTM_ELEMENT_BOOL)
        }
    }

    var count: Int {
        switch values {
        case .float(let values): values.count
        case .int64(let values): values.count
        case .bool(let values): values.count
        }
    }

    /// The values' bytes, copied into memory the caller deallocates (ONNX Runtime wraps, never copies, what it is
    /// given), and how many of them there are. Swift's Bool is one byte, 0 or 1, as ONNX's bool is.
    func copiedBytes() -> (memory: UnsafeMutableRawBufferPointer, count: Int) {
        func copy<T>(_ array: [T]) -> (UnsafeMutableRawBufferPointer, Int) {
            let count = array.count * MemoryLayout<T>.stride
            // At least one byte: a tensor with no elements (an empty cache) still needs an address.
            let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, count), alignment: 16)
            array.withUnsafeBytes { memory.copyMemory(from: $0) }
            return (memory, count)
        }
        switch values {
        case .float(let values): return copy(values)
        case .int64(let values): return copy(values)
        case .bool(let values): return copy(values)
        }
    }
}

extension InferenceSession {
    /// Runs a model on several named inputs (each of the session's inputs exactly once) and hands its float outputs,
    /// by name, to `body` without copying them.
    public func run<Result>(_ inputs: [NamedInput], _ body: ([String: OutputTensor]) throws -> Result) throws -> Result {
        let fail = { [modelPath] (reason: String) in InferenceError.runFailed(path: modelPath, reason: reason) }
        let byName = Dictionary(inputs.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
        let ordered = try self.inputs.map { spec -> NamedInput in
            guard let input = byName[spec.name] else { throw fail("input \(spec.name) was not given") }
            guard input.shape.reduce(1, *) == input.count else { throw fail("input \(spec.name) does not match its shape") }
            return input
        }
        var memories: [UnsafeMutableRawBufferPointer] = []
        var values: [OpaquePointer?] = []
        defer {
            values.forEach { ortm_release_value($0) }
            memories.forEach { $0.deallocate() }
        }
        for input in ordered {
            let (memory, count) = input.copiedBytes()
            memories.append(memory)
            let dims = input.shape.map(Int64.init)
            var value: OpaquePointer?
            try OnnxRuntime.check(ortm_create_tensor(memoryInfo, memory.baseAddress, count, dims, dims.count,
                                                     input.elementType, &value), fail)
            values.append(value)
        }
        return try run(values: &values) { tensors in
            var outputs: [String: OutputTensor] = [:]
            for (index, tensor) in tensors.enumerated() {
                guard tensor.elementType == Int32(ORTM_ELEMENT_FLOAT) else {
                    throw fail("output \(self.outputs[index].name) is not a float tensor")
                }
                outputs[self.outputs[index].name] = OutputTensor(shape: tensor.shape,
                                                                 values: tensor.values.assumingMemoryBound(to: Float.self))
            }
            return try body(outputs)
        }
    }
}
