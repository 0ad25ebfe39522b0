import CFFmpeg

/// Asks FFmpeg whether some bytes look like a container it knows, judging by content alone.
///
/// Used after an open fails with "invalid data", to tell a file that is not a video at all from a video whose
/// end is missing (an MP4 cut short before its index, for one, opens like garbage but starts like an MP4).
enum ContainerProbe {
    /// How much of a file's start is enough for the common containers to recognise themselves.
    static let prefixLength = 64 * 1024

    static func recognizes(_ prefix: [UInt8]) -> Bool {
        FFmpegLibrary.prepare()
        // FFmpeg's probes may read a little past the end, so the buffer carries zeroed padding.
        var padded = prefix + [UInt8](repeating: 0, count: Int(AVPROBE_PADDING_SIZE))
        var score: Int32 = 0
        let found = padded.withUnsafeMutableBufferPointer { buffer in
            "".withCString { noName in
                var probe = AVProbeData(filename: noName, buf: buffer.baseAddress, buf_size: Int32(prefix.count),
                                        mime_type: nil)
                return av_probe_input_format3(&probe, 1, &score)
            }
        }
        // Below a quarter of the maximum, FFmpeg itself would keep looking rather than trust the guess.
        return found != nil && score > AVPROBE_SCORE_MAX / 4
    }
}
