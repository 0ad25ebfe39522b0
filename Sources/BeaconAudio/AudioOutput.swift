import BeaconCore

/// Chooses where sound goes when the user did not say.
public enum AudioOutput {
    /// The speaker when a PulseAudio server answers, else nil, so the caller can fall back to printing.
    public static func defaultDevice(sampleRate: Int = EspeakSynthesizer.sampleRate, channels: Int = 1,
                                     server: String? = nil) -> (any AudioSink)? {
        try? PulseAudioSink(sampleRate: sampleRate, channels: channels, server: server)
    }
}
