/// One object a detector found in a frame.
public struct Detection: Sendable, Hashable, Codable {
    /// The class index in the detector's label list (COCO order for the detectors Beacon ships with).
    public var classIndex: Int
    /// The class name, e.g. "cup".
    public var label: String
    /// 0…1.
    public var confidence: Double
    /// Where it is, normalized to the frame.
    public var box: NormalizedRect

    public init(classIndex: Int, label: String, confidence: Double, box: NormalizedRect) {
        self.classIndex = classIndex
        self.label = label
        self.confidence = confidence
        self.box = box
    }
}

/// A detector of objects in frames. One real implementation per model family; tests may use recorded ones.
public protocol ObjectDetector: Sendable {
    /// The class names, in index order.
    var labels: [String] { get }
    func detect(_ frame: Frame) throws -> [Detection]
}
