import BeaconCore
import Foundation

/// Mixes speech and earcons into one stereo stream on a timeline in seconds.
///
/// Callers place sounds on the timeline (`schedule`, `speak`) and whoever plays pulls buffers (`render`), which
/// advances the timeline: a real-time thread for the speaker (`AudioPlayer`), or as fast as possible for a file
/// (`OfflineRenderer`). Earcons are ducked under speech; speech is stopped only at a word start; `stopAll` silences
/// everything within the next buffer. Thread-safe: one lock, held only for short bookkeeping and for the mixing of
/// one buffer, never while synthesizing or resampling.
public final class CueMixer: @unchecked Sendable {
    public struct Configuration: Sendable, Hashable {
        public static let defaultSampleRate = 48_000

        public var sampleRate = Configuration.defaultSampleRate
        /// Earcon gain while speech plays, so words stay clear over the beat.
        public var duckedGain = 0.3
        /// How long ducking takes to go down or back up: fast enough to be done before a word, slow enough not to click.
        public var duckRamp = 0.010
        /// The fade that ends interrupted speech at a word start.
        public var wordStopFade = 0.010
        /// The fade of `stopAll`, within the next buffer (shortened to the buffer if that is shorter).
        public var stopAllFade = 0.005
        /// An earcon asked for this late is still played, at once; later than that, its moment has passed.
        public var lateEarconTolerance = 0.15

        public init() {}
    }

    /// Names one `speak` call, for its `SpeechEnd`.
    public typealias SpeechID = Int

    /// Speech that stopped sounding, by running out or by `interruptSpeech()`.
    public struct SpeechEnd: Sendable, Hashable {
        public let id: SpeechID
        /// Timeline seconds at which its last sample sounds.
        public let time: Double
        public let wasInterrupted: Bool
    }

    public let configuration: Configuration
    public var sampleRate: Int { configuration.sampleRate }

    private let earcons: EarconSynthesizer
    private let duckedGain: Float, duckStep: Float
    private let wordStopFadeFrames: Int, stopAllFadeFrames: Int, lateEarconFrames: Int

    // Everything below is guarded by `lock`.
    private let lock = NSLock()
    /// Frames rendered so far: the timeline's "now" for what has not been heard yet.
    private var position = 0
    private var scheduledEarcons: [EarconVoice] = []
    /// Utterances in the order they play; each starts no earlier than the previous one ends.
    private var speechQueue: [SpeechVoice] = []
    /// What was sounding when `stopAll` was called, faded out at the start of the next buffer.
    private var stoppingEarcons: [EarconVoice] = []
    private var stoppingSpeech: SpeechVoice?
    private var ends: [SpeechEnd] = []
    private var nextSpeechID = 1
    private var duckGain: Float = 1
    private var earconLevel: Float = 1, speechLevel: Float = 1
    private var stops = 0
    private let scratch = MixScratch()

    public init(configuration: Configuration = Configuration(), earcons: EarconSynthesizer? = nil) {
        precondition((8_000...192_000).contains(configuration.sampleRate), "an unusable mixer rate")
        self.configuration = configuration
        self.earcons = earcons ?? EarconSynthesizer(sampleRate: configuration.sampleRate)
        precondition(self.earcons.sampleRate == configuration.sampleRate, "earcons must be made at the mixer's rate")
        let rate = Double(configuration.sampleRate)
        duckedGain = Float(min(max(configuration.duckedGain, 0), 1))
        duckStep = Float(1 / max(1, configuration.duckRamp * rate))
        wordStopFadeFrames = max(1, Int((configuration.wordStopFade * rate).rounded()))
        stopAllFadeFrames = max(1, Int((configuration.stopAllFade * rate).rounded()))
        lateEarconFrames = Int((configuration.lateEarconTolerance * rate).rounded())
    }

    // MARK: Placing sounds

    /// Plays `earcon` at timeline `time`. A time already rendered plays at once if it is within
    /// `lateEarconTolerance`, and is dropped otherwise (a stale beat would only blur the rhythm).
    /// - Returns: false when it was dropped as too late.
    @discardableResult
    public func schedule(_ earcon: Earcon, at time: Double) -> Bool {
        let clip = earcons.clip(for: earcon.kind, pitch: earcon.pitch)
        let pan = StereoPan(earcon.pan)
        let gain = EarconSynthesizer.clampedGain(earcon.gain)
        let requested = frame(time)
        lock.lock()
        defer { lock.unlock() }
        guard requested >= position - lateEarconFrames else { return false }
        scheduledEarcons.append(EarconVoice(clip: clip, startFrame: max(requested, position),
                                            leftGain: Float(pan.left * gain), rightGain: Float(pan.right * gain)))
        return true
    }

    /// Says `speech` (any rate, mixed to mono and placed in the middle) from timeline `time`, or as soon as the
    /// speech before it has ended: utterances never overlap and are never cut mid-word.
    ///
    /// - Parameter wordStarts: seconds into `speech` where words start, as `EspeakSynthesizer.synthesizeWithWords`
    ///   gives them; without them `interruptSpeech()` cannot stop it early and lets it finish.
    /// - Returns: the id its `SpeechEnd` will carry.
    @discardableResult
    public func speak(_ speech: PCMAudio, wordStarts: [Double] = [], at time: Double) -> SpeechID {
        let samples = Self.monoFloats(speech.converted(sampleRate: sampleRate, channels: 1))
        let starts = wordStarts.map { frame($0) }.filter { $0 > 0 && $0 < samples.count }.sorted()
        let requested = frame(time)
        lock.lock()
        defer { lock.unlock() }
        let id = nextSpeechID
        nextSpeechID += 1
        let start = max(requested, position, speechQueue.last?.endFrame ?? 0)
        speechQueue.append(SpeechVoice(id: id, samples: samples, wordStarts: starts, startFrame: start,
                                       playedFrames: samples.count))
        return id
    }

    // MARK: Stopping

    /// Ends the current speech at its next word start not yet rendered, with a short fade that finishes exactly
    /// there, so no word is cut. With no word start left it plays to its end. Utterances that have not started
    /// are dropped. Each reports a `SpeechEnd` with `wasInterrupted` when it was shortened or dropped.
    public func interruptSpeech() {
        lock.lock()
        defer { lock.unlock() }
        guard var current = speechQueue.first else { return }
        let waiting = speechQueue.dropFirst()
        speechQueue.removeAll(keepingCapacity: true)
        if current.startFrame >= position {
            // Not started: nothing to fade, it simply never plays.
            ends.append(SpeechEnd(id: current.id, time: seconds(position), wasInterrupted: true))
        } else {
            let played = position - current.startFrame
            // The whole fade must fit before the word starts, so the stop never reaches into that word.
            if let stop = current.wordStarts.first(where: { $0 - wordStopFadeFrames >= played }),
               stop < current.playedFrames {
                current.playedFrames = stop
                current.fadeFrames = wordStopFadeFrames
            }
            speechQueue.append(current)
        }
        for dropped in waiting {
            ends.append(SpeechEnd(id: dropped.id, time: seconds(position), wasInterrupted: true))
        }
    }

    /// The stop key: silences speech and earcons within the next rendered buffer (a 5 ms fade at its start, then
    /// silence) and drops everything scheduled. Dropped speech reports no `SpeechEnd`, and reports not yet
    /// collected are discarded too, so nothing from before the stop reaches the caller afterwards.
    public func stopAll() {
        lock.lock()
        defer { lock.unlock() }
        stoppingEarcons += scheduledEarcons.filter { $0.startFrame < position }
        if let current = speechQueue.first, current.startFrame < position { stoppingSpeech = current }
        scheduledEarcons.removeAll(keepingCapacity: true)
        speechQueue.removeAll(keepingCapacity: true)
        ends.removeAll()
        stops += 1
    }

    // MARK: State

    /// Timeline seconds rendered so far: sounds placed before this play late (or not at all).
    public var time: Double {
        lock.lock()
        defer { lock.unlock() }
        return seconds(position)
    }

    /// Whether speech is playing or waiting to.
    public var isSpeaking: Bool {
        lock.lock()
        defer { lock.unlock() }
        return !speechQueue.isEmpty
    }

    /// Timeline seconds when everything placed so far will have sounded (at least `time`).
    public var endOfScheduledSound: Double {
        lock.lock()
        defer { lock.unlock() }
        let ends = scheduledEarcons.map(\.endFrame) + speechQueue.map(\.endFrame) + stoppingEarcons.map(\.endFrame)
        return seconds(max(position, ends.max() ?? 0))
    }

    /// How many times `stopAll` was called: a player that buffers ahead discards its buffer when this changes.
    public var stopCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return stops
    }

    /// Speech that has finished since the last call, oldest first: feed these to the session as `speechFinished`.
    public func takeSpeechEnds() -> [SpeechEnd] {
        lock.lock()
        defer { lock.unlock() }
        let taken = ends
        ends.removeAll()
        return taken
    }

    /// Loudness of all earcons, 0…1, on top of each earcon's own gain (the user's cue volume).
    public var earconVolume: Double {
        get { lock.withLock { Double(earconLevel) } }
        set { lock.withLock { earconLevel = Self.level(newValue) } }
    }

    /// Loudness of speech, 0…1 (the user's speech volume).
    public var speechVolume: Double {
        get { lock.withLock { Double(speechLevel) } }
        set { lock.withLock { speechLevel = Self.level(newValue) } }
    }

    // MARK: Rendering

    /// The next `frameCount` frames of the mix: stereo, 16-bit, at `sampleRate`. Advances the timeline.
    public func render(frameCount: Int) -> PCMAudio {
        renderCountingStops(frameCount: frameCount).audio
    }

    /// `render`, plus the `stopCount` the buffer reflects, read under the same lock so a player can tell
    /// whether this buffer already carries a stop.
    func renderCountingStops(frameCount: Int) -> (audio: PCMAudio, stopCount: Int) {
        precondition(frameCount >= 0, "a negative buffer")
        var output = [Int16](repeating: 0, count: frameCount * 2)
        lock.lock()
        defer { lock.unlock() }
        scratch.prepare(frameCount: frameCount)
        mixSpeech(frameCount: frameCount)
        duckAndMixEarcons(frameCount: frameCount)
        fadeOutStopped(frameCount: frameCount)
        output.withUnsafeMutableBufferPointer { out in
            scratch.mix.withUnsafeBufferPointer { SoftLimiter.convert(UnsafeBufferPointer(rebasing: $0[0..<frameCount * 2]), into: out) }
        }
        position += frameCount
        retireFinished()
        return (PCMAudio(sampleRate: sampleRate, channels: 2, samples: output), stops)
    }

    private func mixSpeech(frameCount: Int) {
        let level = speechLevel, start = position
        scratch.mix.withUnsafeMutableBufferPointer { mix in
            scratch.speaking.withUnsafeMutableBufferPointer { speaking in
                for voice in speechQueue {
                    if voice.startFrame >= start + frameCount { break } // the queue is in time order
                    voice.mix(into: mix, speaking: speaking, bufferStart: start, frameCount: frameCount,
                              volume: level, gains: nil)
                }
            }
        }
    }

    /// Ducking follows the speech frame by frame, moving at most `duckStep` a frame, so it never jumps.
    private func duckAndMixEarcons(frameCount: Int) {
        var duck = duckGain
        let ducked = duckedGain, step = duckStep, level = earconLevel
        scratch.speaking.withUnsafeBufferPointer { speaking in
            scratch.gains.withUnsafeMutableBufferPointer { gains in
                for frame in 0..<frameCount {
                    let target: Float = speaking[frame] ? ducked : 1
                    duck += max(-step, min(step, target - duck))
                    gains[frame] = duck * level
                }
            }
        }
        duckGain = duck
        let start = position
        scratch.mix.withUnsafeMutableBufferPointer { mix in
            scratch.gains.withUnsafeBufferPointer { gains in
                for voice in scheduledEarcons {
                    voice.mix(into: mix, bufferStart: start, frameCount: frameCount, gains: gains)
                }
            }
        }
    }

    /// What `stopAll` caught sounding plays once more, under a fade that reaches zero within this buffer.
    private func fadeOutStopped(frameCount: Int) {
        guard !stoppingEarcons.isEmpty || stoppingSpeech != nil else { return }
        let fadeFrames = min(stopAllFadeFrames, frameCount)
        let level = earconLevel, duck = duckGain, speechLevel = speechLevel, start = position
        scratch.gains.withUnsafeMutableBufferPointer { gains in
            for frame in 0..<frameCount {
                gains[frame] = RaisedCosine.fall(Float(frame) / Float(fadeFrames))
            }
        }
        scratch.mix.withUnsafeMutableBufferPointer { mix in
            scratch.speaking.withUnsafeMutableBufferPointer { speaking in
                scratch.gains.withUnsafeBufferPointer { fade in
                    stoppingSpeech?.mix(into: mix, speaking: speaking, bufferStart: start, frameCount: frameCount,
                                        volume: speechLevel, gains: fade)
                }
            }
            scratch.gains.withUnsafeMutableBufferPointer { gains in
                for frame in 0..<frameCount { gains[frame] *= level * duck }
            }
            scratch.gains.withUnsafeBufferPointer { gains in
                for voice in stoppingEarcons {
                    voice.mix(into: mix, bufferStart: start, frameCount: frameCount, gains: gains)
                }
            }
        }
        stoppingEarcons.removeAll(keepingCapacity: true)
        stoppingSpeech = nil
    }

    private func retireFinished() {
        let now = position
        scheduledEarcons.removeAll { $0.endFrame <= now }
        while let first = speechQueue.first, first.endFrame <= now {
            ends.append(SpeechEnd(id: first.id, time: seconds(first.endFrame), wasInterrupted: first.wasInterrupted))
            speechQueue.removeFirst()
        }
    }

    // MARK: Helpers

    private func frame(_ seconds: Double) -> Int {
        guard seconds.isFinite else { return 0 }
        return Int((seconds * Double(sampleRate)).rounded())
    }

    private func seconds(_ frame: Int) -> Double { Double(frame) / Double(sampleRate) }

    private static func level(_ value: Double) -> Float { Float(value.isFinite ? min(max(value, 0), 1) : 0) }

    private static func monoFloats(_ audio: PCMAudio) -> [Float] {
        var floats = [Float](repeating: 0, count: audio.samples.count)
        audio.samples.withUnsafeBufferPointer { input in
            floats.withUnsafeMutableBufferPointer { out in
                for index in 0..<input.count { out[index] = Float(input[index]) / 32767 } // the inverse of the output scale
            }
        }
        return floats
    }
}

/// Buffers reused from one render to the next, so mixing allocates only when a larger buffer is asked for.
private final class MixScratch {
    /// Interleaved stereo sum.
    var mix: [Float] = []
    /// Per frame: whether speech sounds (drives ducking).
    var speaking: [Bool] = []
    /// Per frame: the gain for earcons (ducking × volume) or the stop fade.
    var gains: [Float] = []

    func prepare(frameCount: Int) {
        if speaking.count < frameCount {
            mix = [Float](repeating: 0, count: frameCount * 2)
            speaking = [Bool](repeating: false, count: frameCount)
            gains = [Float](repeating: 0, count: frameCount)
            return
        }
        mix.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        speaking.withUnsafeMutableBufferPointer { $0.update(repeating: false) }
    }
}
