import ArgumentParser
import BeaconCore
import BeaconRuntime
import BeaconMedia
import BeaconVision
import Foundation

struct DetectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "detect",
        abstract: "Say what is in each image, how sure Beacon is, and where.",
        usage: "beacon detect <images> ... [<options>]",
        discussion: """
            Prints one line per image, e.g. "coffee.png: cup, 90%, centre; dining table, 74%, centre". \
            Positions name the ninth of the picture the object's centre is in (top-left … bottom-right). \
            With --json, prints one JSON object per image with normalized and pixel boxes.
            """
    )

    @Argument(help: "JPEG or PNG images.")
    var images: [String]

    @OptionGroup var detector: DetectorOptions

    @Flag(help: "Print JSON lines instead of sentences.")
    var json = false

    func run() throws {
        let composition = Composition()
        let detector = try composition.detector(detector.settings)
        let decoder = ImageDecoder()
        var failures = 0
        for path in images {
            let name = URL(fileURLWithPath: path).lastPathComponent
            do {
                let frame = try decoder.decode(contentsOf: URL(fileURLWithPath: path))
                let detections = try detector.detect(frame)
                if json {
                    try Console.json(ImageReport(path: path, frame: frame, detections: detections))
                } else {
                    let found = detections.isEmpty ? "nothing found." : detections.map(describe).joined(separator: "; ")
                    Console.line("\(name): \(found)")
                }
            } catch let error as MediaError {
                // One bad image does not stop the others; it is reported and the exit status says so.
                Console.note("beacon: \(error.sentence)")
                failures += 1
            }
        }
        if failures > 0 { throw ExitCode(1) }
    }
}

/// One image's detections for scripts: normalized boxes (0…1, origin top-left) and the same in pixels.
struct ImageReport: Encodable {
    struct Item: Encodable {
        var label: String
        var classIndex: Int
        var confidence: Double
        var position: String
        var box: NormalizedRect
        var pixels: PixelRect
    }

    var path: String
    var width: Int
    var height: Int
    var detections: [Item]

    init(path: String, frame: Frame, detections: [Detection]) {
        self.path = path
        width = frame.width
        height = frame.height
        self.detections = detections.map {
            Item(label: $0.label, classIndex: $0.classIndex, confidence: $0.confidence, position: regionPhrase(for: $0.box),
                 box: $0.box, pixels: $0.box.pixels(width: frame.width, height: frame.height))
        }
    }
}
