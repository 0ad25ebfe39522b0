import Foundation
@testable import BeaconCore

/// Generated detections for the scene logic: COCO classes by name, boxes by their middle and size.
enum SceneStreams {
    static func detection(_ label: String, midX: Double, midY: Double = 0.5, width: Double, height: Double,
                          confidence: Double = 0.9) -> Detection {
        let classIndex = ObjectVocabulary.coco.firstIndex(of: label) ?? -1
        return Detection(classIndex: classIndex, label: label, confidence: confidence,
                         box: NormalizedRect(x: midX - width / 2, y: midY - height / 2, width: width, height: height))
    }

    /// The share of a picture `fieldOfView` degrees across that `metres` fills from `distance` metres away.
    static func fraction(_ metres: Double, at distance: Double, fieldOfView: Double) -> Double {
        metres / (distance * 2 * tan(fieldOfView / 2 * .pi / 180))
    }

    /// Detector frames `interval` seconds apart from time 0, each with the detections `scene` gives for its index.
    static func frames(count: Int, interval: Double = 0.2,
                       _ scene: (Int) -> [Detection]) -> [(timestamp: Double, detections: [Detection])] {
        (0..<count).map { (Double($0) * interval, scene($0)) }
    }
}
