import Testing
@testable import BeaconCore

@Suite struct FramePacerTests {
    /// How many of the frames at these timestamps the pacer hands on.
    func kept(_ timestamps: [Double], factor: Double) -> [Double] {
        var pacer = FramePacer(factor: factor)
        return timestamps.filter { pacer.admits(timestamp: $0) }
    }

    /// 30 fps for ten seconds.
    let camera = (0..<300).map { Double($0) / 30 }

    @Test func everyFrameAtFullPace() {
        #expect(kept(camera, factor: 1).count == 300)
    }

    @Test func halfPaceKeepsEveryOtherFrame() {
        let frames = kept(camera, factor: 0.5)
        // The first two frames pass while the source's interval is learnt; then every other one.
        #expect((150...151).contains(frames.count))
        let gaps = zip(frames.dropFirst(2), frames.dropFirst(3)).map { ($1 - $0) * 30 }
        #expect(gaps.allSatisfy { abs($0 - 2) < 1e-6 })
    }

    @Test func otherSharesKeepEvenlySpreadFrames() {
        #expect((225...226).contains(kept(camera, factor: 0.75).count))
        #expect((75...76).contains(kept(camera, factor: 0.25).count))
    }

    @Test func jitterAndMissingFramesDoNotChangeTheRate() {
        // Each frame up to 8 ms early or late (a fixed pattern, not random), and every 25th frame lost.
        let jitter = [0.0, 0.008, -0.006, 0.003, -0.008, 0.005, -0.002]
        let shaky = camera.enumerated().filter { $0.offset % 25 != 24 }.map { $0.element + jitter[$0.offset % jitter.count] }
        // Still 15 fps over the ten seconds, give or take a frame.
        let frames = kept(shaky, factor: 0.5)
        #expect((149...151).contains(frames.count), "kept \(frames.count) of \(shaky.count)")
    }

    @Test func aStallIsNotFollowedByABurst() {
        // One second without frames, then 30 fps again: still every other frame, no catching up.
        let stalled = camera.filter { $0 < 2 || $0 >= 3 }
        var pacer = FramePacer(factor: 0.5)
        let decisions = stalled.map { pacer.admits(timestamp: $0) }
        #expect(decisions[54..<60] == [false, true, false, true, false, true])
        #expect(Array(decisions[60...].prefix(6)) == [true, false, true, false, true, false])
    }

    @Test func changingTheFactorTakesEffectOnTheNextFrames() {
        var pacer = FramePacer(factor: 1)
        var kept = 0
        for (index, timestamp) in camera.enumerated() {
            if index == 150 { pacer.factor = 0.5 }
            if pacer.admits(timestamp: timestamp) { kept += 1 }
        }
        #expect((225...226).contains(kept))
    }
}
