import Foundation
import Testing
@testable import BeaconCore

@Suite struct HazardMonitorTests {
    /// A person `distance` metres away (45° vertical view), in the middle unless told.
    static func person(at distance: Double, midX: Double = 0.5) -> Detection {
        let height = SceneStreams.fraction(1.7, at: distance, fieldOfView: 45)
        return SceneStreams.detection("person", midX: midX, width: height * 0.3, height: height)
    }

    static func car(at distance: Double, midX: Double = 0.3) -> Detection {
        let height = SceneStreams.fraction(1.5, at: distance, fieldOfView: 45)
        return SceneStreams.detection("car", midX: midX, midY: 0.6, width: height * 2, height: height)
    }

    /// Runs a monitor over detector frames 0.2 s apart; returns its alerts with their frame index.
    static func watch(_ monitor: inout HazardMonitor, frames count: Int,
                      _ scene: (Int) -> [Detection]) -> [(frame: Int, alert: HazardAlert)] {
        var alerts: [(Int, HazardAlert)] = []
        for (index, frame) in SceneStreams.frames(count: count, scene).enumerated() {
            alerts += monitor.update(detections: frame.detections, timestamp: frame.timestamp).map { (index, $0) }
        }
        return alerts
    }

    @Test func aHazardStandingStillIsAlertedOnceAndAgainWhenItComesClose() throws {
        var monitor = HazardMonitor()
        let alerts = Self.watch(&monitor, frames: 125) { _ in [Self.person(at: 4)] } // 25 s
        // Confirmed at 0.4 s; a person who stays where they are is not news again.
        #expect(alerts.map(\.frame) == [2])
        let first = try #require(alerts.first?.alert)
        #expect(first.label == "person" && first.clock.hour == 12 && !first.isApproaching && first.urgency == .warning)
        guard case .distance(let distance) = first.proximity else { Issue.record("\(first.proximity)"); return }
        #expect(distance.kind == .about && distance.metres == 4 && abs(distance.unroundedMetres - 4) < 1e-9)
        #expect(first.hapticPattern == .hazard)
        // The same person, later much nearer (a step at a time, so the tracker keeps them): warned again, as close.
        var nearing = HazardMonitor()
        let steps = Self.watch(&nearing, frames: 150) { frame in [Self.person(at: frame < 60 ? 4 : max(1.6, 4 - Double(frame - 60) * 0.03))] }
        #expect(steps.count == 2, "\(steps.map(\.frame))")
        #expect(steps.last?.alert.isClose == true)
    }

    @Test func eachClassHasItsOwnCooldownAndItCanBeSetPerClass() {
        var configuration = HazardMonitor.Configuration()
        configuration.classCooldowns["car"] = 5
        var monitor = HazardMonitor(configuration: configuration)
        // A second person and a second car come into view 2 s after the first ones: each waits for its class's
        // cooldown.
        let alerts = Self.watch(&monitor, frames: 60) { frame in
            [Self.person(at: 5, midX: 0.2), Self.car(at: 12, midX: 0.3)]
                + (frame >= 10 ? [Self.person(at: 5, midX: 0.85), Self.car(at: 12, midX: 0.75)] : [])
        }
        #expect(alerts.filter { $0.alert.label == "person" }.map(\.frame) == [2, 52])
        #expect(alerts.filter { $0.alert.label == "car" }.map(\.frame) == [2, 27])
        // Several people: one alert for the class, about the nearest.
        var crowd = HazardMonitor()
        let crowdAlerts = Self.watch(&crowd, frames: 10) { _ in
            [Self.person(at: 6, midX: 0.2), Self.person(at: 3, midX: 0.85), Self.person(at: 8, midX: 0.5)]
        }
        #expect(crowdAlerts.count == 1)
        #expect(crowdAlerts.first?.alert.clock.hour == 1)
    }

    @Test func onlyTheUsersHazardClassesAboveTheirThresholdCount() {
        var monitor = HazardMonitor()
        let chair = SceneStreams.detection("chair", midX: 0.5, width: 0.2, height: 0.3)
        var weakDog = SceneStreams.detection("dog", midX: 0.3, midY: 0.7, width: 0.2, height: 0.2)
        weakDog.confidence = 0.4
        #expect(Self.watch(&monitor, frames: 20) { _ in [chair, weakDog] }.isEmpty)

        var configuration = HazardMonitor.Configuration()
        configuration.hazardLabels = ["dog"]
        var dogsOnly = HazardMonitor(filter: DetectionFilter(minimumConfidence: 0.3), configuration: configuration)
        let alerts = Self.watch(&dogsOnly, frames: 20) { _ in [chair, weakDog, Self.person(at: 3)] }
        #expect(alerts.map(\.alert.label) == ["dog"])

        var ignoring = HazardMonitor(filter: DetectionFilter(ignoredLabels: ["person"]))
        #expect(Self.watch(&ignoring, frames: 20) { _ in [Self.person(at: 3)] }.isEmpty)
    }

    @Test func closenessComesFromTheDistanceOrTheBox() throws {
        func proximity(_ detection: Detection) throws -> HazardAlert.Proximity {
            var monitor = HazardMonitor()
            return try #require(Self.watch(&monitor, frames: 3) { _ in [detection] }.first?.alert.proximity)
        }
        func dog(at distance: Double) -> Detection {
            let height = SceneStreams.fraction(0.6, at: distance, fieldOfView: 45)
            return SceneStreams.detection("dog", midX: 0.5, width: height * 1.2, height: height)
        }
        #expect(try proximity(dog(at: 1.8)) == .close)
        guard case .distance(let distance) = try proximity(dog(at: 2.5)) else { Issue.record("not a distance"); return }
        #expect(distance.metres == 2.5 && distance.kind == .about)
        // A person whose feet the picture cuts off, filling most of it: within about 2.6 m, which counts as close.
        let cut = Detection(classIndex: 0, label: "person", confidence: 0.9,
                            box: NormalizedRect(x: 0.35, y: 0.2, width: 0.3, height: 0.8))
        #expect(try proximity(cut) == .close)
        // A bus cut off at the top: its bound (over 7 m) says nothing, but a box this large is close.
        let bus = Detection(classIndex: 5, label: "bus", confidence: 0.9, box: NormalizedRect(x: 0.1, y: 0, width: 0.8, height: 0.5))
        #expect(try proximity(bus) == .close)
        // A sliver of a person at the bottom edge: nothing says how close.
        let sliver = Detection(classIndex: 0, label: "person", confidence: 0.9,
                               box: NormalizedRect(x: 0.4, y: 0.9, width: 0.1, height: 0.1))
        #expect(try proximity(sliver) == .unknown)
    }

    /// A person walking at the camera: the box's area grows 10 % a detector frame (61 % a second).
    @Test func anApproachingHazardIsUrgentOnceAndSkipsTheCooldown() throws {
        var monitor = HazardMonitor()
        let alerts = Self.watch(&monitor, frames: 30) { index in
            let distance = index < 10 ? 10.0 : 10 / pow(1.1, Double(index - 9) / 2)
            return [Self.person(at: distance)]
        }
        // The plain alert at 0.4 s; the approach starts at frame 10 and, fitted over the last second, shows 30 %
        // growth at frame 12. Nothing more within the cooldown, though it keeps coming.
        #expect(alerts.map(\.frame) == [2, 12])
        let urgent = try #require(alerts.last?.alert)
        #expect(urgent.isApproaching && urgent.urgency == .urgent && urgent.hapticPattern == .approachingHazard)
        // Its true time to contact is 2 / (ln 1.1 / 0.2 s) = 4.2 s; the fit still includes the still frames, so it
        // says more, but under the 7.6 s that 30 % a second means.
        let timeToContact = try #require(urgent.timeToContact)
        #expect(timeToContact > 4.19 && timeToContact < 7.6, "\(timeToContact) s")
    }

    @Test func aStillHazardWithJitteryBoxesIsNotApproaching() {
        var monitor = HazardMonitor()
        // ±6 % in area from frame to frame, as a detector's boxes wobble on a still person.
        let alerts = Self.watch(&monitor, frames: 50) { index in
            [Self.person(at: 5 * (index % 2 == 0 ? 1.03 : 0.97))]
        }
        #expect(!alerts.contains { $0.alert.isApproaching })
        #expect(alerts.count == 1)
    }

    @Test func slowGrowthIsNotAnApproach() {
        var monitor = HazardMonitor()
        // 2 % a frame: 10 % a second, contact in 20 s.
        let alerts = Self.watch(&monitor, frames: 40) { [Self.person(at: 10 / pow(1.02, Double($0) / 2))] }
        #expect(!alerts.contains { $0.alert.isApproaching })
    }

    @Test func aBoxGrowingAsItSlidesIntoViewIsNotAnApproach() {
        var monitor = HazardMonitor()
        // A car entering from the left edge: its box widens while it stays cut by the edge.
        let alerts = Self.watch(&monitor, frames: 12) { index in
            let width = min(0.6, 0.1 + 0.08 * Double(index))
            return [Detection(classIndex: 2, label: "car", confidence: 0.9,
                              box: NormalizedRect(x: 0, y: 0.4, width: width, height: 0.3))]
        }
        #expect(alerts.count == 1)
        #expect(!alerts.contains { $0.alert.isApproaching })
    }

    @Test func urgentAlertsComeFirstThenTheNearest() throws {
        // A car 30 m away closing 15 % of the gap a frame, and a person 3 m away, standing.
        func scene(carApproaches: Bool) -> (Int) -> [Detection] {
            { index in [Self.person(at: 3, midX: 0.8), Self.car(at: carApproaches ? 30 / pow(1.15, Double(index)) : 30)] }
        }
        var monitor = HazardMonitor()
        let alerts = Self.watch(&monitor, frames: 5, scene(carApproaches: true))
        #expect(alerts.map(\.alert.label) == ["car", "person"])
        #expect(alerts.map(\.alert.isApproaching) == [true, false])
        var still = HazardMonitor()
        #expect(Self.watch(&still, frames: 5, scene(carApproaches: false)).map(\.alert.label) == ["person", "car"])
    }
}
