import Testing
@testable import BeaconCore

@Suite struct CueModelTests {
    let model = CueModel()

    func visible(_ x: Double, _ y: Double = 0.5, distance: Double? = nil) -> TargetState {
        TargetState(label: "cup", isVisible: true, position: NormalizedPoint(x: x, y: y), apparentSize: 0.04, distance: distance)
    }

    @Test func beepIntervalFollowsTheDistanceFromTheMiddle() {
        #expect(abs(model.beepInterval(distanceFromCentre: 0) - 0.1) < 1e-12)
        #expect(abs(model.beepInterval(distanceFromCentre: 0.25) - 0.55) < 1e-12)
        #expect(model.beepInterval(distanceFromCentre: 0.5) == 1)
        #expect(model.beepInterval(distanceFromCentre: 0.7) == 1)
        // Off vertically counts as much as off horizontally: no "nearly there" rhythm while far above.
        let above = model.cue(for: visible(0.5, 0.0), previous: nil)
        #expect(above.targetInterval == 1)
        #expect(!above.isCentred)
    }

    /// A target swept from the right edge to the middle: the interval glides from 1.0 s down to 0.1 s, never jumping.
    @Test func theRhythmNeverJumps() throws {
        var previous: Cue?
        var intervals: [Double] = []
        for step in 0...60 {
            let x = max(0.5, 1.0 - Double(step) / 30 * 0.5)
            let cue = model.cue(for: visible(x), previous: previous)
            intervals.append(cue.interval)
            previous = cue
        }
        #expect(intervals.first == 1)
        #expect(abs(intervals.last! - 0.1) < 0.001)
        let steps = zip(intervals, intervals.dropFirst()).map { $1 - $0 }
        #expect(steps.allSatisfy { $0 <= 1e-12 })
        // α = 0.2 moves at most a fifth of the way: at most 0.18 s per update even for a sudden 0.9 s change.
        #expect(steps.map { -$0 }.max()! <= 0.2 * 0.9)
        let jump = model.cue(for: visible(0.5), previous: model.cue(for: visible(1.0), previous: nil))
        #expect(abs(jump.interval - (1.0 - 0.2 * 0.9)) < 1e-12)
    }

    @Test func panFollowsTheSideAndPitchTheHeight() throws {
        let left = try #require(model.cue(for: visible(0.2), previous: nil).earcon)
        let right = try #require(model.cue(for: visible(0.9), previous: nil).earcon)
        let above = try #require(model.cue(for: visible(0.5, 0.2), previous: nil).earcon)
        let below = try #require(model.cue(for: visible(0.5, 0.9), previous: nil).earcon)
        #expect(left.pan < 0 && right.pan > 0)
        #expect(abs(left.pan + 0.6) < 1e-12)
        #expect(abs(right.pan - 0.8) < 1e-12)
        #expect(above.pitch > 0 && below.pitch < 0)
        let corner = try #require(model.cue(for: visible(0.0, 1.0), previous: nil).earcon)
        #expect(corner.pan == -1 && corner.pitch == -1)
    }

    @Test func aDistinctSoundInsideTheCentreCorridor() {
        #expect(model.cue(for: visible(0.54, 0.43), previous: nil).earcon?.kind == .centred)
        #expect(model.cue(for: visible(0.57, 0.5), previous: nil).earcon?.kind == .tick)
        #expect(model.cue(for: visible(0.57, 0.35), previous: nil).earcon?.kind == .tick)
        #expect(model.cue(for: visible(0.65, 0.5), previous: nil).earcon?.kind == .tick)
        // Hysteresis inside the corridor: once centred, a target at 0.59 still counts as centred; coming from
        // outside it does not, and nothing beyond 0.1 ever does.
        let centred = model.cue(for: visible(0.5), previous: nil)
        #expect(model.cue(for: visible(0.59), previous: centred).isCentred)
        #expect(!model.cue(for: visible(0.59), previous: model.cue(for: visible(0.7), previous: nil)).isCentred)
        #expect(!model.cue(for: visible(0.61), previous: centred).isCentred)
    }

    @Test func hapticPatternsSpeakRevilioSchemePerQuadrant() {
        func pattern(_ x: Double, _ y: Double) -> HapticPattern? { model.cue(for: visible(x, y), previous: nil).haptic }
        // Left: one short pulse. Right: one long pulse. (Horizontal first, whatever the vertical offset.)
        let left = pattern(0.2, 0.8), right = pattern(0.8, 0.2)
        #expect(left?.milliseconds.count == 2 && right?.milliseconds.count == 2)
        #expect(left!.milliseconds[0] < right!.milliseconds[0])
        // Horizontally centred: below is dash-dot, above is dot-dash.
        let below = pattern(0.5, 0.8)!.milliseconds, above = pattern(0.5, 0.2)!.milliseconds
        #expect(below.count == 4 && above.count == 4)
        #expect(below[0] > below[2])
        #expect(above[0] < above[2])
        // Centred: a continuous buzz at full strength.
        #expect(pattern(0.52, 0.47) == HapticPattern(milliseconds: [250], intensity: 1))
    }

    @Test func hapticRhythmQuickensTowardsTheMiddle() {
        let scheme = HapticScheme()
        let edge = scheme.pattern(for: Direction(horizontal: .right), distanceFromCentre: 0.5)
        let quarter = scheme.pattern(for: Direction(horizontal: .right), distanceFromCentre: 0.25)
        let near = scheme.pattern(for: Direction(horizontal: .right), distanceFromCentre: 0.1)
        // Revilio's dash cycle at the edge is about 0.44 s. Nearer the middle ours is a little longer than Revilio's
        // (0.27 s rather than 0.24 s a quarter away) because the dash keeps its 120 ms floor.
        #expect(edge.milliseconds == [161, 274])
        #expect(quarter.milliseconds == [120, 153])
        #expect(edge.duration > quarter.duration && quarter.duration > near.duration)
        #expect(abs(edge.intensity - 0.3) < 1e-12 && quarter.intensity < near.intensity)
        // A dash stays three times the shortest pulse, so it never feels like a dot.
        let nearLeft = scheme.pattern(for: Direction(horizontal: .left), distanceFromCentre: 0.1)
        #expect(near.milliseconds[0] >= 3 * nearLeft.milliseconds[0])
        #expect(nearLeft.milliseconds[0] == 40)
    }

    @Test func clockDirectionsFromTheFieldOfView() {
        func hour(_ dx: Double, fov: Double = 60) -> String {
            ClockDirection.of(horizontalOffset: dx, fieldOfView: fov, horizontallyCentred: abs(dx) < 0.1).words
        }
        // A pinhole camera: a quarter of the width right of the middle of a 60° picture is 16° right: one o'clock.
        #expect(abs(ClockDirection.bearing(horizontalOffset: 0.25, fieldOfView: 60) - 16.1) < 0.05)
        #expect(abs(ClockDirection.bearing(horizontalOffset: 0.5, fieldOfView: 60) - 30) < 1e-9)
        #expect(hour(0.25) == "one o'clock")
        #expect(hour(-0.25) == "eleven o'clock")
        #expect(hour(0.5) == "one o'clock")
        // Just outside the corridor is still a turn, never "twelve o'clock".
        #expect(hour(0.12) == "one o'clock")
        #expect(hour(-0.12) == "eleven o'clock")
        #expect(hour(0.05) == "twelve o'clock")
        // A wide lens reaches further round the clock.
        #expect(hour(0.45, fov: 120) == "two o'clock")
        #expect(hour(-0.45, fov: 120) == "ten o'clock")
        #expect(hour(0.5, fov: 170) == "three o'clock")
    }

    @Test func wordsForFoundCentredAndLost() {
        #expect(model.cue(for: visible(0.75), previous: nil).words == "Cup, one o'clock.")
        #expect(model.cue(for: visible(0.25), previous: nil).words == "Cup, eleven o'clock.")
        #expect(model.cue(for: visible(0.5, 0.8), previous: nil).words == "Cup, twelve o'clock, down.")
        #expect(model.cue(for: visible(0.52, distance: 1.4), previous: nil).words == "Cup, 1.5 metres, centred.")
        let lost = TargetState(label: "cup", isVisible: false, position: NormalizedPoint(x: 0.2, y: 0.5))
        let lostCue = model.cue(for: lost, previous: nil)
        #expect(lostCue.words == "Cup lost; last seen to your left.")
        #expect(lostCue.earcon == nil && lostCue.haptic == nil && !lostCue.isCentred)
        let phrases = GuidancePhrases()
        #expect(phrases.lost("cup", lastSeen: NormalizedPoint(x: 0.8, y: 0.5)) == "Cup lost; last seen to your right.")
        #expect(phrases.lost("cup", lastSeen: NormalizedPoint(x: 0.5, y: 0.5)) == "Cup lost; last seen straight ahead.")
        #expect(phrases.autoPaused(after: 120) == "Search paused after two minutes. Press p to resume.")
        #expect(phrases.autoPaused(after: 90) == "Search paused after 90 seconds. Press p to resume.")
        #expect(phrases.metres(0.3) == "half a metre" && phrases.metres(1.0) == "1 metre" && phrases.metres(2.6) == "2.5 metres")
    }

    @Test func closerTargetsSoundLouder() {
        let far = model.gain(for: TargetState(label: "cup", isVisible: true, position: .centre, apparentSize: 0.01))
        let near = model.gain(for: TargetState(label: "cup", isVisible: true, position: .centre, apparentSize: 0.3))
        let measured = model.gain(for: TargetState(label: "cup", isVisible: true, position: .centre, apparentSize: 0.01, distance: 0.3))
        #expect(far < near && near == 1 && measured == 1)
    }
}
