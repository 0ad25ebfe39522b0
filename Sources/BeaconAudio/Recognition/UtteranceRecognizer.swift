import BeaconCore
import Foundation

/// What a recogniser listens for.
public enum ListeningMode: Sendable, Equatable {
    /// A command alone: after the push-to-talk key, or after the wake word.
    case command
    /// "beacon" and a command, or "beacon" alone; anything else is ignored.
    case wakeWord
}

/// The seam between the microphone's stream and a recogniser: 16 kHz mono samples in, in chunks of any size, one
/// `RecognizedUtterance` out for each stretch of speech as it ends. `VoiceInput` drives it on its own thread;
/// PocketSphinx with the command grammar (`CommandRecognizer`) and Moonshine with a voice detector
/// (`TranscribingRecognizer`, BeaconSpeech) are the two behind it.
///
/// Not thread-safe: one thread feeds it.
public protocol UtteranceRecognizer: AnyObject {
    /// What to listen for; a change takes effect at the next utterance.
    var mode: ListeningMode { get set }
    /// Seconds into the stream where the speech being heard now began; nil while no one speaks.
    var speechStart: Double? { get }
    /// Feeds samples and returns the utterances that ended in them.
    func process(_ samples: [Int16]) throws -> [RecognizedUtterance]
    /// Ends the stream: an utterance still being spoken is decided now.
    func finish() throws -> RecognizedUtterance?
    /// Drops any utterance in progress without deciding it (push-to-talk pressed again, or a mode change).
    func reset() throws
    /// Hears what follows as a new recogniser would, for measuring many people's recordings one by one.
    func forgetVoice() throws
}

extension UtteranceRecognizer {
    public func forgetVoice() throws { try reset() }

    /// Recognises a whole recording: every utterance in it.
    public func recognize(_ audio: PCMAudio) throws -> [RecognizedUtterance] {
        let mono = audio.converted(sampleRate: CommandRecognizer.sampleRate, channels: 1)
        var results = try process(mono.samples)
        if let last = try finish() { results.append(last) }
        return results
    }
}

/// One utterance the recogniser heard, and what it made of it.
public struct RecognizedUtterance: Sendable, Equatable {
    public enum Verdict: Sendable, Equatable {
        /// A command, its words re-parsed by `CommandParser`.
        case command(AssistantCommand)
        /// The wake word alone (always-listening mode): the next utterance is the command.
        case wakeWord
        case rejected(Rejection)
    }

    /// Why an utterance was not taken as a command.
    public enum Rejection: Sendable, Equatable {
        /// Nothing fitted the grammar at all (often noise).
        case nothingHeard
        /// The grammar's filler branch (everyday words) fitted better than any command: speech that is no command.
        case notACommand
        /// The words did not re-parse to a command.
        case unparsable
        /// Longer than any command takes to say.
        case tooLong
        /// Always-listening mode heard speech that did not start with the wake word.
        case noWakeWord
    }

    /// What the grammar matched, fillers included ("" when nothing matched).
    public let words: String
    public let verdict: Verdict
    /// Seconds into the stream where the speech started, and how long it lasted.
    public let start: Double
    public let duration: Double
    /// Time spent decoding the utterance, from the start of its speech to the verdict (most of it while it
    /// was being spoken).
    public let decodeSeconds: Double
    /// Seconds of quiet heard after the speech before it counted as ended: the recogniser's part of the time from
    /// the end of speech to the action.
    public let waitedSeconds: Double
    /// Processor time from the moment the speech counted as ended to the verdict: the rest of that time.
    public let decidingSeconds: Double

    public init(words: String, verdict: Verdict, start: Double, duration: Double, decodeSeconds: Double,
                waitedSeconds: Double = 0, decidingSeconds: Double = 0) {
        self.words = words
        self.verdict = verdict
        self.start = start
        self.duration = duration
        self.decodeSeconds = decodeSeconds
        self.waitedSeconds = waitedSeconds
        self.decidingSeconds = decidingSeconds
    }

    /// From the end of the speech to the verdict: the quiet waited for and the work done after it.
    public var afterSpeechSeconds: Double { waitedSeconds + decidingSeconds }

    /// The command, when the utterance was one.
    public var command: AssistantCommand? {
        if case .command(let command) = verdict { return command }
        return nil
    }

    /// What the assistant loop takes: a parsed command, or nil for a rejection.
    public var input: ParsedInput? { command.map(ParsedInput.command) }
}

