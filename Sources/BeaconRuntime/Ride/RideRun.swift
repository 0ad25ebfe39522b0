import BeaconCore
import BeaconMedia
import BeaconVision
import Foundation

/// `beacon ride`: the ride check on photos, for scripts and tests — each car's box, colour, plate read and verdict
/// against the plate (and colour) asked for, as a sentence or one JSON object per photo.
public struct RideRun {
    public var images: [String]
    public var description: RideDescription
    public var detector: DetectorSettings
    public var reader: TextReaderSettings
    public var json: Bool

    public init(images: [String], description: RideDescription, detector: DetectorSettings = DetectorSettings(),
                reader: TextReaderSettings = TextReaderSettings(), json: Bool = false) {
        self.images = images
        self.description = description
        self.detector = detector
        self.reader = reader
        self.json = json
    }

    /// One photo's cars for scripts.
    public struct PhotoReport: Encodable {
        public struct Car: Encodable {
            public struct Plate: Encodable {
                public var text: String
                public var confidence: Double
            }

            public var box: NormalizedRect
            public var label: String
            public var colour: String?
            public var colourShare: Double?
            public var plate: Plate?
            public var verdict: RideVerdict
        }

        public var path: String
        public var width: Int
        public var height: Int
        public var cars: [Car]
    }

    /// Runs every photo; returns how many could not be read (each said in one sentence; the others still run).
    @discardableResult
    public func run(composition: Composition, transcript: any Transcript) throws -> Int {
        let detector = try composition.detector(detector)
        let verifier = RideVerifier(text: try composition.textRecognizer(reader))
        let decoder = ImageDecoder()
        var failures = 0
        for path in images {
            do {
                let frame = try decoder.decode(contentsOf: URL(fileURLWithPath: path))
                let cars = verifier.cars(in: try detector.detect(frame))
                let checks = try cars.map { car in
                    try verifier.check(car, in: frame, wanted: description, hiddenBy: car.box.hidden(by: cars.map(\.box)))
                }
                if json {
                    try transcript.json(PhotoReport(path: path, width: frame.width, height: frame.height, cars: checks.map(Self.car)))
                } else {
                    let name = URL(fileURLWithPath: path).lastPathComponent
                    let said = checks.isEmpty ? "no car close enough to check." : checks.map(Self.describe).joined(separator: "; ")
                    transcript.line("\(name): \(said)")
                }
            } catch let error as MediaError {
                transcript.note("beacon: \(error.sentence)")
                failures += 1
            }
        }
        return failures
    }

    static func car(_ check: RideVerifier.Check) -> PhotoReport.Car {
        PhotoReport.Car(box: check.box, label: check.label, colour: check.colour?.colour.rawValue, colourShare: check.colour?.share,
                        plate: check.plate.map { PhotoReport.Car.Plate(text: $0.text, confidence: $0.confidence) },
                        verdict: check.verdict)
    }

    /// "red car at one o'clock, plate PF:F3600: match".
    static func describe(_ check: RideVerifier.Check) -> String {
        let colour = check.colour.map { "\($0.colour.rawValue) " } ?? ""
        let plate = check.plate.map { "plate \($0.text)" } ?? "plate not readable"
        return "\(colour)\(check.label) at \(regionPhrase(for: check.box)), \(plate): \(check.verdict.rawValue)"
    }
}
