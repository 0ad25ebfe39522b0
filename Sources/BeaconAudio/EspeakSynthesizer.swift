import BeaconCore

/// Speech from espeak-ng, rendered into memory: fast (a few milliseconds a sentence) and offline.
/// The first utterance of a process is reproducible sample for sample; later ones vary slightly (see `EspeakLibrary`).
///
/// A value type holding only settings; the library itself is shared by the whole process (see `EspeakLibrary`),
/// so any number of these may be used from any threads, one utterance at a time.
public struct EspeakSynthesizer: WordTimedSpeechSynthesizer {
    /// espeak-ng's output rate, in Hz; its audio is always mono.
    public static let sampleRate = 22_050
    /// espeak-ng's default speaking rate.
    public static let defaultWordsPerMinute = 175
    /// The rates espeak-ng supports; others are clamped into this range.
    public static let wordsPerMinuteRange = 80...450

    /// The speaking rate in words per minute.
    public let wordsPerMinute: Int

    /// Loads espeak-ng's data on first use, so a missing installation is reported here, before anything is said.
    public init(wordsPerMinute: Int = EspeakSynthesizer.defaultWordsPerMinute) throws {
        self.wordsPerMinute = min(max(wordsPerMinute, Self.wordsPerMinuteRange.lowerBound),
                                  Self.wordsPerMinuteRange.upperBound)
        _ = try EspeakLibrary.start()
    }

    /// Speech for `text` as 22,050 Hz mono audio. Empty (or blank) text gives empty audio, after checking the voice.
    public func synthesize(_ text: String, voice: String) throws -> PCMAudio {
        try EspeakLibrary.synthesize(text, voice: voice, wordsPerMinute: wordsPerMinute)
    }

    /// Speech for `text` with the time each word starts, in seconds into the audio, ascending: the places
    /// where the mixer may stop this speech without cutting a word (see `CueMixer.interruptSpeech()`).
    public func synthesizeWithWords(_ text: String, voice: String) throws -> (audio: PCMAudio, wordStarts: [Double]) {
        try EspeakLibrary.synthesizeWithWords(text, voice: voice, wordsPerMinute: wordsPerMinute)
    }

    /// As `synthesizeWithWords(_:voice:)`, at `rate` times this synthesizer's speaking rate.
    public func synthesizeWithWords(_ text: String, voice: String,
                                    rate: Double) throws -> (audio: PCMAudio, wordStarts: [Double]) {
        let wordsPerMinute = Int((Double(self.wordsPerMinute) * rate).rounded())
        let clamped = min(max(wordsPerMinute, Self.wordsPerMinuteRange.lowerBound), Self.wordsPerMinuteRange.upperBound)
        return try EspeakLibrary.synthesizeWithWords(text, voice: voice, wordsPerMinute: clamped)
    }
}
