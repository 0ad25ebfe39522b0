import Foundation

/// Which camera to open, as the user names it: a V4L2 device ("/dev/video0", or just "0"), or an FFmpeg filter
/// graph after "lavfi:" ("lavfi:testsrc2=size=640x480:rate=30"), which behaves like a camera on machines that
/// have none.
public enum CameraSpec: Sendable, Equatable {
    case device(path: String)
    case filterGraph(String)

    static let filterGraphPrefix = "lavfi:"

    public init(parsing spec: String) throws(MediaError) {
        let trimmed = spec.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix(Self.filterGraphPrefix) {
            let graph = String(trimmed.dropFirst(Self.filterGraphPrefix.count))
            guard !graph.isEmpty else { throw .invalidCameraSpec(spec) }
            self = .filterGraph(graph)
        } else if let number = Int(trimmed), number >= 0 {
            self = .device(path: "/dev/video\(number)")
        } else if trimmed.hasPrefix("/") {
            self = .device(path: trimmed)
        } else {
            throw .invalidCameraSpec(spec)
        }
    }

    /// How sentences name the camera: its device path, or the spec as given.
    public var displayName: String {
        switch self {
        case .device(let path): path
        case .filterGraph(let graph): Self.filterGraphPrefix + graph
        }
    }

    /// The FFmpeg input that captures from this camera, asking for a picture size and rate when given.
    func input(width: Int?, height: Int?, fps: Double?) -> FFmpegInput {
        switch self {
        case .device(let path):
            var options: [String: String] = [:]
            if let width, let height { options["video_size"] = "\(width)x\(height)" }
            if let fps { options["framerate"] = "\(fps)" }
            return FFmpegInput(url: path, formatName: "video4linux2", options: options, isLive: true)
        case .filterGraph(let graph):
            // A filter graph has no driver to take options, so the size and rate become filters. "realtime"
            // paces it like a real camera instead of producing frames as fast as the CPU allows.
            var filters = [graph]
            if let width, let height { filters.append("scale=\(width):\(height)") }
            if let fps { filters.append("fps=\(fps)") }
            filters.append("realtime")
            return FFmpegInput(url: filters.joined(separator: ","), formatName: "lavfi", isLive: true)
        }
    }
}
