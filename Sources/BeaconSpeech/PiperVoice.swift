import BeaconVision
import Foundation

/// A Piper voice (en_US-joe-medium) on Beacon's own ONNX Runtime: IPA phonemes in, speech out at the voice's rate
/// (22,050 Hz). The phonemes come from espeak-ng, so the caller phonemizes; each phoneme is a character of the
/// voice's `phoneme_id_map`, and the ids are "^" and "_", then every phoneme followed by "_", then "$" (as
/// piper-phonemize pads after the start too; without that pad the first phoneme is swallowed: "Cup" was heard "Top").
public final class PiperVoice: @unchecked Sendable {
    /// The voice's settings file (`<voice>.onnx.json`), the part Beacon reads.
    public struct Settings: Decodable, Sendable {
        public struct Audio: Decodable, Sendable { public var sample_rate: Int }
        public struct Inference: Decodable, Sendable {
            public var noise_scale: Float
            public var length_scale: Float
            public var noise_w: Float
        }
        public struct Espeak: Decodable, Sendable { public var voice: String }

        public var audio: Audio
        public var inference: Inference
        public var espeak: Espeak
        public var phoneme_id_map: [String: [Int]]
    }

    public let settings: Settings
    private let session: InferenceSession
    private let ids: [Character: [Int]]
    private let lock = NSLock()

    public var sampleRate: Int { settings.audio.sample_rate }
    /// The espeak-ng voice whose phonemes this voice was trained on ("en-us").
    public var phonemeVoice: String { settings.espeak.voice }

    /// How much the voice varies its sound from one saying to the next (the model's noise scale): nil, the voice's
    /// own. 0 makes a phrase the same samples every time, for tests that must hear the same speech on every run.
    public let variation: Float?

    public init(runtime: OnnxRuntime, model: String, settingsFile: URL, options: SessionOptions = SessionOptions(),
                variation: Float? = nil) throws {
        self.variation = variation
        guard let data = try? Data(contentsOf: settingsFile),
              let settings = try? JSONDecoder().decode(Settings.self, from: data) else {
            throw SpeechError.unreadableModel(settingsFile.lastPathComponent)
        }
        self.settings = settings
        var ids: [Character: [Int]] = [:]
        for (symbol, values) in settings.phoneme_id_map where symbol.count == 1 { ids[Character(symbol)] = values }
        guard ids["^"] != nil, ids["_"] != nil, ids["$"] != nil else {
            throw SpeechError.unexpectedModel(settingsFile.lastPathComponent, reason: "no ^, _ or $ in its phoneme map")
        }
        self.ids = ids
        session = try InferenceSession(runtime: runtime, modelPath: model, options: options)
        guard Set(session.inputs.map(\.name)).isSuperset(of: ["input", "input_lengths", "scales"]) else {
            throw SpeechError.unexpectedModel(URL(fileURLWithPath: model).lastPathComponent, reason: "not a Piper voice")
        }
    }

    /// The voice's ids for `phonemes`; characters the voice has no id for are left out.
    public func ids(for phonemes: String) -> [Int] {
        var sequence = ids["^"]! + ids["_"]!
        for phoneme in phonemes {
            guard let id = ids[phoneme] else { continue }
            sequence += id + ids["_"]!
        }
        return sequence + ids["$"]!
    }

    /// Speech for `phonemes`, samples in −1…1 at `sampleRate`. `rate` above 1 is faster (the model's length scale
    /// is its inverse).
    public func speak(phonemes: String, rate: Double = 1) throws -> [Float] {
        let sequence = ids(for: phonemes).map(Int64.init)
        guard sequence.count > 3 else { return [] }
        let length = settings.inference.length_scale / Float(max(0.25, min(4, rate)))
        let inputs = [
            NamedInput("input", shape: [1, sequence.count], .int64(sequence)),
            NamedInput("input_lengths", shape: [1], .int64([Int64(sequence.count)])),
            // No noise in the durations (the voice's noise_w is for variety): a phrase then always takes the same
            // time, so a session's timing repeats from run to run. The sound itself still varies a little.
            NamedInput("scales", shape: [3], .float([variation ?? settings.inference.noise_scale, length, 0])),
        ]
        return try lock.withLock {
            try session.run(inputs) { outputs in
                guard let audio = outputs["output"] ?? outputs.values.first else {
                    throw SpeechError.unexpectedModel("Piper voice", reason: "no output")
                }
                return Array(audio.values)
            }
        }
    }
}
