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

    /// What the model remembers between windows of one stream: its recurrent state, the last window's tail, and
    /// samples not yet a whole window. One per microphone; the detector itself may be shared.
    public struct Stream: Sendable {
        var state = [Float](repeating: 0, count: SileroVoiceDetector.stateShape.reduce(1, *))
        var previous = [Float](repeating: 0, count: SileroVoiceDetector.context)
        var pending: [Float] = []

        public init() {}
    }

    /// One probability (0…1) for each whole window of `samples` (16 kHz, −1…1), from a fresh state.
    public func probabilities(_ samples: [Float]) throws -> [Float] {
        var stream = Stream()
        return try probabilities(samples, continuing: &stream)
    }

    /// One probability for each window completed by `samples`, carrying on from where `stream` left off; a partial
    /// window waits in the stream for the next samples.
    public func probabilities(_ samples: [Float], continuing stream: inout Stream) throws -> [Float] {
        try lock.withLock {
            stream.pending += samples
            var chances: [Float] = []
            chances.reserveCapacity(stream.pending.count / Self.window)
            var start = 0
            while start + Self.window <= stream.pending.count {
                let window = Array(stream.pending[start..<start + Self.window])
                let input = stream.previous + window
                let chance: Float = try session.run([
                    NamedInput("input", shape: [1, input.count], .float(input)),
                    NamedInput("state", shape: Self.stateShape, .float(stream.state)),
                    NamedInput("sr", shape: [], .int64([Int64(Self.sampleRate)])),
                ]) { outputs in
                    guard let output = outputs["output"], let next = outputs["stateN"], let value = output.values.first else {
                        throw SpeechError.unexpectedModel("silero_vad.onnx", reason: "no output or stateN")
                    }
                    stream.state = Array(next.values)
                    return value
                }
                chances.append(chance)
                stream.previous = Array(window.suffix(Self.context))
                start += Self.window
            }
            stream.pending.removeFirst(start)
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

    /// The rule as it runs on a stream: each window's chance in turn, the stretches of speech (unpadded) out as
    /// they end.
    public struct Tracker: Sendable {
        public let rule: SpeechSegmenter
        public let window: Int
        public let sampleRate: Int
        /// Where the speech being heard began (in samples); nil while no one speaks.
        public private(set) var start: Int?
        private var silenceSince: Int?
        private var windows = 0
        /// Windows heard so far: `windowsSeen × window` samples.
        public var windowsSeen: Int { windows }

        public init(rule: SpeechSegmenter, window: Int, sampleRate: Int) {
            self.rule = rule
            self.window = window
            self.sampleRate = sampleRate
        }

        private func seconds(_ samples: Int) -> Double { Double(samples) / Double(sampleRate) }

        /// The next window's chance; returns the stretch of speech it ended, if it ended one that was long enough.
        public mutating func next(_ chance: Float) -> Range<Int>? {
            let at = windows * window
            windows += 1
            var ended: Range<Int>?
            if chance >= rule.threshold {
                if start == nil { start = at }
                silenceSince = nil
            } else if start != nil, chance < rule.threshold - 0.15 {
                if silenceSince == nil { silenceSince = at }
                if let quiet = silenceSince, seconds(at - quiet) >= rule.minimumSilence { ended = close(at: quiet) }
            }
            // A stretch the recogniser could not take whole is cut where it is.
            if let begun = start, seconds(at + window - begun) >= rule.longest - 2 * rule.padding {
                ended = close(at: at + window)
            }
            return ended
        }

        /// The stream ended after `sampleCount` samples: the speech still open, if long enough.
        public mutating func finish(sampleCount: Int) -> Range<Int>? {
            close(at: silenceSince ?? min(windows * window, sampleCount))
        }

        /// Forgets any speech begun.
        public mutating func reset() {
            start = nil
            silenceSince = nil
        }

        private mutating func close(at end: Int) -> Range<Int>? {
            defer { reset() }
            guard let begun = start, seconds(end - begun) >= rule.minimumSpeech else { return nil }
            return begun..<end
        }
    }

    /// The sample ranges of speech in a recording of `sampleCount` samples at `sampleRate`, whose windows of
    /// `window` samples had the chances `probabilities`.
    public func segments(_ probabilities: [Float], window: Int, sampleRate: Int, sampleCount: Int) -> [Range<Int>] {
        var tracker = Tracker(rule: self, window: window, sampleRate: sampleRate)
        var found = probabilities.compactMap { tracker.next($0) }
        if let last = tracker.finish(sampleCount: sampleCount) { found.append(last) }
        let seconds = { (samples: Int) in Double(samples) / Double(sampleRate) }
        let pad = Int(padding * Double(sampleRate))
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
