import BeaconAudio
import BeaconCore
import BeaconMedia
import BeaconVision
import Foundation

/// Which object detector runs and how. Beacon's defaults live here; the command line's options map onto it.
public struct DetectorSettings: Sendable, Hashable {
    public static let defaultModel = "picodet_s_416_coco"

    /// A model name from the catalogue, or the path of an .onnx file.
    public var model: String
    /// The lowest confidence reported; nil: the model family's calibrated threshold.
    public var confidence: Float?
    /// Overlap above which boxes of one class are merged.
    public var iou: Float
    /// Threads for inference (0: one per core).
    public var threads: Int

    public init(model: String = defaultModel, confidence: Float? = nil, iou: Float = 0.45, threads: Int = 0) {
        self.model = model
        self.confidence = confidence
        self.iou = iou
        self.threads = threads
    }

    /// Detectors a server with several phones runs side by side (`DetectorLanes`): one single-thread detector per
    /// core, or one per `threads` cores when threads were given.
    public var serverLanes: Int {
        max(1, ProcessInfo.processInfo.activeProcessorCount / max(1, threads))
    }

    /// The thresholds for a model of `family`: the confidence given, else the family's calibrated one.
    public func thresholds(for family: YOLOFormat.Family) -> DetectionThresholds {
        DetectionThresholds(confidence: confidence ?? family.calibratedConfidence, iou: iou)
    }
}

/// Which PP-OCR models read text, and how.
public struct TextReaderSettings: Sendable, Hashable {
    public var detector: String
    public var recognizer: String
    /// The angle classifier for upside-down lines; nil reads every line as it stands.
    public var classifier: String?
    /// Threads for inference (0: one per core).
    public var threads: Int
    /// Sizing, confidence and the rest of the engine's own settings.
    public var engine: PPOCRSettings

    public init(detector: String = "ppocr_det", recognizer: String = "ppocr_rec", classifier: String? = "ppocr_cls",
                threads: Int = 0, engine: PPOCRSettings = PPOCRSettings()) {
        self.detector = detector
        self.recognizer = recognizer
        self.classifier = classifier
        self.threads = threads
        self.engine = engine
    }
}

/// Where depth comes from: the monocular model on each colour frame, or an RGB-D recording's own depth frames.
public enum DepthSource: Sendable, Hashable {
    case model
    case recording(folder: String)

    /// The command line's word: "model", or a recording folder.
    public init(_ choice: String) {
        self = choice == "model" ? .model : .recording(folder: choice)
    }
}

/// How depth is estimated or read.
public struct DepthSettings: Sendable, Hashable {
    public static let defaultModel = "fast_depth_224_int8"

    /// The monocular depth model: a model name or the path of an .onnx file.
    public var model: String
    /// Threads for the depth model (0: one per core).
    public var threads: Int
    /// Units per metre in recorded 16-bit depth PNGs; nil: the recording says, else millimetres.
    public var unitsPerMetre: Double?

    public init(model: String = defaultModel, threads: Int = 0, unitsPerMetre: Double? = nil) {
        self.model = model
        self.threads = threads
        self.unitsPerMetre = unitsPerMetre
    }
}
