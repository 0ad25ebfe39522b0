import BeaconCore

/// Discards sound, for a run with nothing to speak to; it counts what it was given so tests can check it.
public final class NullSink: AudioSink {
    public let name = "nowhere"
    /// Seconds of sound played into this sink.
    public private(set) var discardedSeconds = 0.0

    public init() {}

    public func play(_ audio: PCMAudio) throws { discardedSeconds += audio.duration }
    public func close() throws {}
}
