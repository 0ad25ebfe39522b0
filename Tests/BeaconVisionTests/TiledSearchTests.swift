import BeaconBench
import BeaconCore
import BeaconMedia
import BeaconTestSupport
import Foundation
import Testing
@testable import BeaconVision

/// Tiled search with the real YOLOX-nano on real photos: the shared test photos and the opencv-doc photos that
/// `scripts/setup.sh --test-photos` puts in ~/.cache/beacon/testphotos, scored against Tests/Data/search-ground-truth.json.
@Suite(.serialized) struct TiledSearchTests {
    static let cup = 41

    /// coffee.png (600x400) pasted at (1150, 780) on a grey 1800x1200 canvas: the cup is small in the full frame
    /// and whole inside the bottom-right tile of the standard 2x2 plan.
    static func coffeeOnACanvas() throws -> (frame: Frame, offset: (x: Int, y: Int))? {
        guard let photo = try DetectorTests.photo("coffee.png") else { return nil }
        let width = 1800, height = 1200, offset = (x: 1150, y: 780)
        var rgb = [UInt8](repeating: 114, count: width * height * 3)
        for row in 0..<photo.height {
            let target = ((offset.y + row) * width + offset.x) * 3
            rgb.replaceSubrange(target..<(target + photo.width * 3),
                                with: photo.rgb[(row * photo.width * 3)..<((row + 1) * photo.width * 3)])
        }
        return (Frame(width: width, height: height, rgb: rgb), offset)
    }

    @Test func aTileFindsTheCupWhereItIsInTheFrame() throws {
        guard let detector = try DetectorTests.detector("yolox_nano.onnx"),
              let (frame, offset) = try Self.coffeeOnACanvas() else { return }
        let tiles = TilingPlan.standard.tiles(frameWidth: frame.width, frameHeight: frame.height)
        let tile = try #require(tiles.last)
        // PROVENANCE.md: cup at [162, 15, 422, 293] in the photo.
        let expected = PixelRect(x1: Double(offset.x + 162), y1: Double(offset.y + 15),
                                 x2: Double(offset.x + 422), y2: Double(offset.y + 293))
        #expect(Double(tile.x) < expected.x1 && Double(tile.y) < expected.y1, "the cup must lie inside \(tile)")

        let seen = try detector.detect(frame.cropped(to: tile))
        let merger = TileMerger(frameWidth: frame.width, frameHeight: frame.height, targets: [Self.cup], iouThreshold: 0.45)
        let cups = merger.merge(fullFrame: [], tiles: [TileDetections(region: tile, detections: seen)])
            .filter { $0.classIndex == Self.cup }
        let cup = try #require(cups.first, "no cup in the tile: \(seen.map(\.label))")
        let box = cup.box.pixels(width: frame.width, height: frame.height)
        // The tile sees the photo at 0.4 of the size the reference box was measured at, and the model draws a
        // small cup's box up to a tenth tighter: the centre must agree within a few pixels, the size within 15%.
        let centreError = hypot((box.x1 + box.x2 - expected.x1 - expected.x2) / 2, (box.y1 + box.y2 - expected.y1 - expected.y2) / 2)
        #expect(centreError < 5, "\(box) against \(expected)")
        #expect(abs((box.x2 - box.x1) / (expected.x2 - expected.x1) - 1) < 0.15, "\(box) against \(expected)")
        #expect(abs((box.y2 - box.y1) / (expected.y2 - expected.y1) - 1) < 0.15, "\(box) against \(expected)")
    }

    @Test func theCupSeenByTheFullFrameAndATileIsReportedOnce() throws {
        guard let detector = try DetectorTests.detector("yolox_nano.onnx"),
              let (frame, _) = try Self.coffeeOnACanvas() else { return }
        let search = TiledSearchDetector(detector: detector, targets: [Self.cup])
        let fullFrameCups = try detector.detect(frame).filter { $0.classIndex == Self.cup }
        let result = try search.searchAllTiles(frame)
        let cups = result.detections.filter { $0.classIndex == Self.cup }
        #expect(result.tiles.count == 4)
        #expect(cups.count == 1, "full frame saw \(fullFrameCups.count), merged \(cups.map(\.box))")
    }

    @Test func tilesFindTheSearchedClassInAtLeastAsManyPhotos() throws {
        guard let detector = try DetectorTests.detector("yolox_nano.onnx", confidence: 0.4) else { return }
        let truth = try SearchGroundTruth.load(
            from: TestData.packageRoot.appendingPathComponent("Tests/Data/search-ground-truth.json"))
        let photos = try SearchPhotos.load(truth)
        guard !photos.isEmpty else { return }
        let searched = truth.searchedClasses
        let targets = Set(searched.compactMap { detector.labels.firstIndex(of: $0) })
        #expect(targets.count == searched.count, "every ground-truth class is a detector class")
        let search = TiledSearchDetector(detector: detector, targets: targets)
        var full = SearchRecall(searchedClasses: searched, threshold: 0.4)
        var closer = SearchRecall(searchedClasses: searched, threshold: 0.4)
        for (photo, frame) in photos {
            full.add(photo, detections: try detector.detect(frame))
            closer.add(photo, detections: try search.searchAllTiles(frame).detections)
        }
        print("search recall at 0.4 over \(photos.count) photos: full frame \(full.found.count)/\(full.pairs), "
            + "with tiles \(closer.found.count)/\(closer.pairs); false positives \(full.falsePositives.count) "
            + "and \(closer.falsePositives.count) of \(full.absentPairs)")
        #expect(closer.found.count >= full.found.count)
        // Tiles only add: everything the full frame finds is still found.
        let closerFound = Set(closer.found.map { "\($0.photo) \($0.label)" })
        #expect(full.found.allSatisfy { closerFound.contains("\($0.photo) \($0.label)") })
    }
}

/// The ground truth's photos, decoded: from the shared test photos and the opencv-doc photos in the cache.
enum SearchPhotos {
    static var cacheFolder: URL {
        let environment = ProcessInfo.processInfo.environment
        let cache = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
        return cache.appendingPathComponent("beacon/testphotos")
    }

    /// Every photo found; a missing one is skipped with its reason, or a failure under BEACON_REQUIRE_MODELS=1.
    static func load(_ truth: SearchGroundTruth) throws -> [(SearchGroundTruth.Photo, Frame)] {
        var loaded: [(SearchGroundTruth.Photo, Frame)] = []
        var missing: [String] = []
        for photo in truth.photos {
            let url = photo.source == "shared" ? TestData.imagesFolder.appendingPathComponent(photo.name)
                                               : cacheFolder.appendingPathComponent(photo.name)
            guard FileManager.default.fileExists(atPath: url.path) else {
                missing.append(photo.name)
                continue
            }
            loaded.append((photo, try ImageDecoder().decode(contentsOf: url)))
        }
        if !missing.isEmpty {
            let reason = "\(missing.count) ground-truth photos are missing (run scripts/setup.sh --test-photos): \(missing.joined(separator: ", "))"
            if TestData.required { Issue.record("\(reason)") } else { print("skipping: \(reason)") }
            return []
        }
        return loaded
    }
}
