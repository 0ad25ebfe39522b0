import Testing
@testable import BeaconCore

@Suite struct MultiObjectTrackerTests {
    /// The recorded pan, with the detector running on every third frame: the tracker carries the cup through the
    /// frames in between, close to where the detector (whose answers the tracker never saw) put it.
    @Test func carriesTheRecordedCupBetweenDetections() throws {
        var tracker = MultiObjectTracker()
        var ids = Set<Int>()
        var predictionErrors: [Double] = []
        var previousX: Double?
        var movedBetweenDetections = 0
        for index in 0..<RecordedCoffeePan.frameCount {
            let time = RecordedCoffeePan.timestamp(frame: index)
            let cups = RecordedCoffeePan.detections(frame: index).filter { $0.classIndex == RecordedCoffeePan.cupClass }
            if index % 3 == 0 {
                tracker.update(detections: cups, timestamp: time)
            } else {
                tracker.predict(timestamp: time)
            }
            #expect(tracker.tracks.count == 1, "frame \(index)")
            let track = try #require(tracker.tracks.first)
            ids.insert(track.id)
            if index % 3 != 0, index > 6 {
                let truth = try #require(cups.first).box.midX
                predictionErrors.append(abs(track.box.midX - truth))
                if let previousX, track.box.midX < previousX { movedBetweenDetections += 1 }
            }
            previousX = track.box.midX
        }
        #expect(ids.count == 1)
        // The pan moves the cup about 0.009 of the width a frame; predictions stay within a frame's motion of the truth.
        #expect(predictionErrors.max()! < 0.02)
        #expect(predictionErrors.reduce(0, +) / Double(predictionErrors.count) < 0.008)
        #expect(movedBetweenDetections == predictionErrors.count)
    }

    /// A generated drift right → centre → left across 90 frames at 15 fps, detections every third frame.
    @Test func predictedBoxesMoveWithTheTargetAndTheIdentityHolds() throws {
        var tracker = MultiObjectTracker()
        func truth(_ index: Int) -> Double { 0.85 - 0.7 * Double(index) / 89 }
        for index in 0..<90 {
            let time = Double(index) / 15
            if index % 3 == 0 {
                tracker.update(detections: [Cups.at(truth(index))], timestamp: time)
            } else {
                tracker.predict(timestamp: time)
            }
            let track = try #require(tracker.tracks.first)
            #expect(track.id == 1)
            if index > 3 { #expect(abs(track.box.midX - truth(index)) < 0.005, "frame \(index)") }
        }
        let track = try #require(tracker.tracks.first)
        #expect(track.hits == 30)
        #expect(abs(track.velocity.dx - (-0.7 / 89 * 15)) < 1e-6)
    }

    @Test func duplicateDetectionsDoNotStartTracks() {
        var tracker = MultiObjectTracker()
        tracker.update(detections: [Cups.at(0.5)], timestamp: 0)
        // Overlapping the first strongly, or centred within 0.15 of it (a box of a different size): the same cup.
        let overlapping = Cups.at(0.52)
        let closeCentre = Cups.at(0.4, size: 0.05)
        #expect(overlapping.box.iou(Cups.at(0.5).box) > 0.6)
        #expect(closeCentre.box.iou(Cups.at(0.5).box) < 0.6)
        tracker.update(detections: [Cups.at(0.5), overlapping, closeCentre], timestamp: 0.2)
        #expect(tracker.tracks.map(\.id) == [1])
        // A cup 0.3 away is another cup; a bowl in the same place is another object.
        let bowl = Detection(classIndex: 45, label: "bowl", confidence: 0.9, box: Cups.at(0.5).box)
        tracker.update(detections: [Cups.at(0.5), Cups.at(0.8), bowl], timestamp: 0.4)
        #expect(tracker.tracks.map(\.id) == [1, 2, 3])
        #expect(tracker.tracks.map(\.label) == ["cup", "cup", "bowl"])
    }

    @Test func tracksThatConvergeOnOneObjectMergeKeepingTheOlderIdentity() {
        var tracker = MultiObjectTracker()
        tracker.update(detections: [Cups.at(0.30), Cups.at(0.50)], timestamp: 0)
        #expect(tracker.tracks.map(\.id) == [1, 2])
        tracker.update(detections: [Cups.at(0.38), Cups.at(0.41)], timestamp: 0.2)
        #expect(tracker.tracks.map(\.id) == [1])
        #expect(tracker.tracks[0].hits == 2)
    }

    @Test func aTrackIsDroppedAfterFifteenMissedDetectorFrames() {
        var tracker = MultiObjectTracker()
        tracker.update(detections: [Cups.at(0.5)], timestamp: 0)
        var time = 0.0
        for missed in 1...14 {
            // Frames in between carry no evidence, so they do not count as misses.
            for _ in 0..<2 {
                time += 1.0 / 15
                tracker.predict(timestamp: time)
            }
            time += 1.0 / 15
            tracker.update(detections: [], timestamp: time)
            #expect(tracker.tracks.first?.misses == missed)
        }
        tracker.update(detections: [], timestamp: time + 0.2)
        #expect(tracker.tracks.isEmpty)
        // A new sighting is a new track with a new identity.
        tracker.update(detections: [Cups.at(0.5)], timestamp: time + 0.4)
        #expect(tracker.tracks.map(\.id) == [2])
    }

    @Test func lowConfidenceDetectionsKeepATrackAliveButNeverStartOne() throws {
        var tracker = MultiObjectTracker()
        tracker.update(detections: [Cups.at(0.5)], timestamp: 0)
        // The cup is half hidden: only weak detections of it, and weak ghosts elsewhere (below the tentative
        // threshold, and below the floor).
        for step in 1...20 {
            tracker.update(detections: [Cups.at(0.5 + 0.002 * Double(step), confidence: 0.3),
                                        Cups.at(0.1, confidence: 0.3), Cups.at(0.9, confidence: 0.05)],
                           timestamp: 0.2 * Double(step))
        }
        #expect(tracker.tracks.count == 1)
        let track = try #require(tracker.tracks.first)
        #expect(track.misses == 0)
        #expect(track.lastMatch == .recovered)
        #expect(track.hits == 21)
        #expect(abs(track.box.midX - 0.54) < 1e-9)
        // A weak box that barely overlaps the prediction is not trusted.
        tracker.update(detections: [Cups.at(0.7, confidence: 0.3)], timestamp: 4.2)
        #expect(tracker.tracks.first?.misses == 1)
    }

    /// A cup cut by the picture's edge scores 0.35–0.5: it starts a tentative track, confirmed when seen again.
    @Test func aFairlyConfidentDetectionStartsATentativeTrackConfirmedBySeeingItAgain() throws {
        var tracker = MultiObjectTracker()
        tracker.update(detections: [Cups.at(0.8, confidence: 0.42)], timestamp: 0)
        let tentative = try #require(tracker.tracks.first)
        #expect(tracker.tracks.count == 1)
        #expect(!tentative.isConfirmed)
        tracker.update(detections: [Cups.at(0.8, confidence: 0.4)], timestamp: 0.2)
        #expect(tracker.tracks.map(\.id) == [tentative.id])
        #expect(tracker.tracks.first?.isConfirmed == true)
        // A confident detection starts a confirmed track at once.
        tracker.update(detections: [Cups.at(0.8, confidence: 0.4), Cups.at(0.2)], timestamp: 0.4)
        #expect(tracker.tracks.count == 2)
        #expect(tracker.tracks.allSatisfy { $0.isConfirmed })
    }

    /// When the person stops turning, the motion estimate stops with them instead of fading over several
    /// detector frames and carrying the box past its object.
    @Test func theMotionEstimateStopsWhenTheObjectStops() throws {
        var tracker = MultiObjectTracker()
        for (step, x) in [0.30, 0.36, 0.42, 0.42].enumerated() {
            tracker.update(detections: [Cups.at(x)], timestamp: 0.2 * Double(step))
        }
        let track = try #require(tracker.tracks.first)
        #expect(abs(track.velocity.dx) < 1e-9)
        tracker.predict(timestamp: 0.73)
        #expect(abs((tracker.tracks.first?.box.midX ?? 0) - 0.42) < 1e-9)
    }

    /// A wrong motion estimate carries the box away from its object, which the detector only sees weakly and
    /// smaller (so no ordinary match): the periodic drift repair puts the track back on it.
    @Test func driftRepairPutsADriftedTrackBackOnItsObject() throws {
        var tracker = MultiObjectTracker()
        tracker.update(detections: [Cups.at(0.30)], timestamp: 0)
        tracker.update(detections: [Cups.at(0.36)], timestamp: 0.2)
        let moving = try #require(tracker.tracks.first)
        #expect(abs(moving.velocity.dx - 0.3) < 1e-9)
        // The cup stopped at 0.36; the track coasts on to the right.
        let weak = Cups.at(0.37, size: 0.08, confidence: 0.3)
        var frame = 2
        while frame < 14 {
            tracker.update(detections: [weak], timestamp: 0.2 * Double(frame))
            #expect(tracker.tracks.first?.lastMatch == nil, "frame \(frame)")
            frame += 1
        }
        let drifted = try #require(tracker.tracks.first)
        #expect(drifted.box.midX > 0.5)
        #expect(drifted.misses == 12)
        tracker.update(detections: [weak], timestamp: 2.8)
        #expect(tracker.isRepairFrame)
        let repaired = try #require(tracker.tracks.first)
        #expect(repaired.id == moving.id)
        #expect(repaired.lastMatch == .repaired)
        #expect(repaired.misses == 0)
        #expect(repaired.velocity == .zero)
        #expect(abs(repaired.box.midX - 0.37) < 1e-9)
    }

    /// Drift repair takes a nearby box only when it is of roughly the track's size: the track of a cup boxed with its
    /// saucer must not become a box of its handle.
    @Test func driftRepairDoesNotTakeABoxOfAnotherSize() throws {
        var tracker = MultiObjectTracker()
        tracker.update(detections: [Cups.at(0.5, size: 0.6)], timestamp: 0)
        let handle = Cups.at(0.62, size: 0.12, confidence: 0.3)
        for frame in 1..<15 { tracker.update(detections: [handle], timestamp: 0.1 * Double(frame)) }
        #expect(tracker.isRepairFrame)
        let track = try #require(tracker.tracks.first)
        #expect(track.lastMatch == nil)
        #expect(abs(track.box.width - 0.6) < 1e-9)
    }

    /// A search's tracker takes two nested boxes of its class (a cup, and the cup with its saucer) as one object: one
    /// track, the older identity, following the more confident box; apart from a search they stay two.
    @Test func nestedBoxesOfOneClassAreOneObjectInASearch() throws {
        let withSaucer = Detection(classIndex: Cups.classIndex, label: "cup", confidence: 0.6,
                                   box: NormalizedRect(x: 0.55, y: 0.2, width: 0.45, height: 0.78))
        let cup = Detection(classIndex: Cups.classIndex, label: "cup", confidence: 0.8,
                            box: NormalizedRect(x: 0.65, y: 0.2, width: 0.33, height: 0.48))
        func tracked(_ configuration: MultiObjectTracker.Configuration) -> [Track] {
            var tracker = MultiObjectTracker(configuration: configuration)
            tracker.update(detections: [withSaucer], timestamp: 0)
            for frame in 1...4 { tracker.update(detections: [cup, withSaucer], timestamp: 0.1 * Double(frame)) }
            return tracker.tracks
        }
        let search = tracked(GuidanceConfiguration().tracker)
        #expect(search.count == 1)
        let merged = try #require(search.first)
        #expect(merged.id == 1)
        #expect(merged.box == cup.box)
        #expect(tracked(MultiObjectTracker.Configuration()).count == 2)
    }

    @Test func repairFramesFreezeTheMotionOfMissingTracks() throws {
        var tracker = MultiObjectTracker()
        tracker.update(detections: [Cups.at(0.30)], timestamp: 0)
        tracker.update(detections: [Cups.at(0.32)], timestamp: 0.2)
        for frame in 3...15 { tracker.update(detections: [], timestamp: 0.2 * Double(frame - 1)) }
        let frozen = try #require(tracker.tracks.first)
        #expect(frozen.velocity == .zero)
        #expect(!frozen.hasVelocity)
        // The prediction horizon bounded the coasting: 0.1 a second for at most half a second.
        #expect(abs(frozen.box.midX - 0.37) < 1e-9)
        tracker.predict(timestamp: 5)
        #expect(abs(try #require(tracker.tracks.first).box.midX - 0.37) < 1e-9)
    }

    @Test func predictionsStayInsideThePicture() throws {
        var tracker = MultiObjectTracker()
        tracker.update(detections: [Cups.at(0.90)], timestamp: 0)
        tracker.update(detections: [Cups.at(0.98)], timestamp: 0.1)
        tracker.predict(timestamp: 0.6)
        #expect(try #require(tracker.tracks.first).box.midX == 1)
    }
}
