import BeaconCore
import BeaconMedia
import BeaconVision
import Foundation

/// `depth` on its own: how far away things are in each ninth of each picture, in metres (or one JSON record each),
/// with false-colour pictures when asked.
public struct DepthRun {
    /// Photos, 16-bit depth PNGs, or RGB-D recording folders.
    public var inputs: [String]
    public var depth: DepthSettings
    public var json: Bool
    /// A PNG file (or a folder) for false-colour pictures of the depth.
    public var png: String?

    public init(inputs: [String], depth: DepthSettings = DepthSettings(), json: Bool = false, png: String? = nil) {
        self.inputs = inputs
        self.depth = depth
        self.json = json
        self.png = png
    }

    /// Runs every input, and returns how many could not be read: each is noted in one sentence and the others still
    /// run (the command's exit status says so). A depth model that cannot be built is thrown when first needed.
    @discardableResult
    public func run(composition: Composition, transcript: any Transcript) throws -> Int {
        var model: FastDepthEstimator?
        let pictures = PictureNames(output: png, count: inputs.reduce(0) { $0 + Self.pictureCount($1) })
        var failures = 0
        for path in inputs {
            let url = URL(fileURLWithPath: path)
            do {
                for (name, map, frame) in try maps(of: url, model: { () throws -> FastDepthEstimator in
                    if let model { return model }
                    let made = try composition.depthModel(depth)
                    model = made
                    return made
                }) {
                    try report(name: name, path: path, map: map, transcript: transcript)
                    if let output = pictures.url(for: name) {
                        let size = frame.map { ($0.width, $0.height) } ?? (map.width, map.height)
                        try PNGEncoder.writeRGB(DepthPalette().picture(of: map, width: size.0, height: size.1), to: output)
                    }
                }
            } catch let error as MediaError {
                // One bad picture does not stop the others; it is reported and the exit status says so.
                transcript.note("beacon: \(error.sentence)")
                failures += 1
            } catch let error as DepthInputError {
                transcript.note("beacon: \(error.sentence)")
                failures += 1
            }
        }
        return failures
    }

    /// The decoder for depth PNGs given on their own (not in a recording folder).
    private var imageDecoder: DepthImageDecoder { DepthImageDecoder(unitsPerMetre: depth.unitsPerMetre ?? RGBDRecording.millimetres) }

    /// The depth maps one input gives, each with a name and (for colour) the frame it was estimated from.
    private func maps(of url: URL, model: () throws -> FastDepthEstimator) throws -> [(String, DepthMap, Frame?)] {
        if RGBDRecording.isRecording(url) {
            let recording = try RGBDRecording(folder: url, unitsPerMetre: depth.unitsPerMetre)
            let source = RGBDFolderSource(recording: recording)
            let estimator = RecordedDepthEstimator(recording: recording)
            var maps: [(String, DepthMap, Frame?)] = []
            while let frame = try source.nextFrame() {
                let file = URL(fileURLWithPath: recording.colour[frame.index].file).deletingPathExtension().lastPathComponent
                maps.append(("\(recording.name)/\(file)", try estimator.depth(for: frame), nil))
            }
            return maps
        }
        if try DepthImageDecoder.isDepthImage(url) {
            return [(url.lastPathComponent, try imageDecoder.decode(contentsOf: url), nil)]
        }
        let frame = try ImageDecoder().decode(contentsOf: url)
        return [(url.lastPathComponent, try model().depth(for: frame), frame)]
    }

    private static func pictureCount(_ path: String) -> Int {
        let url = URL(fileURLWithPath: path)
        guard RGBDRecording.isRecording(url), let recording = try? RGBDRecording(folder: url) else { return 1 }
        return recording.colour.count
    }

    private func report(name: String, path: String, map: DepthMap, transcript: any Transcript) throws {
        let grid = DepthGrid(map)
        if json {
            try transcript.json(DepthReport(path: path, name: name, map: map, grid: grid))
        } else {
            transcript.line("\(name): " + DepthReport.sentence(grid, map: map))
        }
    }
}

/// One picture's depth for scripts: the 3×3 grid of median metres (null: too few readings) and valid shares.
public struct DepthReport: Encodable {
    public var path: String
    public var name: String
    /// The depth map's own size (the model's 224×224, or the sensor's).
    public var width: Int
    public var height: Int
    public var zones: [[Double?]]
    public var validShare: [[Double]]
    /// The share of all pixels with a reading.
    public var valid: Double

    public init(path: String, name: String, map: DepthMap, grid: DepthGrid) {
        self.path = path
        self.name = name
        width = map.width
        height = map.height
        zones = grid.cells.map { row in row.map { $0.metres.map { (Double($0) * 100).rounded() / 100 } } }
        validShare = grid.cells.map { row in row.map { ($0.validShare * 1000).rounded() / 1000 } }
        valid = Self.validShare(map)
    }

    public static func validShare(_ map: DepthMap) -> Double {
        let count = map.metres.reduce(0) { $0 + (DepthMap.isValid($1) ? 1 : 0) }
        return (Double(count) / Double(map.metres.count) * 1000).rounded() / 1000
    }

    /// "top 3.1 3.4 3.8 m; middle 2.2 2.5 3.0 m; bottom 1.5 1.6 — m; 97% with a reading".
    public static func sentence(_ grid: DepthGrid, map: DepthMap) -> String {
        let rows = zip(["top", "middle", "bottom"], grid.cells).map { name, cells in
            name + " " + cells.map { $0.metres.map { String(format: "%.1f", $0) } ?? "—" }.joined(separator: " ") + " m"
        }
        return rows.joined(separator: "; ") + "; \(Int((validShare(map) * 100).rounded()))% with a reading"
    }
}

/// Where `--png` pictures go: OUT itself for one picture; for several, OUT's name with each picture's added, or
/// into OUT when it is a folder.
public struct PictureNames {
    public var output: String?
    public var count: Int

    public init(output: String?, count: Int) {
        self.output = output
        self.count = count
    }

    public func url(for name: String) -> URL? {
        guard let output else { return nil }
        let base = URL(fileURLWithPath: output)
        let flat = URL(fileURLWithPath: name.replacingOccurrences(of: "/", with: "-"))
        let label = ["png", "jpg", "jpeg"].contains(flat.pathExtension.lowercased())
            ? flat.deletingPathExtension().lastPathComponent : flat.lastPathComponent
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: base.path, isDirectory: &isDirectory), isDirectory.boolValue {
            return base.appendingPathComponent("\(label)-depth.png")
        }
        guard count > 1 else { return base }
        let outputStem = base.pathExtension.lowercased() == "png" ? base.deletingPathExtension() : base
        return outputStem.deletingLastPathComponent().appendingPathComponent("\(outputStem.lastPathComponent)-\(label).png")
    }
}
