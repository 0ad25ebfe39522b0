import BeaconBench
import BeaconCore
import Testing

/// The depth ray-caster against geometry worked out by hand.
@Suite struct DepthScenesTests {
    static let pose = CameraPose(height: 1.3, pitchDegrees: 20)
    static let clean = DepthRenderer(width: 80, height: 60, pose: pose, noise: 0, holes: 0, range: 100)

    @Test func theFloorIsWhereTheRaysMeetIt() {
        var generator = SplitMix64(seed: 1)
        let map = Self.clean.render(.flatFloor, generator: &generator)
        let rays = DepthRays(width: 80, height: 60, pose: Self.pose)
        for row in 0..<60 {
            guard let floor = rays.floorDepth(row: row), floor < 50 else {
                #expect(map[40, row] == 0 || map[40, row] > 50, "row \(row) looks above the horizon")
                continue
            }
            #expect(abs(map[40, row] - floor) < 0.001 * floor, "row \(row)")
            #expect(abs(rays.heightAboveFloor(depth: map[40, row], row: row)) < 0.01)
        }
        // The bottom row looks 42.5° down: the floor is 1.3 / tan 42.5° ≈ 1.42 m ahead.
        #expect(abs(rays.distanceAhead(depth: map[40, 59], row: 59) - 1.42) < 0.02)
    }

    @Test func aWallIsAtItsDistanceInEveryRow() {
        var generator = SplitMix64(seed: 1)
        let map = Self.clean.render(.wall(at: 2), generator: &generator)
        let rays = DepthRays(width: 80, height: 60, pose: Self.pose)
        for row in 0..<30 { #expect(abs(rays.distanceAhead(depth: map[40, row], row: row) - 2) < 0.001) }
    }

    @Test func aDoorwayOpensInTheMiddle() {
        var generator = SplitMix64(seed: 1)
        let map = Self.clean.render(.doorway(at: 2), generator: &generator)
        // Straight ahead at eye level: through the door, nothing within range but the floor far away.
        #expect(map[40, 20] == 0 || map[40, 20] > 5)
        #expect(abs(map[2, 20] - 2) < 0.5)
    }

    @Test func noiseAndHolesAreAsAsked() {
        var generator = SplitMix64(seed: 5)
        let renderer = DepthRenderer(width: 80, height: 60, pose: Self.pose, noise: 0.02, holes: 0.1)
        let map = renderer.render(.wall(at: 2), generator: &generator)
        let top = map.metres.prefix(80 * 20)
        let holes = top.filter { $0 == 0 }.count
        #expect((80...240).contains(holes), "\(holes) holes in 1600 pixels")
        let frames = DepthSequences.wallApproach(renderer: renderer, from: 5, until: 0.5, speed: 1.2, rate: 15)
        #expect(frames.count == 57 && abs(frames.last!.position - 4.5) < 0.1)
    }
}
