import BeaconCore
import Foundation

/// A video file as a source: every frame in order, timestamps in seconds from the first frame, then the end.
///
/// A file that is cut short or damaged yields the frames before the damage, then throws
/// `MediaError.truncatedVideo` once.
public final class VideoFileSource: FrameSource {
    public let name: String
    private let decoder: FFmpegVideoDecoder
    private var nextIndex = 0

    public init(url: URL) throws(MediaError) {
        let file = try InputFile(checking: url)
        name = file.displayName
        do {
            decoder = try FFmpegVideoDecoder(.file(atPath: url.path))
        } catch {
            throw Self.mediaError(for: error, file: file)
        }
    }

    public func nextFrame() throws(MediaError) -> Frame? {
        let picture: DecodedPicture?
        do {
            picture = try decoder.next()
        } catch {
            throw .truncatedVideo(name)
        }
        guard let picture else { return nil }
        defer { nextIndex += 1 }
        return Frame(width: picture.width, height: picture.height, rgb: picture.rgb,
                     timestamp: picture.seconds, index: nextIndex)
    }

    private static func mediaError(for failure: FFmpegOpenFailure, file: InputFile) -> MediaError {
        let name = file.displayName
        switch failure {
        case .notFound: return .fileNotFound(name)
        case .permissionDenied, .busy: return .fileNotReadable(name)
        case .noVideoStream: return .noVideoStream(name)
        case .unsupportedCodec(let codec): return .unsupportedVideo(name, codec: codec)
        case .invalidData, .formatUnavailable, .other:
            // FFmpeg says the same thing about a text file and an MP4 whose index was never written.
            let prefix = (try? file.prefix(ContainerProbe.prefixLength)) ?? []
            return ContainerProbe.recognizes(prefix) ? .truncatedVideo(name) : .notAVideo(name)
        }
    }
}
