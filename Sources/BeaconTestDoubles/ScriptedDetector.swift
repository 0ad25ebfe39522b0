import BeaconCore

/// A detector that answers from a closure: the boxes a test wants a frame to have, with no model.
public struct ScriptedDetector: ObjectDetector {
    public let labels: [String]
    private let answer: @Sendable (Frame) throws -> [Detection]

    public init(labels: [String] = ObjectVocabulary.coco, _ answer: @escaping @Sendable (Frame) throws -> [Detection]) {
        self.labels = labels
        self.answer = answer
    }

    /// A detector that never sees anything.
    public static var blind: ScriptedDetector { ScriptedDetector { _ in [] } }

    public func detect(_ frame: Frame) throws -> [Detection] { try answer(frame) }
}
