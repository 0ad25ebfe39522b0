import BeaconCore
import Foundation

/// Thresholds for turning raw model output into detections.
public struct DetectionThresholds: Sendable, Hashable {
    /// Detections below this score are dropped. 0.5 keeps spoken results trustworthy (YOLOX-nano sees
    /// "birds" in handwriting at 0.35–0.45).
    public var confidence: Float
    /// Boxes of one class overlapping more than this are merged by non-maximum suppression.
    public var iou: Float

    public init(confidence: Float = 0.5, iou: Float = 0.45) {
        self.confidence = confidence
        self.iou = iou
    }
}

/// Time spent in each stage of one detection, in seconds.
public struct DetectionTimings: Sendable {
    public var preprocess: Double = 0
    public var inference: Double = 0
    public var postprocess: Double = 0
    public init() {}
}

/// A one-stage detector on ONNX Runtime: YOLOX exports (raw grid output), Ultralytics YOLOv8/YOLO11 exports
/// ([1, 4+classes, anchors] output) and PP-PicoDet exports (score and box-distribution maps per stride). The format
/// is read from the model's metadata and shapes.
///
/// Keeps its tensors between calls to avoid allocation per frame; a lock makes it safe to share.
public final class YOLODetector: ObjectDetector, @unchecked Sendable {
    public let format: YOLOFormat
    public let labels: [String]
    public let thresholds: DetectionThresholds
    public let session: InferenceSession

    private let lock = NSLock()
    private var preprocessor: LetterboxPreprocessor
    private var candidates: [ScoredBox] = []

    /// A detector at `thresholds`, or at its family's calibrated confidence when nil.
    public convenience init(session: InferenceSession, thresholds: DetectionThresholds? = nil) throws {
        let format = try YOLOFormat(session: session)
        self.init(session: session, format: format,
                      thresholds: thresholds ?? DetectionThresholds(confidence: format.family.calibratedConfidence))
    }

    /// A detector for a session whose format was already read.
    public init(session: InferenceSession, format: YOLOFormat, thresholds: DetectionThresholds) {
        self.format = format
        self.session = session
        self.thresholds = thresholds
        self.labels = format.labels
        self.preprocessor = LetterboxPreprocessor(spec: format.letterbox)
    }

    public func detect(_ frame: Frame) throws -> [Detection] {
        var timings = DetectionTimings()
        return try detect(frame, timings: &timings)
    }

    /// Detects objects and reports how long each stage took.
    public func detect(_ frame: Frame, timings: inout DetectionTimings) throws -> [Detection] {
        try lock.withLock {
            let start = DispatchTime.now().uptimeNanoseconds
            let geometry = preprocessor.fill(from: frame)
            let preprocessed = DispatchTime.now().uptimeNanoseconds
            var inferred = preprocessed
            let shape = [1, 3, format.letterbox.height, format.letterbox.width]
            let boxes = try preprocessor.withTensor { input in
                try session.run(input: input, shape: shape) { outputs in
                    inferred = DispatchTime.now().uptimeNanoseconds
                    candidates.removeAll(keepingCapacity: true)
                    try format.decode(outputs, geometry: geometry, frameWidth: frame.width,
                                      frameHeight: frame.height, threshold: thresholds.confidence, into: &candidates)
                    return nonMaximumSuppression(candidates, iouThreshold: thresholds.iou)
                }
            }
            let detections = boxes.map { box in
                Detection(classIndex: box.classIndex, label: label(box.classIndex), confidence: Double(box.score),
                          box: PixelRect(x1: Double(box.x1), y1: Double(box.y1), x2: Double(box.x2), y2: Double(box.y2))
                            .normalized(width: frame.width, height: frame.height))
            }
            let end = DispatchTime.now().uptimeNanoseconds
            timings.preprocess = Double(preprocessed - start) / 1e9
            timings.inference = Double(inferred - preprocessed) / 1e9
            timings.postprocess = Double(end - inferred) / 1e9
            return detections
        }
    }

    private func label(_ index: Int) -> String {
        index < labels.count ? labels[index] : "class \(index)"
    }
}
