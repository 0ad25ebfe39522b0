import BeaconAudio
import BeaconCore
import Foundation

/// What a session is, as one plain value: the job it does (none: the assistant), the clock it runs on, where its
/// sound goes, the person's settings and data, and what its transcript is given. `Composition.runner(for:engines:
/// transcript:)` builds the session, its output and its runner from it: the one place they are built, for the
/// assistant at a terminal, the single jobs (find, find-text, find-ride, read, teach), the phone and the benchmarks.
/// Where the frames and commands come from stays with the caller, which runs the runner on the clock chosen here.
public struct SessionAssembly {
    /// Which clock a session runs on.
    public enum Clock: Sendable, Equatable {
        /// The source's own clock: every frame worked on in line, so a run repeats exactly (scripts, recordings,
        /// JSON, tests).
        case source
        /// The wall clock: the engines beside the frames, the newest frame first, keys and voice working (a camera,
        /// a phone, a person at a terminal, `--realtime`).
        case wall
    }

    public var configuration: AssistantSession.Configuration
    public var settings: AssistantSettings
    public var clock: Clock
    /// Where the session's sound goes: a WAV file, this machine's sound device, or nowhere (a phone plays its own;
    /// speech still takes its time).
    public var sound: MixerOutput.Destination
    /// The voice speech is made in, and whether words are spoken at all (false: beeps only).
    public var voice: String
    public var speaks: Bool
    /// Whether anyone hears the speech: true for a sound device, a WAV file, or a phone that may ask for the
    /// server's speech; false for sound to nowhere, where speech only takes its time. Only heard speech is worth
    /// the natural voice's time; the rest is espeak-ng's.
    public var speechHeard: Bool
    /// The person's data (settings, history, usage); nil for a job that keeps nothing.
    public var store: AssistantStore?
    public var options: AssistantRunner.Options

    public init(configuration: AssistantSession.Configuration = .init(), settings: AssistantSettings = .init(),
                clock: Clock, sound: MixerOutput.Destination, voice: String? = nil, speaks: Bool = true,
                speechHeard: Bool? = nil, store: AssistantStore? = nil, options: AssistantRunner.Options) {
        self.configuration = configuration
        self.settings = settings
        self.clock = clock
        self.sound = sound
        self.voice = voice ?? settings.language.voice
        self.speaks = speaks
        if case .nowhere = sound { self.speechHeard = speechHeard ?? false } else { self.speechHeard = speechHeard ?? true }
        self.store = store
        self.options = options
    }

    /// The one rule for the clock: the wall clock for a camera, for `--realtime`, and for a person at a terminal (so
    /// single keys work), unless a job is writing a record at the sound's own pace (a WAV file or JSON).
    public static func clock(camera: Bool, realtime: Bool, atTerminal: Bool, recording: Bool = false) -> Clock {
        camera || realtime || (atTerminal && !recording) ? .wall : .source
    }
}

extension Composition {
    /// The session's sound: earcons and speech on one timeline, to `destination`.
    public func output(to destination: MixerOutput.Destination, voice: String, speaks: Bool = true,
                       choice: VoiceChoice = .espeak) throws -> MixerOutput {
        try MixerOutput(destination: destination, synthesizer: try speechSynthesizer(choice), voice: voice, speaks: speaks)
    }

    /// The voice a session speaks with for the person's `voice` setting: the natural voice only when its model is
    /// installed (it is the default, and a machine without it still speaks, with espeak-ng).
    public func installedVoice(_ choice: VoiceChoice) -> VoiceChoice {
        guard choice == .natural else { return choice }
        let locator = modelLocator
        let installed = ["piper_en_us_joe_medium", "piper_en_us_joe_medium_config"].allSatisfy { (try? locator.locate($0)) != nil }
        return installed ? .natural : .espeak
    }

    /// The session `assembly` describes, with its output (or `output`, made earlier for what came before the
    /// session, such as a page's capture) and its runner.
    public func runner(for assembly: SessionAssembly, engines: AssistantEngines, transcript: any Transcript,
                       output: MixerOutput? = nil) throws -> AssistantRunner {
        let natural = assembly.speaks && assembly.speechHeard && installedVoice(assembly.settings.voice) == .natural
        let output = try output ?? MixerOutput(destination: assembly.sound,
                                               synthesizer: natural ? engines.naturalVoice() ?? speechSynthesizer(.natural) : speechSynthesizer(),
                                               voice: assembly.voice, speaks: assembly.speaks)
        let session = AssistantSession(configuration: assembly.configuration, settings: assembly.settings)
        return AssistantRunner(session: session, engines: engines, output: output, store: assembly.store,
                               options: assembly.options, transcript: transcript)
    }
}
