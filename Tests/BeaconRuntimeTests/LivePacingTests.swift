import BeaconCore
import Foundation
import Testing
@testable import BeaconRuntime
import BeaconAudio
import BeaconMedia
import BeaconTestDoubles
import BeaconTestSupport

/// The live loop keeps to its pace limits: the detector rests between runs and takes only the newest frame after,
/// and the frame pump leaves out frames beyond the allowed rate. Judged on counts, not on timings.
@Suite("Live pacing")
struct LivePacingTests {
    static func frame(_ index: Int) -> Frame { RecordedFrames.frame(index) }

    /// The frames a detector was run on, in order.
    final class DetectorLog: @unchecked Sendable {
        private let lock = NSLock()
        private var runs: [(frame: Int, start: Double, end: Double)] = []

        func detect(_ frame: Frame, seconds: Double) -> [Detection] {
            let start = Monotonic.seconds()
            Thread.sleep(forTimeInterval: seconds)
            let end = Monotonic.seconds()
            lock.withLock { runs.append((frame.index, start, end)) }
            return []
        }

        var all: [(frame: Int, start: Double, end: Double)] { lock.withLock { runs } }
    }

    @Test("While the detector rests, offered frames replace one another and only the newest is detected")
    func detectorRestsAndTakesTheNewest() throws {
        let log = DetectorLog()
        let worker = DetectorWorker(detect: { frame, _ in log.detect(frame, seconds: 0.02) })
        defer { worker.stop() }
        // Keeping 2 % of the free-running rate: a rest of 49 times each run, about a second here.
        worker.limit(to: PaceLimits(detectionRateFactor: 0.02))
        worker.offer(Self.frame(0), at: 0)
        _ = try worker.drain()
        for index in 1...20 { worker.offer(Self.frame(index), at: 0) }
        let results = try worker.drain()
        #expect(results.map(\.frame.index) == [20])
        let runs = log.all
        #expect(runs.map(\.frame) == [0, 20])
        // A lower bound only, which a busy machine cannot break: the second run did not start before the rest ended.
        if runs.count == 2 { #expect(runs[1].start - runs[0].end >= 49 * (runs[0].end - runs[0].start)) }
    }

    @Test("Lifting the limits ends a rest at once", .timeLimit(.minutes(1)))
    func liftingTheLimitsEndsTheRest() throws {
        let log = DetectorLog()
        let worker = DetectorWorker(detect: { frame, _ in log.detect(frame, seconds: 0.01) })
        defer { worker.stop() }
        // A rest of about 100 s: the test would time out if it were waited out.
        worker.limit(to: PaceLimits(detectionRateFactor: 0.0001))
        worker.offer(Self.frame(0), at: 0)
        _ = try worker.drain()
        worker.offer(Self.frame(1), at: 0)
        worker.limit(to: .unlimited)
        #expect(try worker.drain().map(\.frame.index) == [1])
    }

    @Test("The frame pump hands on half the frames at a factor of 0.5, by their timestamps")
    func pumpSkipsFramesBeyondTheRate() {
        let inbox = LiveInbox()
        defer { inbox.close() }
        inbox.limitFrameRate(to: 0.5)
        inbox.pump(RecordedFrames(count: 300))
        var handedOn = 0
        while let item = inbox.next(timeout: 10) {
            if case .frame = item { handedOn += 1 }
            if case .ended = item { break }
        }
        // The first two frames pass while the pump learns the frame interval, then every other one.
        #expect((149...150).contains(inbox.skippedFrames))
        #expect(handedOn <= 300 - inbox.skippedFrames)
    }

    @Test("On a battery at 14 % a live find halves its frames and says so once")
    func liveFindOnBatterySaver() throws {
        var configuration = AssistantSession.Configuration()
        configuration.job = .findObject(SearchTarget(label: "cup", classIndex: 41), GuidanceConfiguration())
        let engines = AssistantEngines(detector: { ScriptedDetector { _ in [] } }, textReader: { throw EngineUnused() })
        let output = try MixerOutput(destination: .nowhere, synthesizer: SilentSpeech(), voice: "en")
        let transcript = TranscriptRecorder()
        let runner = AssistantRunner(session: AssistantSession(configuration: configuration), engines: engines,
                                     output: output, store: nil, options: .init(printJSON: false, printSpeech: true),
                                     transcript: transcript)
        // Four seconds played in real time: time enough to say "Looking for cup." and then the battery, once.
        try AssistantLiveLoop(runner: runner, source: RecordedFrames(count: 120), engines: engines,
                              power: FixedPowerSensor(PowerReading(batteryPercent: 14, charging: false)), commands: .none)
            .run(settingsUnreadable: false)
        let statistics = runner.statistics
        #expect((55...60).contains(statistics.skippedFrames), "about half of 120 frames left out")
        #expect(statistics.powerChanges == [.saverOn(.battery(percent: 14))])
        #expect(statistics.paceLimits.frameRateFactor == 0.5)
        #expect(transcript.lines.filter { $0 == "Battery at 14 percent; battery saver on." }.count == 1, "\(transcript.lines)")
    }

    struct EngineUnused: Error {}
}
