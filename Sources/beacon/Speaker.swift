import BeaconAudio
import BeaconCore
import Foundation

/// Speaks sentences through a sink. For a recording (a WAV file) it places each sentence at the time it was said
/// in the video, padding with silence, so the recording plays in step with the picture.
final class Speaker {
    private let sink: AudioSink?
    private let synthesizer: EspeakSynthesizer
    private let voice: String
    private let followsTimestamps: Bool
    private var writtenSeconds = 0.0

    init(sink: AudioSink?, voice: String, followsTimestamps: Bool) throws {
        self.sink = sink
        self.voice = voice
        self.followsTimestamps = followsTimestamps
        self.synthesizer = try EspeakSynthesizer()
        _ = try synthesizer.synthesize("", voice: voice) // fails early, with a clear sentence, on an unknown voice
    }

    func say(_ text: String, at timestamp: Double) throws {
        guard let sink else { return }
        let speech = try synthesizer.synthesize(text, voice: voice)
        if followsTimestamps && timestamp > writtenSeconds {
            let gap = PCMAudio.silence(seconds: timestamp - writtenSeconds, sampleRate: speech.sampleRate)
            try sink.play(gap)
            writtenSeconds += gap.duration
        }
        try sink.play(speech)
        writtenSeconds += speech.duration
    }

    func finish() throws {
        try sink?.close()
    }
}
