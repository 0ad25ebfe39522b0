import Testing
@testable import BeaconCore

@Suite struct TargetLockTests {
    @Test func convictionBuildsFastAndFadesSlowly() {
        var conviction = ConvictionCounter()
        var values: [Int] = []
        var on: [Bool] = []
        // hit, hit, hit (capped at 10), then misses until nothing is left, then one hit.
        for hit in [true, true, true] + Array(repeating: false, count: 11) + [true] {
            conviction.record(hit: hit)
            values.append(conviction.value)
            on.append(conviction.isOn)
        }
        #expect(values == [4, 8, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0, 4])
        // A single sighting switches guidance on; from saturation the seventh miss switches it off.
        #expect(on == [true, true, true, true, true, true, true, true, true, false, false, false, false, false, true])
    }

    /// Detector frames with the cup seen (true) or missed (false), through the tracker and the lock.
    @Test func convictionFollowsDetectorFramesOnly() {
        var tracker = MultiObjectTracker()
        var lock = TargetLock()
        var convictions: [Int] = []
        var time = 0.0
        for seen in [true, false, true, true, false, false] {
            tracker.update(detections: seen ? [Cups.at(0.5)] : [], timestamp: time)
            lock.update(tracks: tracker.tracks, isDetectorFrame: true, timestamp: time)
            convictions.append(lock.conviction.value)
            // Two frames in between: no evidence, no change.
            for _ in 0..<2 {
                time += 1.0 / 15
                tracker.predict(timestamp: time)
                lock.update(tracks: tracker.tracks, isDetectorFrame: false, timestamp: time)
                #expect(lock.conviction.value == convictions.last)
            }
            time += 1.0 / 15
        }
        #expect(convictions == [4, 3, 7, 10, 9, 8])
    }

    @Test func aTentativeTrackIsNotGuidedToUntilSeenAgain() {
        var tracker = MultiObjectTracker()
        var lock = TargetLock()
        tracker.update(detections: [Cups.at(0.7, confidence: 0.42)], timestamp: 0)
        lock.update(tracks: tracker.tracks, isDetectorFrame: true, timestamp: 0)
        #expect(!lock.isGuiding)
        tracker.update(detections: [Cups.at(0.7, confidence: 0.45)], timestamp: 0.2)
        lock.update(tracks: tracker.tracks, isDetectorFrame: true, timestamp: 0.2)
        #expect(lock.isGuiding)
    }

    /// A box the picture's left edge cuts has its middle pulled to the right of the object's; once the object has
    /// been seen whole, its centre is put half its whole width left of the box's uncut right side.
    @Test func estimatesTheCentreOfAnObjectTheEdgeCutsFromItsRememberedWidth() throws {
        var tracker = MultiObjectTracker()
        var lock = TargetLock()
        var time = 0.0
        func step(_ box: NormalizedRect) {
            tracker.update(detections: [Detection(classIndex: Cups.classIndex, label: "cup", confidence: 0.9, box: box)],
                           timestamp: time)
            lock.update(tracks: tracker.tracks, isDetectorFrame: true, timestamp: time)
            time += 0.2
        }
        // Seen whole, 0.4 wide, while the camera turns right; then the picture cuts it until 0.3 of it shows.
        for x in [0.3, 0.2, 0.1] { step(NormalizedRect(x: x, y: 0.4, width: 0.4, height: 0.2)) }
        for width in [0.35] + Array(repeating: 0.3, count: 8) { step(NormalizedRect(x: 0, y: 0.4, width: width, height: 0.2)) }
        let position = try #require(lock.position)
        #expect(abs(position.x - 0.1) < 0.005)
        #expect(abs(position.y - 0.5) < 1e-9)
        // Never seen whole: the hidden part is taken to be as large as the visible part, so the centre is at the edge.
        var fresh = TargetLock()
        var freshTracker = MultiObjectTracker()
        freshTracker.update(detections: [Detection(classIndex: Cups.classIndex, label: "cup", confidence: 0.9,
                                                   box: NormalizedRect(x: 0, y: 0.4, width: 0.3, height: 0.2))], timestamp: 0)
        fresh.update(tracks: freshTracker.tracks, isDetectorFrame: true, timestamp: 0)
        #expect(abs(fresh.position?.x ?? 1) < 1e-9)
    }

    @Test func locksTheCandidateNearestTheMiddleAndHoldsItUntilLost() throws {
        var tracker = MultiObjectTracker()
        var lock = TargetLock()
        var time = 0.0
        func step(_ detections: [Detection]) {
            tracker.update(detections: detections, timestamp: time)
            lock.update(tracks: tracker.tracks, isDetectorFrame: true, timestamp: time)
            time += 0.2
        }
        step([Cups.at(0.2), Cups.at(0.65)])
        let chosen = try #require(lock.trackID)
        #expect(tracker.tracks.first { $0.id == chosen }?.box.midX == 0.65)
        // Another cup appears right in the middle: the lock does not flip to it.
        for _ in 0..<5 { step([Cups.at(0.2), Cups.at(0.65), Cups.at(0.5, 0.3)]) }
        #expect(lock.trackID == chosen)
        // The detector misses the chosen cup once: a flicker, the lock holds.
        step([Cups.at(0.2), Cups.at(0.5, 0.3)])
        #expect(lock.trackID == chosen)
        // Missed again while other cups are in view: guidance passes to the one nearest the middle without starting
        // over (a quick turn often moves the same cup too far for the tracker, which starts a new track for it).
        step([Cups.at(0.2), Cups.at(0.5, 0.3)])
        let next = try #require(lock.trackID)
        #expect(next != chosen)
        #expect(tracker.tracks.first { $0.id == next }?.box.midY == 0.3)
        #expect(lock.isGuiding)
        // The first cup comes back: no flip back to it.
        for _ in 0..<3 { step([Cups.at(0.2), Cups.at(0.65), Cups.at(0.5, 0.3)]) }
        #expect(lock.trackID == next)
        #expect(lock.isGuiding)
        #expect(lock.lastSeen.map { abs($0.y - 0.3) < 1e-9 } == true)
    }

    @Test func aDroppedTrackReleasesTheLock() throws {
        var configuration = MultiObjectTracker.Configuration()
        configuration.maxMisses = 2
        var tracker = MultiObjectTracker(configuration: configuration)
        var lock = TargetLock()
        for (index, seen) in [true, true, true, false, false].enumerated() {
            tracker.update(detections: seen ? [Cups.at(0.3)] : [], timestamp: Double(index))
            lock.update(tracks: tracker.tracks, isDetectorFrame: true, timestamp: Double(index))
        }
        #expect(tracker.tracks.isEmpty)
        #expect(lock.trackID == nil)
        #expect(lock.conviction.value == 0)
        let lastSeen = try #require(lock.lastSeen)
        #expect(abs(lastSeen.x - 0.3) < 1e-9 && abs(lastSeen.y - 0.5) < 1e-9)
    }

    @Test func aBoxThatJumpsForAFrameMovesTheAimALittle() throws {
        // The coffee pan with PicoDet: the cup alone (centre 0.44 of the height), then for one detection cup and
        // saucer down to the picture's bottom edge (centre 0.6), then the cup again.
        var tracker = MultiObjectTracker()
        var lock = TargetLock()
        func detect(_ box: NormalizedRect, confidence: Double, at index: Int) {
            let time = Double(index) / 15
            tracker.update(detections: [Detection(classIndex: Cups.classIndex, label: "cup", confidence: confidence,
                                                  box: box)], timestamp: time)
            lock.update(tracks: tracker.tracks, isDetectorFrame: true, timestamp: time)
        }
        let cup = NormalizedRect(x: 0.4, y: 0.2, width: 0.38, height: 0.48)
        let cupAndSaucer = NormalizedRect(x: 0.38, y: 0.2, width: 0.48, height: 0.79)
        for index in 0..<8 { detect(cup, confidence: 0.85, at: index) }
        let settled = try #require(lock.position)
        #expect(abs(settled.y - 0.44) < 0.005)
        detect(cupAndSaucer, confidence: 0.7, at: 8)
        let jumped = try #require(lock.position)
        // The raw box moved its centre down by 0.155; the aim moves by a fraction of that and stays level.
        #expect(jumped.y - settled.y > 0)
        #expect(jumped.y - settled.y < 0.05)
        #expect(try #require(lock.predictedPosition).y < 0.5 + Direction.centreRadius - Direction.verticalHysteresis)
        detect(cup, confidence: 0.85, at: 9)
        detect(cup, confidence: 0.85, at: 10)
        #expect(abs(try #require(lock.position).y - 0.44) < 0.02)
    }

    @Test func aRealMoveIsFollowed() throws {
        var tracker = MultiObjectTracker()
        var lock = TargetLock()
        // Still at 0.3, then the object is put down at 0.6 and stays there.
        for index in 0..<20 {
            let time = Double(index) / 15
            tracker.update(detections: [Cups.at(index < 6 ? 0.3 : 0.6)], timestamp: time)
            lock.update(tracks: tracker.tracks, isDetectorFrame: true, timestamp: time)
        }
        #expect(abs(try #require(lock.position).x - 0.6) < 0.02)
    }

    @Test func predictsOneFrameAheadFromTheVelocity() throws {
        var tracker = MultiObjectTracker()
        var lock = TargetLock()
        // Moving right by 0.02 a frame at 15 fps.
        for index in 0..<30 {
            let time = Double(index) / 15
            tracker.update(detections: [Cups.at(0.1 + 0.02 * Double(index))], timestamp: time)
            lock.update(tracks: tracker.tracks, isDetectorFrame: true, timestamp: time)
        }
        let position = try #require(lock.position), predicted = try #require(lock.predictedPosition)
        // A constant-velocity filter follows a steady motion without lag once it has learnt the speed.
        #expect(abs(position.x - 0.68) < 0.01)
        #expect(abs(predicted.x - (position.x + 0.02)) < 0.003)
        #expect(abs(predicted.y - 0.5) < 1e-9)

        // Near the edge the prediction stays inside the picture.
        var edgeTracker = MultiObjectTracker()
        var edgeLock = TargetLock()
        for index in 0..<12 {
            let time = Double(index) / 15
            edgeTracker.update(detections: [Cups.at(0.5 + 0.045 * Double(index))], timestamp: time)
            edgeLock.update(tracks: edgeTracker.tracks, isDetectorFrame: true, timestamp: time)
        }
        #expect(try #require(edgeLock.position).x > 0.97)
        #expect(try #require(edgeLock.predictedPosition).x == 1)
    }
}
