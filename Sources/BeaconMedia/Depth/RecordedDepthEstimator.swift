import BeaconCore
import Foundation

/// The depth camera's own frame for a colour frame of the same recording: the depth frame taken nearest in time
/// (within 20 ms), checked to be the colour frame's size, in metres.
public final class RecordedDepthEstimator: DepthEstimator {
    public let recording: RGBDRecording
    public var name: String { "RGB-D recording \(recording.name)" }
    private let decoder: DepthImageDecoder
    /// The last depth file read: a held picture asks for the same one again and again.
    private var cached: (file: String, map: DepthMap)?

    public init(recording: RGBDRecording) {
        self.recording = recording
        decoder = DepthImageDecoder(unitsPerMetre: recording.unitsPerMetre)
    }

    /// `frame.timestamp` is on the source's clock (seconds from the first colour frame). A picture held after the
    /// recording ended (the assistant keeps looking) is paired with the last colour frame's depth.
    public func depth(for frame: Frame) throws -> DepthMap {
        let start = recording.colour[0].timestamp
        let time = min(start + frame.timestamp, recording.colour[recording.colour.count - 1].timestamp)
        guard let entry = recording.depthEntry(near: time) else {
            throw DepthInputError.noDepthFrame(recording.name, timestamp: time)
        }
        let map: DepthMap
        if let cached, cached.file == entry.file {
            map = cached.map
        } else {
            let url = recording.folder.appendingPathComponent(entry.file)
            guard FileManager.default.fileExists(atPath: url.path) else {
                throw DepthInputError.missingDepthFile(entry.file, folder: recording.name)
            }
            map = try decoder.decode(contentsOf: url)
            cached = (entry.file, map)
        }
        guard map.width == frame.width, map.height == frame.height else {
            throw DepthInputError.sizeMismatch(URL(fileURLWithPath: entry.file).lastPathComponent, width: map.width,
                                               height: map.height, expectedWidth: frame.width, expectedHeight: frame.height)
        }
        return DepthMap(width: map.width, height: map.height, metres: map.metres, timestamp: frame.timestamp)
    }
}
