import ArgumentParser
import BeaconVision

/// Which detector to run and how.
struct DetectorOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "Detector: a model name (yolox_nano, yolo11n_int8, …) or the path of an .onnx file.",
        discussion: "Names are looked up in $BEACON_MODELS, ../shared/models beside a checkout, then ~/.cache/beacon/models."))
    var model: String = "yolox_nano"

    @Option(help: "Lowest confidence reported, 0 to 1.")
    var confidence: Float = 0.5

    @Option(help: "Overlap above which boxes of one class are merged, 0 to 1.")
    var iou: Float = 0.45

    @Option(help: "Threads for inference (0: one per core).")
    var threads: Int = 0

    func validate() throws {
        guard (0...1).contains(confidence) else { throw ValidationError("--confidence must be between 0 and 1.") }
        guard (0...1).contains(iou) else { throw ValidationError("--iou must be between 0 and 1.") }
        guard threads >= 0 else { throw ValidationError("--threads must be 0 or more.") }
    }

    var thresholds: DetectionThresholds { DetectionThresholds(confidence: confidence, iou: iou) }
}
