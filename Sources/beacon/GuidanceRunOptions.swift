import ArgumentParser
import BeaconCore
import BeaconRuntime
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

    /// The run these options describe.
    var run: GuidanceRun {
        var run = GuidanceRun(input: input, camera: camera, wav: wav, silent: silent, realtime: realtime, json: json,
                              frames: frames, pauseAfter: pauseAfter, keepTurningAfter: keepTurningAfter,
                              fieldOfView: fieldOfView, beeps: beeps, speech: speech,
                              batterySaver: BatterySaverSetting(rawValue: batterySaver)!)
        run.keyboard = STDIN_FILENO // a person at a terminal gets the keys, whatever the source
        return run
    }
}
