import ArgumentParser
import BeaconRuntime
import BeaconVision

/// Which PP-OCR models to read text with, and how.
public struct PPOCROptions: ParsableArguments {
    public init() {}

    @Option(name: .customLong("text-detector"), help: ArgumentHelp(
        "Text detection model: a model name or the path of an .onnx file.",
        discussion: "Names are looked up in $BEACON_MODELS, ../shared/models beside a checkout, ~/.cache/beacon/models, then the installed models."))
    public var detector = "ppocr_det"

    @Option(name: .customLong("text-recognizer"), help: "Text recognition model: a model name or the path of an .onnx file.")
    public var recognizer = "ppocr_rec"

    @Option(name: .customLong("angle-classifier"), help: "Angle classifier for upside-down lines: a model name or a path.")
    public var classifier = "ppocr_cls"

    @Flag(name: .customLong("no-angle-classifier"), help: "Read every line as it stands; skip the upside-down check.")
    public var skipClassifier = false

    @Option(help: "Threads for inference (0: one per core).")
    public var threads = 0

    @Option(name: .customLong("text-max-side"), help: "Longest side of the picture the text detector sees, in pixels.")
    public var maximumSide = 960

    @Option(name: .customLong("text-min-side"), help: "Small pictures are enlarged until their short side reaches this.")
    public var minimumSide = 640

    @Option(name: .customLong("min-text-confidence"), help: "Lines read with less mean confidence are dropped, 0 to 1.")
    public var minimumConfidence = 0.8

    public func validate() throws {
        guard threads >= 0 else { throw ValidationError("--threads must be 0 or more.") }
        guard maximumSide >= 32, minimumSide >= 32, minimumSide <= maximumSide else {
            throw ValidationError("--text-min-side and --text-max-side must be 32 or more, the minimum not above the maximum.")
        }
        guard (0...1).contains(minimumConfidence) else { throw ValidationError("--min-text-confidence must be between 0 and 1.") }
    }

    public var engineSettings: PPOCRSettings {
        var settings = PPOCRSettings()
        settings.sizing = TextDetectionSizing(maximumSide: maximumSide, minimumSide: minimumSide)
        settings.minimumConfidence = minimumConfidence
        return settings
    }

    public var settings: TextReaderSettings {
        TextReaderSettings(detector: detector, recognizer: recognizer, classifier: skipClassifier ? nil : classifier,
                           threads: threads, engine: engineSettings)
    }
}
