import ArgumentParser
import BeaconCore
import BeaconVision
import Foundation

struct FindCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "find",
        abstract: "Find an object and guide you to it with beeps and a few words.",
        discussion: """
            Beacon looks for the object and, once it is sure, beeps: faster as the object nears the middle of the
            picture, from the left or right ear as it lies left or right, higher when it is above, and a brighter
            sound when it is centred. Words come only on changes: "Cup, one o'clock." … "Centred." … "Cup lost;
            last seen to your left." While the object is not found yet, Beacon also looks closer at zoomed parts
            of the picture.

            Keys while it runs in a terminal:
              space   say where the object is now
              r       repeat the last message
              p       pause or resume
              s, Esc  stop everything at once

            Examples:
              beacon find cup --camera /dev/video0
              beacon find "my phone" --input kitchen.mp4 --wav guidance.wav
              beacon find cup --camera lavfi:testsrc2=size=640x480:rate=15 --frames 30
            For each frame Beacon prints a line (or a JSON record with --json) with where the object is.
            """
    )

    @Argument(help: "What to find, in everyday words: cup, mug, phone, chair, people, чашка, 杯子, …")
    var object: String

    @Option(help: "A video or image file to search.")
    var input: String?

    @Option(help: "A camera device, e.g. /dev/video0.")
    var camera: String?

    @Option(help: "Write the guidance sound (beeps and speech, stereo) to this WAV file instead of the audio device.")
    var wav: String?

    @Flag(help: "No sound; only print.")
    var silent = false

    @Flag(help: "Play a video file at its own speed, as if it were a camera (the detector then skips frames it has no time for).")
    var realtime = false

    @Flag(help: "Print one JSON record per frame instead of a line of text.")
    var json = false

    @Option(help: "Stop after this many frames.")
    var frames: Int?

    @Option(help: "Pause the search after this many seconds without stopping it (0: never).")
    var pauseAfter: Double = 120

    @Option(help: "The camera's horizontal field of view in degrees, for clock directions.")
    var fieldOfView: Double = 60

    @Flag(help: "Do not look closer at zoomed tiles while searching.")
    var noTiles = false

    @Flag(inversion: .prefixedNo, help: "Beep to guide (--no-beeps: words only).")
    var beeps = true

    @Flag(inversion: .prefixedNo, help: "Speak on changes (--no-speech: beeps only).")
    var speech = true

    @OptionGroup var detector: DetectorOptions

    @Option(help: "espeak-ng voice for speech.")
    var voice = "en"

    func validate() throws {
        guard (input == nil) != (camera == nil) else {
            throw ValidationError("Give exactly one of --input FILE or --camera DEVICE.")
        }
        if let frames, frames < 1 { throw ValidationError("--frames must be 1 or more.") }
        if silent && wav != nil { throw ValidationError("--silent and --wav cannot be used together.") }
        guard pauseAfter >= 0 else { throw ValidationError("--pause-after must be 0 or more seconds.") }
        guard (10...180).contains(fieldOfView) else { throw ValidationError("--field-of-view must be between 10 and 180 degrees.") }
    }

    func run() throws {
        let composition = Composition()
        let search = try composition.searchDetector(detector, object: object, tiles: !noTiles)
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
        let output = try MixerOutput(destination: destination, voice: voice, speaks: speech)

        var configuration = GuidanceConfiguration()
        configuration.pauseAfter = pauseAfter > 0 ? pauseAfter : nil
        configuration.cues = CueModel(horizontalFieldOfView: fieldOfView)
        configuration.tracker.confidentThreshold = Double(detector.confidence)
        configuration.playsEarcons = beeps
        // The mixer ducks earcons under speech itself, sample-accurately; the session must not duck them again.
        configuration.speech.duckedGain = 1
        let keys = live ? TerminalKeys() : nil
        defer { keys?.restore() }
        let loop = GuidanceLoop(target: search.target, configuration: configuration, output: output, keys: keys,
                                options: .init(live: live, printJSON: json, maxFrames: frames),
                                describe: { Self.describe($0, label: search.target.label) })
        var failure: Error?
        var statistics = GuidanceLoop.Statistics()
        do {
            statistics = try loop.run(source: source, detect: search.detect)
        } catch {
            failure = error
        }
        // What was said so far is kept, even when the video turns out to be damaged.
        try output.finish()
        if let failure { throw failure }
        if statistics.frames == 0 { throw EmptySource(name: source.name) }
    }

    static func describe(_ cue: CueSnapshot, label: String) -> String {
        var text = String(format: "%6.2f s  ", cue.timestamp)
        switch cue.phase {
        case .guiding:
            text += "\(label) \(cue.direction ?? "")"
            if let x = cue.x, let y = cue.y { text += String(format: " (x %.2f, y %.2f)", x, y) }
            if let interval = cue.interval { text += String(format: ", beat %.2f s", interval) }
        case .searching: text += "searching for \(label)"
        case .paused: text += "paused"
        case .idle: text += "stopped"
        }
        if let spoken = cue.spoken { text += "  says \"\(spoken)\"" }
        return text
    }
}

/// An object Beacon cannot look for, with the short helpful answer the vocabulary gave.
struct CannotLookFor: UserFacingError {
    let sentence: String
}

struct EmptySource: UserFacingError {
    let name: String
    var sentence: String { "\(name) gave no pictures to search." }
}
