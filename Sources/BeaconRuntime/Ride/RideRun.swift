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
            /// The colour's name; nil when none could be read or it is unsure (then `colourSure` is false and
            /// `colourGuess` the likeliest name).
            public var colour: String?
            public var colourShare: Double?
            public var colourSure: Bool?
            public var colourGuess: String?
            public var plate: Plate?
            public var verdict: RideVerdict
            /// Which plate rule decided: exact, look-alikes, one difference, partial or different.
            public var rule: PlateRule?
        }

        public var path: String
        public var width: Int
        public var height: Int
        /// The picture was dark, and brightened for the detector and the plate reader.
        public var dark: Bool
        public var cars: [Car]
    }

    /// Said once for a dark picture, before its cars.
    public static let darkWarning = "It is dark; I may miss cars."

    /// Runs every photo; returns how many could not be read (each said in one sentence; the others still run).
    @discardableResult
    public func run(composition: Composition, transcript: any Transcript) throws -> Int {
        let detector = try composition.detector(Self.detectorSettings(detector))
        let verifier = RideVerifier(text: try composition.textRecognizer(reader))
        let decoder = ImageDecoder()
        var failures = 0
        for path in images {
            do {
                let frame = try decoder.decode(contentsOf: URL(fileURLWithPath: path))
                let (dark, checks) = try Self.checks(frame, wanted: description, detector: detector, verifier: verifier)
                if json {
                    try transcript.json(PhotoReport(path: path, width: frame.width, height: frame.height, dark: dark,
                                                    cars: checks.map(Self.car)))
                } else {
                    let name = URL(fileURLWithPath: path).lastPathComponent
                    let said = checks.isEmpty ? "no car close enough to check." : checks.map(Self.describe).joined(separator: "; ")
                    transcript.line("\(name): \(dark ? Self.darkWarning + " " : "")\(said)")
                }
            } catch let error as MediaError {
                transcript.note("beacon: \(error.sentence)")
                failures += 1
            }
        }
        return failures
    }

    /// Every car in `frame` close enough to read, checked against `wanted`; `dark` when the picture was dark.
    public static func checks(_ frame: Frame, wanted: RideDescription, detector: YOLODetector,
                              verifier: RideVerifier) throws -> (dark: Bool, checks: [RideVerifier.Check]) {
        // A dark picture is brightened for the detector (and for the plate reader, in the check); the colour is
        // named from the picture as taken, white-balanced.
        // The lifted picture adds cars, it does not replace the picture as taken (see LowLight).
        // The picture's brightness is measured once, for the detector and every car's plate.
        let gamma = verifier.gamma(for: frame)
        let dark = gamma < 1
        var detections = try detector.detect(frame)
        if dark { detections += try detector.detect(LowLight.brightened(frame, gamma: gamma)) }
        let cars = verifier.cars(in: detections)
        let checks = try cars.map { car in
            try verifier.check(car, in: frame, wanted: wanted, hiddenBy: car.box.hidden(by: cars.map(\.box)), gamma: gamma)
        }
        return (dark, RideVerifier.onePlatePerCar(checks, wanted: wanted))
    }

    /// The detector settings a ride check uses: vehicles down to the faint threshold unless a confidence was asked
    /// for (see RideVerifier.faintConfidence).
    public static func detectorSettings(_ settings: DetectorSettings) -> DetectorSettings {
        var settings = settings
        if settings.confidence == nil { settings.confidence = RideVerifier.faintConfidence }
        return settings
    }

    static func car(_ check: RideVerifier.Check) -> PhotoReport.Car {
        PhotoReport.Car(box: check.box, label: check.label, colour: check.colour?.sureColour?.rawValue, colourShare: check.colour?.share,
                        colourSure: check.colour?.sure, colourGuess: check.colour.flatMap { $0.sure ? nil : $0.colour.rawValue },
                        plate: check.plate.map { PhotoReport.Car.Plate(text: $0.text, confidence: $0.confidence) },
                        verdict: check.verdict, rule: check.plate?.rule)
    }

    /// "red car at one o'clock, plate PF:F3600: match (look-alikes)"; "car, colour unsure, at …".
    static func describe(_ check: RideVerifier.Check) -> String {
        let colour = check.colour.map { $0.sure ? "\($0.colour.rawValue) \(check.label)" : "\(check.label), colour unsure," } ?? check.label
        let plate = check.plate.map { "plate \($0.text)" } ?? "plate not readable"
        let rule = check.plate?.rule.map { " (\($0.rawValue))" } ?? ""
        return "\(colour) at \(regionPhrase(for: check.box)), \(plate): \(check.verdict.rawValue)\(rule)"
    }
}
