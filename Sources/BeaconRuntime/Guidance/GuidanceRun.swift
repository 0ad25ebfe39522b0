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
    /// The terminal single keys come from (the command line gives standard input; tests a pseudo-terminal); -1:
    /// none. At a terminal the run is live whatever the source, so the keys work: a video plays at its own pace, a
    /// photo is held like a still camera until stopped.
    public var keyboard: Int32 = -1

    /// Live (on the wall clock, the engine beside the frames, keys working) or on the video's own clock, every frame
    /// detected: repeatable, for recordings, JSON and tests. The rule every session follows (`SessionAssembly`).
    public var clock: SessionAssembly.Clock {
        SessionAssembly.clock(camera: camera != nil, realtime: realtime, atTerminal: isatty(keyboard) == 1,
                              recording: wav != nil || json)
    }

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
        try find(composition.objectSearch(detector, object: object, tiles: tiles), voice: voice,
                 composition: composition, transcript: transcript)
    }

    /// Guides to a resolved object search. With `measuringWith` the run is a measurement (`beacon bench pipeline`):
    /// power is read from that sensor, nothing is printed or sounded, and every timing is kept in the statistics it
    /// returns.
    @discardableResult
    public func find(_ search: ObjectSearch, voice: String = "en", composition: Composition, transcript: any Transcript,
                     measuringWith sensor: (any PowerSensor)? = nil) throws -> AssistantRunner.Statistics {
        var configuration = GuidanceConfiguration()
        configuration.tracker.confidentThreshold = search.confident
        return try guide(.findObject(search.target, configure(configuration)), label: search.target.label,
                         engines: search.engines, voice: voice, composition: composition, transcript: transcript,
                         measuringWith: sensor)
    }

    /// `find-text`: guides to a written word or phrase; reading is the "detector", every reading becoming detections
    /// of the one text target.
    public func findText(_ text: String, language: ReadingLanguage = .automatic, reader settings: TextReaderSettings,
                         composition: Composition, transcript: any Transcript) throws {
        guard let query = TextQuery(text) else { throw NothingToLookFor() }
        // Built now, so a missing model is one sentence before anything starts.
        let engines = composition.readingEngines(try composition.textReader(settings, language: language))
        try guide(.findText(query, configure(.textSearch())), label: TextSearch(query: query).target.label,
                  engines: engines, voice: "en", composition: composition, transcript: transcript,
                  powerPolicy: .textRecognition)
    }

    /// `find-ride`: checks the cars in view against the ride described, and guides to the one whose plate matches.
    public func findRide(_ description: RideDescription, detector: DetectorSettings, reader: TextReaderSettings,
                         voice: String = "en", composition: Composition, transcript: any Transcript) throws {
        guard description.plate != nil else { throw NothingToLookFor() }
        // Built now, so a missing model is one sentence before anything starts.
        _ = try composition.detector(detector)
        _ = try composition.textRecognizer(reader)
        let engines = composition.assistantEngines(detector: detector, text: reader, depth: nil)
        try guide(.findRide(description, configure(GuidanceConfiguration())), label: "car", engines: engines, voice: voice,
                  composition: composition, transcript: transcript)
    }

    /// The guidance settings this run's flags choose.
    private func configure(_ configuration: GuidanceConfiguration) -> GuidanceConfiguration {
        var configuration = configuration
        configuration.pauseAfter = pauseAfter > 0 ? pauseAfter : nil
        configuration.keepTurningAfter = keepTurningAfter > 0 ? keepTurningAfter : nil
        configuration.cues.horizontalFieldOfView = fieldOfView
        configuration.playsEarcons = beeps
        // The mixer ducks earcons under speech itself, sample-accurately; the session must not duck them again.
        configuration.speech.duckedGain = 1
        return configuration
    }

    /// Runs the assistant session started with `job` (see `AssistantRunner.runToEnd`). Live, `powerPolicy` paces
    /// guidance on battery saver and in the heat (its thermal drop window is sized for the engine in use).
    @discardableResult
    private func guide(_ job: AssistantJob, label: String, engines: AssistantEngines, voice: String,
                       composition: Composition, transcript: any Transcript, powerPolicy: PowerPolicy = PowerPolicy(),
                       measuringWith sensor: (any PowerSensor)? = nil) throws -> AssistantRunner.Statistics {
        let source = try composition.frameSource(input: input, camera: camera)
        var configuration = AssistantSession.Configuration()
        configuration.job = job
        configuration.powerPolicy = powerPolicy
        configuration.horizontalFieldOfView = fieldOfView
        if let guidance = job.guidance { configuration.speech = guidance.speech }
        var settings = AssistantSettings()
        settings.batterySaver = batterySaver
        let clock = self.clock
        let assembly = SessionAssembly(
            configuration: configuration, settings: settings, clock: clock,
            sound: sensor != nil ? .nowhere : MixerOutput.destination(wav: wav, wantsDevice: !silent && clock == .wall),
            voice: voice, speaks: speech,
            options: .init(printJSON: json, printSpeech: false, voice: voice, report: sensor != nil ? .nothing : .cues(label: label),
                           maximumFrames: frames, recordsTimings: sensor != nil))
        let runner = try composition.runner(for: assembly, engines: engines, transcript: transcript)
        try runner.runToEnd(source: source, clock: clock, power: sensor ?? composition.powerSensor(), keyboard: keyboard)
        if runner.statistics.frames == 0 { throw EmptySource(name: source.name) }
        return runner.statistics
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
