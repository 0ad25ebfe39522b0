import BeaconBench
import BeaconCore
import Testing

/// Walk mode's reducer over depth sequences made from geometry: zones, words, beats, stairs and the frame rate.
@Suite struct WalkMonitorTests {
    typealias Support = WalkTestSupport

    // MARK: - The floor is not an obstacle

    /// A long walk over a flat floor, the camera's pitch set right: never a cue, at any plausible pitch.
    @Test(arguments: [10.0, 15.0, 20.0, 25.0, 30.0, 40.0])
    func theFloorAloneNeverWarns(pitch: Double) {
        let pose = CameraPose(height: 1.3, pitchDegrees: pitch)
        let frames = DepthSequences.still(.flatFloor, renderer: Support.renderer(pose), frames: 450, seed: UInt64(pitch))
        let steps = Support.run(frames, pose: pose)
        #expect(steps.allSatisfy { $0.cues.isEmpty }, "pitch \(pitch): \(steps.first { !$0.cues.isEmpty }?.cues ?? [])")
        #expect(steps.allSatisfy { $0.state.worst == .safe && $0.state.stairs == nil })
    }

    /// The setting need not be exact: a camera tilted 5° more or less than the setting says still sees floor.
    @Test(arguments: [15.0, 25.0])
    func theFloorIsFloorWithThePitchFiveDegreesOff(actual: Double) {
        let frames = DepthSequences.still(.flatFloor, renderer: Support.renderer(CameraPose(pitchDegrees: actual)),
                                          frames: 150, seed: 3)
        let steps = Support.run(frames, pose: Support.chest)
        #expect(steps.allSatisfy { $0.cues.isEmpty && $0.state.worst == .safe })
    }

    /// A camera worn lower (1.0 m) and higher (1.6 m), each set right.
    @Test(arguments: [1.0, 1.6])
    func theFloorIsFloorAtOtherHeights(height: Double) {
        let pose = CameraPose(height: height, pitchDegrees: 20)
        let steps = Support.run(DepthSequences.still(.flatFloor, renderer: Support.renderer(pose), frames: 150), pose: pose)
        #expect(steps.allSatisfy { $0.cues.isEmpty && $0.state.worst == .safe })
    }

    // MARK: - Zones

    @Test(arguments: [(3.0, ObstacleZone.safe), (1.6, .caution), (0.8, .warning), (0.4, .danger)])
    func aWallIsInTheRightZone(distance: Double, zone: ObstacleZone) {
        let steps = Support.run(Support.standing(.wall(at: distance)))
        let state = steps.last!.state
        #expect(state.zone(.middle, .centre) == zone, "wall at \(distance) m: \(state.metres)")
        for column in DepthGrid.Column.allCases { #expect(state.column(column).zone == zone, "\(column)") }
        if zone != .safe {
            let metres = state.column(.centre).metres
            #expect(abs(metres - Float(distance)) < 0.15, "centre reads \(metres) m for a wall at \(distance) m")
        }
    }

    /// A door opening 0.9 m wide: the way through is clear, the wall either side is not.
    @Test(arguments: [1.5, 1.2])
    func aDoorwayIsClearAheadAndBlockedBeside(distance: Double) {
        let state = Support.run(Support.standing(.doorway(at: distance))).last!.state
        #expect(state.column(.centre).zone == .safe, "\(state.metres)")
        #expect(state.column(.left).zone >= .caution, "\(state.metres)")
        #expect(state.column(.right).zone >= .caution, "\(state.metres)")
        #expect(state.stairs == nil)
    }

    /// Walking up to a doorway: the way through is said to be clear between the two sides, and never blocked.
    @Test func aDoorwayIsSaidAsObstaclesOnBothSides() {
        let steps = Support.run(DepthSequences.walk(.doorway(at: 3.5), renderer: Support.renderer(), speed: 1.2, frames: 30))
        let words = steps.flatMap(\.words)
        #expect(words.first == .bothSides, "\(words)")
        #expect(!words.contains { if case .wall = $0 { true } else if case .obstacle(.centre, _) = $0 { true } else { false } })
    }

    /// One noisy frame neither raises nor clears a warning: the rolling median of five.
    @Test func oneStrayFrameChangesNothing() {
        var monitor = WalkMonitor()
        let floor = Support.standing(.flatFloor, count: 6)
        let wall = Support.standing(.wall(at: 0.8), count: 1)[0]
        _ = Support.run(Array(floor.prefix(3)), monitor: &monitor)
        let stray = monitor.update(wall.map, pose: Support.chest, at: floor[3].timestamp)
        #expect(stray.isEmpty && monitor.state.worst == .safe)
        let after = Support.run(Array(floor.suffix(2)), monitor: &monitor)
        #expect(after.allSatisfy { $0.cues.isEmpty })
    }

    // MARK: - Words and beats

    /// Walking into a wall at 1.2 m/s from 5 m: a few words, each on a change, nearer each time; the last
    /// "Wall ahead, half a metre."; never a word twice, never stairs.
    @Test func aWallApproachedIsSaidOnChangesOnly() {
        let steps = Support.run(DepthSequences.wallApproach(renderer: Support.renderer()))
        let words = steps.flatMap(\.words)
        #expect((2...4).contains(words.count), "\(words)")
        #expect(Set(words).count == words.count)
        #expect(words.last == .wall(metres: words.last.flatMap { if case .wall(let m) = $0 { m } else { nil } } ?? -1))
        if case .wall(let metres) = words.last { #expect(metres < 0.5) }
        // Every word comes with a more urgent zone than the one said before it, or a new place.
        var zones: [ObstacleZone] = []
        for step in steps where !step.words.isEmpty { zones.append(step.state.worst) }
        #expect(zones == zones.sorted(), "\(zones)")
        #expect(zones.last == .danger)
        #expect(steps.allSatisfy { $0.state.stairs == nil })
        // Nothing is said before the wall is within 2 m (plus the median's lag).
        let firstWord = steps.first { !$0.words.isEmpty }!
        #expect(5 - firstWord.position <= 2.1)
    }

    /// Standing before a wall: one word when it comes into its zone, never again while it stays; a beat that
    /// quickens and rises zone by zone, each beat with its vibration.
    @Test func theBeatQuickensZoneByZoneAndWordsAreNotRepeated() {
        var gaps: [ObstacleZone: Double] = [:], pitches: [ObstacleZone: Double] = [:]
        for (distance, zone) in [(1.6, ObstacleZone.caution), (0.8, .warning), (0.4, .danger)] {
            let steps = Support.run(Support.standing(.wall(at: distance), count: 60))
            #expect(steps.flatMap(\.words).count == 1, "\(zone): \(steps.flatMap(\.words))")
            var times: [Double] = []
            for step in steps {
                for case .earcon(let earcon) in step.cues {
                    times.append(step.time)
                    pitches[zone] = earcon.pitch
                    #expect(earcon.kind == .obstacle)
                }
                let earcons = step.cues.filter { if case .earcon = $0 { true } else { false } }.count
                #expect(step.cues.contains(.haptic(WalkMonitor.haptic(for: zone))) == (earcons == 1))
            }
            gaps[zone] = (times.last! - times.first!) / Double(times.count - 1)
        }
        #expect(gaps[.caution]! > gaps[.warning]! && gaps[.warning]! > gaps[.danger]!, "\(gaps)")
        #expect(pitches[.caution]! < pitches[.warning]! && pitches[.warning]! < pitches[.danger]!)
        #expect(WalkMonitor.haptic(for: .danger).intensity > WalkMonitor.haptic(for: .warning).intensity)
        #expect(WalkMonitor.haptic(for: .warning).intensity > WalkMonitor.haptic(for: .caution).intensity)
    }

    // MARK: - Stairs

    /// Walking towards a flight from 3 m: said once, the right way, and only after three frames that saw it.
    @Test(arguments: [StairDirection.up, .down])
    func stairsAreSeenTheRightWayAfterThreeFrames(direction: StairDirection) {
        let frames = DepthSequences.walk(.stairs(direction, at: 3), renderer: Support.renderer(), speed: 1.2,
                                         frames: 30, rate: 15)
        let steps = Support.run(frames)
        let said = steps.enumerated().filter { $0.element.words.contains(.stairs(direction)) }
        #expect(said.count == 1, "\(steps.map { $0.state.stairs?.direction.rawValue ?? "-" })")
        #expect(!steps.contains { $0.words.contains(.stairs(direction == .up ? .down : .up)) })
        guard let cue = said.first else { return }
        // The cue comes on the third frame in a row that saw these stairs, not before.
        let seen = steps.prefix(cue.offset + 1).suffix(3)
        #expect(seen.count == 3 && seen.allSatisfy { $0.state.stairs?.direction == direction })
        let firstSeen = steps.firstIndex { $0.state.stairs?.direction == direction }!
        #expect(cue.offset - firstSeen >= 2)
        let sighting = steps[cue.offset].state.stairs!
        #expect(sighting.edges.count >= 3)
        #expect(sighting.rises.allSatisfy { abs(abs($0) - 0.17) < 0.04 }, "\(sighting.rises)")
        #expect(abs(sighting.spacing - 0.28) < 0.05, "\(sighting.spacing)")
        #expect(cue.element.cues.contains(.haptic(.stairs)))
    }

    /// Standing before a flight for 12 s: said again only after each 5 s cooldown.
    @Test func stairsWaitForTheirCooldown() {
        let steps = Support.run(Support.standing(.stairs(.down, at: 1.4), count: 180))
        let times = steps.filter { $0.words.contains(.stairs(.down)) }.map(\.time)
        #expect(times.count == 3, "\(times)")
        #expect(zip(times.dropFirst(), times).allSatisfy { $0 - $1 >= 5 })
        #expect(times.first! < 0.2) // the third frame at 15 a second
    }

    /// Stairs are never seen in a wall, a doorway or a floor.
    @Test func noStairsInWallsDoorsOrFloors() {
        var steps = Support.run(DepthSequences.walk(.doorway(at: 4), renderer: Support.renderer(), speed: 1.2, frames: 40))
        steps += Support.run(DepthSequences.walk(.wall(at: 4), renderer: Support.renderer(), speed: 1.2, frames: 45))
        #expect(steps.allSatisfy { $0.state.stairs == nil })
    }

    // MARK: - Rate

    @Test func depthIsWantedAtHalfRateWhileTheCameraIsStill() {
        var monitor = WalkMonitor()
        let map = Support.standing(.flatFloor, count: 1)[0].map
        #expect(monitor.depthInterval == 1.0 / 30) // no motion measured: full rate
        func play(_ frames: Range<Int>, moving: Bool) -> Int {
            var taken = 0
            for index in frames {
                let time = Double(index) / 30
                monitor.cameraMoved(moving ? CameraMotion(dx: 0.02, dy: 0) : .zero, at: time)
                if monitor.accepts(at: time) { taken += 1 }
                _ = monitor.update(map, pose: Support.chest, at: time)
            }
            return taken
        }
        // Walking: every frame of 30 a second. Then still: after a second, every other one.
        #expect(play(0..<30, moving: true) == 30)
        #expect(!monitor.isStill)
        _ = play(30..<75, moving: false)
        #expect(monitor.isStill && monitor.depthInterval == 1.0 / 15)
        #expect(play(75..<135, moving: false) == 30)
        // Moving again: full rate at once.
        #expect(play(135..<165, moving: true) == 30)
    }
}
