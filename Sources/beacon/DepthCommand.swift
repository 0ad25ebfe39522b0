import ArgumentParser
import BeaconCore
import BeaconRuntime
import BeaconMedia
import BeaconVision
import Foundation

struct DepthCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "depth",
        abstract: "Say how far away things are in each ninth of a picture, in metres.",
        usage: "beacon depth <inputs> ... [<options>]",
        discussion: """
            For each input prints the picture as a 3×3 grid (rows top, middle, bottom; each left, centre, right): \
            the median metres over the pixels with a reading, and the share of pixels that have one. A colour photo \
            goes through the depth model (FastDepth, trained indoors); a 16-bit grey PNG is read as a depth camera's \
            frame; a folder in the TUM RGB-D layout (rgb.txt, depth.txt, rgb/, depth/) gives every recorded frame's \
            depth. With --json, one JSON object per picture: "zones" (rows top to bottom, each [left, centre, right], \
            null where too few pixels had a reading) and "validShare" in the same shape.

            --png OUT writes a false-colour picture a sighted helper can check: near is red and yellow, far is green \
            and blue (0.3 m to 10 m), no reading is black. With several pictures, each gets OUT's name with the \
            picture's own added (out-photo.png), or goes into OUT when it is a folder.

            Examples:
              beacon depth room.jpg
              beacon depth room.jpg kitchen.png --json --png depth.png
              beacon depth recordings/desk --depth-scale 5000
            """
    )

    @Argument(help: "Photos (JPEG or PNG), 16-bit depth PNGs, or RGB-D recording folders.")
    var inputs: [String]

    @OptionGroup var depth: DepthOptions

    @Flag(help: "Print JSON lines instead of sentences.")
    var json = false

    @Option(help: "Write a false-colour picture of the depth to this PNG file (or into this folder).")
    var png: String?

    func run() throws {
        let composition = Composition()
        var model: FastDepthEstimator?
        let pictures = PictureNames(output: png, count: inputs.reduce(0) { $0 + Self.pictureCount($1) })
        var failures = 0
        for path in inputs {
            let url = URL(fileURLWithPath: path)
            do {
                for (name, map, frame) in try maps(of: url, model: { () throws -> FastDepthEstimator in
                    if let model { return model }
                    let made = try composition.depthModel(depth.settings)
                    model = made
                    return made
                }) {
                    try report(name: name, path: path, map: map)
                    if let output = pictures.url(for: name) {
                        let size = frame.map { ($0.width, $0.height) } ?? (map.width, map.height)
                        try PNGEncoder.writeRGB(DepthPalette().picture(of: map, width: size.0, height: size.1), to: output)
                    }
                }
            } catch let error as MediaError {
                // One bad picture does not stop the others; it is reported and the exit status says so.
                Console.note("beacon: \(error.sentence)")
                failures += 1
            } catch let error as DepthInputError {
                Console.note("beacon: \(error.sentence)")
                failures += 1
            }
        }
        if failures > 0 { throw ExitCode(1) }
    }

    /// The depth maps one input gives, each with a name and (for colour) the frame it was estimated from.
    private func maps(of url: URL, model: () throws -> FastDepthEstimator) throws -> [(String, DepthMap, Frame?)] {
        if RGBDRecording.isRecording(url) {
            let recording = try RGBDRecording(folder: url, unitsPerMetre: depth.depthScale)
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
            return [(url.lastPathComponent, try depth.imageDecoder.decode(contentsOf: url), nil)]
        }
        let frame = try ImageDecoder().decode(contentsOf: url)
        return [(url.lastPathComponent, try model().depth(for: frame), frame)]
    }

    private static func pictureCount(_ path: String) -> Int {
        let url = URL(fileURLWithPath: path)
        guard RGBDRecording.isRecording(url), let recording = try? RGBDRecording(folder: url) else { return 1 }
        return recording.colour.count
    }

    private func report(name: String, path: String, map: DepthMap) throws {
        let grid = DepthGrid(map)
        if json {
            try Console.json(DepthReport(path: path, name: name, map: map, grid: grid))
        } else {
            Console.line("\(name): " + DepthReport.sentence(grid, map: map))
        }
    }
}

/// One picture's depth for scripts: the 3×3 grid of median metres (null: too few readings) and valid shares.
struct DepthReport: Encodable {
    var path: String
    var name: String
    /// The depth map's own size (the model's 224×224, or the sensor's).
    var width: Int
    var height: Int
    var zones: [[Double?]]
    var validShare: [[Double]]
    /// The share of all pixels with a reading.
    var valid: Double

    init(path: String, name: String, map: DepthMap, grid: DepthGrid) {
        self.path = path
        self.name = name
        width = map.width
        height = map.height
        zones = grid.cells.map { row in row.map { $0.metres.map { (Double($0) * 100).rounded() / 100 } } }
        validShare = grid.cells.map { row in row.map { ($0.validShare * 1000).rounded() / 1000 } }
        valid = Self.validShare(map)
    }

    static func validShare(_ map: DepthMap) -> Double {
        let count = map.metres.reduce(0) { $0 + (DepthMap.isValid($1) ? 1 : 0) }
        return (Double(count) / Double(map.metres.count) * 1000).rounded() / 1000
    }

    /// "top 3.1 3.4 3.8 m; middle 2.2 2.5 3.0 m; bottom 1.5 1.6 — m; 97% with a reading".
    static func sentence(_ grid: DepthGrid, map: DepthMap) -> String {
        let rows = zip(["top", "middle", "bottom"], grid.cells).map { name, cells in
            name + " " + cells.map { $0.metres.map { String(format: "%.1f", $0) } ?? "—" }.joined(separator: " ") + " m"
        }
        return rows.joined(separator: "; ") + "; \(Int((validShare(map) * 100).rounded()))% with a reading"
    }
}

/// Where `--png` pictures go: OUT itself for one picture; for several, OUT's name with each picture's added, or
/// into OUT when it is a folder.
struct PictureNames {
    var output: String?
    var count: Int

    func url(for name: String) -> URL? {
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
