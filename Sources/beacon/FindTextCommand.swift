import ArgumentParser
import BeaconCore
import BeaconVision
import Foundation

struct FindTextCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "find-text",
        abstract: "Find a written word or phrase around you and guide you to it with beeps and a few words.",
        discussion: """
            Beacon reads the newest picture as fast as it can and looks for the text, forgiving case, accents,
            letters that look alike (0 and O, 1 and l, 5 and S) and, in longer words, a letter or two wrong. It
            guides to the words themselves, not to the middle of the line they are on, with the same beeps, words
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

    @Option(help: "A video or image file to search.")
    var input: String?

    @Option(help: "A camera device, e.g. /dev/video0.")
    var camera: String?

    @Option(help: "Write the guidance sound (beeps and speech, stereo) to this WAV file instead of the audio device.")
    var wav: String?

    @Flag(help: "No sound; only print.")
    var silent = false

    @Flag(help: "Play a video file at its own speed, as if it were a camera (reading then skips frames it has no time for).")
    var realtime = false

    @Flag(help: "Print one JSON record per frame instead of a line of text.")
    var json = false

    @Option(help: "Stop after this many frames.")
    var frames: Int?

    @Option(help: "Pause the search after this many seconds without stopping it (0: never).")
    var pauseAfter: Double = 120

    @Option(help: "The camera's horizontal field of view in degrees, for clock directions.")
    var fieldOfView: Double = 60

    @Option(help: "Language of the text: auto, en, ru or zh (decides which reader runs).")
    var language = "auto"

    @Flag(inversion: .prefixedNo, help: "Beep to guide (--no-beeps: words only).")
    var beeps = true

    @Flag(inversion: .prefixedNo, help: "Speak on changes (--no-speech: beeps only).")
    var speech = true

    @OptionGroup var ocr: PPOCROptions

    func validate() throws {
        guard (input == nil) != (camera == nil) else {
            throw ValidationError("Give exactly one of --input FILE or --camera DEVICE.")
        }
        guard TextQuery(text) != nil else { throw ValidationError("Give some letters or digits to look for.") }
        guard ReadingLanguage(setting: language) != nil else { throw ValidationError("--language must be auto, en, ru or zh.") }
        if let frames, frames < 1 { throw ValidationError("--frames must be 1 or more.") }
        if silent && wav != nil { throw ValidationError("--silent and --wav cannot be used together.") }
        guard pauseAfter >= 0 else { throw ValidationError("--pause-after must be 0 or more seconds.") }
        guard (10...180).contains(fieldOfView) else { throw ValidationError("--field-of-view must be between 10 and 180 degrees.") }
    }

    func run() throws {
        let composition = Composition()
        let search = TextSearch(query: TextQuery(text)!)
        let reader = try composition.textReader(ocr, language: ReadingLanguage(setting: language)!)
        let live = camera != nil || realtime
        var source = try composition.frameSource(input: input, camera: camera)
        if realtime, input != nil { source = PacedFrameSource(source) }

        let destination: MixerOutput.Destination
        if let wav {
            destination = .file(URL(fileURLWithPath: wav))
        } else if !silent, live, let device = MixerOutput.deviceSink() {
            destination = .device(device)
        } else {
            destination = .nowhere
        }
        let output = try MixerOutput(destination: destination, voice: "en", speaks: speech)

        var configuration = GuidanceConfiguration.textSearch()
        configuration.pauseAfter = pauseAfter > 0 ? pauseAfter : nil
        configuration.cues.horizontalFieldOfView = fieldOfView
        configuration.playsEarcons = beeps
        configuration.speech.duckedGain = 1 // the mixer ducks earcons under speech itself
        let keys = live ? TerminalKeys() : nil
        defer { keys?.restore() }
        let loop = GuidanceLoop(target: search.target, configuration: configuration, output: output, keys: keys,
                                options: .init(live: live, printJSON: json, maxFrames: frames),
                                describe: { FindCommand.describe($0, label: search.target.label) })
        var failure: Error?
        var statistics = GuidanceLoop.Statistics()
        do {
            // Reading is the "detector" here: every reading becomes detections of the one text target.
            statistics = try loop.run(source: source, detect: { frame, _ in search.detections(in: try reader.recognize(frame)) })
        } catch {
            failure = error
        }
        try output.finish()
        if let failure { throw failure }
        if statistics.frames == 0 { throw EmptySource(name: source.name) }
    }
}
