import ArgumentParser
import BeaconCommandLine
import BeaconAudio
import BeaconCore
import BeaconRuntime
import BeaconMedia
import BeaconVision
import Foundation

struct AssistCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assist",
        abstract: "Start Beacon's assistant: one session you talk to for every job (also what `beacon` alone does).",
        discussion: """
            Start it once, then say or type what you want. Beacon answers in a few words and says every change of \
            mode ("Looking for cup.", "Reading.", "Stopped.").

            Voice: press v, then say a command in English, in your own words where a command takes any \
            ("find the text exit", "teach my blue folder"). With --always-listening (or the setting \
            always-listening on), say "Beacon" and the command at any time. Speech that is no command is never \
            acted on: "Sorry, say that again." at most once. Commands in Russian and Chinese are typed: no \
            recogniser for them ships with a model Beacon can use.

            Commands (spoken, typed in the terminal after Enter, or piped in, one a line):
              find cup / find my phone     guide to an object with beeps and a few words
              find text EXIT               guide to a written word
              read                         read the page in front of the camera
              explore / what is around me  the most important things, with directions
              scan now                     one report of what is there
              continuous / on demand       announce objects as they appear, or on request
              stop, pause, resume, repeat, where is it
              louder, quieter, faster, slower, language Russian
              alert me to bicycles, stop alerting dogs, ignore chairs,
              confidence 60, battery saver on
              what did you detect recently, usage, help, tutorial, quit
              I'm OK                       cancel the alarm after "Did you fall?"
                                           (any key or stop cancels it too)

            Falls (--imu): after a fall, "Did you fall? Say 'I'm OK' or press any key." Without an answer within \
            10 s, the emergency message is POSTed to the setting emergency-webhook (with emergency-location) and a \
            sentence for bystanders repeats every 10 s until cancelled. Saying "help" sends at once.

            Keys in a terminal: space where is it (pause while reading), r repeat, p pause/resume, s or Esc stop, \
            n next, b back, e explore, c scan now, h help, + louder, - quieter, f faster, l slower, v talk, q quit; \
            Enter, then a command and Enter, to type one.

            Examples:
              beacon assist --camera /dev/video0
              printf 'explore\\nquit\\n' | beacon assist --input photo.jpg --json --silent
              printf 'find cup\\nwait 3\\nstop\\nquit\\n' |
                beacon assist --input room.mp4 --wav session.wav
              beacon assist --input room.mp4 --realtime --always-listening --json \\
                --microphone-file commands.wav
            """
    )

    @Option(help: "A photo (a still camera) or a video file to look at.")
    var input: String?

    @Option(help: "A camera device (default /dev/video0), or lavfi:testsrc2 for a test pattern.")
    var camera: String?

    @Option(help: "The PulseAudio source voice commands come from (\"default\" for the server's own; \"none\" for no voice). Default: the server's own source when Beacon runs in a terminal, none when commands come from a pipe.")
    var microphone: String?

    @Option(help: "A WAV recording played as the microphone, at its own pace (live sessions only).")
    var microphoneFile: String?

    @Flag(help: "Listen all the time for \"Beacon\" followed by a command (also the setting always-listening).")
    var alwaysListening = false

    @Flag(help: "Play a video at its own speed, as if it were a camera (keys and typed lines work).")
    var realtime = false

    @Flag(help: "Print every effect (speech, earcons, modes, settings) as one JSON line.")
    var json = false

    @Flag(help: "No sound; only print.")
    var silent = false

    @Option(help: "Write the session's sound (speech and earcons, stereo) to this WAV file.")
    var wav: String?

    @Option(help: "Where settings, history and usage are kept (default: ~/.local/share/beacon).")
    var dataDir: String?

    @Option(help: "Object detector: a model name or an .onnx file.")
    var model = DetectorSettings.defaultModel

    @Option(help: "The camera's horizontal field of view in degrees, for clock directions and distances.")
    var fieldOfView: Double = 60

    @Option(help: ArgumentHelp("IMU samples for fall detection and walk mode's camera pitch: a file, a FIFO, or - for stdin (live sessions only; commands then come by voice).",
                               discussion: "One sample a line, JSON {\"t\":12.34,\"ax\":0.1,\"ay\":9.8,\"az\":0.2,\"gx\":0,\"gy\":0,\"gz\":0} or CSV with the header t,ax,ay,az,gx,gy,gz: t in seconds, acceleration in m/s² including gravity, rotation in rad/s. Axes as the browser's DeviceMotion gives them, for a phone held portrait with its rear camera looking forward: x right along the screen, y up along the screen, z out of the screen towards you (upright and still it reads ay ≈ 9.8; lying face up, az ≈ 9.8). Falls are found in any orientation; walk mode takes the camera's pitch below level from the gravity direction, atan2(az, √(ax² + ay²)) of the low-pass filtered samples, in place of the camera-pitch setting while samples keep coming.",
                               valueName: "file|-"))
    var imu: String?

    @Option(help: ArgumentHelp(
        "Depth: 'model' (estimated from each colour frame) or an RGB-D recording folder (TUM layout).",
        discussion: "A recording folder also plays its colour frames, as --input FOLDER would; depth is computed only while a mode needs it."))
    var depth: String?

    @OptionGroup var depthOptions: DepthOptions

    func validate() throws {
        if input != nil && camera != nil { throw ValidationError("Give one of --input FILE or --camera DEVICE, not both.") }
        if silent && wav != nil { throw ValidationError("--silent and --wav cannot be used together.") }
        if microphone != nil && microphoneFile != nil { throw ValidationError("Give one of --microphone or --microphone-file, not both.") }
        if microphoneFile != nil && input != nil && !realtime { throw ValidationError("--microphone-file needs a live session: a camera, or --input with --realtime.") }
        if imu == "-" && input != nil && !realtime {
            throw ValidationError("--imu - reads stdin, which carries the script here; give a file, or a FIFO made with mkfifo.")
        }
        if imu == "-" && isatty(STDIN_FILENO) == 1 {
            throw ValidationError("--imu - reads samples piped into stdin, and stdin is this terminal; pipe them in, or give a file or a FIFO.")
        }
        guard (10...180).contains(fieldOfView) else { throw ValidationError("--field-of-view must be between 10 and 180 degrees.") }
        if let depth, depth != "model" {
            if camera != nil { throw ValidationError("--depth FOLDER plays the recording's own colour frames: leave out --camera.") }
            if let input, URL(fileURLWithPath: input).standardizedFileURL != URL(fileURLWithPath: depth).standardizedFileURL {
                throw ValidationError("--depth FOLDER plays the recording's own colour frames: give --input FOLDER or no --input.")
            }
        }
    }

    /// A recording named with --depth is also the input.
    private var inputPath: String? {
        if let depth, depth != "model", input == nil { return depth }
        return input
    }

    func run() throws {
        let run = AssistantRun(input: inputPath, camera: camera, microphone: microphone, microphoneFile: microphoneFile,
                               alwaysListening: alwaysListening, realtime: realtime, json: json, silent: silent, wav: wav,
                               dataDirectory: dataDir, detector: DetectorSettings(model: model), fieldOfView: fieldOfView,
                               imu: imu, depth: depth.map(DepthSource.init), depthSettings: depthOptions.settings)
        try run.run(composition: Composition(), transcript: StandardStreams())
    }
}
