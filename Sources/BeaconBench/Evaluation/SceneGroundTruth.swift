import BeaconCore
import Foundation

/// Where the objects in benchmark photos really are, measured by hand (Tests/Data/guidance-ground-truth.json): the
/// truth `beacon bench guidance` judges "centred" against, instead of the detector's own pass over the whole photo.
public struct SceneGroundTruth: Codable, Sendable {
    public struct Object: Codable, Sendable, Hashable {
        public var label: String
        /// Normalized [x1, y1, x2, y2] on the whole photo.
        public var box: [Double]
        public var note: String?
    }

    public struct Photo: Codable, Sendable, Hashable {
        public var name: String
        public var objects: [Object]
    }

    public var about: String
    public var photos: [Photo]

    public static func load(from url: URL) throws -> SceneGroundTruth {
        let truth = try JSONDecoder().decode(SceneGroundTruth.self, from: Data(contentsOf: url))
        for photo in truth.photos {
            for object in photo.objects {
                let box = object.box
                guard box.count == 4, box[0] < box[2], box[1] < box[3], box.allSatisfy({ (0...1).contains($0) }) else {
                    throw SceneGroundTruthError.badBox(photo: photo.name, label: object.label)
                }
            }
        }
        return truth
    }

    /// The photo's objects as scene objects (confidence 1) in the detector's class numbering; nil when the ground
    /// truth does not cover the photo.
    public func objects(in photoName: String, labels: [String]) throws -> [SceneObject]? {
        guard let photo = photos.first(where: { $0.name == photoName }) else { return nil }
        return try photo.objects.map { object in
            guard let classIndex = labels.firstIndex(of: object.label) else {
                throw SceneGroundTruthError.unknownClass(photo: photoName, label: object.label)
            }
            let box = object.box
            return SceneObject(classIndex: classIndex, label: object.label, confidence: 1,
                               box: NormalizedRect(x: box[0], y: box[1], width: box[2] - box[0], height: box[3] - box[1]))
        }
    }
}

public enum SceneGroundTruthError: UserFacingError {
    case badBox(photo: String, label: String)
    case unknownClass(photo: String, label: String)

    public var sentence: String {
        switch self {
        case .badBox(let photo, let label):
            "The ground truth gives \(label) in \(photo) a box that is not x1, y1, x2, y2 between 0 and 1."
        case .unknownClass(let photo, let label):
            "The ground truth names \(label) in \(photo), a class the detector does not know."
        }
    }
}
