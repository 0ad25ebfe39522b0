import BeaconAudio
import BeaconCore
import BeaconMedia
import BeaconSpeech
import BeaconVision
import Foundation

/// `listen` on its own: what Beacon hears in each recording, and the command it takes that for (or none), with the
/// time the recogniser took; or one JSON record each.
public struct ListenRun {
    public var files: [String]
    public var json: Bool
    public var threads: Int

    public init(files: [String], json: Bool = false, threads: Int = 0) {
        self.files = files
        self.json = json
        self.threads = threads
    }

    /// One recording, heard.
    public struct Report: Sendable, Codable, Equatable {
        public var file: String
        public var transcript: String
        /// The command's name ("findObject", "stop"), or nil when the words are no command.
        public var command: String?
        /// What the command was given ("cup" for "find my cup"), when it takes anything.
        public var argument: String?
        public var seconds: Double
    }

    /// Runs every file, and returns how many could not be read: each is noted in one sentence and the others still
    /// run. A recogniser that cannot be built is thrown before any file.
    @discardableResult
    public func run(composition: Composition, transcript: any Transcript) throws -> Int {
        let transcriber = try composition.transcriber(threads: threads)
        let voice = try composition.voiceDetector()
        let parser = CommandParser()
        var failures = 0
        for path in files {
            let url = URL(fileURLWithPath: path)
            do {
                let report = try Self.hear(url, transcriber: transcriber, voice: voice, parser: parser)
                if json {
                    try transcript.json(report)
                } else {
                    let taken = report.command.map { "\($0)\(report.argument.map { " \"\($0)\"" } ?? "")" } ?? "no command"
                    transcript.line("\(url.lastPathComponent): \"\(report.transcript)\" → \(taken) "
                                    + String(format: "(%.2f s)", report.seconds))
                }
            } catch let error as AudioError {
                transcript.note("beacon: \(error.sentence)")
                failures += 1
            }
        }
        return failures
    }

    /// The words in one recording and what they ask: only its speech is heard (the stretches `voice` finds, each
    /// at most 30 s), so silence and noise are never transcribed (a recogniser invents words for them).
    public static func hear(_ url: URL, transcriber: MoonshineTranscriber, voice: SileroVoiceDetector?,
                            parser: CommandParser) throws -> Report {
        let samples = try Self.samples(of: url)
        let started = Monotonic.seconds()
        let pieces = try speech(in: samples, voice: voice).map { try transcriber.transcribe(Array(samples[$0])) }
        let words = pieces.filter { !$0.isEmpty }.joined(separator: " ")
        let seconds = Monotonic.seconds() - started
        let (command, argument) = Self.command(for: words, parser: parser)
        return Report(file: url.path, transcript: words, command: command, argument: argument, seconds: seconds)
    }

    /// A WAV file's sound as the recogniser takes it: 16 kHz mono samples in −1…1.
    public static func samples(of url: URL) throws -> [Float] {
        let audio = try WAVFile.read(url).converted(sampleRate: MoonshineTranscriber.sampleRate, channels: 1)
        return audio.samples.map { Float($0) / 32768 }
    }

    /// The stretches of `samples` that are speech, as `voice` finds them; all of it when there is no detector.
    public static func speech(in samples: [Float], voice: SileroVoiceDetector?) throws -> [Range<Int>] {
        guard let voice else { return [0..<samples.count] }
        return SpeechSegmenter().segments(try voice.probabilities(samples), window: SileroVoiceDetector.window,
                                          sampleRate: SileroVoiceDetector.sampleRate, sampleCount: samples.count)
    }

    /// The command the words ask for, by name, and its argument; (nil, nil) for words that are no command.
    public static func command(for words: String, parser: CommandParser) -> (String?, String?) {
        guard !words.isEmpty, case .command(let command) = parser.parse(words) else { return (nil, nil) }
        let described = String(describing: command)
        guard let open = described.firstIndex(of: "(") else { return (described, nil) }
        let argument = described[described.index(after: open)...].dropLast()
        return (String(described[..<open]), String(argument).trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
    }
}
