import Foundation

/// 16-bit samples as a test sees them, without depending on the audio module: interleaved when stereo.
public struct InterleavedAudio: Sendable, Equatable {
    public var samples: [Int16]
    public var channels: Int
    public var sampleRate: Int

    public init(samples: [Int16], channels: Int, sampleRate: Int) {
        precondition(channels > 0 && sampleRate > 0)
        self.samples = samples
        self.channels = channels
        self.sampleRate = sampleRate
    }

    public var frameCount: Int { samples.count / channels }
    public var duration: Double { Double(frameCount) / Double(sampleRate) }

    /// Reads a 16-bit PCM WAV file (what `beacon --wav` writes, and what parec records), so tests of the command
    /// line can analyse its output. A data chunk whose size is 0 or too large, as a stopped recorder leaves it, is
    /// read to the end of the file.
    public static func readWAV(_ url: URL) throws -> InterleavedAudio {
        let bytes = [UInt8](try Data(contentsOf: url))
        func fail(_ reason: String) -> WAVFailure { WAVFailure(description: "\(url.path): \(reason)") }
        func uint16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func uint32(_ at: Int) -> Int { uint16(at) | uint16(at + 2) << 16 }
        func tag(_ at: Int) -> String { String(decoding: bytes[at..<at + 4], as: UTF8.self) }
        guard bytes.count >= 12, tag(0) == "RIFF", tag(8) == "WAVE" else { throw fail("not a RIFF/WAVE file") }
        var format: (channels: Int, rate: Int)?
        var offset = 12
        while offset + 8 <= bytes.count {
            let size = uint32(offset + 4), body = offset + 8
            if tag(offset) == "fmt ", body + 16 <= bytes.count {
                guard uint16(body + 14) == 16 else { throw fail("not 16-bit samples") }
                format = (uint16(body + 2), uint32(body + 4))
            } else if tag(offset) == "data" {
                guard let format, format.channels > 0, format.rate > 0 else { throw fail("no usable format chunk") }
                let available = bytes.count - body
                let length = (size == 0 || size > available) ? available : size
                let count = length / (2 * format.channels) * format.channels
                var samples = [Int16](repeating: 0, count: count)
                for index in 0..<count {
                    samples[index] = Int16(bitPattern: UInt16(uint16(body + 2 * index)))
                }
                return InterleavedAudio(samples: samples, channels: format.channels, sampleRate: format.rate)
            }
            offset = body + size + (size & 1)
        }
        throw fail("no data chunk")
    }

    public struct WAVFailure: Error, CustomStringConvertible { public let description: String }
}
