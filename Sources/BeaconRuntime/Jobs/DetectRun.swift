import BeaconCore
import BeaconMedia
import BeaconVision
import Foundation

/// `detect` on its own: say what is in each image, how sure Beacon is and where (or print one JSON record each).
public struct DetectRun {
    public var images: [String]
    public var detector: DetectorSettings
    public var json: Bool

    public init(images: [String], detector: DetectorSettings = DetectorSettings(), json: Bool = false) {
        self.images = images
        self.detector = detector
        self.json = json
    }

    /// Runs every image, and returns how many could not be read: each is noted in one sentence and the others
    /// still run (the command's exit status says so). A detector that cannot be built is thrown before any image.
    @discardableResult
    public func run(composition: Composition, transcript: any Transcript) throws -> Int {
        let detector = try composition.detector(detector)
        let decoder = ImageDecoder()
        var failures = 0
        for path in images {
            let name = URL(fileURLWithPath: path).lastPathComponent
            do {
                let frame = try decoder.decode(contentsOf: URL(fileURLWithPath: path))
                let detections = try detector.detect(frame)
                if json {
                    try transcript.json(ImageReport(path: path, frame: frame, detections: detections))
                } else {
                    let found = detections.isEmpty ? "nothing found." : detections.map(describe).joined(separator: "; ")
                    transcript.line("\(name): \(found)")
                }
            } catch let error as MediaError {
                // One bad image does not stop the others; it is reported and the exit status says so.
                transcript.note("beacon: \(error.sentence)")
                failures += 1
            }
        }
        return failures
    }
}

/// One image's detections for scripts: normalized boxes (0…1, origin top-left) and the same in pixels.
public struct ImageReport: Encodable {
    public struct Item: Encodable {
        public var label: String
        public var classIndex: Int
        public var confidence: Double
        public var position: String
        public var box: NormalizedRect
        public var pixels: PixelRect
    }

    public var path: String
    public var width: Int
    public var height: Int
    public var detections: [Item]

    public init(path: String, frame: Frame, detections: [Detection]) {
        self.path = path
        width = frame.width
        height = frame.height
        self.detections = detections.map {
            Item(label: $0.label, classIndex: $0.classIndex, confidence: $0.confidence, position: regionPhrase(for: $0.box),
                 box: $0.box, pixels: $0.box.pixels(width: frame.width, height: frame.height))
        }
    }
}
