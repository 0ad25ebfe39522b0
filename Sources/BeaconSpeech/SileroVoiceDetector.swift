import BeaconVision
import Foundation

/// Silero VAD on Beacon's ONNX Runtime: the chance that each 32 ms of 16 kHz sound is speech. The model is
/// recurrent: each window is given with the 64 samples before it and the state the last window left.
public final class SileroVoiceDetector: @unchecked Sendable {
    public static let sampleRate = 16_000
    public static let window = 512
    static let context = 64
    static let stateShape = [2, 1, 128]

    private let session: InferenceSession
    private let lock = NSLock()

    public init(runtime: OnnxRuntime, model: String, options: SessionOptions = SessionOptions()) throws {
        session = try InferenceSession(runtime: runtime, modelPath: model, options: options)
        let names = Set(session.inputs.map(\.name))
        guard names == ["input", "state", "sr"] else {
            throw SpeechError.unexpectedModel(URL(fileURLWithPath: model).lastPathComponent, reason: "not Silero VAD 5 or later")
        }
    }

    /// One probability (0…1) for each whole window of `samples` (16 kHz, −1…1), from a fresh state.
    public func probabilities(_ samples: [Float]) throws -> [Float] {
        try lock.withLock {
            var state = [Float](repeating: 0, count: Self.stateShape.reduce(1, *))
            var previous = [Float](repeating: 0, count: Self.context)
            var chances: [Float] = []
            chances.reserveCapacity(samples.count / Self.window)
            var start = 0
            while start + Self.window <= samples.count {
                let window = Array(samples[start..<start + Self.window])
                let input = previous + window
                let chance: Float = try session.run([
                    NamedInput("input", shape: [1, input.count], .float(input)),
                    NamedInput("state", shape: Self.stateShape, .float(state)),
                    NamedInput("sr", shape: [], .int64([Int64(Self.sampleRate)])),
                ]) { outputs in
                    guard let output = outputs["output"], let next = outputs["stateN"], let value = output.values.first else {
                        throw SpeechError.unexpectedModel("silero_vad.onnx", reason: "no output or stateN")
                    }
                    state = Array(next.values)
                    return value
                }
                chances.append(chance)
                previous = Array(window.suffix(Self.context))
                start += Self.window
            }
            return chances
        }
    }
}

/// Where the speech is in a recording, from a voice detector's chances per window: Silero's own rule (speech starts
/// above `threshold`, ends after `minimumSilence` below `threshold − 0.15`; bursts shorter than `minimumSpeech` are
/// noise), each stretch padded and kept under the recogniser's longest.
public struct SpeechSegmenter: Sendable {
    public var threshold: Float = 0.5
    /// Silero's own default is 0.25 s; a real "stop" said briskly (Speech Commands 37dca74f) is above the threshold
    /// for only 0.22 s, and a command must never be lost, so a shorter burst is heard too.
    public var minimumSpeech = 0.15
    public var minimumSilence = 0.3
    public var padding = 0.2
    public var longest = 30.0

    public init() {}

    /// The sample ranges of speech in a recording of `sampleCount` samples at `sampleRate`, whose windows of
    /// `window` samples had the chances `probabilities`.
    public func segments(_ probabilities: [Float], window: Int, sampleRate: Int, sampleCount: Int) -> [Range<Int>] {
        let seconds = { (samples: Int) in Double(samples) / Double(sampleRate) }
        let samples = { (seconds: Double) in Int(seconds * Double(sampleRate)) }
        var found: [Range<Int>] = []
        var start: Int?
        var silenceSince: Int?
        func close(at end: Int) {
            if let begun = start, seconds(end - begun) >= minimumSpeech { found.append(begun..<end) }
            start = nil
            silenceSince = nil
        }
        for (index, chance) in probabilities.enumerated() {
            let at = index * window
            if chance >= threshold {
                if start == nil { start = at }
                silenceSince = nil
            } else if start != nil, chance < threshold - 0.15 {
                if silenceSince == nil { silenceSince = at }
                if let quiet = silenceSince, seconds(at - quiet) >= minimumSilence { close(at: quiet) }
            }
            // A stretch the recogniser could not take whole is cut where it is.
            if let begun = start, seconds(at + window - begun) >= longest - 2 * padding { close(at: at + window) }
        }
        close(at: silenceSince ?? min(probabilities.count * window, sampleCount))
        let pad = samples(padding)
        var padded: [Range<Int>] = []
        for range in found {
            let lower = max(0, range.lowerBound - pad), upper = min(sampleCount, range.upperBound + pad)
            if let last = padded.last, lower <= last.upperBound, seconds(upper - last.lowerBound) <= longest {
                padded[padded.count - 1] = last.lowerBound..<upper
            } else {
                padded.append(lower..<upper)
            }
        }
        return padded
    }
}
