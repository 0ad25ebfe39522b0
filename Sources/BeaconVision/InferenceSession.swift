import BeaconCore
import COnnxRuntime
import Foundation

/// How a session runs: threads and whether idle workers spin.
public struct SessionOptions: Sendable, Hashable {
    /// Intra-op threads; 0 lets ONNX Runtime use one per core.
    public var intraOpThreads: Int
    /// Spinning workers answer faster but burn CPU between runs that the camera, audio and speech also need.
    public var allowSpinning: Bool

    public init(intraOpThreads: Int = 0, allowSpinning: Bool = false) {
        self.intraOpThreads = intraOpThreads
        self.allowSpinning = allowSpinning
    }
}

/// The name, element type and shape of a model input or output; -1 marks a dynamic dimension.
public struct TensorSpec: Sendable, Hashable {
    public var name: String
    public var elementType: Int32
    public var shape: [Int]
}

/// An output tensor, valid only inside the closure that receives it.
public struct OutputTensor {
    public let shape: [Int]
    public let values: UnsafeBufferPointer<Float>
}

/// A byte output tensor (quantized models), valid only inside the closure that receives it.
public struct ByteOutputTensor {
    public let shape: [Int]
    public let values: UnsafeBufferPointer<UInt8>
}

/// One loaded model. Safe to share across tasks: ONNX Runtime allows concurrent `Run` calls on one session,
/// and everything else here is immutable after init (hence `@unchecked Sendable`).
public final class InferenceSession: @unchecked Sendable {
    public let modelPath: String
    /// The runtime the session was made with; held so the environment outlives every session made in it.
    public let runtime: OnnxRuntime
    public let inputs: [TensorSpec]
    public let outputs: [TensorSpec]

    private let session: OpaquePointer
    let memoryInfo: OpaquePointer
    private let inputNames: [UnsafeMutablePointer<CChar>]
    private let outputNames: [UnsafeMutablePointer<CChar>]

    public init(runtime: OnnxRuntime, modelPath: String, options: SessionOptions = SessionOptions()) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: modelPath, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw InferenceError.modelMissing(path: modelPath)
        }
        let fail = { (reason: String) in InferenceError.sessionFailed(path: modelPath, reason: reason) }

        var sessionOptions: OpaquePointer?
        try OnnxRuntime.check(ortm_create_session_options(&sessionOptions), fail)
        defer { ortm_release_session_options(sessionOptions) }
        try OnnxRuntime.check(ortm_set_intra_op_threads(sessionOptions, Int32(options.intraOpThreads)), fail)
        try OnnxRuntime.check(ortm_set_inter_op_threads(sessionOptions, 1), fail)
        try OnnxRuntime.check(ortm_set_optimization_level(sessionOptions, Int32(ORTM_OPTIMIZE_ALL)), fail)
        try OnnxRuntime.check(ortm_add_config_entry(sessionOptions, "session.intra_op.allow_spinning",
                                                    options.allowSpinning ? "1" : "0"), fail)

        var created: OpaquePointer?
        if let status = ortm_create_session(runtime.environment, modelPath, sessionOptions, &created) {
            let code = ortm_status_code(status)
            let message = OnnxRuntime.shorten(String(cString: ortm_status_message(status)))
            ortm_release_status(status)
            switch Int(code) {
            case ORTM_ERROR_NO_SUCH_FILE: throw InferenceError.modelMissing(path: modelPath)
            case ORTM_ERROR_INVALID_PROTOBUF, ORTM_ERROR_INVALID_GRAPH:
                throw InferenceError.notAModel(path: modelPath, reason: "ONNX Runtime could not parse it")
            default: throw InferenceError.notAModel(path: modelPath, reason: message)
            }
        }
        guard let session = created else { throw fail("no session was created") }

        var memoryInfo: OpaquePointer?
        if let status = ortm_create_cpu_memory_info(&memoryInfo) {
            ortm_release_session(session)
            try OnnxRuntime.check(status, fail)
        }

        do {
            self.inputs = try Self.specs(session, input: true, fail)
            self.outputs = try Self.specs(session, input: false, fail)
        } catch {
            ortm_release_memory_info(memoryInfo)
            ortm_release_session(session)
            throw error
        }
        self.modelPath = modelPath
        self.runtime = runtime
        self.session = session
        self.memoryInfo = memoryInfo!
        self.inputNames = inputs.map { strdup($0.name)! }
        self.outputNames = outputs.map { strdup($0.name)! }
    }

    deinit {
        inputNames.forEach { free($0) }
        outputNames.forEach { free($0) }
        ortm_release_memory_info(memoryInfo)
        ortm_release_session(session)
    }

    /// A custom metadata value stored in the model (e.g. "names" for Ultralytics exports), or nil.
    public func metadata(_ key: String) -> String? {
        var value: UnsafeMutablePointer<CChar>?
        guard let status = ortm_metadata_value(session, key, &value) else {
            defer { free(value) }
            return value.map { String(cString: $0) }
        }
        ortm_release_status(status)
        return nil
    }

    /// Runs the model on one float input and hands every float output to `body` without copying it.
    ///
    /// The input buffer is wrapped, not copied: it must hold `shape`'s element count.
    public func run<Result>(input: UnsafeMutableBufferPointer<Float>, shape: [Int],
                            _ body: ([OutputTensor]) throws -> Result) throws -> Result {
        try run(input: UnsafeMutableRawBufferPointer(input), inputType: Int32(ORTM_ELEMENT_FLOAT),
                outputType: Int32(ORTM_ELEMENT_FLOAT), shape: shape) { results in
            try body(results.map { OutputTensor(shape: $0.shape, values: $0.values.assumingMemoryBound(to: Float.self)) })
        }
    }

    /// Runs a model that takes and gives bytes (quantized models such as FastDepth: uint8 in, uint8 out), handing
    /// every output to `body` without copying it.
    public func run<Result>(bytes input: UnsafeMutableBufferPointer<UInt8>, shape: [Int],
                            _ body: ([ByteOutputTensor]) throws -> Result) throws -> Result {
        try run(input: UnsafeMutableRawBufferPointer(input), inputType: Int32(ORTM_ELEMENT_UINT8),
                outputType: Int32(ORTM_ELEMENT_UINT8), shape: shape) { results in
            try body(results.map { ByteOutputTensor(shape: $0.shape, values: $0.values.assumingMemoryBound(to: UInt8.self)) })
        }
    }

    /// Runs a model that takes bytes and gives floats (a picture in, features out, such as the image embedder),
    /// handing every output to `body` without copying it. Its own label, not an overload of `run(bytes:)`: a
    /// trailing closure that works on either kind of output would otherwise pick one without a word.
    public func run<Result>(bytesToFloats input: UnsafeMutableBufferPointer<UInt8>, shape: [Int],
                            _ body: ([OutputTensor]) throws -> Result) throws -> Result {
        try run(input: UnsafeMutableRawBufferPointer(input), inputType: Int32(ORTM_ELEMENT_UINT8),
                outputType: Int32(ORTM_ELEMENT_FLOAT), shape: shape) { results in
            try body(results.map { OutputTensor(shape: $0.shape, values: $0.values.assumingMemoryBound(to: Float.self)) })
        }
    }

    struct RawOutput {
        var shape: [Int]
        var elementType: Int32
        var values: UnsafeRawBufferPointer
    }

    /// The size in bytes of one element of the tensor types Beacon passes and reads.
    static func elementSize(_ elementType: Int32) -> Int {
        switch Int(elementType) {
        case Int(ORTM_ELEMENT_FLOAT), Int(ORTM_ELEMENT_INT32): 4
        case Int(ORTM_ELEMENT_INT64): 8
        default: 1
        }
    }

    private func run<Result>(input: UnsafeMutableRawBufferPointer, inputType: Int32, outputType elementType: Int32,
                             shape: [Int], _ body: ([RawOutput]) throws -> Result) throws -> Result {
        let fail = { [modelPath] (reason: String) in InferenceError.runFailed(path: modelPath, reason: reason) }
        precondition(shape.reduce(1, *) * Self.elementSize(inputType) == input.count, "input buffer does not match shape \(shape)")
        let dims = shape.map(Int64.init)
        var value: OpaquePointer?
        try OnnxRuntime.check(ortm_create_tensor(memoryInfo, input.baseAddress, input.count,
                                                 dims, dims.count, inputType, &value), fail)
        defer { ortm_release_value(value) }
        var values = [value]
        return try run(values: &values) { tensors in
            for (index, tensor) in tensors.enumerated() where tensor.elementType != elementType {
                let kind = elementType == Int32(ORTM_ELEMENT_FLOAT) ? "a float" : "a byte"
                throw fail("output \(outputs[index].name) is not \(kind) tensor")
            }
            return try body(tensors)
        }
    }

    /// Runs the model on `inputValues` (one for each of its inputs, in order) and hands every output to `body`,
    /// valid only inside it.
    func run<Result>(values inputValues: inout [OpaquePointer?], _ body: ([RawOutput]) throws -> Result) throws -> Result {
        let fail = { [modelPath] (reason: String) in InferenceError.runFailed(path: modelPath, reason: reason) }
        var results = [OpaquePointer?](repeating: nil, count: outputNames.count)
        defer { results.forEach { ortm_release_value($0) } }
        let status: OpaquePointer? = inputNames.withUnsafeBufferPointer { inNames in
            outputNames.withUnsafeBufferPointer { outNames in
                inNames.withMemoryRebound(to: UnsafePointer<CChar>?.self) { inPointers in
                    outNames.withMemoryRebound(to: UnsafePointer<CChar>?.self) { outPointers in
                        ortm_run(session, inPointers.baseAddress, &inputValues, inputValues.count, outPointers.baseAddress,
                                 outNames.count, &results)
                    }
                }
            }
        }
        try OnnxRuntime.check(status, fail)

        var tensors: [RawOutput] = []
        tensors.reserveCapacity(results.count)
        for result in results {
            var outputType: Int32 = 0
            var dims = [Int64](repeating: 0, count: 8)
            var rank = 0
            try OnnxRuntime.check(ortm_tensor_shape(result, &outputType, &dims, dims.count, &rank), fail)
            guard rank <= dims.count else { throw fail("an output has more than \(dims.count) dimensions") }
            var data: UnsafeMutableRawPointer?
            try OnnxRuntime.check(ortm_tensor_data(result, &data), fail)
            let outShape = dims.prefix(rank).map { Int($0) }
            let count = outShape.reduce(1, *)
            tensors.append(RawOutput(shape: outShape, elementType: outputType,
                                     values: UnsafeRawBufferPointer(start: data, count: count * Self.elementSize(outputType))))
        }
        return try body(tensors)
    }

    private static func specs(_ session: OpaquePointer, input: Bool,
                              _ fail: (String) -> InferenceError) throws -> [TensorSpec] {
        var count = 0
        try OnnxRuntime.check(input ? ortm_input_count(session, &count) : ortm_output_count(session, &count), fail)
        return try (0..<count).map { index in
            var name = [CChar](repeating: 0, count: 512)
            try OnnxRuntime.check(input ? ortm_input_name(session, index, &name, name.count)
                                        : ortm_output_name(session, index, &name, name.count), fail)
            var elementType: Int32 = 0
            var dims = [Int64](repeating: 0, count: 8)
            var rank = 0
            try OnnxRuntime.check(input ? ortm_input_shape(session, index, &elementType, &dims, dims.count, &rank)
                                        : ortm_output_shape(session, index, &elementType, &dims, dims.count, &rank), fail)
            return TensorSpec(name: String(nulTerminated: name), elementType: elementType,
                              shape: dims.prefix(min(rank, dims.count)).map { Int($0) })
        }
    }
}
