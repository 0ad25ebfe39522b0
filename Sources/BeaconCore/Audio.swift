/// Sound as signed 16-bit samples, interleaved when there is more than one channel.
public struct PCMAudio: Sendable, Equatable {
    public var sampleRate: Int
    public var channels: Int
    public var samples: [Int16]

    public init(sampleRate: Int, channels: Int = 1, samples: [Int16] = []) {
        precondition(sampleRate > 0 && channels > 0)
        self.sampleRate = sampleRate
        self.channels = channels
        self.samples = samples
    }

    public var frameCount: Int { samples.count / channels }
    public var duration: Double { Double(frameCount) / Double(sampleRate) }

    /// Silence of the given length, in the same format.
    public static func silence(seconds: Double, sampleRate: Int, channels: Int = 1) -> PCMAudio {
        PCMAudio(sampleRate: sampleRate, channels: channels,
                 samples: Array(repeating: 0, count: Int((seconds * Double(sampleRate)).rounded()) * channels))
    }
}

/// Turns text into speech audio.
public protocol SpeechSynthesizer: Sendable {
    /// Speech for `text`, in the given voice (an espeak-ng voice name such as "en", "en-us", "ru", "cmn").
    func synthesize(_ text: String, voice: String) throws -> PCMAudio
}

/// Speech with the moments its words start, at a speaking rate: what a mixer needs to stop speech between words and a
/// reader needs to tell which word was playing when it paused.
public protocol WordTimedSpeechSynthesizer: SpeechSynthesizer {
    /// Speech for `text` at `rate` times the normal speaking rate, and where each word starts (seconds into the audio,
    /// ascending).
    func synthesizeWithWords(_ text: String, voice: String, rate: Double) throws -> (audio: PCMAudio, wordStarts: [Double])
    /// Whether a text of several sentences is better made one sentence at a time in `voice`: true for a voice slow
    /// enough that making all of it would hold up its first words (and whatever comes after it).
    func speaksSentenceBySentence(voice: String) -> Bool
}

extension WordTimedSpeechSynthesizer {
    public func speaksSentenceBySentence(voice: String) -> Bool { false }
}

/// Where sound goes: the audio device, a WAV file, or nowhere.
public protocol AudioSink: AnyObject {
    /// What the sink is, for messages ("PulseAudio", "out.wav").
    var name: String { get }
    /// Plays or records `audio`; returns once it has been handed over (a device may still be playing it).
    func play(_ audio: PCMAudio) throws
    /// Waits until everything played has been heard (or written) and releases the sink.
    func close() throws
}
