import BeaconCore
import Foundation
import Testing
@testable import BeaconVision

/// The explore report (FR16) of real photos with yolox_nano, and how the explore capture judges real photos, sharp,
/// blurred and dark.
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

    // MARK: Clarity of real frames

    /// Each channel averaged over a (2·radius + 1)² square: the blur of a lens out of focus or a shaking hand.
    static func boxBlurred(_ frame: Frame, radius: Int) -> Frame {
        let width = frame.width, height = frame.height
        var pixels = frame.rgb.map(Int.init)
        func blurLines(count: Int, length: Int, index: (Int, Int) -> Int) {
            var line = [Int](repeating: 0, count: length)
            for lineIndex in 0..<count {
                for channel in 0..<3 {
                    for position in 0..<length { line[position] = pixels[index(lineIndex, position) * 3 + channel] }
                    var sum = 0
                    for offset in -radius...radius { sum += line[min(length - 1, max(0, offset))] }
                    for position in 0..<length {
                        pixels[index(lineIndex, position) * 3 + channel] = sum / (2 * radius + 1)
                        sum += line[min(length - 1, position + radius + 1)] - line[max(0, position - radius)]
                    }
                }
            }
        }
        blurLines(count: height, length: width) { row, column in row * width + column }
        blurLines(count: width, length: height) { column, row in row * width + column }
        return Frame(width: width, height: height, rgb: pixels.map { UInt8(clamping: $0) })
    }

    static func darkened(_ frame: Frame, by factor: Double) -> Frame {
        Frame(width: frame.width, height: frame.height, rgb: frame.rgb.map { UInt8((Double($0) * factor).rounded()) })
    }

    /// Sharper frames rank higher however far past text-sharpness they are blurred, and only a nearly black frame is
    /// too dark; the detector still finds the photo's objects in the blurred and the dim copies.
    @Test(arguments: ["bus.jpg", "zidane.jpg", "coffee.png"])
    func sharperFramesRankHigherAndOnlyNearlyBlackOnesAreTooDark(photo: String) throws {
        guard let frame = try DetectorTests.photo(photo), let detector = try DetectorTests.detector("yolox_nano.onnx") else {
            return
        }
        var meter = SharpnessMeter()
        var capture = ExploreCapture<Int>()
        let versions = [("sharp", frame), ("blur 2", Self.boxBlurred(frame, radius: 2)), ("blur 8", Self.boxBlurred(frame, radius: 8)),
                        ("dim", Self.darkened(frame, by: 0.12)), ("black", Self.darkened(frame, by: 0.015))]
        var lines: [String] = []
        var clarities: [FrameClarity] = []
        var found: [Int] = []
        for (name, version) in versions {
            let clarity = capture.clarity(of: meter.measure(version))
            clarities.append(clarity)
            found.append(try detector.detect(version).count)
            lines.append("\(name): sharpness \(String(format: "%.1f", clarity.sharpness)), brightness "
                         + "\(String(format: "%.1f", clarity.brightness)), \(found.last!) detections")
        }
        print("\(photo): " + lines.joined(separator: "; "))
        #expect(clarities[0].sharpness > clarities[1].sharpness && clarities[1].sharpness > clarities[2].sharpness, "\(lines)")
        #expect(clarities[0...3].allSatisfy(\.isClear) && !clarities[4].isClear, "\(lines)")
        #expect(found[0...3].allSatisfy { $0 > 0 }, "\(lines)")

        // Offered the blurred, the sharp and the slightly blurred frame, the capture tries the sharp one.
        var effects: [ExploreCapture<Int>.Effect] = []
        for index in [2, 0, 1] { effects = capture.handle(.frame(index, meter.measure(versions[index].1))) }
        guard case .detect(let chosen, _) = effects.first else { Issue.record("no frame chosen: \(effects)"); return }
        #expect(chosen == 0)
        let admitted = DetectionFilter().apply(try detector.detect(versions[chosen].1)).count
        guard case .describe = capture.handle(.detected(count: admitted)).first else {
            Issue.record("\(photo) found nothing to describe")
            return
        }
    }
}
