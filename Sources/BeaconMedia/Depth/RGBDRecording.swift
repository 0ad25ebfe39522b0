import Foundation

/// A recorded RGB-D sequence in the TUM RGB-D folder layout: `rgb.txt` and `depth.txt` list "timestamp filename"
/// lines (`#` starts a comment), the files sit in `rgb/` and `depth/`, and depth is a 16-bit grey PNG.
///
/// Depth units: the issue asks for millimetres, what RealSense, Azure Kinect and most recorders write, so that is
/// the default. The TUM benchmark's own recordings use 5000 units per metre; a folder whose `depth.txt` header names
/// a TUM recording (`rgbd_dataset_freiburg…`) is read that way, a `# depth_scale: N` comment in `depth.txt` says it
/// outright, and `--depth-scale N` overrides both. `scaleReason` says which rule chose.
public struct RGBDRecording: Sendable {
    /// Units per metre of millimetre depth (the default).
    public static let millimetres = 1000.0
    /// Units per metre in the TUM RGB-D benchmark's recordings.
    public static let tumBenchmark = 5000.0
    /// Colour and depth taken further apart than this are not a pair (TUM's own associate.py uses 20 ms).
    public static let maximumGap = 0.02

    public struct Entry: Sendable, Equatable {
        public var timestamp: Double
        /// Relative to the folder, as listed ("depth/1305031102.160407.png").
        public var file: String
    }

    public let folder: URL
    public let colour: [Entry]
    /// Sorted by timestamp.
    public let depth: [Entry]
    public let unitsPerMetre: Double
    public let scaleReason: String

    public var name: String { folder.lastPathComponent }

    /// Whether `url` looks like an RGB-D recording (a folder with rgb.txt and depth.txt).
    public static func isRecording(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
            && FileManager.default.fileExists(atPath: url.appendingPathComponent("rgb.txt").path)
    }

    public init(folder: URL, unitsPerMetre: Double? = nil) throws {
        self.folder = folder
        let name = folder.lastPathComponent
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) else {
            throw MediaError.fileNotFound(name)
        }
        guard isDirectory.boolValue else { throw DepthInputError.notARecording(name, missing: "folder of its own") }
        let colourList = try Self.list(folder, "rgb.txt")
        let depthList = try Self.list(folder, "depth.txt")
        colour = colourList.entries.sorted { $0.timestamp < $1.timestamp }
        depth = depthList.entries.sorted { $0.timestamp < $1.timestamp }
        (self.unitsPerMetre, scaleReason) = Self.scale(given: unitsPerMetre, comments: depthList.comments)
    }

    /// The depth entry taken nearest to `timestamp` (seconds on the recording's clock), within `maximumGap`.
    public func depthEntry(near timestamp: Double) -> Entry? {
        // Binary search for the first entry at or after the time, then the nearer of it and the one before.
        var low = 0, high = depth.count
        while low < high {
            let middle = (low + high) / 2
            if depth[middle].timestamp < timestamp { low = middle + 1 } else { high = middle }
        }
        let candidates = [low - 1, low].filter { depth.indices.contains($0) }.map { depth[$0] }
        guard let nearest = candidates.min(by: { abs($0.timestamp - timestamp) < abs($1.timestamp - timestamp) }),
              abs(nearest.timestamp - timestamp) <= Self.maximumGap + 1e-9 else { return nil }
        return nearest
    }

    static func scale(given: Double?, comments: [String]) -> (Double, String) {
        if let given { return (given, "given with --depth-scale") }
        for comment in comments {
            let words = comment.lowercased().replacingOccurrences(of: ":", with: " ")
                .replacingOccurrences(of: "=", with: " ").split(separator: " ")
            if let index = words.firstIndex(of: "depth_scale"), index + 1 < words.count,
               let value = Double(words[index + 1]), value > 0 {
                return (value, "noted in depth.txt")
            }
        }
        if comments.contains(where: { $0.contains("rgbd_dataset_freiburg") }) {
            return (tumBenchmark, "a TUM benchmark recording (5000 per metre)")
        }
        return (millimetres, "millimetres, the default")
    }

    private static func list(_ folder: URL, _ file: String) throws -> (entries: [Entry], comments: [String]) {
        let url = folder.appendingPathComponent(file)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            throw DepthInputError.notARecording(folder.lastPathComponent, missing: file)
        }
        var entries: [Entry] = [], comments: [String] = []
        for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty { continue }
            if line.hasPrefix("#") { comments.append(String(line.dropFirst())); continue }
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard words.count >= 2, let timestamp = Double(words[0]), timestamp.isFinite else {
                throw DepthInputError.unreadableList(file, line: number + 1)
            }
            entries.append(Entry(timestamp: timestamp, file: String(words[1])))
        }
        guard !entries.isEmpty else { throw DepthInputError.emptyList(file) }
        return (entries, comments)
    }
}
