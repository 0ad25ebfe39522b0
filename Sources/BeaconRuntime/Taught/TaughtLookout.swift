import BeaconCore
import BeaconStore
import BeaconVision
import Foundation

/// The person's taught things for the assistant: the store they live in, the finder made from them (remade after
/// every teach and forget), and the embedding model, loaded the first time something needs it — nobody waits for it
/// at start, and a missing model fails only what needs it. Shared by the detector's thread and the session's, so its state is behind a lock.
public final class TaughtLookout: @unchecked Sendable {
    private let store: TaughtObjectStore
    private let makeEmbedder: () throws -> ImageEmbedder
    private let lock = NSLock()
    private var embedder: Result<ImageEmbedder, Error>?
    private var taught = TaughtObjects(views: [])
    /// Made from `taught` the first time something is looked for after a change; `generation` counts the changes,
    /// so a finder made from views a teach or forget has just replaced is not kept.
    private var finder: TaughtFinder?
    private var generation = 0
    private var things: [TaughtSummary] = []

    public init(store: TaughtObjectStore, embedder: @escaping () throws -> ImageEmbedder) throws {
        self.store = store
        makeEmbedder = embedder
        try reload()
    }

    /// What is taught, in the order it was first taught.
    public var summaries: [TaughtSummary] { lock.withLock { things } }

    /// Changes with every teach and forget (what the voice grammar should know changes with it).
    public var version: Int { lock.withLock { generation } }

    public func imageEmbedder() throws -> ImageEmbedder {
        try lock.withLock {
            if embedder == nil { embedder = Result { try makeEmbedder() } }
            return try embedder!.get()
        }
    }

    /// The taught things in `frame` (one picture's answer; a search makes several agree), given the detector's boxes.
    public func find(in frame: Frame, detections: [Detection]) throws -> [Detection] {
        let current = lock.withLock { (finder: self.finder, taught: self.taught, generation: self.generation) }
        if let finder = current.finder { return try finder.find(in: frame, detections: detections) }
        guard !current.taught.isEmpty else { return [] }
        let made = TaughtFinder(taught: current.taught, embedder: try imageEmbedder())
        lock.withLock { if generation == current.generation { finder = made } }
        return try made.find(in: frame, detections: detections)
    }

    /// Adds what a teaching kept under a name; returns the name as stored.
    public func learn(name: String, lesson: TaughtLesson) throws -> String {
        let stored = try store.add(name: name, lesson: lesson)
        try reload()
        return stored
    }

    /// Forgets a name; returns how many views were removed.
    public func forget(name: String) throws -> Int {
        let removed = try store.forget(name: name)
        try reload()
        return removed
    }

    private func reload() throws {
        let names = try store.names().map { TaughtSummary(name: $0.name, views: $0.views) }
        let taught = names.isEmpty ? TaughtObjects(views: []) : try store.taughtObjects()
        lock.withLock {
            things = names
            self.taught = taught
            finder = nil
            generation += 1
        }
    }
}

/// A search for one taught thing: each frame's sightings go through `TaughtAgreement`, and only the sightings of the
/// wanted thing that the recent frames agree on reach the tracker, so one look-alike frame never starts guidance.
final class TaughtSearch: @unchecked Sendable {
    private let name: String
    private let taught: TaughtLookout
    private let lock = NSLock()
    private var agreement = TaughtAgreement()

    init(name: String, taught: TaughtLookout) {
        self.name = name
        self.taught = taught
    }

    /// The detector's own detections and the agreed sightings of the wanted thing.
    func detections(in frame: Frame, found: [Detection]) throws -> [Detection] {
        let sightings = try taught.find(in: frame, detections: found).filter { $0.label.lowercased() == name.lowercased() }
        let agreed = lock.withLock { agreement.add(sightings.map { (name: $0.label, box: $0.box) }) }
        return found + sightings.filter { sighting in agreed.contains { $0.box == sighting.box } }
    }
}

extension TeachingView {
    /// A view of the thing being taught in `frame`: its region (`TeachingViews.region`), embedding, sharpness and
    /// surroundings (about ten embeddings in all, 0.1–0.3 s, on the thread that takes views). The surroundings are
    /// embedded only when `teaching` (as it stood when the view was asked for) would keep the view: a blurred or
    /// repeated view costs one embedding, not ten.
    static func take(from frame: Frame, detections: [Detection], embedder: ImageEmbedder,
                     judgedBy teaching: TeachingSession?) throws -> TeachingView {
        let region = TeachingViews().region(in: detections)
        var meter = SharpnessMeter()
        let map = meter.measure(frame)
        var view = TeachingView(region: region, embedding: try embedder.embedding(of: frame, region: region),
                                sharpness: map.meanLaplacianVariance(in: region))
        if teaching?.wouldKeep(region, embedding: view.embedding, sharpness: view.sharpness) ?? true {
            view.surroundings = try TeachingViews.surroundings(of: region, in: frame, embedder: embedder)
        }
        return view
    }
}

extension SharpnessMap {
    /// The mean Laplacian variance of the cells whose centres lie in `region` (the nearest cell when none does).
    func meanLaplacianVariance(in region: NormalizedRect) -> Double {
        var sum = 0.0, count = 0
        for row in 0..<gridSize {
            for column in 0..<gridSize {
                let x = (Double(column) + 0.5) / Double(gridSize), y = (Double(row) + 0.5) / Double(gridSize)
                guard x >= region.x, x <= region.maxX, y >= region.y, y <= region.maxY else { continue }
                sum += Double(laplacianVariance[row * gridSize + column])
                count += 1
            }
        }
        if count > 0 { return sum / Double(count) }
        let column = min(gridSize - 1, max(0, Int(region.midX * Double(gridSize))))
        let row = min(gridSize - 1, max(0, Int(region.midY * Double(gridSize))))
        return Double(laplacianVariance[row * gridSize + column])
    }
}
