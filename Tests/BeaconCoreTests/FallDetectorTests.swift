import BeaconBench
import Foundation
import Testing
@testable import BeaconCore

/// The fall detector on IMU recordings generated from physics with noise (`IMUSequences`): every fall raises the
/// alarm, and no everyday movement does.
@Suite struct FallDetectorTests {
    static let falls = IMUSequences.fallNames.flatMap { name in (1...5).map { IMUSequences.recording(name, seed: UInt64($0)) } }
    static let everyday = IMUSequences.everydayNames.flatMap { name in
        (1...5).map { IMUSequences.recording(name, seed: UInt64($0)) }
    }

    /// Every fall the detector reports in a recording, and why it let the last candidate go.
    static func run(_ recording: IMURecording) -> (falls: [FallDetector.Fall], rejection: FallDetector.Rejection?) {
        var detector = FallDetector()
        let found = recording.samples.compactMap { detector.add($0) }
        return (found, detector.lastRejection)
    }

    @Test(arguments: falls.map(Named.init))
    func everyFallIsDetectedOnce(_ named: Named) {
        let (found, rejection) = Self.run(named.recording)
        #expect(found.count == 1, "\(named.recording.name): \(found), last rejection \(String(describing: rejection))")
        guard let fall = found.first, case .motion(let drop, let impact, let change) = fall.evidence else { return }
        #expect(drop >= 0.1 && drop < 0.6 && impact >= 2.5 && change >= 50)
    }

    @Test(arguments: everyday.map(Named.init))
    func everydayMovementNeverAlarms(_ named: Named) {
        let (found, rejection) = Self.run(named.recording)
        #expect(found.isEmpty, "\(named.recording.name) alarmed: \(found), last rejection \(String(describing: rejection))")
    }

    /// The cases that come closest, and the rule that stops each.
    @Test func eachNearMissIsStoppedByTheRuleMeantForIt() {
        let sat = Self.run(IMUSequences.recording("sitting down fast", seed: 1)).rejection
        if case .upright(let degrees)? = sat { #expect(degrees < 30) } else { Issue.record("sitting: \(String(describing: sat))") }
        let bed = Self.run(IMUSequences.recording("dropped on a bed", seed: 1)).rejection
        if case .weightless? = bed {} else { Issue.record("bed: \(String(describing: bed))") }
        let jump = Self.run(IMUSequences.recording("jumping", seed: 1)).rejection
        if case .weightless? = jump {} else { Issue.record("jumping: \(String(describing: jump))") }
    }

    @Test func aFallLongAfterTheStartIsFoundAndTheDetectorRestsAfterIt() {
        var detector = FallDetector()
        let first = IMUSequences.recording("fall forward", seed: 2)
        let second = IMUSequences.recording("fall sideways", seed: 3).delayed(by: first.samples.last!.timestamp + 0.02)
        let found = (first.samples + second.samples).compactMap { detector.add($0) }
        #expect(found.count == 2, "\(found)")
    }

    // MARK: - Camera height

    static func heights(_ recording: IMURecording) -> [FallDetector.Fall] {
        var detector = FallDetector()
        return zip(recording.samples, recording.heights ?? []).compactMap { detector.addCameraHeight($1, at: $0.timestamp) }
    }

    @Test func theCameraHeightRuleFindsFallsAndNotSittingDownOrBending() {
        for recording in Self.falls {
            #expect(Self.heights(recording).count == 1, "\(recording.name)")
        }
        for recording in Self.everyday where recording.heights != nil {
            #expect(Self.heights(recording).isEmpty, "\(recording.name)")
        }
    }

    @Test func aDropThatEndsSeatedIsNoFall() {
        // Guider's rule alone (40 cm in 0.5 s) would alarm here: 1.3 m to 0.85 m in 0.4 s.
        var detector = FallDetector()
        let heights = stride(from: 0.0, through: 3, by: 0.02).map { t in (t, t < 1 ? 1.3 : t < 1.4 ? 1.3 - (t - 1) * 1.1 : 0.86) }
        #expect(heights.compactMap { detector.addCameraHeight($1, at: $0) }.isEmpty)
    }

    // MARK: - The recordings read back through the parser

    @Test func recordingsWrittenAsCSVAndJSONLinesReadBackTheSame() {
        let recording = IMUSequences.recording("fall backward", seed: 4)
        for text in [recording.csv, recording.jsonLines] {
            var parser = IMULineParser()
            let samples = text.split(separator: "\n").compactMap { line -> IMUSample? in
                if case .sample(let sample) = parser.parse(String(line)) { return sample }
                return nil
            }
            #expect(samples.count == recording.samples.count)
            var detector = FallDetector()
            #expect(samples.compactMap { detector.add($0) }.count == 1)
        }
    }
}

/// A recording named for test output.
struct Named: Sendable, CustomTestStringConvertible {
    let recording: IMURecording
    var testDescription: String { recording.name }
}
