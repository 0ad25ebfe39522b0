/// What to open through libavformat: a file, a capture device or a filter graph.
struct FFmpegInput: Sendable {
    /// The URL or device path handed to avformat_open_input.
    var url: String
    /// A demuxer to use instead of probing, e.g. "video4linux2" or "lavfi".
    var formatName: String?
    /// Demuxer and protocol options, e.g. ["video_size": "640x480"].
    var options: [String: String] = [:]
    /// A live source: no stream probing at open (it would read and age frames), low-delay decoding, and damaged
    /// packets skipped rather than ending the stream.
    var isLive = false

    /// A video file on disk. The "file:" prefix keeps a colon in the name from being read as a protocol, and the
    /// whitelist keeps playlists from reaching out to the network: Beacon works offline.
    static func file(atPath path: String) -> FFmpegInput {
        FFmpegInput(url: "file:" + path, options: ["protocol_whitelist": "file"])
    }
}

/// Why a video input could not be opened, before the caller turns it into a sentence about a file or a camera.
enum FFmpegOpenFailure: Error, Equatable {
    case notFound
    case permissionDenied
    case busy
    /// FFmpeg could not make sense of the data (not a media file, or one too damaged to start).
    case invalidData
    case noVideoStream
    case unsupportedCodec(String)
    /// The demuxer named in the input is not in this FFmpeg build.
    case formatUnavailable(String)
    case other(Int32)

    init(code: Int32) {
        switch code {
        case AVErrorCode.noSuchFile, AVErrorCode.noSuchDevice: self = .notFound
        case AVErrorCode.permissionDenied, AVErrorCode.notPermitted: self = .permissionDenied
        case AVErrorCode.busy: self = .busy
        case AVErrorCode.invalidData: self = .invalidData
        case AVErrorCode.streamNotFound: self = .noVideoStream
        default: self = .other(code)
        }
    }
}

/// Why a stream that opened stopped before its end. Frames decoded before the damage have been delivered.
enum FFmpegReadFailure: Error, Equatable {
    /// The data ran out or turned to garbage: a file cut short, a corrupt packet, a decoder error.
    case damaged
    /// Reading failed, e.g. a camera that was unplugged.
    case readFailed(Int32)
}
