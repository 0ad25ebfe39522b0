import Foundation

/// The 44-byte header of a canonical RIFF/WAVE file holding 16-bit little-endian PCM.
struct WAVHeader: Equatable {
    static let size = 44
    static let bitsPerSample = 16

    var sampleRate: Int
    var channels: Int
    /// Bytes of sample data after the header.
    var dataByteCount: Int

    /// The most sample data a WAV file can describe: its sizes are 32-bit.
    static let maximumDataByteCount = Int(UInt32.max) - (size - 8)

    var bytes: [UInt8] {
        let blockAlign = channels * Self.bitsPerSample / 8
        var out: [UInt8] = []
        out.reserveCapacity(Self.size)
        out += Array("RIFF".utf8)
        out.appendLittleEndian(UInt32(dataByteCount + Self.size - 8))
        out += Array("WAVEfmt ".utf8)
        out.appendLittleEndian(UInt32(16))                    // fmt chunk size
        out.appendLittleEndian(UInt16(1))                     // format: integer PCM
        out.appendLittleEndian(UInt16(channels))
        out.appendLittleEndian(UInt32(sampleRate))
        out.appendLittleEndian(UInt32(sampleRate * blockAlign)) // bytes per second
        out.appendLittleEndian(UInt16(blockAlign))
        out.appendLittleEndian(UInt16(Self.bitsPerSample))
        out += Array("data".utf8)
        out.appendLittleEndian(UInt32(dataByteCount))
        return out
    }
}

extension Array where Element == UInt8 {
    mutating func appendLittleEndian<T: FixedWidthInteger>(_ value: T) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }
}

extension Array where Element == Int16 {
    /// Lends the samples as little-endian bytes, the order WAV files and PulseAudio's S16LE use,
    /// without copying on little-endian machines.
    func withLittleEndianBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        #if _endian(big)
        return try map(\.littleEndian).withUnsafeBytes(body)
        #else
        return try withUnsafeBytes(body)
        #endif
    }
}
