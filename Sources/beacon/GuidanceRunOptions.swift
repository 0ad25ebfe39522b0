import ArgumentParser
import BeaconCore
import Foundation

/// Where the pictures come from and where guidance goes, for every command that guides to something (`find`,
/// `find-text`), and the one place that runs the guidance loop with them.
struct GuidanceRunOptions: ParsableArguments {
    @Option(help: "A video or image file to search.")
    var input: String?

    @Option(help: "A camera device, e.g. /dev/video0.")
    var camera: String?

    @Option(help: "Write the guidance sound (beeps and speech, stereo) to this WAV file instead of the audio device.")
    var wav: String?

    @Flag(help: "No sound; only print.")
    var silent = false

    @Flag(help: "Play a video file at its own speed, as if it were a camera (the engine then skips frames it has no time for).")
    var realtime = false

    @Flag(help: "Print one JSON record per frame instead of a line of text.")
    var json = false

    @Option(help: "Stop after this many frames.")
    var frames: Int?

    @Option(help: "Pause the search after this many seconds without stopping it (0: never).")
    var pauseAfter: Double = 120

    @Option(help: "Say \"not in view; keep turning\" after this many seconds without finding it, and again every 20 s (0: never).")
    var keepTurningAfter: Double = 5

    @Option(help: "The camera's horizontal field of view in degrees, for clock directions.")
    var fieldOfView: Double = 60

    @Flag(inversion: .prefixedNo, help: "Beep to guide (--no-beeps: words only).")
    var beeps = true

    @Flag(inversion: .prefixedNo, help: "Speak on changes (--no-speech: beeps only).")
    var speech = true

    @Option(help: "Battery saver, live: auto (on below 15 % while on battery), on or off. It halves the frame and detection rates.")
    var batterySaver = "auto"

    func validate() throws {
        guard BatterySaverSetting(rawValue: batterySaver) != nil else {
            throw ValidationError("--battery-saver must be auto, on or off.")
        }
        guard (input == nil) != (camera == nil) else {
            throw ValidationError("Give exactly one of --input FILE or --camera DEVICE.")
        }
        if let frames, frames < 1 { throw ValidationError("--frames must be 1 or more.") }
        if silent && wav != nil { throw ValidationError("--silent and --wav cannot be used together.") }
        guard pauseAfter >= 0 else { throw ValidationError("--pause-after must be 0 or more seconds.") }
        guard keepTurningAfter >= 0 else { throw ValidationError("--keep-turning-after must be 0 or more seconds.") }
        guard (10...180).contains(fieldOfView) else { throw ValidationError("--field-of-view must be between 10 and 180 degrees.") }
    }

    /// Guides to `target`, with `detect` finding it in each frame it is given; what was said is kept (the WAV file
    /// is finished) even when the source fails part way. Live, `powerPolicy` paces guidance on battery saver and in
    /// the heat (its thermal drop window is sized for the detector in use).
    func guide(to target: SearchTarget, configuration: GuidanceConfiguration, voice: String,
               composition: Composition, powerPolicy: PowerPolicy = PowerPolicy(),
               detect: @escaping DetectorWorker.Detect) throws {
        let live = camera != nil || realtime
        var source = try composition.frameSource(input: input, camera: camera)
        if realtime, input != nil { source = PacedFrameSource(source) }

        let destination = MixerOutput.destination(wav: wav, wantsDevice: !silent && live)
        let output = try MixerOutput(destination: destination, voice: voice, speaks: speech)

        var configuration = configuration
        configuration.pauseAfter = pauseAfter > 0 ? pauseAfter : nil
        configuration.keepTurningAfter = keepTurningAfter > 0 ? keepTurningAfter : nil
        configuration.cues.horizontalFieldOfView = fieldOfView
        configuration.playsEarcons = beeps
        // The mixer ducks earcons under speech itself, sample-accurately; the session must not duck them again.
        configuration.speech.duckedGain = 1
        let keys = live ? TerminalKeys() : nil
        defer { keys?.restore() }
        let power = live ? PowerWatch(sensor: composition.powerSensor(), setting: BatterySaverSetting(rawValue: batterySaver)!,
                                      policy: powerPolicy) : nil
        let loop = GuidanceLoop(target: target, configuration: configuration, output: output, keys: keys,
                                options: .init(live: live, printJSON: json, maxFrames: frames), power: power,
                                describe: { Self.describe($0, label: target.label) })
        var failure: Error?
        var statistics = GuidanceLoop.Statistics()
        do {
            statistics = try loop.run(source: source, detect: detect)
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

struct EmptySource: UserFacingError {
    let name: String
    var sentence: String { "\(name) gave no pictures to search." }
}
