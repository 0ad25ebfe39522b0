import ArgumentParser
import BeaconCommandLine
import BeaconCore
import BeaconRuntime

extension VoiceChoice: ExpressibleByArgument {}

struct SayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "say",
        abstract: "Speak a sentence in Beacon's voice, to the speaker or a WAV file.",
        discussion: """
            The natural voice is Piper's en_US-joe-medium ('beacon models install \
            piper_en_us_joe_medium piper_en_us_joe_medium_config'); espeak-ng is quicker and \
            speaks Russian and Chinese too.

            Examples:
              beacon say "Cup, about one metre, one o'clock."
              beacon say "Stop." --voice espeak --wav stop.wav
            """)

    @Argument(help: "The sentence.")
    var text: String

    @Option(help: "natural (Piper, English) or espeak (espeak-ng, every language).")
    var voice: VoiceChoice = .natural

    @Option(help: "The espeak-ng language the words are read in (en-us, en, ru, cmn).")
    var language = "en-us"

    @Option(help: "Write the speech to this WAV file instead of playing it.")
    var wav: String?

    func validate() throws {
        guard !text.allSatisfy(\.isWhitespace) else { throw ValidationError("Give the sentence to say.") }
    }

    func run() throws {
        try SayRun(text: text, voice: voice, language: language, wav: wav)
            .run(composition: Composition(), transcript: StandardStreams())
    }
}
