import BeaconCore

/// How often a search finds what a person can see, and how often it reports what is not there.
///
/// Recall counts (photo, class) pairs from the ground truth where a detection of the class reaches the
/// threshold (on one of the boxed instances, where the ground truth boxes them). False positives count (photo, searched class) pairs where the photo lacks the class (and does not
/// list it as unsure) yet a detection of it reaches the threshold.
public struct SearchRecall: Sendable {
    public struct Pair: Sendable, Hashable {
        public var photo: String
        public var label: String
        /// The best confidence the search reported for this class in this photo (0 when none).
        public var confidence: Double
        /// Where that best detection is (nil when none).
        public var box: NormalizedRect?
    }

    public let searchedClasses: [String]
    public let threshold: Double
    public private(set) var found: [Pair] = []
    public private(set) var missed: [Pair] = []
    public private(set) var falsePositives: [Pair] = []
    /// (photo, searched class) pairs where the class is absent: the chances to raise a false positive.
    public private(set) var absentPairs = 0

    public init(searchedClasses: [String], threshold: Double) {
        self.searchedClasses = searchedClasses
        self.threshold = threshold
    }

    public var pairs: Int { found.count + missed.count }
    public var recall: Double { pairs > 0 ? Double(found.count) / Double(pairs) : 0 }

    /// Scores what a search reported for one photo. Where the ground truth boxes a class's instances, only a
    /// detection on one of them finds it.
    public mutating func add(_ photo: SearchGroundTruth.Photo, detections: [Detection]) {
        for label in searchedClasses {
            let present = photo.classes.contains(label)
            guard present || !photo.unsure.contains(label) else { continue }
            let best = detections
                .filter { $0.label == label && (!present || photo.isOnAnInstance($0.box, of: label)) }
                .max { $0.confidence < $1.confidence }
            let pair = Pair(photo: photo.name, label: label, confidence: best?.confidence ?? 0, box: best?.box)
            let reported = pair.confidence >= threshold
            if present {
                if reported { found.append(pair) } else { missed.append(pair) }
            } else {
                absentPairs += 1
                if reported { falsePositives.append(pair) }
            }
        }
    }
}
