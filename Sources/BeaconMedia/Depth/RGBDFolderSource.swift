import BeaconCore
import Foundation

/// Plays an RGB-D recording's colour frames in order, timed from its first colour frame, so `--input FOLDER` works
/// like a video. The depth that goes with each frame comes from `RecordedDepthEstimator`.
public final class RGBDFolderSource: FrameSource {
    public let recording: RGBDRecording
    public var name: String { recording.name }
    private let decoder: ImageDecoder
    private var next = 0

    public init(recording: RGBDRecording, decoder: ImageDecoder = ImageDecoder()) {
        self.recording = recording
        self.decoder = decoder
    }

    public func nextFrame() throws -> Frame? {
        guard next < recording.colour.count else { return nil }
        defer { next += 1 }
        let entry = recording.colour[next]
        let picture = try decoder.decode(contentsOf: recording.folder.appendingPathComponent(entry.file))
        return Frame(width: picture.width, height: picture.height, rgb: picture.rgb,
                     timestamp: entry.timestamp - recording.colour[0].timestamp, index: next)
    }
}
