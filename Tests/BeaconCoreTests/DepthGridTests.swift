import BeaconCore
import Testing

struct DepthGridTests {
    /// A 6×6 map whose every 2×2 block holds one distance, with holes where a sensor would leave them.
    static func blocks(_ values: [[Float]], holes: Set<Int> = []) -> DepthMap {
        var metres: [Float] = []
        for y in 0..<6 {
            for x in 0..<6 { metres.append(holes.contains(y * 6 + x) ? 0 : values[y / 2][x / 2]) }
        }
        return DepthMap(width: 6, height: 6, metres: metres)
    }

    @Test func eachCellIsTheMedianOfItsOwnPixels() {
        let map = Self.blocks([[1, 2, 3], [4, 5, 6], [7, 8, 9]])
        let grid = DepthGrid(map)
        #expect(grid[.top, .left].metres == 1)
        #expect(grid[.middle, .centre].metres == 5)
        #expect(grid[.bottom, .right].metres == 9)
        #expect(grid.cells.joined().allSatisfy { $0.validShare == 1 })
    }

    @Test func holesLowerTheValidShareAndAnEmptyCellHasNoDistance() {
        // Top-left block entirely missing; one pixel of the centre block missing.
        let map = Self.blocks([[1, 2, 3], [4, 5, 6], [7, 8, 9]], holes: [0, 1, 6, 7, 14])
        let grid = DepthGrid(map)
        #expect(grid[.top, .left].metres == nil)
        #expect(grid[.top, .left].validShare == 0)
        #expect(grid[.middle, .centre].metres == 5)
        #expect(grid[.middle, .centre].validShare == 0.75)
    }

    @Test func theMedianIsARealReadingAndIgnoresOutliers() {
        #expect(DepthMap.median([3, 1, 2]) == 2)
        #expect(DepthMap.median([4, 1, 3, 2]) == 2)
        #expect(DepthMap.median([1, 1, 1, 1, 50]) == 1)
        #expect(!DepthMap.isValid(0) && !DepthMap.isValid(.nan) && !DepthMap.isValid(.infinity) && DepthMap.isValid(0.3))
    }
}
