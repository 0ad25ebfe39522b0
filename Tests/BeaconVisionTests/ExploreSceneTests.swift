import BeaconCore
import Foundation
import Testing
@testable import BeaconVision

/// The explore report (FR16) of real photos with yolox_nano.
@Suite(.serialized) struct ExploreSceneTests {
    /// A camera seeing 60° along the photo's long side, as the default camera does, whichever way it was held.
    static func camera(for frame: Frame) -> CameraFieldOfView {
        let short = 2 * atan(tan(30 * Double.pi / 180) * Double(min(frame.width, frame.height))
                             / Double(max(frame.width, frame.height))) * 180 / .pi
        return frame.width >= frame.height ? CameraFieldOfView(horizontal: 60, vertical: short)
                                           : CameraFieldOfView(horizontal: short, vertical: 60)
    }

    static func report(_ photo: String) throws -> SceneDescription? {
        guard let detector = try DetectorTests.detector("yolox_nano.onnx", confidence: 0.3),
              let frame = try DetectorTests.photo(photo) else { return nil }
        let report = SceneDescriber(camera: camera(for: frame)).describe(try detector.detect(frame))
        print("\(photo): " + report.items.map(Self.describe).joined(separator: "; ")
              + (report.omittedObjectCount > 0 ? "; \(report.omittedObjectCount) more" : ""))
        return report
    }

    static func describe(_ item: SceneItem) -> String {
        let distance = item.distance.map { ($0.kind == .atMost ? " within" : " about") + " \($0.metres) m" } ?? ""
        return "\(item.rank). \(item.count) \(item.label) at \(item.clock.hour)\(distance)"
    }

    @Test func theBusPhotoReportsTheBusAndItsPeopleFirst() throws {
        guard let report = try Self.report("bus.jpg") else { return }
        #expect(report.items.contains { $0.label == "bus" }, "\(report.items.map(Self.describe))")
        let people = report.items.filter { $0.label == "person" }
        #expect(people.reduce(0) { $0 + $1.count } >= 3, "\(report.items.map(Self.describe))")
        #expect(report.items.allSatisfy { (1...12).contains($0.clock.hour) })
        // People and the bus before anything small.
        let firstSmall = report.items.firstIndex { !$0.isPriority } ?? report.items.count
        let lastLarge = report.items.lastIndex { $0.label == "person" || $0.label == "bus" } ?? -1
        #expect(lastLarge < firstSmall, "\(report.items.map(Self.describe))")
        #expect(report.items.count >= 2 && report.items.count <= 8)
        #expect(report.items.map(\.rank) == Array(1...report.items.count))
    }

    @Test func theFootballPhotoReportsTwoPeople() throws {
        guard let report = try Self.report("zidane.jpg") else { return }
        let people = report.items.filter { $0.label == "person" }
        #expect(people.reduce(0) { $0 + $1.count } == 2, "\(report.items.map(Self.describe))")
        #expect(Set(report.items.map(\.label)).isSubset(of: ["person", "tie"]), "\(report.items.map(Self.describe))")
        #expect(report.items.first?.label == "person")
    }
}
