import Testing
@testable import BeaconCore

/// Camera motion taken out of tracking: the log that moves late detections, and whole sessions over recorded streams
/// of a fast turn past two cups, with and without the motion measured.
struct CameraMotionTests {
    @Test func theLogSumsTheMotionBetweenTwoFramesAlongItsMeasurements() throws {
        var log = MotionLog()
        log.record(CameraMotion(dx: -0.1, dy: 0), from: 0, to: 1)
        log.record(CameraMotion(dx: -0.05, dy: 0.02), from: 1, to: 2)
        // A live camera dropped frame 3: the next measurement is against frame 2.
        log.record(CameraMotion(dx: -0.2, dy: 0), from: 2, to: 4)
        let sum = try #require(log.motion(from: 0, to: 4))
        #expect(abs(sum.dx - -0.35) < 1e-12 && abs(sum.dy - 0.02) < 1e-12)
        #expect(log.motion(from: 2, to: 2) == .zero)
        #expect(log.motion(from: 1, to: 2) == CameraMotion(dx: -0.05, dy: 0.02))
        // Frame 3 was never measured, and nothing is known before frame 0 or after frame 4.
        #expect(log.motion(from: 3, to: 4) == nil)
        #expect(log.motion(from: -1, to: 2) == nil)
        #expect(log.motion(from: 0, to: 5) == nil)
        #expect(log.motion(from: 4, to: 0) == nil)
    }

    @Test func theLogForgetsBeyondItsCapacityAndAfterAGap() {
        var log = MotionLog(capacity: 3)
        for frame in 1...5 { log.record(CameraMotion(dx: 0.01, dy: 0), from: frame - 1, to: frame) }
        #expect(log.motion(from: 2, to: 5) != nil)
        #expect(log.motion(from: 1, to: 5) == nil)
        // A frame the loop could not measure (a blank wall) breaks the chain through it.
        log.record(CameraMotion(dx: 0.01, dy: 0), from: 6, to: 7)
        #expect(log.motion(from: 5, to: 7) == nil)
        #expect(log.motion(from: 6, to: 7) != nil)
    }

    /// Two cups: the searched one just left of the middle (locked, being nearest), another to the right. The person
    /// turns right fast: the picture moves left by 0.1 a frame, 0.3 between detections, so the locked cup lands
    /// where the other cup's box was predicted to be.
    static func fastTurn(measured: Bool) -> GuidanceSession {
        var session = GuidanceSession()
        _ = session.handle(.start(Cups.target, timestamp: 0))
        let turn = CameraMotion(dx: -0.1, dy: 0)
        var left = 0.45, right = 0.8
        for frame in 0...3 {
            let time = Double(frame) / 15
            if frame > 0 {
                left += turn.dx
                right += turn.dx
                if measured { _ = session.handle(.cameraMoved(turn, frame: frame, timestamp: time)) }
            }
            let event: GuidanceEvent = frame % 3 == 0
                ? .detections([Cups.at(left, size: 0.15), Cups.at(right, size: 0.15)], frame: frame, timestamp: time)
                : .frame(index: frame, timestamp: time)
            _ = session.handle(event)
        }
        return session
    }

    @Test func withMeasuredMotionTheLockStaysOnItsCupThroughAFastTurn() throws {
        let session = Self.fastTurn(measured: true)
        #expect(session.phase == .guiding)
        // The locked cup went from 0.45 to 0.15; the other is now at 0.5, where the aim would be after a swap.
        let position = try #require(session.lock.position)
        #expect(abs(position.x - 0.15) < 0.02, "aim \(position.x)")
        #expect(session.tracker.tracks.count == 2)
    }

    @Test func withoutMeasuredMotionTheSameStreamSwapsToTheOtherCup() throws {
        // What the measurement is for: each track's own motion cannot follow a 0.3 jump, and the locked track takes
        // the other cup's detection as its own.
        let session = Self.fastTurn(measured: false)
        let position = try #require(session.lock.position)
        #expect(abs(position.x - 0.5) < 0.02, "aim \(position.x)")
    }

    @Test func lateDetectionsAreMovedByTheMotionSinceTheirFrame() throws {
        var session = GuidanceSession()
        _ = session.handle(.start(Cups.target, timestamp: 0))
        _ = session.handle(.detections([Cups.at(0.6)], frame: 0, timestamp: 0))
        _ = session.handle(.cameraMoved(CameraMotion(dx: -0.05, dy: 0), frame: 1, timestamp: 1.0 / 15))
        _ = session.handle(.frame(index: 1, timestamp: 1.0 / 15))
        _ = session.handle(.cameraMoved(CameraMotion(dx: -0.05, dy: 0.01), frame: 2, timestamp: 2.0 / 15))
        // The detector looked at frame 1 (cup at 0.55 there); frame 2 is in hand, 0.05 further left.
        _ = session.handle(.detections([Cups.at(0.55)], frame: 2, timestamp: 2.0 / 15, lookedAt: 1))
        let box = try #require(session.lock.box)
        #expect(abs(box.midX - 0.5) < 1e-9 && abs(box.midY - 0.51) < 1e-9)
    }

    @Test func aLateBoxCutByTheEdgeStaysCutWhenMovedInwards() throws {
        var session = GuidanceSession()
        _ = session.handle(.start(Cups.target, timestamp: 0))
        _ = session.handle(.frame(index: 0, timestamp: 0))
        _ = session.handle(.cameraMoved(CameraMotion(dx: 0.1, dy: 0), frame: 1, timestamp: 1.0 / 15))
        // Found in frame 0 cut by the left edge, 0.3 of it showing; the picture has since moved right by 0.1.
        let cut = Detection(classIndex: Cups.classIndex, label: "cup", confidence: 0.9,
                            box: NormalizedRect(x: 0, y: 0.4, width: 0.3, height: 0.2))
        _ = session.handle(.detections([cut], frame: 1, timestamp: 1.0 / 15, lookedAt: 0))
        let box = try #require(session.lock.box)
        #expect(box.x == 0 && abs(box.maxX - 0.4) < 1e-9, "\(box)")
    }

    @Test func whereTheTargetWasLastSeenMovesWithTheCamera() throws {
        var session = GuidanceSession()
        _ = session.handle(.start(Cups.target, timestamp: 0))
        _ = session.handle(.detections([Cups.at(0.45)], frame: 0, timestamp: 0))
        // The person turns right, away from the cup, which leaves the picture on the left.
        for frame in 1...4 {
            _ = session.handle(.cameraMoved(CameraMotion(dx: -0.2, dy: 0), frame: frame, timestamp: Double(frame) / 15))
            _ = session.handle(.frame(index: frame, timestamp: Double(frame) / 15))
        }
        // Carried off the picture: the tracker holds an unseen box's centre on the edge it left by.
        let lastSeen = try #require(session.lock.lastSeen)
        #expect(lastSeen.x <= 1e-9, "last seen \(lastSeen.x)")
    }
}
