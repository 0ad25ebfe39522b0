import BeaconCore
import Foundation

/// Reading and writing whole WAV files, for tests and tools.
public enum WAVFile {
    /// The audio in a 16-bit PCM WAV file (plain or WAVE_FORMAT_EXTENSIBLE).
    ///
    /// A data chunk whose size is 0 or larger than the file, as a recorder that was stopped early leaves it,
    /// is read up to the end of the file.
    public static func read(_ url: URL) throws -> PCMAudio {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            let reason = (error as NSError).localizedFailureReason ?? (error as NSError).localizedDescription
            throw AudioError.fileUnreadable(file: url, reason: reason)
        }
        return try data.withUnsafeBytes { try parse($0, url: url) }
    }

    /// The audio in the bytes of a WAV file (as `read` reads a file); `name` is what an error calls it.
    public static func audio(in bytes: [UInt8], name: String) throws -> PCMAudio {
        try bytes.withUnsafeBytes { try parse($0, url: URL(fileURLWithPath: name)) }
    }

    /// The whole file in memory: for sending speech to a phone.
    public static func bytes(_ audio: PCMAudio) -> [UInt8] {
        var bytes = WAVHeader(sampleRate: audio.sampleRate, channels: audio.channels, dataByteCount: audio.samples.count * 2).bytes
        bytes.reserveCapacity(bytes.count + audio.samples.count * 2)
        for sample in audio.samples { bytes.appendLittleEndian(sample) }
        return bytes
    }

    /// Writes `audio` to `url` in its own format, replacing the file only once the new one is complete.
    public static func write(_ audio: PCMAudio, to url: URL) throws {
        let sink = try WAVFileSink(url: url, sampleRate: audio.sampleRate, channels: audio.channels)
        try sink.play(audio)
        try sink.close()
    }

    private static func parse(_ bytes: UnsafeRawBufferPointer, url: URL) throws -> PCMAudio {
        func fail(_ reason: String) -> AudioError { .notPCMWAV(file: url, reason: reason) }
        guard bytes.count >= 12, tag(bytes, 0) == "RIFF", tag(bytes, 8) == "WAVE" else {
            throw fail("no RIFF/WAVE header")
        }
        var format: (channels: Int, sampleRate: Int)?
        var offset = 12
        while offset + 8 <= bytes.count {
            let id = tag(bytes, offset)
            let declaredSize = Int(uint32(bytes, offset + 4))
            let body = offset + 8
            switch id {
            case "fmt ":
                guard declaredSize >= 16, body + 16 <= bytes.count else { throw fail("its format chunk is cut short") }
                format = try pcmFormat(bytes, at: body, size: declaredSize, fail: fail)
            case "data":
                guard let format else { throw fail("the data comes before the format") }
                let available = bytes.count - body
                let size = (declaredSize == 0 || declaredSize > available) ? available : declaredSize
                let frameBytes = 2 * format.channels
                let sampleCount = size / frameBytes * format.channels
                var samples = [Int16](repeating: 0, count: sampleCount)
                samples.withUnsafeMutableBytes { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[body..<body + sampleCount * 2])) }
                #if _endian(big)
                samples = samples.map { Int16(littleEndian: $0) }
                #endif
                return PCMAudio(sampleRate: format.sampleRate, channels: format.channels, samples: samples)
            default:
                break
            }
            offset = body + declaredSize + (declaredSize & 1) // chunks are padded to an even size
        }
        throw fail("it has no data chunk")
    }

    private static func pcmFormat(_ bytes: UnsafeRawBufferPointer, at body: Int, size: Int,
                                  fail: (String) -> AudioError) throws -> (channels: Int, sampleRate: Int) {
        var formatTag = uint16(bytes, body)
        let extensible: UInt16 = 0xFFFE
        if formatTag == extensible {
            // The real format is the first two bytes of the SubFormat GUID, 24 bytes into the extension.
            guard size >= 40, body + 26 <= bytes.count else { throw fail("its extensible format chunk is cut short") }
            formatTag = uint16(bytes, body + 24)
        }
        let channels = Int(uint16(bytes, body + 2))
        let sampleRate = Int(uint32(bytes, body + 4))
        let bits = Int(uint16(bytes, body + 14))
        guard formatTag == 1 else { throw fail("it is compressed or floating point, format \(formatTag)") }
        guard bits == 16 else { throw fail("it has \(bits)-bit samples") }
        guard channels > 0, sampleRate > 0 else { throw fail("it declares \(channels) channels at \(sampleRate) Hz") }
        return (channels, sampleRate)
    }

    private static func tag(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> String {
        String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
    }

    private static func uint16(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt16 {
        UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    private static func uint32(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
    }
}
