/// A person's own objects, taught from a few views each, and the rule that names what a picture shows.
///
/// Each object is its views' embeddings (unit vectors from an image-embedding network) and their mean, the
/// prototype of a prototypical network. A proposal (a region of a picture) is scored against each object by the
/// better of its nearest view and the prototype: the nearest view keeps a side seen only once, the prototype keeps
/// one odd view from deciding alone. It is that object only when the score clears a threshold and beats every other
/// taught object by a margin — two phones on one shelf look alike, and a guess between them is worse than none.
public struct TaughtObjects: Sendable {
    public struct Object: Sendable, Hashable {
        public let name: String
        public let views: [[Float]]
        /// The views' mean, normalised.
        public let prototype: [Float]

        public init(name: String, views: [[Float]]) {
            self.name = name
            self.views = views.map(TaughtObjects.normalised)
            prototype = TaughtObjects.normalised(TaughtObjects.mean(self.views))
        }

        /// How like this object an embedding is: the better of its nearest view and the prototype (cosine).
        public func score(_ embedding: [Float]) -> Float {
            let nearest = views.map { TaughtObjects.cosine($0, embedding) }.max() ?? -1
            return max(nearest, TaughtObjects.cosine(prototype, embedding))
        }
    }

    public struct Configuration: Sendable, Hashable {
        /// A proposal must score at least this against the object (cosine): the same thing seen again scores
        /// 0.77–0.95 with EfficientNet-Lite0, different things about 0.2. On ../shared/testdata/taught (`beacon bench
        /// taught`) 0.62 named a taught thing in 3 of 8 scenes holding none, 0.7 in 1 of 8 (hits 5 → 4 of 18): a
        /// false "your keys" sends a person across the room, so the stricter one.
        public var threshold: Float = 0.7
        /// …and beat the next-best taught object by this much.
        public var margin: Float = 0.05

        public init() {}
    }

    /// A proposal named: which object, how sure, and by how much it beat the next.
    public struct Identification: Sendable, Hashable {
        public var name: String
        public var score: Float
        public var margin: Float
    }

    public let objects: [Object]
    public let configuration: Configuration

    /// Views by name; names compare as given (the store folds case).
    public init(views: [(name: String, embedding: [Float])], configuration: Configuration = Configuration()) {
        var grouped: [String: [[Float]]] = [:]
        var order: [String] = []
        for view in views {
            if grouped[view.name] == nil { order.append(view.name) }
            grouped[view.name, default: []].append(view.embedding)
        }
        objects = order.map { Object(name: $0, views: grouped[$0]!) }
        self.configuration = configuration
    }

    public var isEmpty: Bool { objects.isEmpty }

    /// The taught object `embedding` shows, or nil when none is close enough or two are too close to tell.
    public func identify(_ embedding: [Float]) -> Identification? {
        let scores = objects.map { ($0.name, $0.score(embedding)) }.sorted { $0.1 > $1.1 }
        guard let best = scores.first, best.1 >= configuration.threshold else { return nil }
        let runnerUp = scores.dropFirst().first?.1 ?? -1
        let margin = best.1 - runnerUp
        guard margin >= configuration.margin else { return nil }
        return Identification(name: best.0, score: best.1, margin: margin)
    }

    // MARK: Vectors

    /// The cosine of the angle between two embeddings: 1 for the same direction, about 0 for unrelated ones. -1 when
    /// they cannot be compared (different lengths, empty, or all zero), so a mismatch never looks like a match.
    public static func cosine(_ a: [Float], _ b: [Float]) -> Float {
        guard a.count == b.count, !a.isEmpty else { return -1 }
        var dot: Float = 0, normA: Float = 0, normB: Float = 0
        for index in a.indices {
            dot += a[index] * b[index]
            normA += a[index] * a[index]
            normB += b[index] * b[index]
        }
        let norms = (normA * normB).squareRoot()
        return norms > 0 ? dot / norms : -1
    }

    /// The vector at unit length (an all-zero one as it is).
    public static func normalised(_ vector: [Float]) -> [Float] {
        let norm = vector.reduce(0) { $0 + $1 * $1 }.squareRoot()
        return norm > 0 ? vector.map { $0 / norm } : vector
    }

    static func mean(_ vectors: [[Float]]) -> [Float] {
        guard let first = vectors.first else { return [] }
        var sum = [Float](repeating: 0, count: first.count)
        for vector in vectors where vector.count == sum.count {
            for index in vector.indices { sum[index] += vector[index] }
        }
        return sum.map { $0 / Float(vectors.count) }
    }
}

/// Where to look for taught objects in a picture: the detector's boxes of any class (a wallet is often "a cell
/// phone" or "a book" to a COCO detector, at low confidence), and, where the detector saw nothing, a few windows at
/// two sizes. Few enough to embed several times a second on a laptop (an embedding costs about 25 ms).
public struct TaughtProposals: Sendable {
    /// Detector boxes taken, most confident first.
    public var maximumDetections = 6
    /// Detections below this confidence are not looked at.
    public var minimumConfidence = 0.1
    /// Window sides as shares of the picture's shorter side, each laid out on a grid with half-window steps.
    public var windowSizes = [0.45, 0.3]
    /// Windows taken in all, those over the fewest detections first.
    public var maximumWindows = 4

    public init() {}

    public func proposals(detections: [Detection], aspect: Double) -> [NormalizedRect] {
        var boxes: [NormalizedRect] = []
        for detection in detections.sorted(by: { $0.confidence > $1.confidence })
        where detection.confidence >= minimumConfidence && boxes.count < maximumDetections {
            if !boxes.contains(where: { $0.iou(detection.box) > 0.7 }) { boxes.append(detection.box) }
        }
        var windows: [(box: NormalizedRect, covered: Double)] = []
        for size in windowSizes {
            // Square in pixels: the width share is the side over the aspect (width / height).
            let height = size, width = min(1, size / aspect)
            var y = 0.0
            while y + height <= 1.0001 {
                var x = 0.0
                while x + width <= 1.0001 {
                    let window = NormalizedRect(x: x, y: y, width: width, height: height)
                    let covered = boxes.map { $0.iou(window) }.max() ?? 0
                    windows.append((window, covered))
                    x += width / 2
                }
                y += height / 2
            }
        }
        // Windows where the detector saw least, nearest the middle first (where a person points the camera).
        let chosen = windows.filter { $0.covered < 0.3 }.sorted {
            ($0.covered, $0.box.centreDistance) < ($1.covered, $1.box.centreDistance)
        }.prefix(maximumWindows).map(\.box)
        return boxes + chosen
    }
}

extension NormalizedRect {
    /// How far the box's centre is from the picture's.
    var centreDistance: Double { ((midX - 0.5) * (midX - 0.5) + (midY - 0.5) * (midY - 0.5)).squareRoot() }
}

/// Several frames must agree before a taught object is declared: an embedding network picks the right one of a
/// person's own objects in only 68–75 % of frames (ORBIT), so one frame is never the answer. An object counts as found
/// when it was named in at least `needed` of the last `window` frames, in places near one another.
public struct TaughtAgreement: Sendable {
    public var window = 5
    public var needed = 3
    /// Sightings farther apart than this (centre to centre, picture units) are different places.
    public var nearness = 0.15
    private var recent: [[(name: String, box: NormalizedRect)]] = []

    public init(window: Int = 5, needed: Int = 3) {
        self.window = window
        self.needed = needed
    }

    /// One frame's named proposals; returns the objects the recent frames agree on, with the newest box of each.
    public mutating func add(_ sightings: [(name: String, box: NormalizedRect)]) -> [(name: String, box: NormalizedRect)] {
        recent.append(sightings)
        if recent.count > window { recent.removeFirst(recent.count - window) }
        var agreed: [(name: String, box: NormalizedRect)] = []
        for sighting in sightings where !agreed.contains(where: { $0.name == sighting.name }) {
            let frames = recent.filter { frame in
                frame.contains { $0.name == sighting.name && Self.distance($0.box, sighting.box) <= nearness }
            }.count
            if frames >= needed { agreed.append(sighting) }
        }
        return agreed
    }

    static func distance(_ a: NormalizedRect, _ b: NormalizedRect) -> Double {
        ((a.midX - b.midX) * (a.midX - b.midX) + (a.midY - b.midY) * (a.midY - b.midY)).squareRoot()
    }
}
