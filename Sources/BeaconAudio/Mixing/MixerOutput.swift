import BeaconCore
import Foundation

/// Guidance effects into one stereo mix: earcons and speech on a shared timeline, played live through the audio
/// device, rendered into a WAV file in step with a video, or rendered to nowhere (so speech still takes its time).
public final class MixerOutput {
    public enum Destination {
        case device(AudioSink)
        case file(URL)
        case nowhere
    }

    private let mixer = CueMixer()
    private let synthesizer: any WordTimedSpeechSynthesizer
    private let voice: String
    private let player: AudioPlayer?
    private let renderer: OfflineRenderer?
    private let speaks: Bool
    private var pendingEnds: [Double] = []
    /// Each utterance's sound as it is placed on the mixer, for a listener elsewhere (a phone that plays the
    /// server's speech).
    public var onSpeech: ((PCMAudio) -> Void)?

    /// - Parameters:
    ///   - synthesizer: the voice (espeak-ng in the product; a stand-in in tests that are not about speech).
    ///   - speaks: false for beeps only: utterances are then finished as soon as they are handed over.
    public init(destination: Destination, synthesizer: any WordTimedSpeechSynthesizer, voice: String,
                speaks: Bool = true) throws {
        self.synthesizer = synthesizer
        self.voice = voice
        self.speaks = speaks
        _ = try synthesizer.synthesize("", voice: voice) // an unknown voice fails now, with its sentence
        switch destination {
        case .device(let sink):
            player = AudioPlayer(mixer: mixer, sink: sink)
            renderer = nil
            player?.start()
        case .file(let url):
            player = nil
            renderer = OfflineRenderer(mixer: mixer, sink: try WAVFileSink(url: url, sampleRate: mixer.sampleRate, channels: 2))
        case .nowhere:
            player = nil
            renderer = OfflineRenderer(mixer: mixer, sink: NullSink())
        }
    }

    /// Where sound goes for a command: the WAV file when one is named, else the audio device when sound is wanted
    /// and one answers, else nowhere (speech still takes its time).
    public static func destination(wav: String?, wantsDevice: Bool) -> Destination {
        if let wav { return .file(URL(fileURLWithPath: wav)) }
        if wantsDevice, let device = deviceSink() { return .device(device) }
        return .nowhere
    }

    /// The stereo device sink the live player needs, with a short buffer so a stop is heard at once, when a
    /// PulseAudio server answers.
    public static func deviceSink() -> AudioSink? {
        AudioOutput.liveDevice()
    }

    /// Mixer time minus guidance time: the player's timeline starts when it starts, the guidance clock later.
    private var offset = 0.0

    public func begin() {
        offset = player?.currentTime ?? 0
    }

    public func play(_ earcon: Earcon, at time: Double) {
        _ = mixer.schedule(earcon, at: time + offset)
    }

    public func say(_ utterance: Utterance, at time: Double) throws {
        try say(utterance.text, voice: utterance.voice(default: voice), rate: 1, at: time)
    }

    /// Says a text at `rate` times the normal speaking rate; returns where each word starts (seconds into the
    /// speech) so a reader can tell which word was playing when it was paused. Without speech nothing is placed on
    /// the mixer and the utterance counts as finished at once.
    @discardableResult
    public func say(_ text: String, voice: String, rate: Double, at time: Double) throws -> [Double] {
        guard speaks else {
            pendingEnds.append(time) // guidance time: nothing was placed on the mixer
            return []
        }
        let (audio, wordStarts) = try synthesizer.synthesizeWithWords(text, voice: voice, rate: rate)
        _ = mixer.speak(audio, wordStarts: wordStarts, at: time + offset)
        onSpeech?(audio)
        lastSpeechDuration = audio.duration
        lastSpeechEnd = max(lastSpeechEnd, max(time, mixer.endOfScheduledSound - offset))
        return wordStarts
    }

    /// When the last speech placed on the mixer ends, on the caller's timeline (for benchmarks).
    public private(set) var lastSpeechEnd = 0.0
    /// How long the last utterance takes to say.
    public private(set) var lastSpeechDuration = 0.0

    /// Loudness of earcons and speech together, 0…1 (the user's volume setting).
    public func setVolume(_ volume: Double) {
        mixer.earconVolume = volume
        mixer.speechVolume = volume
    }

    public func interruptSpeech() { mixer.interruptSpeech() }

    public func stopAll() { mixer.stopAll() }

    public func speechFinished(by time: Double) -> Double? {
        pendingEnds += mixer.takeSpeechEnds().map { $0.time - offset }
        guard let first = pendingEnds.first, first <= time else { return nil }
        pendingEnds.removeFirst()
        return first
    }

    private var finished = false

    public func advance(to time: Double) throws {
        try renderer?.renderToSink(until: time + offset)
        if let failure = player?.failure { throw failure }
    }

    /// Ends the output; a second call does nothing (a run that failed part way is finished by whoever catches it).
    public func finish() throws {
        guard !finished else { return }
        finished = true
        if let player {
            // Let what was placed be heard before closing the device.
            let remaining = mixer.endOfScheduledSound - player.currentTime
            if remaining > 0 { Thread.sleep(forTimeInterval: min(remaining, 5)) }
            try player.stop()
        }
        try renderer?.finish(tail: 0.2)
    }
}
