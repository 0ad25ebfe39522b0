import ArgumentParser
import BeaconCommandLine
import BeaconCore
import BeaconMedia
import BeaconRuntime
import BeaconVision
import Foundation

/// `beacon bench taught`: teach the objects of a folder from their views, then look for them in scenes.
struct BenchTaughtCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "taught",
        abstract: "Teach objects from a folder's views and measure finding them: hits, confusions, false finds, time.",
        usage: "beacon bench taught <folder> [<options>]",
        discussion: """
            The folder is laid out like ../shared/testdata/taught: one folder per object with teach/ (views to learn \
            from) and find/ (scenes with it; an object without find/ is only taught, as a look-alike the others \
            must be told apart from), distractors/ (scenes with none of them), and all_boxes.csv \
            (file,object,x1,y1,x2,y2 in pixels). A hit is the right name with a box whose IoU with the truth is at \
            least 0.3 or whose centre lies inside it; misplaced is the name of an object the scene holds on a box \
            elsewhere; a confusion is a taught name on a scene where that object is \
            not; a false find is any taught name on a distractor. Scenes are looked at as still pictures, as \
            `beacon detect` does (more crops, a reference of tiles in big pictures); --live looks at them as the \
            assistant does each frame of a search (9 crops, 21 in a view of a room), without the agreement of \
            several frames. --split holds each object (or scene) apart in turn, chooses the margin and the colour \
            settings on the rest, and prints the figure on what was held apart beside the tuning part's. Nothing is \
            written to the data folder.

            Example:
              beacon bench taught ../shared/testdata/taught --live --scores
              beacon bench taught ../shared/testdata/taught --only mug_plaid,ball_blue_foam
              beacon bench taught ../shared/testdata/taught --split --split-by scene
            """
    )

    @Argument(help: "The folder of taught objects and scenes.")
    var folder: String

    @Option(help: "A proposal must score at least this against a taught object (cosine).")
    var threshold: Float = TaughtObjects.Configuration().threshold

    @Option(help: "…and beat the next taught object by this much, once the teaching pictures' backdrop is taken away.")
    var margin: Float = TaughtObjects.Configuration().margin

    @Option(help: "…and score at least this once the picture's mean proposal is taken from both sides.")
    var contrast: Float = TaughtObjects.Configuration().contrast

    @Option(help: "Teach and look for only these objects (comma-separated folder names), to check the figures on other subsets.")
    var only: String?

    @Flag(help: "Look at scenes as live frames (9–21 crops) rather than still pictures.")
    var live = false

    @Flag(help: "Print every named proposal of each scene: name, box in pixels, score, margin and contrast.")
    var scores = false

    @Option(help: "How much the likeness of a region's colours to a taught thing's views adds to its scores (0: none).")
    var colourWeight: Float = TaughtObjects.Configuration().colourWeight

    @Option(help: "…and how like the named thing's colours a region's must be at least (Bhattacharyya, 0: no floor).")
    var colourFloor: Float = TaughtObjects.Configuration().colourFloor

    @Flag(help: "Measure as a stranger would: for each object (or each scene, --split-by scene) choose the margin and the colour settings on the other objects' scenes and distractors, and report the figure on the held-apart ones.")
    var split = false

    @Option(help: "What --split holds apart in turn: object (its scenes and a share of the distractors) or scene (one picture, copies included).")
    var splitBy: SplitKind = .object

    enum SplitKind: String, ExpressibleByArgument { case object, scene }

    /// One scene looked at: what it is, what it holds, and its regions embedded (named later, under any settings).
    struct Scene {
        var key: String
        /// The object whose folder it is in; nil for a distractor.
        var object: String?
        var present: [String: NormalizedRect]
        var isBig: Bool
        var look: TaughtFinder.Look
    }

    /// Hits, confusions, misplaced names and false finds over some scenes.
    struct Tally {
        var scenes = 0, hits = 0, bigScenes = 0, bigHits = 0, confusions = 0, misplaced = 0, distractors = 0, falseFinds = 0

        static func + (a: Tally, b: Tally) -> Tally {
            Tally(scenes: a.scenes + b.scenes, hits: a.hits + b.hits, bigScenes: a.bigScenes + b.bigScenes,
                  bigHits: a.bigHits + b.bigHits, confusions: a.confusions + b.confusions, misplaced: a.misplaced + b.misplaced,
                  distractors: a.distractors + b.distractors, falseFinds: a.falseFinds + b.falseFinds)
        }

        /// What the split maximises on its tuning part: a scene found, less a taught name said where it is not
        /// (a false find in a distractor counts twice: "at most one of eight").
        var worth: Int { hits - confusions - 2 * falseFinds }

        var summary: String {
            String(format: "hits %d of %d scenes (%.0f %%; %d of %d big pictures), confusions %d, misplaced %d, false finds in %d of %d distractors",
                   hits, scenes, 100 * Double(hits) / Double(max(scenes, 1)), bigHits, bigScenes, confusions, misplaced,
                   falseFinds, distractors)
        }
    }

    func run() throws {
        let root = URL(fileURLWithPath: folder)
        let files = FileManager.default
        let composition = Composition()
        // One faint run serves teaching too: non-maximum suppression keeps every box above the model's usual
        // threshold as a run at that threshold would (as `beacon detect` does), so one detector is loaded, not two.
        var faint = DetectorSettings()
        faint.confidence = 0.1
        let proposer = try composition.detector(faint)
        let usual = DetectorSettings().thresholds(for: proposer.format.family).confidence
        let embedder = try composition.imageEmbedder()
        let decoder = ImageDecoder()
        let chosen = only.map { Set($0.split(separator: ",").map(String.init)) }
        let objects = try files.contentsOfDirectory(atPath: root.path).sorted().filter {
            files.fileExists(atPath: root.appendingPathComponent("\($0)/teach").path) && chosen?.contains($0) != false
        }
        guard !objects.isEmpty else { throw NoTaughtFolders(folder: folder) }

        var views: [(name: String, embedding: [Float])] = [], surroundings: [(name: String, embedding: [Float])] = []
        var colours: [(name: String, colour: ColourSignature)] = []
        for object in objects {
            var kept = TaughtLesson()
            for file in try Self.pictures(in: root.appendingPathComponent("\(object)/teach")) {
                let frame = try decoder.decode(contentsOf: file)
                let detections = try proposer.detect(frame).filter { Float($0.confidence) >= usual }
                _ = try TeachingViews().learn(from: frame, detections: detections, embedder: embedder, kept: &kept)
            }
            views += kept.views.map { (object, $0) }
            surroundings += kept.surroundings.map { (object, $0) }
            colours += kept.colours.map { (object, $0) }
            Console.line("Taught \(object) from \(kept.views.count) \(kept.views.count == 1 ? "view" : "views").")
        }
        var configuration = TaughtObjects.Configuration()
        configuration.threshold = threshold
        configuration.margin = margin
        configuration.contrast = contrast
        configuration.colourWeight = colourWeight
        configuration.colourFloor = colourFloor
        func taught(_ configuration: TaughtObjects.Configuration) -> TaughtObjects {
            TaughtObjects(views: views, surroundings: surroundings, colours: colours, configuration: configuration)
        }
        var finder = TaughtFinder(taught: taught(configuration), embedder: embedder, still: !live)
        if scores { finder.report = { Console.line("    " + $0) } }
        let truth = try Self.boxes(root.appendingPathComponent("all_boxes.csv"))

        // Every scene is looked at once; naming it is cheap, so the split can name it under many settings.
        var seconds: [Double] = [], allIn: [Double] = [], big: [Double] = []
        var looked: [Scene] = []
        func look(_ file: URL, key: String, object: String?) throws {
            let frame = try decoder.decode(contentsOf: file)
            let start = Monotonic.seconds()
            let detections = try proposer.detect(frame)
            let detected = Monotonic.seconds()
            let look = try finder.look(at: frame, detections: detections)
            seconds.append(Monotonic.seconds() - detected)
            allIn.append(Monotonic.seconds() - start)
            let isBig = max(frame.width, frame.height) >= Self.bigPicture
            if isBig { big.append(Monotonic.seconds() - start) }
            looked.append(Scene(key: key, object: object, present: truth[key] ?? [:], isBig: isBig, look: look))
        }
        for object in objects {
            // An object without find/ is only taught, as a look-alike the others must be told apart from.
            let scenesFolder = root.appendingPathComponent("\(object)/find")
            guard files.fileExists(atPath: scenesFolder.path) else { continue }
            for file in try Self.pictures(in: scenesFolder) {
                try look(file, key: "\(object)/find/\(file.lastPathComponent)", object: object)
            }
        }
        for file in (try? Self.pictures(in: root.appendingPathComponent("distractors"))) ?? [] {
            try look(file, key: "distractors/\(file.lastPathComponent)", object: nil)
        }

        var tally = Tally()
        for scene in looked {
            if scores { Console.line("  \(scene.key), named proposals:") }
            let (one, line) = Self.judge(scene, finder.named(in: scene.look))
            tally = tally + one
            if let line { Console.line(line) }
        }
        Console.line(String(format: "threshold %.3g, contrast %.3g, margin %.3g, colour weight %.3g, floor %.3g: ",
                            threshold, contrast, margin, colourWeight, colourFloor) + tally.summary)
        Console.line(String(format: "time per %@ (proposals, embeddings, naming): median %.0f ms, p95 %.0f ms, %d taught objects",
                            live ? "live frame" : "still picture", percentile(seconds, 0.5) * 1000, percentile(seconds, 0.95) * 1000,
                            objects.count))
        Console.line(String(format: "with the detector's run: median %.0f ms, p95 %.0f ms; big pictures alone: median %.0f ms",
                            percentile(allIn, 0.5) * 1000, percentile(allIn, 0.95) * 1000, percentile(big, 0.5) * 1000))
        if split { splitReport(looked, base: configuration, finder: finder, taught: taught) }
    }

    /// One scene's names judged against its truth, and the line to print for it (nil: a distractor with nothing named).
    static func judge(_ scene: Scene, _ found: [Detection]) -> (Tally, String?) {
        // Boxes in pixels for comparing with the truth.
        let (width, height) = (Double(scene.look.width), Double(scene.look.height))
        let found = found.map { detection in
            var scaled = detection
            scaled.box = NormalizedRect(x: detection.box.x * width, y: detection.box.y * height,
                                        width: detection.box.width * width, height: detection.box.height * height)
            return scaled
        }
        var tally = Tally()
        guard let object = scene.object else {
            tally.distractors = 1
            guard !found.isEmpty else { return (tally, nil) }
            tally.falseFinds = 1
            return (tally, "  \(scene.key): named \(found.map(\.label).joined(separator: ", "))")
        }
        let present = scene.present
        tally.scenes = 1
        let hit = present[object].map { box in found.contains { $0.label == object && Self.matches(box, box: $0.box) } } ?? false
        if hit { tally.hits = 1 }
        // Big pictures (the 1600×1069 photos): the thing is small among others, as in the issue's check.
        if scene.isBig {
            tally.bigScenes = 1
            if hit { tally.bigHits = 1 }
        }
        let confused = found.filter { present[$0.label] == nil }
        tally.confusions = confused.count
        // A name of something the scene holds, put on something else (another phone on the same shelf).
        let elsewhere = found.filter { named in present[named.label].map { !Self.matches($0, box: named.box) } ?? false }
        tally.misplaced = elsewhere.count
        return (tally, "  \(scene.key): \(hit ? "hit" : "missed")\(confused.isEmpty ? "" : ", also named " + confused.map(\.label).joined(separator: ", "))"
                + (elsewhere.isEmpty ? "" : ", named in the wrong place " + elsewhere.map(\.label).joined(separator: ", ")))
    }

    /// The settings the split chooses among: the margin over the next taught thing, and the colour cue's weight and
    /// floor. The settings given on the command line come first, so a tie keeps them.
    func grid(from base: TaughtObjects.Configuration) -> [TaughtObjects.Configuration] {
        var grid = [base]
        for margin: Float in [0.05, 0.075, 0.1] {
            for weight: Float in [0, 0.05, 0.1, 0.15, 0.2, 0.3] {
                for floor: Float in [0, 0.2, 0.3, 0.4, 0.5] {
                    var configuration = base
                    configuration.margin = margin
                    configuration.colourWeight = weight
                    configuration.colourFloor = floor
                    if configuration != base { grid.append(configuration) }
                }
            }
        }
        return grid
    }

    /// Held apart in turn: each object's scenes with every n-th distractor (or each picture, by its file name), the
    /// settings chosen on the rest (the most `Tally.worth`), and the figure on what was held apart.
    func splitReport(_ scenes: [Scene], base: TaughtObjects.Configuration, finder: TaughtFinder,
                     taught: (TaughtObjects.Configuration) -> TaughtObjects) {
        let grid = grid(from: base)
        var finder = finder
        finder.report = nil
        // Each scene named under each setting once.
        let tallies: [[Tally]] = grid.map { configuration in
            let objects = taught(configuration)
            return scenes.map { Self.judge($0, finder.named(in: $0.look, by: objects)).0 }
        }
        let groups: [String]
        let group: (Int) -> String
        switch splitBy {
        case .object:
            groups = Array(Set(scenes.compactMap(\.object))).sorted()
            var distractor = 0
            var assigned: [Int: String] = [:]
            for (index, scene) in scenes.enumerated() {
                if let object = scene.object { assigned[index] = object } else {
                    assigned[index] = groups.isEmpty ? "" : groups[distractor % groups.count]
                    distractor += 1
                }
            }
            group = { assigned[$0]! }
        case .scene:
            let name = { (index: Int) in URL(fileURLWithPath: scenes[index].key).lastPathComponent }
            groups = Array(Set(scenes.indices.map(name))).sorted()
            group = name
        }
        Console.line("split by \(splitBy.rawValue): \(groups.count) parts, each held apart in turn; \(grid.count) settings tried on the rest")
        var held = Tally(), tuning = Tally()
        for part in groups {
            let inside = scenes.indices.filter { group($0) == part }, outside = scenes.indices.filter { group($0) != part }
            func sum(_ setting: Int, _ indices: [Int]) -> Tally { indices.reduce(Tally()) { $0 + tallies[setting][$1] } }
            // The first best keeps the given settings on a tie.
            var best = 0
            for setting in grid.indices where sum(setting, outside).worth > sum(best, outside).worth { best = setting }
            let chosen = grid[best], fit = sum(best, outside), result = sum(best, inside)
            tuning = tuning + fit
            held = held + result
            Console.line(String(format: "  %@ held apart: margin %.3g, colour weight %.3g, floor %.3g chosen; tuning part %d of %d, %d confusions, false %d of %d; held apart %d of %d, %d confusions, false %d of %d",
                                part, chosen.margin, chosen.colourWeight, chosen.colourFloor, fit.hits, fit.scenes, fit.confusions,
                                fit.falseFinds, fit.distractors, result.hits, result.scenes, result.confusions, result.falseFinds,
                                result.distractors))
        }
        Console.line("tuning parts, summed over the \(groups.count) choices: " + tuning.summary)
        Console.line("held apart, each scene once: " + held.summary)
    }

    /// Pictures at least this wide (or high) count as big pictures in the summary.
    static let bigPicture = 1000

    static func pictures(in folder: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            .filter { [".jpg", ".jpeg", ".png"].contains(where: $0.lowercased().hasSuffix) }
            .map { folder.appendingPathComponent($0) }
    }

    /// all_boxes.csv: file → object → box in pixels.
    static func boxes(_ file: URL) throws -> [String: [String: NormalizedRect]] {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return [:] }
        var boxes: [String: [String: NormalizedRect]] = [:]
        for line in text.split(whereSeparator: \.isNewline).dropFirst() {
            let fields = line.split(separator: ",").map(String.init)
            guard fields.count == 6, let x1 = Double(fields[2]), let y1 = Double(fields[3]), let x2 = Double(fields[4]),
                  let y2 = Double(fields[5]) else { continue }
            boxes[fields[0], default: [:]][fields[1]] = NormalizedRect(x: x1, y: y1, width: x2 - x1, height: y2 - y1)
        }
        return boxes
    }

    static func matches(_ truth: NormalizedRect, box: NormalizedRect) -> Bool {
        truth.iou(box) >= 0.3 || truth.contains(NormalizedPoint(x: box.midX, y: box.midY))
    }

    struct NoTaughtFolders: UserFacingError {
        var folder: String
        var sentence: String { "No object folders with teach/ in \(folder): lay it out like ../shared/testdata/taught." }
    }
}
