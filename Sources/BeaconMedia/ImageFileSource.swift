import BeaconCore
import Foundation

/// A still image as a source: one frame (index 0, time 0), then the end.
public final class ImageFileSource: FrameSource {
    public let name: String
    private var pending: Frame?

    /// Decodes the image now, so a bad file is reported when it is opened rather than on the first pull.
    public init(url: URL, decoder: ImageDecoder = ImageDecoder()) throws(MediaError) {
        name = url.lastPathComponent
        pending = try decoder.decode(contentsOf: url)
    }

    public func nextFrame() -> Frame? {
        defer { pending = nil }
        return pending
    }
}
