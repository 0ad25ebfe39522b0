import BeaconAudio
import BeaconCore
import Foundation

/// `say` on its own: one sentence spoken in the voice chosen, to the sound device or a WAV file.
public struct SayRun {
    public var text: String
    public var voice: VoiceChoice
    public var language: String
    public var wav: String?

    public init(text: String, voice: VoiceChoice = .natural, language: String = "en-us", wav: String? = nil) {
        self.text = text
        self.voice = voice
        self.language = language
        self.wav = wav
    }

    public struct NoSoundDevice: UserFacingError {
        public var sentence: String { "No sound device answers; add --wav FILE to write the speech to a file." }
    }

    /// Speaks the text and returns how long the speech lasts, in seconds.
    @discardableResult
    public func run(composition: Composition, transcript: any Transcript) throws -> Double {
        let destination = MixerOutput.destination(wav: wav, wantsDevice: true)
        if case .nowhere = destination { throw NoSoundDevice() }
        let output = try composition.output(to: destination, voice: language, choice: voice)
        output.begin()
        _ = try output.say(text, voice: language, rate: 1, at: 0)
        try output.finish() // a natural voice makes the sentences after the first one here
        let seconds = output.lastSpeechEnd
        transcript.note(String(format: "Said in %.1f s of speech (%@).", seconds, voice.rawValue))
        return seconds
    }
}
