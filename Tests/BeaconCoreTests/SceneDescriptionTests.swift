import Foundation
import Testing
@testable import BeaconCore

@Suite struct SceneDescriptionTests {
    let describer = SceneDescriber()

    func person(_ midX: Double, metres distance: Double) -> Detection {
        SceneStreams.detection("person", midX: midX, width: 0.1, height: SceneStreams.fraction(1.7, at: distance, fieldOfView: 45))
    }

    func chair(_ midX: Double, metres distance: Double, confidence: Double = 0.9) -> Detection {
        SceneStreams.detection("chair", midX: midX, width: 0.1, height: SceneStreams.fraction(0.9, at: distance, fieldOfView: 45),
                               confidence: confidence)
    }

    func cup(_ midX: Double, metres distance: Double) -> Detection {
        SceneStreams.detection("cup", midX: midX, width: 0.1, height: SceneStreams.fraction(0.1, at: distance, fieldOfView: 45))
    }

    @Test func sameClassAtTheSameHourIsOneItemWithACount() throws {
        let report = describer.describe([chair(0.1, metres: 3), chair(0.2, metres: 2), chair(0.85, metres: 4)])
        #expect(report.items.map(\.label) == ["chair", "chair"])
        let left = report.items[0]
        #expect(left.count == 2 && left.clock.hour == 11, "\(left)")
        #expect(left.distance?.metres == 2, "the nearer chair's distance")
        #expect(report.items[1].count == 1 && report.items[1].clock.hour == 1)
        #expect(report.items.map(\.rank) == [1, 2])
        #expect(report.omittedObjectCount == 0)
    }

    @Test func clockHoursAreTheNearestHour() {
        let report = describer.describe([cup(0.5, metres: 1), cup(0.7, metres: 1), cup(0.05, metres: 1), cup(0.95, metres: 1)])
        #expect(Set(report.items.map(\.clock.hour)) == [11, 12, 1])
        #expect(report.items.first { $0.clock.hour == 12 }?.count == 2, "0.5 and 0.7 are within 15° of straight ahead")
        // A wider lens reaches further round the clock.
        let wide = SceneDescriber(camera: CameraFieldOfView(horizontal: 120, vertical: 90)).describe([cup(0.97, metres: 1)])
        #expect(wide.items.first?.clock.hour == 2)
    }

    @Test func peopleAndObstaclesComeBeforeSmallThingsThenTheNearest() {
        let report = describer.describe([cup(0.5, metres: 0.5), person(0.2, metres: 8), chair(0.8, metres: 2),
                                         person(0.85, metres: 3)])
        #expect(report.items.map(\.label) == ["chair", "person", "person", "cup"], "\(report.items.map(\.label))")
        #expect(report.items.map(\.clock.hour) == [1, 1, 11, 12])
        #expect(report.items.map(\.isPriority) == [true, true, true, false])
    }

    @Test func theThresholdAndIgnoredClassesLeaveDetectionsOut() {
        let detections = [chair(0.5, metres: 2, confidence: 0.4), person(0.5, metres: 3), cup(0.2, metres: 1)]
        #expect(describer.describe(detections).items.map(\.label) == ["person", "cup"])
        let picky = SceneDescriber(filter: DetectionFilter(minimumConfidence: 0.3, ignoredLabels: ["person"]))
        #expect(picky.describe(detections).items.map(\.label) == ["chair", "cup"])
        #expect(describer.describe([]).isEmpty)
    }

    @Test func theReportKeepsTheMostImportantEightAndCountsTheRest() throws {
        // Eight small things 1 to 8 m away, and four people and chairs behind all of them.
        let small: [(String, Double)] = [("cup", 0.1), ("bottle", 0.25), ("book", 0.23), ("cell phone", 0.15),
                                         ("vase", 0.3), ("wine glass", 0.2), ("teddy bear", 0.3), ("toaster", 0.2)]
        var detections = small.enumerated().map { index, thing in
            SceneStreams.detection(thing.0, midX: 0.5, width: 0.05,
                                   height: SceneStreams.fraction(thing.1, at: Double(index + 1), fieldOfView: 45))
        }
        detections += [person(0.5, metres: 6), chair(0.5, metres: 5), person(0.1, metres: 4), chair(0.9, metres: 9)]
        let report = describer.describe(detections.reversed())
        #expect(report.items.count == 8)
        #expect(report.items.map(\.label) == ["person", "chair", "person", "chair", "cup", "bottle", "book", "cell phone"])
        #expect(report.items.map(\.distance?.metres) == [4, 5, 6, 9, 1, 2, 3, 4])
        #expect(report.items.map(\.rank) == Array(1...8))
        #expect(report.omittedObjectCount == 4)
    }
}
