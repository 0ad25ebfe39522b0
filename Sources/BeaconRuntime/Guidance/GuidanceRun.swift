import BeaconAudio
import BeaconCore
import BeaconMedia
import Foundation

/// One search run by `find` and `find-text`: where the pictures come from, where guidance goes, and how it is paced.
public struct GuidanceRun {
    public var input: String?
    public var camera: String?
    public var wav: String?
    public var silent = false
    public var realtime = false
    public var json = false
    public var frames: Int?
    public var pauseAfter = 120.0
    public var keepTurningAfter = 5.0
    public var fieldOfView = 60.0
    public var beeps = true
    public var speech = true
    public var batterySaver = BatterySaverSetting.auto
    /// The terminal keys come from when live: standard input, or a pseudo-terminal in tests.
    public var keyboard = STDIN_FILENO

    public init(input: String?, camera: String?, wav: String? = nil, silent: Bool = false, realtime: Bool = false,
                json: Bool = false, frames: Int? = nil, pauseAfter: Double = 120, keepTurningAfter: Double = 5,
                fieldOfView: Double = 60, beeps: Bool = true, speech: Bool = true,
                batterySaver: BatterySaverSetting = .auto) {
        self.input = input
        self.camera = camera
        self.wav = wav
        self.silent = silent
        self.realtime = realtime
        self.json = json
        self.frames = frames
        self.pauseAfter = pauseAfter
        self.keepTurningAfter = keepTurningAfter
        self.fieldOfView = fieldOfView
        self.beeps = beeps
        self.speech = speech
        self.batterySaver = batterySaver
    }

    /// `find`: guides to an object in everyday words ("my phone", "чашка"), found by the detector, looking closer at
    /// zoomed tiles while nothing is locked when `tiles` is on.
    public func findObject(_ object: String, detector: DetectorSettings, tiles: Bool = true, voice: String = "en",
                           composition: Composition, transcript: any Transcript) throws {
        let search = try composition.searchDetector(detector, object: object, tiles: tiles)
        var configuration = GuidanceConfiguration()
        configuration.tracker.confidentThreshold = search.confident
        try guide(to: search.target, configuration: configuration, voice: voice, composition: composition,
                  transcript: transcript, detect: search.detect)
    }

    /// `find-text`: guides to a written word or phrase; reading is the "detector", every reading becoming detections
    /// of the one text target.
    public func findText(_ text: String, language: ReadingLanguage = .automatic, reader settings: TextReaderSettings,
                         composition: Composition, transcript: any Transcript) throws {
        guard let query = TextQuery(text) else { throw NothingToLookFor() }
        let search = TextSearch(query: query)
        let reader = try composition.textReader(settings, language: language)
        try guide(to: search.target, configuration: .textSearch(), voice: "en", composition: composition,
                  transcript: transcript, powerPolicy: .textRecognition,
                  detect: { frame, _ in search.detections(in: try reader.recognize(frame)) })
    }

    /// Guides to `target`, with `detect` finding it in each frame it is given; what was said is kept (the WAV file
    /// is finished) even when the source fails part way. Live, `powerPolicy` paces guidance on battery saver and in
    /// the heat (its thermal drop window is sized for the detector in use).
    public func guide(to target: SearchTarget, configuration: GuidanceConfiguration, voice: String,
               composition: Composition, transcript: any Transcript, powerPolicy: PowerPolicy = PowerPolicy(),
               detect: @escaping DetectorWorker.Detect) throws {
        let live = camera != nil || realtime
        var source = try composition.frameSource(input: input, camera: camera)
        if realtime, input != nil { source = PacedFrameSource(source) }

        let destination = MixerOutput.destination(wav: wav, wantsDevice: !silent && live)
        let output = try MixerOutput(destination: destination, synthesizer: try composition.speechSynthesizer(),
                                     voice: voice, speaks: speech)

        var configuration = configuration
        configuration.pauseAfter = pauseAfter > 0 ? pauseAfter : nil
        configuration.keepTurningAfter = keepTurningAfter > 0 ? keepTurningAfter : nil
        configuration.cues.horizontalFieldOfView = fieldOfView
        configuration.playsEarcons = beeps
        // The mixer ducks earcons under speech itself, sample-accurately; the session must not duck them again.
        configuration.speech.duckedGain = 1
        let keys = live ? TerminalKeys(descriptor: keyboard) : nil
        defer { keys?.restore() }
        let power = live ? PowerWatch(sensor: composition.powerSensor(), setting: batterySaver,
                                      policy: powerPolicy) : nil
        let loop = GuidanceLoop(target: target, configuration: configuration, output: output, keys: keys,
                                options: .init(live: live, printJSON: json, maxFrames: frames), power: power,
                                transcript: transcript, describe: { Self.describe($0, label: target.label) })
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

    public static func describe(_ cue: CueSnapshot, label: String) -> String {
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

public struct EmptySource: UserFacingError {
    public let name: String
    public var sentence: String { "\(name) gave no pictures to search." }
}

public struct NothingToLookFor: UserFacingError {
    public init() {}
    public var sentence: String { "Give some letters or digits to look for." }
}
