import ArgumentParser
import BeaconRuntime
import BeaconVision

/// Which detector to run and how.
public struct DetectorOptions: ParsableArguments {
    public init() {}

    @Option(name: .long, help: ArgumentHelp(
        "Detector: a model name (picodet_s_416_coco, yolox_nano, …) or the path of an .onnx file.",
        discussion: "Names are looked up in $BEACON_MODELS, ../shared/models beside a checkout, ~/.cache/beacon/models, then the installed models."))
    public var model: String = DetectorSettings.defaultModel

    @Option(help: ArgumentHelp("Lowest confidence reported, 0 to 1.",
        discussion: "Defaults to the model family's calibrated threshold: 0.5 for YOLOX and Ultralytics, "
            + "\(YOLOFormat.Family.picodet.calibratedConfidence) for PP-PicoDet, whose class scores alone run flatter."))
    public var confidence: Float?

    @Option(help: "Overlap above which boxes of one class are merged, 0 to 1.")
    public var iou: Float = DetectorSettings().iou

    @Option(help: "Threads for inference (0: one per core).")
    public var threads: Int = 0

    public func validate() throws {
        if let confidence, !(0...1).contains(confidence) { throw ValidationError("--confidence must be between 0 and 1.") }
        guard (0...1).contains(iou) else { throw ValidationError("--iou must be between 0 and 1.") }
        guard threads >= 0 else { throw ValidationError("--threads must be 0 or more.") }
    }

    public var settings: DetectorSettings { DetectorSettings(model: model, confidence: confidence, iou: iou, threads: threads) }
}
