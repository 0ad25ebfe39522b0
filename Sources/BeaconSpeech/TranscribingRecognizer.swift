import BeaconAudio
import BeaconCore
import Foundation

/// Voice commands heard by an open-vocabulary recogniser: Silero VAD finds each stretch of speech as it ends,
/// Moonshine writes down what was said, and the command parser decides whether that is a command, as it would for a
/// typed line. No grammar forces a sound onto the nearest command, so words that are no command stay no command,
/// and what a command is given ("find the text exit", "teach my blue folder") can be anything.
///
/// Not thread-safe: one thread feeds it (`VoiceInput`'s). The transcriber and the voice detector may be shared by
/// many of these (one per phone); they take turns.
public final class TranscribingRecognizer: UtteranceRecognizer {
    public static let sampleRate = MoonshineTranscriber.sampleRate

    public var mode: ListeningMode
    /// Longer speech after the key is no command (the longest free-text command takes a few seconds); always
    /// listening, speech is cut at the detector's 30 s and searched for the wake word.
    public var longestCommandSeconds = 12.0
    public let rule: SpeechSegmenter

    private let transcriber: MoonshineTranscriber
    private let voice: SileroVoiceDetector
    private let parser: CommandParser
    private let wakeWord: WakeWord
    private var stream = SileroVoiceDetector.Stream()
    private var tracker: SpeechSegmenter.Tracker
    /// The samples heard from `audioStart` on: the open speech and the padding before it, or while no one speaks
    /// enough of the latest to pad speech that starts.
    private var audio: [Float] = []
    private var audioStart = 0
    private var samplesFed = 0
    /// The voice detector's time on the open speech so far.
    private var detectingSeconds = 0.0
    /// After speech ran too long to be a command: its end is not heard as one.
    private var skippingToPause = false

    public init(transcriber: MoonshineTranscriber, voice: SileroVoiceDetector, parser: CommandParser = CommandParser(),
                wakeWord: WakeWord = WakeWord(), rule: SpeechSegmenter = SpeechSegmenter(),
                mode: ListeningMode = .command) {
        self.transcriber = transcriber
        self.voice = voice
        self.parser = parser
        self.wakeWord = wakeWord
        self.rule = rule
        self.mode = mode
        tracker = SpeechSegmenter.Tracker(rule: rule, window: SileroVoiceDetector.window, sampleRate: Self.sampleRate)
    }

    public var speechStart: Double? { tracker.start.map(seconds) }

    public func process(_ samples: [Int16]) throws -> [RecognizedUtterance] {
        let floats = samples.map { Float($0) / 32_768 }
        audio += floats
        samplesFed += floats.count
        let started = Self.now()
        let chances = try voice.probabilities(floats, continuing: &stream)
        if tracker.start != nil { detectingSeconds += Self.now() - started }
        var results: [RecognizedUtterance] = []
        for chance in chances {
            if let speech = tracker.next(chance) {
                let decidedAt = tracker.windowsSeen * SileroVoiceDetector.window
                if skippingToPause {
                    skippingToPause = false
                } else {
                    results.append(try utterance(speech, waited: seconds(decidedAt - speech.upperBound)))
                }
            }
            if mode == .command, !skippingToPause, let begun = tracker.start,
               seconds(tracker.windowsSeen * SileroVoiceDetector.window - begun) > longestCommandSeconds {
                skippingToPause = true
                results.append(RecognizedUtterance(words: "", verdict: .rejected(.tooLong), start: seconds(begun),
                                                   duration: longestCommandSeconds, decodeSeconds: 0))
            }
        }
        trim()
        return results
    }

    public func finish() throws -> RecognizedUtterance? {
        defer { skippingToPause = false }
        guard let speech = tracker.finish(sampleCount: samplesFed), !skippingToPause else { return nil }
        return try utterance(speech, waited: 0)
    }

    public func reset() throws {
        tracker.reset()
        skippingToPause = false
        detectingSeconds = 0
        trim()
    }

    private static let clock = ContinuousClock()
    private static let origin = clock.now
    private static func now() -> Double {
        let elapsed = clock.now - origin
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    private func seconds(_ sample: Int) -> Double { Double(sample) / Double(Self.sampleRate) }

    /// The speech in `range` (padded as the segmenter pads), written down and judged.
    private func utterance(_ range: Range<Int>, waited: Double) throws -> RecognizedUtterance {
        let pad = Int(rule.padding * Double(Self.sampleRate))
        let lower = max(audioStart, range.lowerBound - pad), upper = min(samplesFed, range.upperBound + pad)
        let started = Self.now()
        let words = try transcriber.transcribe(Array(audio[(lower - audioStart)..<(upper - audioStart)]))
        let verdict = Self.verdict(for: words, mode: mode, parser: parser, wakeWord: wakeWord)
        let deciding = Self.now() - started
        defer { detectingSeconds = 0 }
        return RecognizedUtterance(words: words, verdict: verdict, start: seconds(range.lowerBound),
                                   duration: seconds(range.count), decodeSeconds: detectingSeconds + deciding,
                                   waitedSeconds: waited, decidingSeconds: deciding)
    }

    /// Keeps the open speech and its padding, or only enough to pad speech that starts.
    private func trim() {
        let pad = Int(rule.padding * Double(Self.sampleRate)) + 2 * SileroVoiceDetector.window
        let keepFrom = tracker.start.map { $0 - pad } ?? (samplesFed - pad)
        guard keepFrom > audioStart else { return }
        audio.removeFirst(min(audio.count, keepFrom - audioStart))
        audioStart = keepFrom
    }

    // MARK: - Judging

    /// What a transcript asks. Always listening, it must name Beacon ("Beacon, find my cup", "OK Beacon. Stop.";
    /// see `WakeWord` for how the name may be written), and what follows the name is the command; the name alone opens a window for it. A command is taken from the
    /// first sentence when that is one on its own, so a sentence the recogniser invents after the speech
    /// ("Thank you.", a known failure of open recognisers on short clips) never changes or blocks it; else from
    /// the first clause ("Stop, stop."), else from all of it.
    public static func verdict(for transcript: String, mode: ListeningMode,
                               parser: CommandParser = CommandParser(),
                               wakeWord: WakeWord = WakeWord()) -> RecognizedUtterance.Verdict {
        guard transcript.contains(where: \.isLetter) else { return .rejected(.nothingHeard) }
        var said = Substring(transcript)
        if mode == .wakeWord {
            guard let afterName = wakeWord.command(in: transcript) else { return .rejected(.noWakeWord) }
            said = afterName
            guard said.contains(where: \.isLetter) else { return .wakeWord }
        }
        let first = firstSentence(of: said)
        let firstClause = first.split(separator: ",").first
        for candidate in [first, firstClause, said].compactMap({ $0 }) {
            if case .command(let command) = parser.parse(String(candidate)) { return .command(command) }
        }
        return .rejected(.unparsable)
    }

    /// Up to the first full stop, question or exclamation mark that ends a sentence (one inside "1.5" does not).
    static func firstSentence(of text: Substring) -> Substring {
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            if ".?!".contains(text[index]), next == text.endIndex || text[next].isWhitespace { return text[..<index] }
            index = next
        }
        return text
    }
}

/// Moonshine and the voice detector together: what every `TranscribingRecognizer` hears with. Built once and shared
/// by every microphone (a server's phones): the models take turns, and each recogniser keeps its own stream.
public struct SpeechHearing: Sendable {
    public let transcriber: MoonshineTranscriber
    public let voice: SileroVoiceDetector

    public init(transcriber: MoonshineTranscriber, voice: SileroVoiceDetector) {
        self.transcriber = transcriber
        self.voice = voice
    }

    /// A recogniser for one microphone.
    public func recognizer(mode: ListeningMode = .command) -> TranscribingRecognizer {
        TranscribingRecognizer(transcriber: transcriber, voice: voice, mode: mode)
    }
}
