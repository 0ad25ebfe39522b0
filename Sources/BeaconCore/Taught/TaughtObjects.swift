/// A person's own objects, taught from a few views each, and the rule that names what a picture shows.
///
/// Each object is its views' embeddings (unit vectors from an image-embedding network) and their mean, the
/// prototype of a prototypical network. A proposal (a region of a picture) is scored against each object by the
/// better of its nearest view and the prototype: the nearest view keeps a side seen only once, the prototype keeps
/// one odd view from deciding alone. It is that object only when the score clears a threshold and beats every other
/// taught object by a margin — two phones on one shelf look alike, and a guess between them is worse than none. The
/// margin is taken once the teaching pictures' backdrop (the mean of every object's surroundings: the hands that held
/// them, the walls and tables behind) is subtracted from both sides: things taught in the same hand share that part,
/// and it hides the differences between them.
///
/// Judged among the other proposals of its picture (`identify(proposals:)`), it must also stand out from them: the
/// same score taken after the picture's mean proposal embedding is subtracted from both sides (its contrast) must
/// clear a second threshold. The embedding's pooled, non-negative features share a large common part — "a hand holding
/// something", "things on a shelf" — so raw cosines of a small object in a room (0.5–0.65 with its taught views) and
/// of a different thing of the same kind held up to the camera (0.6–0.8) overlap; removing what the whole picture
/// shares is the usual mean-centring trick, with the picture itself as the reference.
public struct TaughtObjects: Sendable {
    public struct Object: Sendable, Hashable {
        public let name: String
        public let views: [[Float]]
        /// The views' mean, normalised.
        public let prototype: [Float]
        /// Pieces of the pictures it was taught from that are not it (`TeachingView.surroundingRegions`): the hand
        /// that held it, the table under it, a corner of it. Empty for things taught before they were kept.
        public let surroundings: [[Float]]
        /// The colours of its views (`ColourSignature`); empty for things taught before they were kept.
        public let colours: [ColourSignature]

        public init(name: String, views: [[Float]], surroundings: [[Float]] = [], colours: [ColourSignature] = []) {
            self.name = name
            self.views = views.map(TaughtObjects.normalised)
            prototype = TaughtObjects.normalised(TaughtObjects.mean(self.views))
            self.surroundings = surroundings.map(TaughtObjects.normalised)
            self.colours = colours
        }

        /// How like the colours of its nearest view in colour a region's are (Bhattacharyya); nil when none were kept.
        public func colourLikeness(_ colour: ColourSignature) -> Float? {
            colours.map { $0.similarity(colour) }.max()
        }

        /// How like this object an embedding is: the better of its nearest view and the prototype (cosine).
        public func score(_ embedding: [Float]) -> Float {
            Self.score(embedding, views: views, prototype: prototype)
        }

        /// How like the nearest of its surroundings an embedding is (cosine); nil when none were kept.
        public func nearestSurrounding(_ embedding: [Float]) -> Float? {
            surroundings.map { TaughtObjects.cosine($0, embedding) }.max()
        }

        /// The views with `centre` (the mean of a picture's proposal embeddings) taken away, for `Centred.contrast`;
        /// the prototype is the mean of the centred views.
        func centred(on centre: [Float]) -> Centred {
            let shifted = views.map { TaughtObjects.normalised(TaughtObjects.difference($0, centre)) }
            return Centred(views: shifted, prototype: TaughtObjects.normalised(TaughtObjects.mean(shifted)))
        }

        struct Centred {
            let views: [[Float]]
            let prototype: [Float]

            func contrast(_ embedding: [Float], centre: [Float]) -> Float {
                Object.score(TaughtObjects.difference(embedding, centre), views: views, prototype: prototype)
            }
        }

        static func score(_ embedding: [Float], views: [[Float]], prototype: [Float]) -> Float {
            let nearest = views.map { TaughtObjects.cosine($0, embedding) }.max() ?? -1
            return max(nearest, TaughtObjects.cosine(prototype, embedding))
        }
    }

    /// The operating point, measured with `beacon bench taught ../shared/testdata/taught` (release, 2-core machine):
    /// 6 objects, 18 scenes with them (9 of them 1600×1069 photos where the object is small), 8 hand-held
    /// distractors of the same kinds; and with only some of the objects taught (`--only`: each alone, every 3 of the
    /// 6, every 5 of the 6), so that the figures are not those of six objects picked to fit.
    /// - before (raw ≥ 0.7, margin 0.05, 6 detector boxes of any class + 4 windows): hits 4/18, none in a photo,
    ///   confusions 0, false finds 1/8; 86–91 ms a frame with the detector (300–320 with the machine loaded).
    ///   Alone 5/18 (0 of 9 in photos), 1/48 false; by threes 46/180 (0/90), 3 confusions, 10/160 false; by fives
    ///   21/90 (0/45), 1 confusion, 5/48 false.
    /// - stop 28, live frames (raw ≥ 0.5, contrast ≥ 0.3, margin 0.1, at most 9 crops): hits 7/18 (4 of 9 in
    ///   photos), false finds 0/8. Alone 10/18 (6/9), 13/48 false; by threes 77/180 (46/90), 6 confusions, 8/160
    ///   false; by fives 35/90 (20/45), 2 confusions, 0/48 false. Still pictures: 9/18 (6/9); alone 12/18 (8/9),
    ///   13/48 false; by threes 100/180 (69/90), 8/160 false; by fives 46/90 (31/45), 0/48 false.
    /// - now, with the surroundings of the views (`surroundingsMargin`), a picture judged among its proposals too
    ///   (`boxContrast`), a live view of a room judged against its quarters with 15 boxes (`TaughtProposals.plan`)
    ///   and the margin at 0.075. Still pictures (`beacon detect`, the bench's default) and live frames alike:
    ///   hits 9/18 (7/9 in photos), confusions 0, false finds 0/8; alone 12/18 (8/9), 1/48 false; by threes 100/180
    ///   (73/90), 6 confusions, 3/160 false; by fives 46/90 (35/45), 2 confusions, 0/48 false. About 0.16 s a
    ///   photo live with the detector, 0.4 s still (1 s with the machine loaded). The scenes lost to the
    ///   surroundings are hand-held close-ups of the objects themselves (a hand holding the mug is much like the
    ///   hand its views were taught in); the margin brought back the highlighter held against a building.
    /// - The 128-pixel close-ups and distractors blown up to 640×480 camera frames (cut to 4:3), as a camera held
    ///   close would see them: each alone, a look-alike was named in 27 of 48 still (9 live) before, 3 of 48 then;
    ///   by threes 35 of 160 still (18 live) before, 12 then; 115 of 180 scenes found still before, 104 then.
    /// - now (stop 30), the margin taken once the teaching pictures' backdrop is taken away (`margin`, `rawMargin`,
    ///   `surroundingsMargin` 0.02), still and live alike: hits 11/18 (8/9 in photos), 1 confusion, false finds 0/8;
    ///   alone 12/18 (8/9), 0/48 false; by threes 110/180 (80/90), 10 confusions, 0/160 false; by fives 55/90
    ///   (40/45), 6 confusions, 0/48 false. The 640×480 close-ups: all six 10/18, 0/8 false; alone 11/18, 2/48; by
    ///   threes 100/180, 12/160; by fives 50/90, 2/48 (before: 10/18, 0/8; 12/18, 3/48; 104/180, 12/160; 50/90, 1/48).
    /// The contrast is what lets small things in rooms through: no raw threshold does (0.62 already names a taught
    /// thing in 3 of 8 distractors and still finds none in the photos). Weak spots: two look-alikes taught together
    /// (three phones) are told apart only by the margin, unmeasured here; and the hand-held close-ups (3 of 9 found).
    public struct Configuration: Sendable, Hashable {
        /// A proposal must score at least this against the object (cosine). The same thing seen again scores
        /// 0.77–0.95 with EfficientNet-Lite0 in the same setting, 0.5–0.65 small in another room; different things
        /// about 0.2–0.5, another thing of the same kind held up to the camera up to 0.8.
        public var threshold: Float = 0.5
        /// …and, among the other proposals of its picture, at least this once their mean is taken from both sides
        /// (by threes, 0.25 named a taught thing in 13 of 160 distractors, 0.35 found 30 rather than 46 photo scenes).
        public var contrast: Float = 0.3
        /// …and beat the next-best taught object by this much once the backdrop of the teaching pictures (the mean of
        /// all their surroundings) is taken from both sides — the best there as well as in raw cosines. Taught from
        /// hand-held pictures, every view shares the hand and the wall: on raw cosines (the rule until stop 30) a plug
        /// on a shelf was within 0.075 of the mug and the highlighter. By threes, 0.075 on raw cosines found 73 of 90
        /// photo scenes (35 of 45 by fives) with 6 confusions; with the backdrop taken away 80 (40 of 45), with 10
        /// (6 by fives) and fewer false finds (0 of 160, was 3). 0.07–0.08 alike; 0.085 found 77 (36 of 45), 0.09 73.
        /// Look-alikes taught together (three phones) share their hand too: this is the margin that tells them apart.
        public var margin: Float = 0.075
        /// …and lead it by at least this on the raw cosines as well. Without it the 640×480 close-ups named a
        /// look-alike in 17 of 160 by threes and 10 of 48 by fives (12 and 2 with it); 0.03–0.04 alike, 0.045 found 4
        /// fewer photo scenes by fives.
        public var rawMargin: Float = 0.035
        /// …and, in a picture judged against its background (tiles or quarters), at least this against the mean of
        /// its other proposals as well. A thing held up close stands out from the wall behind it whatever it is;
        /// among the boxes, all of the thing and the hand holding it, it does not. On the close-ups blown up to
        /// 640×480 (each object taught alone, judged against 96-pixel tiles as still pictures then were) a
        /// look-alike was named in 27 of 48 without it, 13 with it; the big photos lose nothing.
        public var boxContrast: Float = 0.2
        /// …and be more like the object than like any piece of the pictures it was taught from (its surroundings) by
        /// at least this. A hand holding something, or a part of it, scores 0.55–0.65 against anything taught from a
        /// hand; the object itself scores higher against its views than against pieces around them. Each object taught
        /// alone, this took look-alikes named from 13 of 48 hand-held distractors to 1 (live frames blown up to
        /// 640×480: 9 to 2), and by threes from 8 of 160 to 1; the big photos lose nothing, the hand-held close-ups
        /// of the objects themselves are found less often (by threes 93 of 180 scenes rather than 100). With the
        /// backdrop margin, 0.02 rather than 0 takes the last false finds away (alone 1 of 48, by threes 3 of 160, to
        /// none) and finds as much; 0.04 alike.
        public var surroundingsMargin: Float = 0.02
        /// How much the likeness of a region's colours to the object's views (`ColourSignature`, 0–1) adds to its
        /// scores wherever taught things are compared (best, raw lead, backdrop margin); 0: not at all. Only when every
        /// taught thing has colours and the region's are known. Off, as measured (stop 31, `bench taught --split`):
        /// held apart object by object, the split chose 0 in all six folds; on all 18 scenes 0.1–0.3 found 10 rather
        /// than 11 with 3 confusions rather than 1. The colours of a 128-pixel hand-held view are mostly the hand and
        /// the wall: a thing's box in a photo is most like its own views' colours in only 10 of 19 cases. Teaching does
        /// not store them; the bench takes them to measure.
        public var colourWeight: Float = 0
        /// …and the named thing's colours must be at least this like the region's (Bhattacharyya); 0: no floor.
        /// 0.3–0.5 changed nothing on the 18 scenes: every name the embedding gives already clears it.
        public var colourFloor: Float = 0

        public init() {}
    }

    /// A proposal named: which object, how sure, and by how much it beat the next.
    public struct Identification: Sendable, Hashable {
        public var name: String
        public var score: Float
        public var margin: Float
        /// The score among the picture's other proposals (see `Configuration.contrast`); nil when judged alone.
        public var contrast: Float? = nil
    }

    public let objects: [Object]
    public let configuration: Configuration
    /// The mean of every object's surroundings, and the objects' views with it subtracted, for the margin; nil when no
    /// surroundings were kept (things taught before they were), and the margin is then taken on the raw scores.
    private let backdrop: (centre: [Float], objects: [Object.Centred])?

    /// Views and surroundings by name; names compare as given (the store folds case). Surroundings of a name with
    /// no views are dropped.
    public init(views: [(name: String, embedding: [Float])], surroundings: [(name: String, embedding: [Float])] = [],
                colours: [(name: String, colour: ColourSignature)] = [], configuration: Configuration = Configuration()) {
        var grouped: [String: [[Float]]] = [:]
        var order: [String] = []
        for view in views {
            if grouped[view.name] == nil { order.append(view.name) }
            grouped[view.name, default: []].append(view.embedding)
        }
        let around = Dictionary(grouping: surroundings, by: \.name).mapValues { $0.map(\.embedding) }
        let painted = Dictionary(grouping: colours, by: \.name).mapValues { $0.map(\.colour) }
        objects = order.map { Object(name: $0, views: grouped[$0]!, surroundings: around[$0] ?? [], colours: painted[$0] ?? []) }
        self.configuration = configuration
        let pieces = objects.flatMap(\.surroundings)
        if let dimension = objects.first?.views.first?.count, !pieces.isEmpty, pieces.allSatisfy({ $0.count == dimension }) {
            let centre = Self.mean(pieces)
            backdrop = (centre, objects.map { $0.centred(on: centre) })
        } else {
            backdrop = nil
        }
    }

    public var isEmpty: Bool { objects.isEmpty }

    /// The taught object `embedding` shows, or nil when none is close enough or two are too close to tell. Judged
    /// alone: without the rest of its picture there is no contrast to check (see `identify(proposals:)`).
    /// `colour`: the region's colours, when known (`Configuration.colourWeight`, `colourFloor`).
    public func identify(_ embedding: [Float], colour: ColourSignature? = nil) -> Identification? {
        let scores = objects.map { $0.score(embedding) }
        let colours = colour.map { colour in objects.map { $0.colourLikeness(colour) } }
        // The colour cue counts only when every taught thing can be compared by it: one without would always lose.
        let likeness = colours.flatMap { $0.contains(nil) ? nil : $0.map { $0! } }
        let bonus = likeness.map { $0.map { $0 * configuration.colourWeight } } ?? scores.map { _ in 0 }
        let fused = zip(scores, bonus).map { $0 + $1 }
        guard let best = fused.indices.max(by: { fused[$0] < fused[$1] }), scores[best] >= configuration.threshold
        else { return nil }
        guard let margin = margin(of: best, scores: fused, bonus: bonus, embedding: embedding), margin >= configuration.margin,
              lead(of: best, in: fused) >= configuration.rawMargin else { return nil }
        if let surrounding = objects[best].nearestSurrounding(embedding),
           scores[best] - surrounding < configuration.surroundingsMargin { return nil }
        if let like = colours?[best], like < configuration.colourFloor { return nil }
        return Identification(name: objects[best].name, score: scores[best], margin: margin)
    }

    /// How far object `best` (the highest of the raw `scores`, colour `bonus` included) leads the next taught object
    /// once the backdrop is taken from both sides; nil when another object leads there. Raw scores when there is no
    /// backdrop.
    private func margin(of best: Int, scores: [Float], bonus: [Float], embedding: [Float]) -> Float? {
        let leads = backdrop.map { backdrop in
            zip(backdrop.objects, bonus).map { $0.contrast(embedding, centre: backdrop.centre) + $1 }
        } ?? scores
        let margin = lead(of: best, in: leads)
        return margin > 0 ? margin : nil
    }

    /// How far `scores[best]` leads the others (its score less −1, the lowest cosine, when there are none).
    private func lead(of best: Int, in scores: [Float]) -> Float {
        scores[best] - (scores.indices.filter { $0 != best }.map { scores[$0] }.max() ?? -1)
    }

    /// The taught objects the `proposals` of one picture show, in order (nil: none). Each is also judged against what
    /// the whole picture shares, so that it does not count: without a reference, against the proposals' mean (a single
    /// proposal has nothing to stand out from and is judged alone); with one (a still picture's tiles or a view's
    /// quarters, `TaughtProposals.plan`), against the reference's mean, and against the proposals' mean as well at the
    /// lower `Configuration.boxContrast`. The reference regions are what a thing must stand out from and are never
    /// named themselves: a tile is a square of the picture, not a thing, and a tile of a table with the corner of one
    /// phone in it named another phone (on the look-alike phones of scripts/core50_lookalikes.py, 4 of the 5 wrong
    /// names in its two big photos). Naming them found nothing more on ../shared/testdata/taught: 11 of 18 scenes;
    /// alone 12 of 18, by threes 110 of 180, by fives 55 of 90, with the same confusions, named or not (stop 46).
    /// `colours`: the colours of the proposals, in order, when known.
    public func identify(proposals: [[Float]], reference: [[Float]] = [], colours: [ColourSignature] = []) -> [Identification?] {
        let known = colours.count == proposals.count
        let named = proposals.indices.map { identify(proposals[$0], colour: known ? colours[$0] : nil) }
        guard !reference.isEmpty else {
            guard proposals.count > 1 else { return named }
            return contrasted(named, proposals, against: proposals, by: configuration.contrast)
        }
        let background = contrasted(named, proposals, against: reference, by: configuration.contrast)
        let amongBoxes = contrasted(named, proposals, against: proposals, by: configuration.boxContrast)
        return zip(background, amongBoxes).map { $1 == nil ? nil : $0 }
    }

    /// The names given to `embeddings` (`named`, in order), each kept when its contrast — its score once the mean of
    /// `base` is taken from both sides — reaches `threshold`.
    private func contrasted(_ named: [Identification?], _ embeddings: [[Float]], against base: [[Float]],
                            by threshold: Float) -> [Identification?] {
        guard let dimension = base.first?.count else { return named }
        let centre = Self.mean(base.filter { $0.count == dimension })
        let centred = objects.map { $0.centred(on: centre) }
        return zip(named, embeddings).map { named, embedding in
            guard var named, let index = objects.firstIndex(where: { $0.name == named.name }) else { return nil }
            let contrast = centred[index].contrast(embedding, centre: centre)
            named.contrast = contrast
            return contrast >= threshold ? named : nil
        }
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

    /// a − b, element by element (a as it is when the lengths differ).
    static func difference(_ a: [Float], _ b: [Float]) -> [Float] {
        guard a.count == b.count else { return a }
        return zip(a, b).map { $0 - $1 }
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
/// phone" or "a book" to a COCO detector, at low confidence) but those covering most of the picture, and,
/// where the detector saw nothing, a few windows at two sizes: at most 9 for a small live picture, 21 for a camera's
/// view of a room (15 boxes, 2 windows and the frame's quarters, its reference; about 0.2 s with the detector).
///
/// A still picture (`still`, for `beacon detect`) can afford a second or so: more of the detector's faint boxes, and
/// a grid of object-sized tiles, the picture's reference for the contrast
/// (`TaughtObjects.identify(proposals:reference:)`). In a big photo the things sought are a tenth to a third of its
/// width, and its background is mostly table, shelf or bag: the mean of such tiles is what a thing must stand out from, where
/// the mean of the proposals — mostly things, and different things depending on which boxes the detector returned —
/// is not a steady reference. Measured by threes (see `TaughtObjects.Configuration`): 15–30 detector boxes with the
/// tiles' mean found 66 of 90 photo scenes (tiles 0.15–0.25 of the shorter side all alike), 15 boxes with the
/// proposals' mean 40 (7, as live, 46); the tiles named as proposals too, 69 then, and no more since (stop 46: see
/// `TaughtObjects.identify(proposals:reference:)`; they are no longer named). The distractors are small pictures,
/// judged as live frames, and no more are named.
public struct TaughtProposals: Sendable {
    /// Detector boxes taken, most confident first.
    public var maximumDetections = 7
    /// Detections below this confidence are not looked at.
    public var minimumConfidence = 0.1
    /// Boxes covering more of the picture than this are the room, the table or the person, not a thing in them: by
    /// threes (see `TaughtObjects.Configuration`), taking them named a taught thing in 40 of 160 distractors, not
    /// taking them in 8, and 46 rather than 33 of 90 photo scenes were found with the slots they left.
    public var maximumArea = 0.4
    /// Window sides as shares of the picture's shorter side, each laid out on a grid with half-window steps.
    public var windowSizes = [0.45, 0.3]
    /// Windows taken in all, those over the fewest detections first.
    public var maximumWindows = 2
    /// For a still picture: the side of the reference tiles, as a share of the picture's shorter side (nil: a live
    /// frame, no tiles)…
    public var tileSize: Double? = nil
    /// …laid edge to edge when they are at least this many pixels (a picture 750 and more on its shorter side).
    /// Smaller ones are blown up to the embedder's 224 and name look-alikes: denser windows in the 128-pixel
    /// distractors took false finds by threes from 8 to 29–43 of 160, and 96-pixel tiles in 640×480 close-ups 7 to
    /// 16 (with 99 rather than 78 of 180 scenes found judged as live views of a room). Such a picture is looked at
    /// as a live frame of its size.
    public var minimumTilePixels = 150.0
    /// Detector boxes taken in a still picture with tiles (the windows are the tiles there).
    public var stillDetections = 20
    /// A picture without tiles at least this many pixels on its shorter side (a camera's 480 and up) is a view of a
    /// room, where the things sought are small among others: it is judged against its four quarters (what the view
    /// shares), as a big still picture is against its tiles, and looks at more of the detector's boxes
    /// (`sceneDetections`). Smaller pictures (the 128-pixel close-ups) keep their proposals' mean.
    public var minimumSceneSide = 480
    /// Detector boxes taken in such a frame: in the big photos the sought thing is often the 10th to 15th box. By
    /// threes, 7 boxes judged against the proposals' mean found 46 of 90 photo scenes, 15 against the quarters 66.
    public var sceneDetections = 15

    public init() {}

    /// For still pictures: more detector boxes and the tile grid (about 55 crops in a 3:2 photo, 0.6–1 s).
    public static var still: TaughtProposals {
        var proposals = TaughtProposals()
        proposals.tileSize = 0.2
        return proposals
    }

    /// What to embed in a picture of `width`×`height` pixels: the proposals to name, and the reference whose mean the
    /// contrast is taken from (empty: the proposals' own mean, as in a small picture). The reference regions — a still
    /// picture's tiles, a live view's quarters — are listed last among the proposals, so that every region to embed is
    /// in one list; they are not named.
    public func plan(detections: [Detection], width: Int, height: Int) -> (proposals: [NormalizedRect], reference: [NormalizedRect]) {
        let aspect = Double(width) / Double(max(height, 1))
        let tiles = self.tiles(width: width, height: height)
        if !tiles.isEmpty {
            var still = self
            still.maximumDetections = stillDetections
            still.maximumWindows = 0
            return (still.proposals(detections: detections, aspect: aspect) + tiles, tiles)
        }
        guard min(width, height) >= minimumSceneSide else {
            return (proposals(detections: detections, aspect: aspect), [])
        }
        var scene = self
        scene.maximumDetections = sceneDetections
        return (scene.proposals(detections: detections, aspect: aspect) + Self.quarters, Self.quarters)
    }

    /// A picture's four quarters, the reference of a live view of a room.
    static let quarters = [(0.0, 0.0), (0.5, 0.0), (0.0, 0.5), (0.5, 0.5)].map {
        NormalizedRect(x: $0.0, y: $0.1, width: 0.5, height: 0.5)
    }

    /// The reference tiles of a still picture: squares of `tileSize` × the shorter side, edge to edge, the grid
    /// centred; none for a live frame or a small picture.
    public func tiles(width: Int, height: Int) -> [NormalizedRect] {
        guard let tileSize, width > 0, height > 0 else { return [] }
        let side = tileSize * Double(min(width, height))
        guard side >= minimumTilePixels else { return [] }
        let tileWidth = min(1, side / Double(width)), tileHeight = min(1, side / Double(height))
        func starts(_ length: Double) -> [Double] {
            let count = Int(((1 + 1e-4 - length) / length).rounded(.down)) + 1
            let offset = (1 - Double(count) * length) / 2
            return (0..<count).map { offset + Double($0) * length }
        }
        return starts(tileHeight).flatMap { y in
            starts(tileWidth).map { x in NormalizedRect(x: x, y: y, width: tileWidth, height: tileHeight) }
        }
    }

    public func proposals(detections: [Detection], aspect: Double) -> [NormalizedRect] {
        var boxes: [NormalizedRect] = []
        for detection in detections.sorted(by: { $0.confidence > $1.confidence })
        where detection.confidence >= minimumConfidence && boxes.count < maximumDetections
            && detection.box.area <= maximumArea {
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
