import ArgumentParser
import BeaconAudio
import BeaconCommandLine
import BeaconCore
import BeaconMedia
import BeaconRuntime
import BeaconSpeech
import Foundation

/// `beacon bench speech`: how soon each voice starts speaking and how fast it speaks, and how long the open
/// recogniser takes once speech has ended.
struct BenchSpeechCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "speech",
        abstract: "Measure the voices (time to first audio, real-time factor) and the recogniser's time after speech.",
        usage: "beacon bench speech [<recordings> ...] [<options>]",
        discussion: """
            For each voice (natural: Piper; espeak: espeak-ng) and three sentences, the time from the text to \
            the first sentence's audio and the real-time factor (synthesis time over speech time), medians and \
            95th percentiles over --runs. For each recording named (WAV files), the time Moonshine takes to \
            write the words of its speech once it has ended (the voice detector runs while it is said).

            Examples:
              beacon bench speech
              beacon bench speech ../shared/testdata/speech/words/stop/*.wav --runs 10
            """)

    @Argument(help: "WAV recordings to hear.")
    var recordings: [String] = []

    @Option(help: "Runs of each measurement.")
    var runs = 5

    @Option(help: "Threads for the recogniser (0: one per core).")
    var threads = 0

    static let sentences = ["Stop.", "Cup, about one metre, one o'clock.",
                            "Looking for your car, plate K X C, 2 4 7. Checking a grey car. Your car: grey, about 5 metres, one o'clock."]

    func validate() throws {
        guard runs >= 1 else { throw ValidationError("--runs must be 1 or more.") }
    }

    func run() throws {
        let composition = Composition()
        Console.line("voice     sentence  first audio median   p95   real-time factor median   p95")
        for choice in VoiceChoice.allCases {
            let voice: any WordTimedSpeechSynthesizer
            do {
                voice = try composition.speechSynthesizer(choice)
            } catch let error as UserFacingError {
                Console.line("\(choice.rawValue): \(error.sentence)")
                continue
            }
            _ = try voice.synthesizeWithWords("Ready.", voice: "en-us", rate: 1) // the first call loads the model
            for (index, sentence) in Self.sentences.enumerated() {
                var first: [Double] = [], factors: [Double] = []
                for _ in 0..<runs {
                    // Speech is made sentence by sentence, so the first audio waits only for the first sentence.
                    let pieces = sentence.split(separator: ".", omittingEmptySubsequences: true).map { $0 + "." }
                    var made = 0.0, spoken = 0.0
                    for (number, piece) in pieces.enumerated() {
                        let started = Monotonic.seconds()
                        let audio = try voice.synthesizeWithWords(String(piece), voice: "en-us", rate: 1).audio
                        let took = Monotonic.seconds() - started
                        if number == 0 { first.append(took) }
                        made += took
                        spoken += audio.duration
                    }
                    factors.append(made / max(spoken, 1e-9))
                }
                Console.line(String(format: "%-9@ %-9@ %12.0f ms %6.0f ms %17.2f %9.2f", choice.rawValue as NSString,
                                    "\(index + 1) (\(sentence.count) ch)" as NSString, percentile(first, 0.5) * 1000,
                                    percentile(first, 0.95) * 1000, percentile(factors, 0.5), percentile(factors, 0.95)))
            }
        }
        guard !recordings.isEmpty else { return }
        let transcriber = try composition.transcriber(threads: threads)
        let detector = try composition.voiceDetector()
        var afterSpeech: [Double] = []
        for path in recordings {
            let samples = try ListenRun.samples(of: URL(fileURLWithPath: path))
            guard let last = try ListenRun.speech(in: samples, voice: detector).last else { continue }
            for _ in 0..<runs {
                let started = Monotonic.seconds()
                _ = try transcriber.transcribe(Array(samples[last]))
                afterSpeech.append(Monotonic.seconds() - started)
            }
        }
        Console.line(String(format: "Moonshine, end of speech to words (%d recordings × %d runs): median %.0f ms, p95 %.0f ms",
                            recordings.count, runs, percentile(afterSpeech, 0.5) * 1000, percentile(afterSpeech, 0.95) * 1000))
    }
}
