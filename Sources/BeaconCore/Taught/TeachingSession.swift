/// One view the runtime took of the thing being taught: where it is in the picture, its embedding, how sharp
/// that part of the picture is, and the embeddings of the picture's pieces around it.
public struct TeachingView: Sendable, Hashable {
    public var region: NormalizedRect
    public var embedding: [Float]
    /// The mean Laplacian variance of the region's cells (`SharpnessMap`): higher is sharper; nil when not measured.
    public var sharpness: Double?
    /// The embeddings of `surroundingRegions(around: region)`: what the thing must not be taken for.
    public var surroundings: [[Float]]

    public init(region: NormalizedRect, embedding: [Float], sharpness: Double? = nil, surroundings: [[Float]] = []) {
        self.region = region
        self.embedding = embedding
        self.sharpness = sharpness
        self.surroundings = surroundings
    }

    /// The ninths of a picture (a 3×3 grid) that are not the thing at `region` (overlap under 0.25 of their union):
    /// the hand holding it, what lies behind or under it, and pieces of it. Kept as its surroundings, so that a hand
    /// holding something else, or a corner of a look-alike, is not taken for it (`TaughtObjects.Configuration`).
    public static func surroundingRegions(around region: NormalizedRect) -> [NormalizedRect] {
        let third = 1.0 / 3
        return (0..<3).flatMap { row in
            (0..<3).map { column in NormalizedRect(x: Double(column) * third, y: Double(row) * third, width: third, height: third) }
        }.filter { $0.iou(region) < 0.25 }
    }
}

/// What teaching keeps of a thing: its views, and the surroundings of the views kept (`TeachingView.surroundings`).
public struct TaughtLesson: Sendable, Hashable {
    public var views: [[Float]]
    public var surroundings: [[Float]]
    /// The colours of the views (`ColourSignature`), one a view, in order, when taken: only `beacon bench taught`
    /// uses them (the colour cue is off, see `TaughtObjects.Configuration.colourWeight`), and they are not stored.
    public var colours: [ColourSignature]

    public init(views: [[Float]] = [], surroundings: [[Float]] = [], colours: [ColourSignature] = []) {
        self.views = views
        self.surroundings = surroundings
        self.colours = colours
    }
}

/// What became of one view, said to the person when it was not kept.
public enum TeachingOutcome: Sendable, Hashable {
    case kept
    case blurred
    case tooSmall
    case cutOff
    case sameAsBefore
}

/// The rules a view must pass to be learned from: big enough, not cut off by the picture's edges, sharp compared
/// with the sharpest view of this teaching (the same camera, so motion blur shows as a drop), and not a repeat.
public struct TeachingJudge: Sendable, Hashable {
    /// A region must cover at least this share of the picture.
    public var minimumArea = 0.02
    /// Views more alike than this (cosine) add nothing.
    public var repeatCosine: Float = 0.97
    /// A view less sharp than this share of the sharpest one so far is blurred. Relative, because cameras (and an
    /// upscaled webcam picture) differ far more in sharpness than one camera moving does.
    public var blurRatio = 0.35

    public init() {}

    public func judge(_ region: NormalizedRect, embedding: [Float], sharpness: Double? = nil, sharpest: Double = 0,
                      kept: [[Float]]) -> TeachingOutcome {
        if region.area < minimumArea { return .tooSmall }
        let touches = [region.x <= 0.005, region.y <= 0.005, region.maxX >= 0.995, region.maxY >= 0.995].filter { $0 }.count
        if touches >= 3 { return .cutOff }
        if let sharpness, sharpest > 0, sharpness < blurRatio * sharpest { return .blurred }
        if kept.contains(where: { TaughtObjects.cosine($0, embedding) > repeatCosine }) { return .sameAsBefore }
        return .kept
    }
}

/// The guided teaching of one thing in the assistant ("teach my keys"): views while it is held up and turned, then
/// views where it is put down, each judged and, when not kept, said why — at most one such remark every few seconds,
/// so the person hears advice, not a stream of complaints. Pure: views and time come in, steps go out.
public struct TeachingSession: Sendable {
    public struct Configuration: Sendable, Hashable {
        /// Views kept while the thing is held and turned…
        public var heldViews = 3
        /// …then where it has been put down (another background, as Find My Things asks for).
        public var placedViews = 2
        /// Seconds given to put it down before views are taken again.
        public var placingPause = 4.0
        /// Seconds between two remarks on views not kept.
        public var remarkCooldown = 4.0
        /// The teaching ends after this long with what it has (or with nothing learned).
        public var timeLimit = 60.0
        public var judge = TeachingJudge()

        public init() {}
    }

    public enum Phase: Sendable, Hashable {
        case holding
        case placing(since: Double)
        case finished
    }

    public enum Step: Sendable, Hashable {
        /// A view was kept; `count` views so far.
        case kept(count: Int)
        /// A view was not kept, and it is time to say why.
        case remark(TeachingOutcome)
        /// Enough views of the thing held: now put it down somewhere else.
        case askToPlace
        /// Done: these views (and their surroundings) are to be stored.
        case finished(TaughtLesson)
        /// Time ran out with nothing kept.
        case nothingLearned
    }

    public let name: String
    public let configuration: Configuration
    public private(set) var phase: Phase = .holding
    public private(set) var kept: [[Float]] = []
    /// The surroundings of the views kept.
    public private(set) var keptSurroundings: [[Float]] = []
    private var sharpest = 0.0
    private let startedAt: Double
    private var lastRemark: Double?

    public init(name: String, at timestamp: Double, configuration: Configuration = Configuration()) {
        self.name = name
        self.configuration = configuration
        startedAt = timestamp
    }

    public mutating func add(_ view: TeachingView, at timestamp: Double) -> [Step] {
        switch phase {
        case .finished: return []
        case .placing(let since) where timestamp - since < configuration.placingPause: return []
        default: break
        }
        let outcome = judged(view.region, embedding: view.embedding, sharpness: view.sharpness)
        if let sharpness = view.sharpness, outcome != .tooSmall, outcome != .cutOff { sharpest = max(sharpest, sharpness) }
        guard outcome == .kept else {
            if let lastRemark, timestamp - lastRemark < configuration.remarkCooldown { return [] }
            lastRemark = timestamp
            return [.remark(outcome)]
        }
        kept.append(view.embedding)
        keptSurroundings += view.surroundings
        var steps: [Step] = [.kept(count: kept.count)]
        if phase == .holding, kept.count >= configuration.heldViews {
            phase = .placing(since: timestamp)
            // A remark made while holding says nothing about the new place.
            lastRemark = nil
            steps.append(.askToPlace)
        } else if kept.count >= configuration.heldViews + configuration.placedViews {
            steps.append(finish())
        }
        return steps
    }

    /// Whether a view with this region, embedding and sharpness would be kept now. Its verdict only gets stricter
    /// as views are kept (the sharpest and the views so far only grow), so a view it refuses is refused when it
    /// comes: the runtime asks first, and embeds the surroundings of only the views that may be kept.
    public func wouldKeep(_ region: NormalizedRect, embedding: [Float], sharpness: Double?) -> Bool {
        phase != .finished && judged(region, embedding: embedding, sharpness: sharpness) == .kept
    }

    /// A view judged against this teaching so far: one place, so `wouldKeep` and `add` cannot disagree.
    private func judged(_ region: NormalizedRect, embedding: [Float], sharpness: Double?) -> TeachingOutcome {
        configuration.judge.judge(region, embedding: embedding, sharpness: sharpness, sharpest: sharpest, kept: kept)
    }

    /// Time passes: after the time limit the teaching ends with what it has.
    public mutating func tick(at timestamp: Double) -> [Step] {
        guard phase != .finished, timestamp - startedAt >= configuration.timeLimit else { return [] }
        return [finish()]
    }

    /// Ends now (the person said stop, or time ran out), keeping what was learned.
    public mutating func finish() -> Step {
        phase = .finished
        return kept.isEmpty ? .nothingLearned : .finished(TaughtLesson(views: kept, surroundings: keptSurroundings))
    }
}
