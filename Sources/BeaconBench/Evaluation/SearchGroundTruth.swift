import BeaconCore
import Foundation

/// What a person sees in a set of photos: for each photo, the detector classes clearly visible in it
/// (Tests/Data/search-ground-truth.json). Photos are named, not stored.
public struct SearchGroundTruth: Codable, Sendable {
    public struct Photo: Codable, Sendable, Hashable {
        public var name: String
        /// Where the photo comes from: "shared" (../shared/testdata/images) or "opencv-doc" (Debian's package).
        public var source: String
        /// Classes a person can see: searched for, they count towards recall.
        public var classes: [String]
        /// Classes one could argue either way: they count neither as found nor as false positives.
        public var unsure: [String]
        public var note: String
        /// For small objects: every instance's box, normalized [x1, y1, x2, y2].
        public var `where`: [String: [[Double]]]?

        /// Where the instances of a class are, or nil when the ground truth does not say (large or many objects).
        public func regions(of label: String) -> [NormalizedRect]? {
            `where`?[label].map { boxes in
                boxes.filter { $0.count == 4 }.map { NormalizedRect(x: $0[0], y: $0[1], width: $0[2] - $0[0], height: $0[3] - $0[1]) }
            }
        }

        /// Whether a detection of `label` is on one of its instances: its centre inside a box grown by a quarter
        /// of its size on each side. True everywhere when the ground truth gives no boxes for the class.
        public func isOnAnInstance(_ box: NormalizedRect, of label: String) -> Bool {
            guard let regions = regions(of: label) else { return true }
            return regions.contains { region in
                abs(box.midX - region.midX) <= region.width * 0.75 && abs(box.midY - region.midY) <= region.height * 0.75
            }
        }
    }

    public var about: String
    public var photos: [Photo]

    public static func load(from url: URL) throws -> SearchGroundTruth {
        try JSONDecoder().decode(SearchGroundTruth.self, from: Data(contentsOf: url))
    }

    /// Every class listed as visible in some photo, sorted: the classes a search is measured on.
    public var searchedClasses: [String] { Set(photos.flatMap(\.classes)).sorted() }
}
