import BeaconAudio
import BeaconCore
import BeaconMedia
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One assistant session as `beacon` and `beacon assist` start it: where frames, commands, voice and IMU samples come
/// from, where sound and records go, and which engines run. Plain values; the command line maps onto them.
public struct AssistantRun {
    /// A photo, a video or an RGB-D recording folder; nil with no camera: /dev/video0.
    public var input: String?
    public var camera: String?
    /// A PulseAudio source for voice ("default", "none"); nil: the default one at a terminal, none from a pipe.
    public var microphone: String?
    public var microphoneFile: String?
    public var alwaysListening = false
    public var realtime = false
    public var json = false
    public var silent = false
    public var wav: String?
    public var dataDirectory: String?
    public var detector = DetectorSettings()
    public var fieldOfView = 60.0
    /// IMU samples: a file, a FIFO, or "-" for stdin.
    public var imu: String?
    public var depth: DepthSource?
    public var depthSettings = DepthSettings()
    /// The terminal single keys and typed lines come from: standard input, or a pseudo-terminal in tests.
    public var keyboard = STDIN_FILENO

    public init(input: String? = nil, camera: String? = nil, microphone: String? = nil, microphoneFile: String? = nil,
                alwaysListening: Bool = false, realtime: Bool = false, json: Bool = false, silent: Bool = false,
                wav: String? = nil, dataDirectory: String? = nil, detector: DetectorSettings = DetectorSettings(),
                fieldOfView: Double = 60, imu: String? = nil, depth: DepthSource? = nil,
                depthSettings: DepthSettings = DepthSettings()) {
        self.input = input
        self.camera = camera
        self.microphone = microphone
        self.microphoneFile = microphoneFile
        self.alwaysListening = alwaysListening
        self.realtime = realtime
        self.json = json
        self.silent = silent
        self.wav = wav
        self.dataDirectory = dataDirectory
        self.detector = detector
        self.fieldOfView = fieldOfView
        self.imu = imu
        self.depth = depth
        self.depthSettings = depthSettings
    }

    /// Runs the session until quit. Commands come from `script` when given (tests), else from the terminal's keys
    /// and typed lines, or from lines piped into stdin.
    public func run(composition: Composition, transcript: any Transcript, script: (() -> String?)? = nil) throws {
        // With nothing named, the camera a laptop or a wearable has first.
        let source = try composition.frameSource(input: input, camera: input == nil ? camera ?? "/dev/video0" : nil)
        let stillPicture = source is ImageFileSource
        // A person at a terminal gets single keys whatever the source: a file is then played like a camera (a photo
        // held still) on the wall clock. Piped commands run a file on its own clock, so a script repeats exactly.
        let atTerminal = script == nil && isatty(keyboard) == 1
        let clock = SessionAssembly.clock(camera: input == nil, realtime: realtime, atTerminal: atTerminal)
        let live = clock == .wall

        // Settings first: they choose the language of "Beacon ready.". A store that cannot be read was set aside.
        let store = try composition.userData(dataDirectory: dataDirectory)
        let settings = try store.settings()
        let engines = composition.assistantEngines(detector: detector, depth: depth, depthSettings: depthSettings)
        engines.taught = try composition.taughtLookout(store)
        engines.productsFolder = store.folder
        // The detector is wanted at once (scanning and hazards); text engines only when asked for.
        engines.warmUp(.objectDetector)

        // Voice: asked for, or by default when a person sits at a terminal. No microphone is one sentence, not a stop.
        var microphone: (any Microphone)?
        let wantsVoice = live && (microphoneFile != nil || (self.microphone ?? (atTerminal ? "default" : "none")) != "none")
        if wantsVoice {
            do {
                microphone = try composition.microphone(device: self.microphone, file: microphoneFile)
            } catch let error as UserFacingError {
                transcript.note("beacon: \(error.sentence)")
            }
        }
        var configuration = AssistantSession.Configuration()
        // Voice that was wanted and failed is said after "Beacon ready." (as `voiceInputLost`), not only printed.
        configuration.hasVoiceInput = wantsVoice
        configuration.horizontalFieldOfView = fieldOfView
        configuration.speech.duckedGain = 1 // the mixer ducks earcons under speech itself, sample-accurately
        let assembly = SessionAssembly(configuration: configuration, settings: settings, clock: clock,
                                       sound: MixerOutput.destination(wav: wav, wantsDevice: !silent && live), store: store,
                                       options: .init(printJSON: json, printSpeech: !json, stillPicture: stillPicture))
        let runner = try composition.runner(for: assembly, engines: engines, transcript: transcript)
        for file in store.setAside { transcript.note("beacon: \(file.sentence)") }
        // Falls: IMU samples in step with the session clock (scripted) or on a thread (live); messages on a thread.
        if let imu { runner.imu = try IMUFeed(path: imu, pacing: live ? .live : .inStep) }
        runner.webhook = WebhookSender(log: { transcript.note($0) })
        runner.helpers = composition.volunteersLink(store: store, transcript: transcript)
        if live {
            let listenAlways = alwaysListening || settings.alwaysListening
            let voice = microphone.map { microphone in
                { (onEvent: @escaping @Sendable (VoiceInput.Event) -> Void) in
                    composition.voiceInput(microphone: microphone, alwaysListening: listenAlways,
                                           engines: engines, onEvent: onEvent)
                }
            }
            try AssistantLiveLoop(runner: runner, source: source, engines: engines, power: composition.powerSensor(),
                                  voice: voice, voiceFailed: wantsVoice && microphone == nil, imuOnStdin: imu == "-",
                                  // `--imu -` makes stdin the IMU stream: commands then come by voice only.
                                  commands: script.map { .script($0) } ?? (imu == "-" ? .none : .terminal(descriptor: keyboard)))
                .run(settingsUnreadable: store.settingsWereUnreadable)
        } else {
            try runner.runScripted(source: source, script: script ?? { readLine(strippingNewline: true) },
                                   settingsUnreadable: store.settingsWereUnreadable)
        }
    }
}
