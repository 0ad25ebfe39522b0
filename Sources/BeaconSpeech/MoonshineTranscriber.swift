import BeaconVision
import Foundation

/// Moonshine base (English), an open-vocabulary recogniser, on Beacon's own ONNX Runtime: 16 kHz samples in, the
/// words said out. The encoder takes the raw samples (no mel front end) and gives about 40 states a second; the
/// merged decoder then writes one token at a time, greedily, feeding back its own key/value cache (the encoder's
/// part of the cache is made once, on the first step).
public final class MoonshineTranscriber: @unchecked Sendable {
    public static let sampleRate = 16_000
    /// Longer stretches are cut before they get here (a voice detector cuts at silences): the model was trained on
    /// at most 30 s, and invents sentences past that.
    public static let longestSeconds = 30.0
    /// The most tokens a second of speech can take; more means the decoder is repeating itself.
    static let tokensPerSecond = 6.5

    private let encoder: InferenceSession
    private let decoder: InferenceSession
    public let tokenizer: MoonshineTokenizer
    /// The decoder's cache inputs, each with its matching output, and the shape of one head's cache.
    private let caches: [(input: String, output: String, isEncoders: Bool)]
    private let heads: Int
    private let headWidth: Int
    private let lock = NSLock()

    public init(runtime: OnnxRuntime, encoderModel: String, decoderModel: String, tokenizer: MoonshineTokenizer,
                options: SessionOptions = SessionOptions()) throws {
        encoder = try InferenceSession(runtime: runtime, modelPath: encoderModel, options: options)
        decoder = try InferenceSession(runtime: runtime, modelPath: decoderModel, options: options)
        self.tokenizer = tokenizer
        let decoderName = URL(fileURLWithPath: decoderModel).lastPathComponent
        guard encoder.inputs.map(\.name) == ["input_values"] else {
            throw SpeechError.unexpectedModel(URL(fileURLWithPath: encoderModel).lastPathComponent, reason: "no input_values")
        }
        let names = Set(decoder.inputs.map(\.name))
        guard names.isSuperset(of: ["input_ids", "encoder_hidden_states", "use_cache_branch"]) else {
            throw SpeechError.unexpectedModel(decoderName, reason: "not a merged decoder")
        }
        let outputs = Set(decoder.outputs.map(\.name))
        let pasts = decoder.inputs.filter { $0.name.hasPrefix("past_key_values.") }
        caches = try pasts.map { spec in
            let output = spec.name.replacingOccurrences(of: "past_key_values.", with: "present.")
            guard outputs.contains(output) else { throw SpeechError.unexpectedModel(decoderName, reason: "no \(output)") }
            return (spec.name, output, spec.name.contains(".encoder."))
        }
        guard !caches.isEmpty, let shape = pasts.first?.shape, shape.count == 4 else {
            throw SpeechError.unexpectedModel(decoderName, reason: "no key/value cache")
        }
        heads = shape[1] > 0 ? shape[1] : 8
        headWidth = shape[3] > 0 ? shape[3] : 52
    }

    /// The words in `samples` (16 kHz, −1…1), as Moonshine writes them ("Find my keys."); "" for none.
    public func transcribe(_ samples: [Float]) throws -> String {
        try lock.withLock { try tokens(for: samples) }.map(tokenizer.text(of:)) ?? ""
    }

    /// Seconds of audio the samples hold.
    static func seconds(_ samples: [Float]) -> Double { Double(samples.count) / Double(sampleRate) }

    private func tokens(for samples: [Float]) throws -> [Int]? {
        // Under a tenth of a second there is no word to hear.
        guard Self.seconds(samples) >= 0.1 else { return nil }
        let clipped = Array(samples.prefix(Int(Self.longestSeconds) * Self.sampleRate))
        var states: [Float] = []
        var stateShape: [Int] = []
        try encoder.run([NamedInput("input_values", shape: [1, clipped.count], .float(clipped))]) { outputs in
            guard let hidden = outputs["last_hidden_state"] ?? outputs.values.first, hidden.shape.count == 3 else {
                throw SpeechError.unexpectedModel("encoder", reason: "no last_hidden_state")
            }
            states = Array(hidden.values)
            stateShape = hidden.shape
        }
        let limit = max(4, Int((Self.seconds(clipped) * Self.tokensPerSecond).rounded(.up)))
        var cache: [String: (values: [Float], shape: [Int])] = [:]
        var written: [Int] = []
        var next = MoonshineTokenizer.start
        for step in 0..<limit {
            var inputs = [
                NamedInput("input_ids", shape: [1, 1], .int64([Int64(next)])),
                NamedInput("encoder_hidden_states", shape: stateShape, .float(states)),
                NamedInput("use_cache_branch", shape: [1], .bool([step > 0])),
            ]
            for entry in caches {
                let kept = cache[entry.input] ?? ([], [1, heads, 0, headWidth])
                inputs.append(NamedInput(entry.input, shape: kept.shape, .float(kept.values)))
            }
            next = try decoder.run(inputs) { outputs in
                guard let logits = outputs["logits"], let vocabulary = logits.shape.last, vocabulary > 0 else {
                    throw SpeechError.unexpectedModel("decoder", reason: "no logits")
                }
                for entry in caches where !(entry.isEncoders && step > 0) {
                    // The encoder's keys and values are made on the first step and are the same after it.
                    guard let present = outputs[entry.output] else { continue }
                    cache[entry.input] = (Array(present.values), present.shape)
                }
                let last = logits.values[(logits.values.count - vocabulary)...]
                var best = last.startIndex
                for index in last.indices where last[index] > last[best] { best = index }
                return best - last.startIndex
            }
            if next == MoonshineTokenizer.end { break }
            written.append(next)
        }
        return written
    }
}
