import BeaconCore
import CPulseSimple

/// Plays sound on the speaker through a PulseAudio server (or PipeWire's pulse server), with the blocking
/// "simple" API: `play` returns once the server has buffered the sound, `close` waits until it has been heard.
public final class PulseAudioSink: DeviceAudioSink {
    public let sampleRate: Int
    public let channels: Int
    public let name: String
    private var stream: OpaquePointer?

    /// Connects a playback stream of 16-bit samples at `sampleRate` with `channels` channels.
    ///
    /// - Parameters:
    ///   - server: a server string such as "unix:/run/user/1000/pulse/native"; nil means the usual lookup
    ///     ($PULSE_SERVER, then the user's default socket).
    ///   - device: a sink name such as "nullsink"; nil means the server's default sink.
    ///   - latency: seconds of sound the server should hold ahead of the speaker; nil keeps its default (about
    ///     two seconds, fine for whole sentences). A live mix wants a few buffers (`AudioPlayer` uses 0.06), so
    ///     the stop key and new cues are heard at once, not after everything already queued.
    /// - Throws: `AudioError.noAudioDevice` when no server answers.
    public init(sampleRate: Int = EspeakSynthesizer.sampleRate, channels: Int = 1,
                server: String? = nil, device: String? = nil, applicationName: String = "Beacon",
                latency: Double? = nil) throws {
        guard (1...Int(PA_CHANNELS_MAX)).contains(channels), (1...Int(PA_RATE_MAX)).contains(sampleRate) else {
            throw AudioError.audioDeviceFailed(reason: "PulseAudio cannot play \(channels) channels at \(sampleRate) Hz")
        }
        self.sampleRate = sampleRate
        self.channels = channels
        self.name = server.map { "PulseAudio at \($0)" } ?? "PulseAudio"
        var spec = pa_sample_spec(format: PA_SAMPLE_S16LE, rate: UInt32(sampleRate), channels: UInt8(channels))
        var code: Int32 = 0
        if let latency {
            // (UInt32)-1 asks the server to choose; only the target length (what it keeps queued) is ours.
            let bytes = UInt32(max(1, (latency * Double(sampleRate)).rounded()) * Double(channels * 2))
            var attributes = pa_buffer_attr(maxlength: UInt32.max, tlength: bytes, prebuf: UInt32.max,
                                            minreq: UInt32.max, fragsize: UInt32.max)
            stream = pa_simple_new(server, applicationName, PA_STREAM_PLAYBACK, device, "speech", &spec, nil,
                                   &attributes, &code)
        } else {
            stream = pa_simple_new(server, applicationName, PA_STREAM_PLAYBACK, device, "speech", &spec, nil, nil, &code)
        }
        guard stream != nil else { throw Self.connectionError(code) }
    }

    deinit {
        if let stream { pa_simple_free(stream) }
    }

    public func play(_ audio: PCMAudio) throws {
        guard let stream else { throw AudioError.sinkClosed(name: name) }
        let samples = audio.converted(sampleRate: sampleRate, channels: channels).samples
        var code: Int32 = 0
        let result = samples.withLittleEndianBytes { pa_simple_write(stream, $0.baseAddress, $0.count, &code) }
        guard result >= 0 else { throw AudioError.audioDeviceFailed(reason: Self.describe(code)) }
    }

    /// Waits until everything played has reached the speaker, then disconnects. Closing twice does nothing.
    public func close() throws {
        guard let stream else { return }
        self.stream = nil
        var code: Int32 = 0
        let result = pa_simple_drain(stream, &code)
        pa_simple_free(stream)
        guard result >= 0 else { throw AudioError.audioDeviceFailed(reason: Self.describe(code)) }
    }

    /// Seconds between a sample handed to `play` and its reaching the speaker, as the server estimates it.
    public func latency() throws -> Double {
        guard let stream else { throw AudioError.sinkClosed(name: name) }
        var code: Int32 = 0
        let microseconds = pa_simple_get_latency(stream, &code)
        guard microseconds != UInt64.max else { throw AudioError.audioDeviceFailed(reason: Self.describe(code)) }
        return Double(microseconds) / 1_000_000
    }

    /// Drops what the server holds but has not played yet, so the next `play` is heard at once.
    public func discardBuffered() throws {
        guard let stream else { throw AudioError.sinkClosed(name: name) }
        var code: Int32 = 0
        guard pa_simple_flush(stream, &code) >= 0 else { throw AudioError.audioDeviceFailed(reason: Self.describe(code)) }
    }

    /// Failures to reach a server mean "no speaker here"; the rest (an unknown sink name, say) are real faults.
    private static func connectionError(_ code: Int32) -> AudioError {
        let unreachable: [pa_error_code] = [
            PA_ERR_CONNECTIONREFUSED, PA_ERR_INVALIDSERVER, PA_ERR_TIMEOUT, PA_ERR_CONNECTIONTERMINATED,
            PA_ERR_ACCESS, PA_ERR_AUTHKEY, PA_ERR_PROTOCOL, PA_ERR_VERSION, PA_ERR_KILLED, PA_ERR_IO,
        ]
        if unreachable.contains(where: { Int32($0.rawValue) == code }) { return .noAudioDevice }
        return .audioDeviceFailed(reason: describe(code))
    }

    private static func describe(_ code: Int32) -> String {
        pa_strerror(code).map { String(cString: $0) } ?? "PulseAudio error \(code)"
    }
}
