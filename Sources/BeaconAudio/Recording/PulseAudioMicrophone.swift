import BeaconCore
import CPulseSimple
import Foundation

/// Records from a PulseAudio (or pipewire-pulse) source with the blocking "simple" API, 16 kHz mono 16-bit,
/// in 100 ms chunks.
public final class PulseAudioMicrophone: Microphone, @unchecked Sendable {
    public static let chunkSamples = CommandRecognizer.sampleRate / 10

    public let name: String
    /// Only the reading thread touches the stream; `close` merely asks, so the stream is never freed under a read.
    private var stream: OpaquePointer?
    private let lock = NSLock()
    private var closeRequested = false

    /// Connects a recording stream.
    ///
    /// - Parameters:
    ///   - server: a server string such as "unix:/run/user/1000/pulse/native"; nil means the usual lookup.
    ///   - device: a source name such as "nullsink.monitor"; nil means the server's default source.
    /// - Throws: `RecognitionError.noMicrophone` when no server answers or it has no such source.
    public init(server: String? = nil, device: String? = nil, applicationName: String = "Beacon") throws {
        name = device ?? server.map { "PulseAudio at \($0)" } ?? "PulseAudio"
        var spec = pa_sample_spec(format: PA_SAMPLE_S16LE, rate: UInt32(CommandRecognizer.sampleRate), channels: 1)
        // fragsize: the server hands over 100 ms at a time, so an utterance's end is seen within 100 ms.
        var attributes = pa_buffer_attr(maxlength: UInt32.max, tlength: UInt32.max, prebuf: UInt32.max,
                                        minreq: UInt32.max, fragsize: UInt32(Self.chunkSamples * 2))
        var code: Int32 = 0
        stream = pa_simple_new(server, applicationName, PA_STREAM_RECORD, device, "voice commands", &spec, nil,
                               &attributes, &code)
        guard stream != nil else { throw Self.connectionError(code) }
    }

    deinit {
        if let stream { pa_simple_free(stream) }
    }

    public func read() throws -> [Int16]? {
        if lock.withLock({ closeRequested }) {
            if let stream { pa_simple_free(stream) }
            stream = nil
        }
        guard let stream else { return nil }
        var chunk = [Int16](repeating: 0, count: Self.chunkSamples)
        var code: Int32 = 0
        let result = chunk.withUnsafeMutableBytes { pa_simple_read(stream, $0.baseAddress, $0.count, &code) }
        guard result >= 0 else {
            throw RecognitionError.microphoneFailed(reason: String(cString: pa_strerror(code)))
        }
        #if _endian(big)
        chunk = chunk.map { Int16(littleEndian: $0) }
        #endif
        return chunk
    }

    public func close() {
        lock.withLock { closeRequested = true }
    }

    /// An unreachable server and a missing source both mean "no microphone here"; the rest are faults.
    private static func connectionError(_ code: Int32) -> RecognitionError {
        let absent: [pa_error_code] = [
            PA_ERR_CONNECTIONREFUSED, PA_ERR_INVALIDSERVER, PA_ERR_TIMEOUT, PA_ERR_CONNECTIONTERMINATED,
            PA_ERR_ACCESS, PA_ERR_AUTHKEY, PA_ERR_PROTOCOL, PA_ERR_VERSION, PA_ERR_KILLED, PA_ERR_IO, PA_ERR_NOENTITY,
        ]
        if absent.contains(where: { Int32($0.rawValue) == code }) { return .noMicrophone }
        return .microphoneFailed(reason: pa_strerror(code).map { String(cString: $0) } ?? "PulseAudio error \(code)")
    }
}
