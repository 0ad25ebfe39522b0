import BeaconCore
import BeaconTestDoubles
import Testing
@testable import BeaconVision

/// The pieces of tiled search that need no model: crops, plans, rotation, the tile allowance and merging.
@Suite struct TilingTests {
    /// A frame whose pixel (x, y) is R = x, G = y, B = 7, so any crop tells where it came from.
    static func coordinateFrame(width: Int, height: Int) -> Frame {
        var rgb: [UInt8] = []
        rgb.reserveCapacity(width * height * 3)
        for y in 0..<height { for x in 0..<width { rgb += [UInt8(x), UInt8(y), 7] } }
        return Frame(width: width, height: height, rgb: rgb, timestamp: 1.5, index: 9)
    }

    @Test func cropCopiesTheRegionRowByRow() {
        let frame = Self.coordinateFrame(width: 20, height: 10)
        let crop = frame.cropped(to: PixelRegion(x: 5, y: 3, width: 4, height: 2))
        #expect(crop.width == 4 && crop.height == 2)
        #expect(crop.rgb == [5, 3, 7, 6, 3, 7, 7, 3, 7, 8, 3, 7,
                             5, 4, 7, 6, 4, 7, 7, 4, 7, 8, 4, 7])
        #expect(crop.timestamp == 1.5 && crop.index == 9)
        // A region reaching past the frame is clipped to it.
        let corner = frame.cropped(to: PixelRegion(x: 18, y: 8, width: 10, height: 10))
        #expect(corner.width == 2 && corner.height == 2)
        #expect(Array(corner.rgb.suffix(3)) == [19, 9, 7])
    }

    @Test(arguments: [(2, 2), (3, 2), (2, 3), (4, 3)])
    func planCoversTheFrameWithOverlappingTiles(columns: Int, rows: Int) {
        let plan = TilingPlan(columns: columns, rows: rows, overlap: 0.25)
        let tiles = plan.tiles(frameWidth: 640, frameHeight: 480)
        #expect(tiles.count == columns * rows)
        #expect(tiles.first?.x == 0 && tiles.first?.y == 0)
        #expect(tiles.last?.maxX == 640 && tiles.last?.maxY == 480)
        #expect(Set(tiles.map(\.width)).count == 1 && Set(tiles.map(\.height)).count == 1)
        // Neighbours share about a quarter of a tile.
        let first = tiles[0]
        if columns > 1 {
            let shared = Double(first.maxX - tiles[1].x) / Double(first.width)
            #expect(abs(shared - 0.25) < 0.02, "\(tiles)")
        }
        if rows > 1 {
            let shared = Double(first.maxY - tiles[columns].y) / Double(first.height)
            #expect(abs(shared - 0.25) < 0.02, "\(tiles)")
        }
    }

    @Test func rotationVisitsEveryTileWhateverTheBudget() {
        for count in 1...7 {
            var rotation = TileRotation(tileCount: 6)
            let turns = (6 + count - 1) / count
            let visited = (0..<turns).flatMap { _ in rotation.take(count) }
            #expect(Set(visited) == Set(0..<6), "\(count) a frame: \(visited)")
        }
        var rotation = TileRotation(tileCount: 4)
        #expect(rotation.take(3) == [0, 1, 2])
        #expect(rotation.take(3) == [3, 0, 1])
        #expect(rotation.take(0) == [])
    }

    @Test func searchTakesTurnsThroughTheTiles() throws {
        let search = TiledSearchDetector(detector: ScriptedDetector { _ in [] }, targets: [41], budget: .fixed(1))
        let frame = Self.coordinateFrame(width: 64, height: 48)
        let visited = try (0..<4).flatMap { _ in try search.search(frame, lookCloser: true).tiles }
        #expect(Set(visited) == Set(TilingPlan.standard.tiles(frameWidth: 64, frameHeight: 48)))
        #expect(try search.search(frame, lookCloser: false).tiles.isEmpty)
    }

    @Test func fittingBudgetKeepsTheCueRate() {
        // YOLOX-nano on two cores: about 22 ms a pass leaves room for one tile in every 1/15 s frame.
        var quick = TileAllowance(budget: .fitting(framePeriod: 1.0 / 15, maximum: 4))
        #expect(quick.tilesForNextFrame() == 1)
        quick.recordFullPass(0.022)
        quick.recordTilePass(0.022)
        #expect((0..<4).map { _ in quick.tilesForNextFrame() } == [1, 1, 1, 1])
        // 37 ms a pass: a tile every other frame, so the average frame stays within the period.
        var slow = TileAllowance(budget: .fitting(framePeriod: 1.0 / 15, maximum: 4))
        slow.recordFullPass(0.037)
        slow.recordTilePass(0.037)
        let tiles = (0..<6).map { _ in slow.tilesForNextFrame() }
        #expect(tiles == [0, 1, 0, 1, 0, 1])
        let average = 0.037 + 0.037 * Double(tiles.reduce(0, +)) / Double(tiles.count)
        #expect(average <= 1.0 / 15)
        // An overloaded machine looks at no tiles at all.
        var overloaded = TileAllowance(budget: .fitting(framePeriod: 1.0 / 15, maximum: 4))
        overloaded.recordFullPass(0.09)
        #expect(overloaded.tilesForNextFrame() == 0)
        var fixed = TileAllowance(budget: .fixed(2))
        #expect(fixed.tilesForNextFrame() == 2)
    }

    // MARK: merging

    static let merger = TileMerger(frameWidth: 800, frameHeight: 600, targets: [41], iouThreshold: 0.45)

    static func detection(_ classIndex: Int, _ confidence: Double, x1: Double, y1: Double, x2: Double, y2: Double,
                          in size: (Int, Int)) -> Detection {
        Detection(classIndex: classIndex, label: classIndex == 41 ? "cup" : "class \(classIndex)", confidence: confidence,
                  box: PixelRect(x1: x1, y1: y1, x2: x2, y2: y2).normalized(width: size.0, height: size.1))
    }

    @Test func tileBoxesLandWhereTheyAreInTheFrame() throws {
        // A tile 400x300 at (400, 300), the bottom-right quarter; a cup at (100…200, 50…150) inside it.
        let tile = PixelRegion(x: 400, y: 300, width: 400, height: 300)
        let cup = Self.detection(41, 0.8, x1: 100, y1: 50, x2: 200, y2: 150, in: (400, 300))
        let merged = Self.merger.merge(fullFrame: [], tiles: [TileDetections(region: tile, detections: [cup])])
        let box = try #require(merged.first).box.pixels(width: 800, height: 600)
        #expect(merged.count == 1)
        #expect(abs(box.x1 - 500) < 0.01 && abs(box.y1 - 350) < 0.01 && abs(box.x2 - 600) < 0.01 && abs(box.y2 - 450) < 0.01)
    }

    @Test func anObjectSeenByTheFullFrameAndATileIsReportedOnce() {
        let full = [Self.detection(41, 0.6, x1: 498, y1: 352, x2: 603, y2: 447, in: (800, 600)),
                    Self.detection(0, 0.9, x1: 10, y1: 10, x2: 200, y2: 500, in: (800, 600))]
        let tile = PixelRegion(x: 400, y: 300, width: 400, height: 300)
        let cup = Self.detection(41, 0.8, x1: 100, y1: 50, x2: 200, y2: 150, in: (400, 300))
        let merged = Self.merger.merge(fullFrame: full, tiles: [TileDetections(region: tile, detections: [cup])])
        #expect(merged.filter { $0.classIndex == 41 }.count == 1)
        #expect(merged.first { $0.classIndex == 41 }?.confidence ?? 0 > 0.79) // the closer look wins
        #expect(merged.contains { $0.classIndex == 0 })                       // other classes stay from the full frame
    }

    @Test func tilesAddOnlyTheSearchedClassesAndNoTileSizedGuesses() {
        let tile = PixelRegion(x: 0, y: 0, width: 400, height: 300)
        let seen = [Self.detection(0, 0.9, x1: 10, y1: 10, x2: 100, y2: 200, in: (400, 300)),  // not searched
                    Self.detection(41, 0.9, x1: 0, y1: 0, x2: 390, y2: 290, in: (400, 300))]   // fills the tile
        let merged = Self.merger.merge(fullFrame: [], tiles: [TileDetections(region: tile, detections: seen)])
        #expect(merged.isEmpty, "\(merged)")
    }

    @Test func aPieceCutByATileEdgeGivesWayToTheWholeObject() {
        // A large cup across the middle of the frame; the top-left tile sees only its left part, cut by its right edge.
        let full = [Self.detection(41, 0.7, x1: 300, y1: 100, x2: 500, y2: 280, in: (800, 600))]
        let tile = PixelRegion(x: 0, y: 0, width: 400, height: 300)
        let piece = Self.detection(41, 0.9, x1: 300, y1: 100, x2: 400, y2: 280, in: (400, 300))
        let merged = Self.merger.merge(fullFrame: full, tiles: [TileDetections(region: tile, detections: [piece])])
        #expect(merged.count == 1)
        #expect(abs((merged.first?.box.pixels(width: 800, height: 600).x2 ?? 0) - 500) < 0.01)
        // Without the whole object, the piece is all there is, and it is kept.
        let alone = Self.merger.merge(fullFrame: [], tiles: [TileDetections(region: tile, detections: [piece])])
        #expect(alone.count == 1)
    }
}
