import Testing
@testable import BeaconCore

/// Which frames get depth computed (`DepthPacer`): walk mode's rate while walking, every frame in the other modes
/// that place objects, none while reading. Counted over frames, never timed.
@Suite struct DepthPacerTests {
    /// Frames of a 30 fps camera from 10 s on, with the camera's measured motion before each; returns the timestamps
    /// of the frames given depth, checking that walk mode would take every one of them.
    static func play(_ session: inout AssistantSession, seconds: Double, motion: CameraMotion = .zero,
                     from start: Double = 10) -> (frames: Int, taken: [Double]) {
        var pacer = DepthPacer()
        var taken: [Double] = []
        let count = Int(seconds * 30)
        for index in 0..<count {
            let time = start + Double(index) / 30
            _ = session.handle(.cameraMoved(motion, frame: index, timestamp: time))
            guard pacer.takes(at: time, for: session) else { continue }
            if let walk = session.walk { #expect(walk.accepts(at: time), "walk mode would skip the frame at \(time)") }
            taken.append(time)
            _ = session.handle(.depth(DepthMap(width: 4, height: 3, metres: Array(repeating: 5, count: 12)), frame: index,
                                      timestamp: time))
        }
        return (count, taken)
    }

    /// Walking with the camera still: full rate for the first second, then every other frame (15 a second).
    @Test func aStillCameraWhileWalkingGetsDepthForHalfTheFrames() {
        var session = WalkSessionTests.walking()
        let (frames, taken) = Self.play(&session, seconds: 4)
        #expect(frames == 120)
        let settled = taken.filter { $0 >= 11.2 }
        let gaps = zip(settled, settled.dropFirst()).map { $1 - $0 }
        #expect(gaps.allSatisfy { abs($0 - 2.0 / 30) < 1e-6 }, "\(gaps)")
        // 30 in the first second, then 15 a second for three: 75 of the 120 frames.
        #expect((74...76).contains(taken.count), "\(taken.count) of \(frames)")
        #expect(session.depthInterval == 1.0 / 15)
    }

    @Test func aMovingCameraWhileWalkingGetsDepthForEveryFrame() {
        var session = WalkSessionTests.walking()
        let (frames, taken) = Self.play(&session, seconds: 3, motion: CameraMotion(dx: 0.02, dy: 0))
        #expect(taken.count == frames)
    }

    /// Outside walk mode depth goes with `wantsDepth`: every frame while objects are placed, none while reading.
    @Test func otherModesTakeEveryFrameOrNone() {
        var scanning = AssistantSessionTests.started()
        #expect(Self.play(&scanning, seconds: 1).taken.count == 30)
        var reading = AssistantSessionTests.started()
        _ = AssistantSessionTests.run(.read, on: &reading, at: 2)
        #expect(Self.play(&reading, seconds: 1).taken.isEmpty)
    }

    /// The rate is read frame by frame: half, full, none, half again (the first frame after "none" at once), and a
    /// camera that jitters has a frame up to a fifth early count as on time, but not more.
    @Test func theRateFollowsTheSessionFrameByFrame() {
        let frame = 1.0 / 30, half = 1.0 / 15
        let asked: [(time: Double, wanted: Bool, interval: Double?)] = [
            (0, true, half), (frame, true, half), (2 * frame, true, half), (3 * frame, true, frame),
            (4 * frame, false, nil), (5 * frame, true, half),
            (5 * frame + 0.75 * half, true, half), (5 * frame + 0.85 * half, true, half),
        ]
        var pacer = DepthPacer()
        let taken = asked.map { pacer.takes(at: $0.time, wanted: $0.wanted, interval: $0.interval) }
        #expect(taken == [true, false, true, true, false, true, false, true])
    }
}
