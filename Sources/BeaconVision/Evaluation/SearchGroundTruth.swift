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
    }

    public var about: String
    public var photos: [Photo]

    public static func load(from url: URL) throws -> SearchGroundTruth {
        try JSONDecoder().decode(SearchGroundTruth.self, from: Data(contentsOf: url))
    }

    /// Every class listed as visible in some photo, sorted: the classes a search is measured on.
    public var searchedClasses: [String] { Set(photos.flatMap(\.classes)).sorted() }
}
