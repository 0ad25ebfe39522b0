import ArgumentParser
import BeaconCommandLine
import BeaconCore
import BeaconRuntime
import BeaconVision
import Foundation

struct FindTextCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "find-text",
        abstract: "Find a written word or phrase around you and guide you to it with beeps and a few words.",
        discussion: """
            Beacon reads the newest picture as fast as it can and looks for the text, forgiving case, accents, \
            letters that look alike (0 and O, 1 and l, 5 and S) and, in longer words, a letter or two wrong. It \
            guides to the words themselves, not to the middle of the line they are on, with the same beeps, words \
            and keys as `beacon find`: "EXIT, one o'clock." … "Centred."

            Keys while it runs in a terminal:
              space   say where the text is now
              r       repeat the last message
              p       pause or resume
              s, Esc  stop everything at once

            Examples:
              beacon find-text EXIT --camera /dev/video0
              beacon find-text "platform 4" --input station.mp4 --wav guidance.wav
            """
    )

    @Argument(help: "The text to find, as you would say it: EXIT, \"room 12\", выход, 出口.")
    var text: String

    @OptionGroup var guidance: GuidanceRunOptions

    @Option(help: "Language of the text: auto, en, ru or zh (decides which reader runs).")
    var language = "auto"

    @OptionGroup var ocr: PPOCROptions

    func validate() throws {
        guard TextQuery(text) != nil else { throw ValidationError("Give some letters or digits to look for.") }
        guard ReadingLanguage(setting: language) != nil else { throw ValidationError("--language must be auto, en, ru or zh.") }
    }

    func run() throws {
        try guidance.run.findText(text, language: ReadingLanguage(setting: language)!, reader: ocr.settings,
                                  composition: Composition(), transcript: StandardStreams())
    }
}
