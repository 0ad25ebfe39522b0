import ArgumentParser
import BeaconCommandLine
import BeaconBench
import BeaconCore
import BeaconRuntime
import BeaconMedia
import BeaconVision
import Foundation

struct BenchTilesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tiles",
        abstract: "Measure how much a closer look (zoomed tiles) adds to object search, and what it costs.",
        usage: "beacon bench tiles [<options>]",
        discussion: """
            For every (photo, class) pair in the ground truth (Tests/Data/search-ground-truth.json: what a person \
            sees in each photo), checks whether search finds the class with the full frame alone and with the full \
            frame plus every tile of the plan (what one whole rotation sees); where the ground truth boxes a small \
            object, only a detection on it counts. False positives are detections of a searched class in photos \
            that lack it. Then times one search frame: the full frame alone, the full frame plus --tiles-per-frame \
            tiles, and the adaptive budget that keeps --cue-rate; medians over --runs.

            Photos come from ../shared/testdata/images and ~/.cache/beacon/testphotos (filled from Debian's \
            opencv-doc by scripts/setup.sh --test-photos), or from the --photos folders.

            Example:
              beacon bench tiles --thresholds 0.4 --verbose
            """
    )

    @Option(help: "Detector: a model name (picodet_s_416_coco, yolox_nano, …) or the path of an .onnx file.")
    var model = DetectorSettings.defaultModel

    @Option(parsing: .upToNextOption, help: "Search thresholds to score at (lowest confidence that counts as found).")
    var thresholds: [Double] = [0.3, 0.4, 0.5]

    @Option(help: "Tile grid, COLUMNSxROWS (e.g. 2x2, 3x2).")
    var grid = "2x2"

    @Option(help: "Fraction of a tile shared with each neighbour.")
    var overlap = 0.25

    @Option(help: "Tiles per frame for the fixed-budget timing.")
    var tilesPerFrame = 1

    @Option(help: "Cue rate the adaptive budget keeps, in Hz.")
    var cueRate = 15.0

    @Option(help: "Timed runs over all photos, after one warm-up run (0: recall only).")
    var runs = 5

    @Option(help: "Threads for inference (0: one per core).")
    var threads = 0

    @Option(help: "Ground truth JSON (default: Tests/Data/search-ground-truth.json in the checkout).")
    var groundTruth: String?

    @Option(help: "Folders holding the photos (default: the shared test photos and the test photo cache).")
    var photos: [String] = []

    @Flag(help: "List every pair that full frame and tiles score differently, and every false positive.")
    var verbose = false

    func validate() throws {
        guard runs >= 0 else { throw ValidationError("--runs must be 0 or more.") }
        guard !thresholds.isEmpty, thresholds.allSatisfy({ (0...1).contains($0) }) else {
            throw ValidationError("--thresholds must be between 0 and 1.")
        }
        guard (0..<1).contains(overlap) else { throw ValidationError("--overlap must be at least 0 and below 1.") }
        guard tilesPerFrame >= 0 else { throw ValidationError("--tiles-per-frame must be 0 or more.") }
        guard cueRate > 0 else { throw ValidationError("--cue-rate must be above 0.") }
        _ = try plan()
    }

    func run() throws {
        let composition = Composition()
        let truth = try loadGroundTruth(composition)
        let frames = try loadPhotos(truth, composition)
        let options = try DetectorOptions.parse(["--model", model, "--threads", String(threads),
                                                 "--confidence", String(thresholds.min()!)])
        let detector = try composition.detector(options.settings)
        let searched = truth.searchedClasses
        if let unknown = searched.first(where: { !detector.labels.contains($0) }) {
            throw ValidationError("The ground truth lists \"\(unknown)\", which this model does not detect.")
        }
        let targets = Set(searched.compactMap { detector.labels.firstIndex(of: $0) })
        let plan = try plan()
        Console.line("Model \(URL(fileURLWithPath: detector.session.modelPath).lastPathComponent) "
            + "(input \(detector.format.letterbox.width)x\(detector.format.letterbox.height)), "
            + "\(plan), "
            + "\(frames.count) photos, \(frames.reduce(0) { $0 + $1.photo.classes.count }) (photo, class) pairs, "
            + "\(searched.count) searched classes")

        Console.line("threshold   full frame: found  recall  false pos.   + all tiles: found  recall  false pos.")
        for threshold in thresholds.sorted() {
            let thresholded = try YOLODetector(session: detector.session, thresholds: DetectionThresholds(
                confidence: Float(threshold), iou: detector.thresholds.iou))
            let tiled = TiledSearchDetector(detector: thresholded, targets: targets, plan: plan)
            var full = SearchRecall(searchedClasses: searched, threshold: threshold)
            var closer = SearchRecall(searchedClasses: searched, threshold: threshold)
            for (photo, frame) in frames {
                full.add(photo, detections: try thresholded.detect(frame))
                closer.add(photo, detections: try tiled.searchAllTiles(frame).detections)
            }
            Console.line(String(format: "%9.2f %17d/%d %7.0f%% %6d/%d %18d/%d %7.0f%% %6d/%d", threshold,
                                full.found.count, full.pairs, full.recall * 100, full.falsePositives.count, full.absentPairs,
                                closer.found.count, closer.pairs, closer.recall * 100, closer.falsePositives.count,
                                closer.absentPairs))
            if verbose { printDifferences(full: full, closer: closer) }
        }
        if runs > 0 { try printTimings(detector: detector, targets: targets, plan: plan, frames: frames.map(\.frame)) }
    }

    private func plan() throws -> TilingPlan {
        let parts = grid.lowercased().split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts.allSatisfy({ (1...8).contains($0) }) else {
            throw ValidationError("--grid must be COLUMNSxROWS with 1 to 8 of each, e.g. 3x2.")
        }
        return TilingPlan(columns: parts[0], rows: parts[1], overlap: overlap)
    }

    private func loadGroundTruth(_ composition: Composition) throws -> SearchGroundTruth {
        guard let url = composition.dataFile("Tests/Data/search-ground-truth.json", given: groundTruth) else {
            throw ValidationError("Name the ground truth with --ground-truth; no checkout was found beside this binary.")
        }
        do {
            return try SearchGroundTruth.load(from: url)
        } catch {
            throw ValidationError("Cannot read the ground truth \(url.path): \(error.localizedDescription)")
        }
    }

    /// The ground truth's photos that exist in the photo folders, decoded; missing ones are named and skipped.
    private func loadPhotos(_ truth: SearchGroundTruth,
                            _ composition: Composition) throws -> [(photo: SearchGroundTruth.Photo, frame: Frame)] {
        var folders = photos.map { URL(fileURLWithPath: $0) }
        if folders.isEmpty {
            if let shared = composition.modelFolders.development?.deletingLastPathComponent() {
                folders.append(shared.appendingPathComponent("testdata/images"))
            }
            let cache = composition.environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
                ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
            folders.append(cache.appendingPathComponent("beacon/testphotos"))
        }
        let decoder = ImageDecoder()
        var loaded: [(SearchGroundTruth.Photo, Frame)] = []
        var missing: [String] = []
        for photo in truth.photos {
            let candidates = folders.map { $0.appendingPathComponent(photo.name) }
            guard let url = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }) else {
                missing.append(photo.name)
                continue
            }
            loaded.append((photo, try decoder.decode(contentsOf: url)))
        }
        if !missing.isEmpty {
            Console.note("Skipping \(missing.count) photos not found in \(folders.map(\.path).joined(separator: ", ")) "
                + "(run scripts/setup.sh --test-photos): \(missing.joined(separator: ", "))")
        }
        guard !loaded.isEmpty else { throw ValidationError("None of the ground truth's photos were found.") }
        return loaded
    }

    private func printDifferences(full: SearchRecall, closer: SearchRecall) {
        let fullFound = Set(full.found.map { "\($0.photo) \($0.label)" })
        for pair in closer.found where !fullFound.contains("\(pair.photo) \(pair.label)") {
            Console.line("    tiles found   \(pair.label) in \(pair.photo) (\(twoPlaces(pair.confidence))\(where_(pair)))")
        }
        let closerFound = Set(closer.found.map { "\($0.photo) \($0.label)" })
        for pair in full.found where !closerFound.contains("\(pair.photo) \(pair.label)") {
            Console.line("    tiles lost    \(pair.label) in \(pair.photo)")
        }
        for pair in closer.missed {
            Console.line("    missed        \(pair.label) in \(pair.photo)")
        }
        for (name, recall) in [("full frame", full), ("with tiles", closer)] {
            for pair in recall.falsePositives {
                Console.line("    false pos.    \(pair.label) in \(pair.photo) (\(twoPlaces(pair.confidence))\(where_(pair)), \(name))")
            }
        }
    }

    /// Per-frame time of a search pass: full frame alone, full frame plus a fixed number of tiles, and the
    /// adaptive budget. Each run averages over every photo (an adaptive budget alternates frames with and without
    /// a tile, so the average is what sets the cue rate); the table gives the median run and the slowest 5% of
    /// single frames.
    private func printTimings(detector: YOLODetector, targets: Set<Int>, plan: TilingPlan, frames: [Frame]) throws {
        let fixed = TiledSearchDetector(detector: detector, targets: targets, plan: plan, budget: .fixed(tilesPerFrame))
        let fitting = TiledSearchDetector(detector: detector, targets: targets, plan: plan,
                                          budget: .fitting(framePeriod: 1 / cueRate, maximum: 8))
        var modes = [FrameTimes](repeating: FrameTimes(), count: 3)
        var tilesSpent = 0
        for run in 0...runs {
            var perRun = [[Double]](repeating: [], count: 3)
            for frame in frames {
                perRun[0].append(try milliseconds { _ = try fixed.search(frame, lookCloser: false) })
                perRun[1].append(try milliseconds { _ = try fixed.search(frame, lookCloser: true) })
                var tiles = 0
                perRun[2].append(try milliseconds { tiles = try fitting.search(frame, lookCloser: true).tiles.count })
                if run > 0 { tilesSpent += tiles }
            }
            guard run > 0 else { continue } // warm-up
            for mode in 0..<3 { modes[mode].add(run: perRun[mode]) }
        }
        Console.line("per search frame, detection only (mean over \(frames.count) photos, median of \(runs) runs; "
            + "slowest 5% of frames in brackets):")
        let averageTiles = Double(tilesSpent) / Double(runs * frames.count)
        let names = ["full frame", "full frame + \(tilesPerFrame) tile\(tilesPerFrame == 1 ? "" : "s")",
                     String(format: "budget for %.0f Hz (%.2f tiles/frame)", cueRate, averageTiles)]
        for (name, times) in zip(names, modes) {
            Console.line("  " + name.padding(toLength: 38, withPad: " ", startingAt: 0)
                + String(format: "%7.1f ms (%6.1f)   cue rate %5.1f Hz", times.medianRunMean, times.slowFrames,
                         1000 / times.medianRunMean))
        }
    }

    /// Frame times of one way of searching, in milliseconds.
    private struct FrameTimes {
        var runMeans: [Double] = []
        var frames: [Double] = []

        mutating func add(run: [Double]) {
            runMeans.append(run.reduce(0, +) / Double(max(run.count, 1)))
            frames += run
        }

        var medianRunMean: Double { percentile(runMeans, 0.5) }
        var slowFrames: Double { percentile(frames, 0.95) }
    }

    private func milliseconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }

    /// Where a detection is and how big, as fractions of the frame.
    private func where_(_ pair: SearchRecall.Pair) -> String {
        guard let box = pair.box else { return "" }
        return String(format: " at x %.2f y %.2f, %.2f x %.2f of the frame", box.midX, box.midY, box.width, box.height)
    }

    private func twoPlaces(_ value: Double) -> String { String(format: "%.2f", value) }

}

