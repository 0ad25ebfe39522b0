import ArgumentParser
import BeaconCommandLine
import BeaconCore
import BeaconRuntime
import BeaconMedia
import BeaconVision
import Foundation

struct ReadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read",
        abstract: "Read aloud the page the camera points at, sentence by sentence.",
        discussion: """
            From a camera or video Beacon waits for a steady, sharp picture (a short sound says capture started), \
            reads it, and keeps only the block of text under the middle of the picture, so the facing page of an \
            open book is read without the other one. Sentences are read in order, columns first, in the voice of \
            their language (English, Russian or Chinese). Every sentence is also printed.

            Keys while it reads in a terminal:
              n       next sentence (or line)
              b       previous one; reading pauses at its end
              space   pause, or go on from the word where it paused
              f       fast or normal speed
              s, Esc  stop

            Examples:
              beacon read --camera /dev/video0
              beacon read --input letter.jpg --wav letter.wav
              beacon read --input book.png --whole-frame --lines
              beacon read --input letter.jpg --realtime
                (keys work while a file is read)
            """
    )

    @Option(help: "An image or video file to read.")
    var input: String?

    @Option(help: "A camera device, e.g. /dev/video0.")
    var camera: String?

    @Flag(help: "Read every line in the picture, not only the block of text under its middle.")
    var wholeFrame = false

    @Flag(help: "Read line by line instead of sentence by sentence.")
    var lines = false

    @Option(help: "Language of the text: auto, en, ru or zh (decides which reader runs and which voice speaks).")
    var language = "auto"

    @Option(help: "Write the speech to this WAV file instead of the audio device.")
    var wav: String?

    @Flag(help: "No sound; only print.")
    var silent = false

    @Flag(help: "Read at the pace of speech with the keys working, also from a file or into a WAV file.")
    var realtime = false

    @Flag(help: "Print one JSON record with the lines and the sentences instead of reading aloud.")
    var json = false

    @Option(help: "Give up waiting for a steady, sharp picture after this many frames.")
    var maxFrames = 150

    @Option(help: "From a camera or video, capture again at most this many times in all while the text looks unsure.")
    var maxCaptures = 3

    @OptionGroup var ocr: PPOCROptions

    func validate() throws {
        guard (input == nil) != (camera == nil) else {
            throw ValidationError("Give exactly one of --input FILE or --camera DEVICE.")
        }
        guard ReadingLanguage(setting: language) != nil else { throw ValidationError("--language must be auto, en, ru or zh.") }
        if silent && wav != nil { throw ValidationError("--silent and --wav cannot be used together.") }
        guard maxFrames >= 1 else { throw ValidationError("--max-frames must be 1 or more.") }
        guard maxCaptures >= 1 else { throw ValidationError("--max-captures must be 1 or more.") }
    }

    func run() throws {
        var run = PageReadingRun(input: input, camera: camera, wholeFrame: wholeFrame, lines: lines,
                                 language: ReadingLanguage(setting: language)!, wav: wav, silent: silent,
                                 realtime: realtime, json: json, maxFrames: maxFrames, maxCaptures: maxCaptures,
                                 text: ocr.settings)
        run.keyboard = STDIN_FILENO
        try run.run(composition: Composition(), transcript: StandardStreams())
    }
}
