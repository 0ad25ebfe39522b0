import BeaconCore

/// Chooses where sound goes when the user did not say.
public enum AudioOutput {
    /// The speaker when a PulseAudio server answers, else nil, so the caller can fall back to printing.
    public static func defaultDevice(sampleRate: Int = EspeakSynthesizer.sampleRate, channels: Int = 1,
                                     server: String? = nil) -> (any AudioSink)? {
        try? PulseAudioSink(sampleRate: sampleRate, channels: channels, server: server)
    }

    /// The speaker for a live `AudioPlayer` (stereo at the mixer's rate, with a short server buffer so the stop
    /// key is heard at once) when a PulseAudio server answers, else nil.
    public static func liveDevice(sampleRate: Int = CueMixer.Configuration.defaultSampleRate,
                                  server: String? = nil) -> (any DeviceAudioSink)? {
        try? PulseAudioSink(sampleRate: sampleRate, channels: 2, server: server, latency: AudioPlayer.suggestedDeviceLatency)
    }
}
