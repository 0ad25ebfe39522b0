import Testing
@testable import BeaconCore

@Suite struct ContinuousScannerTests {
    static let chair = SceneStreams.detection("chair", midX: 0.2, midY: 0.6, width: 0.15, height: 0.3)
    static let person = SceneStreams.detection("person", midX: 0.7, width: 0.12, height: 0.4)
    static let cup = SceneStreams.detection("cup", midX: 0.5, midY: 0.7, width: 0.1, height: 0.15)

    /// Runs a scanner over detector frames 0.2 s apart; returns what it reported, with the frame index.
    static func scan(_ scanner: inout ContinuousScanner, frames count: Int,
                     _ scene: (Int) -> [Detection]) -> [(frame: Int, object: EnteredObject)] {
        var reports: [(Int, EnteredObject)] = []
        for (index, frame) in SceneStreams.frames(count: count, scene).enumerated() {
            reports += scanner.update(detections: frame.detections, timestamp: frame.timestamp).map { (index, $0) }
        }
        return reports
    }

    @Test func anObjectThatEntersAndStaysIsReportedOnce() throws {
        var scanner = ContinuousScanner()
        let reports = Self.scan(&scanner, frames: 50) { $0 >= 3 ? [Self.chair] : [] }
        #expect(reports.count == 1)
        let report = try #require(reports.first)
        // Seen at 0.6, 0.8 and 1.0 s: two sightings 0.3 s apart are needed, so it is said at 1.0 s.
        #expect(report.frame == 5)
        #expect(report.object.label == "chair" && report.object.clock.hour == 11 && report.object.isPriority)
        #expect(report.object.distance?.kind == .about)
    }

    @Test func aFlickerIsNeverReported() {
        var scanner = ContinuousScanner()
        // One frame in four: each sighting is forgotten (three misses) before the next.
        #expect(Self.scan(&scanner, frames: 60) { $0 % 4 == 0 ? [Self.chair] : [] }.isEmpty)
        var single = ContinuousScanner()
        #expect(Self.scan(&single, frames: 10) { $0 == 2 ? [Self.chair] : [] }.isEmpty)
    }

    @Test func missedFramesAndAShortAbsenceDoNotRepeatIt() {
        var scanner = ContinuousScanner()
        // Seen, with a missed frame now and then, then gone for 2 s (10 frames), then back in the same place.
        let reports = Self.scan(&scanner, frames: 60) { index in
            if index % 5 == 4 || (20..<30).contains(index) { return [] }
            return [Self.chair]
        }
        #expect(reports.count == 1)
    }

    @Test func anObjectGoneForMoreThanThreeSecondsIsReportedAgain() {
        var scanner = ContinuousScanner()
        // Gone from frame 20 to 39 (4 s), back from frame 40.
        let reports = Self.scan(&scanner, frames: 60) { (20..<40).contains($0) ? [] : [Self.chair] }
        #expect(reports.map(\.frame) == [2, 42])
        #expect(Set(reports.map(\.object.id)).count == 2)
    }

    /// A quick turn moves the chair half the picture between two detector frames: with the camera's motion the
    /// scanner knows it is the same chair; without it, it cannot tell.
    @Test(arguments: [true, false])
    func aQuickTurnIsTheSameChairWhenTheCameraMotionIsKnown(motionKnown: Bool) {
        var scanner = ContinuousScanner()
        var reports: [EnteredObject] = []
        for index in 0..<20 {
            var chair = Self.chair
            if index >= 10 {
                chair.box.x += 0.5
                if index == 10 && motionKnown { scanner.move(with: CameraMotion(dx: 0.5, dy: 0)) }
            }
            reports += scanner.update(detections: [chair], timestamp: Double(index) * 0.2)
        }
        #expect(reports.count == (motionKnown ? 1 : 2))
    }

    @Test func whenSeveralEnterPeopleAndObstaclesComeFirstThenTheNearest() {
        var scanner = ContinuousScanner()
        let near = SceneStreams.detection("person", midX: 0.3, width: 0.2, height: 0.8)
        let reports = Self.scan(&scanner, frames: 10) { _ in [Self.cup, Self.person, Self.chair, near] }
        #expect(reports.map(\.frame) == [2, 2, 2, 3])
        #expect(reports.map(\.object.label) == ["person", "chair", "person", "cup"])
        #expect(reports[0].object.box == near.box)
    }

    @Test func atMostAFewAFrameAndTheRestFollow() {
        var configuration = ContinuousScanner.Configuration()
        configuration.maximumPerFrame = 2
        var scanner = ContinuousScanner(configuration: configuration)
        let things = (0..<5).map { SceneStreams.detection("bottle", midX: 0.1 + 0.2 * Double($0), width: 0.05, height: 0.1) }
        let reports = Self.scan(&scanner, frames: 10) { _ in things }
        #expect(reports.map(\.frame) == [2, 2, 3, 3, 4])
        #expect(Set(reports.map(\.object.id)).count == 5)
    }

    @Test func ignoredClassesAndWeakDetectionsAreNeverReported() {
        var scanner = ContinuousScanner(filter: DetectionFilter(minimumConfidence: 0.6, ignoredLabels: ["chair"]))
        var weakPerson = Self.person
        weakPerson.confidence = 0.55
        #expect(Self.scan(&scanner, frames: 20) { _ in [Self.chair, weakPerson] }.isEmpty)
        // A dip below the threshold keeps an object that is there; it is not reported twice.
        var dipping = ContinuousScanner(filter: DetectionFilter(minimumConfidence: 0.6))
        let reports = Self.scan(&dipping, frames: 30) { index in
            var person = Self.person
            person.confidence = (8..<24).contains(index) ? 0.3 : 0.9
            return [person]
        }
        #expect(reports.count == 1)
    }

    @Test func twoObjectsOfAClassInDifferentPlacesAreBothReported() {
        var scanner = ContinuousScanner()
        var other = Self.chair
        other.box.x = 0.7
        let reports = Self.scan(&scanner, frames: 10) { _ in [Self.chair, other] }
        #expect(reports.count == 2)
        #expect(reports.map(\.object.clock.hour).sorted() == [1, 11])
    }
}
