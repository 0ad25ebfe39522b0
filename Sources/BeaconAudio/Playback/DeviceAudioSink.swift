import BeaconCore

/// A sink that plays at the speaker's pace: `play` blocks while its buffer is full, which is what paces a
/// real-time player, and what it holds can be measured and thrown away.
public protocol DeviceAudioSink: AudioSink {
    /// Seconds between a sample handed to `play` and its being heard.
    func latency() throws -> Double
    /// Drops what is buffered but not yet heard (the stop key must not wait for it to drain).
    func discardBuffered() throws
}
