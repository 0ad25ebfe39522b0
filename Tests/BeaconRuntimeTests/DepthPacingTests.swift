import BeaconCore
import Foundation
import Testing
@testable import BeaconRuntime
import BeaconAudio
import BeaconMedia
import BeaconTestDoubles
import BeaconTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Depth in the assistant's runner: walking with a still camera, depth is computed for half the frames (walk mode's
/// 15 a second of a 30 fps camera), in line in scripted runs and on a thread of its own live. Counted, not timed.
@Suite("Depth pacing in the runner", .serialized)
struct DepthPacingTests {
    /// A depth source that counts what it is asked for, and on which thread (the POSIX thread: Foundation's thread
    /// names do not reach threads started from a dispatch queue on Linux).
    final class CountingDepth: DepthEstimator, @unchecked Sendable {
        let name = "counting"
        private let lock = NSLock()
        private var calls: [(timestamp: Double, thread: pthread_t)] = []

        func depth(for frame: Frame) throws -> DepthMap {
            lock.withLock { calls.append((frame.timestamp, pthread_self())) }
            return DepthMap(width: 16, height: 12, metres: Array(repeating: 4, count: 16 * 12), timestamp: frame.timestamp)
        }

        var taken: [(timestamp: Double, thread: pthread_t)] { lock.withLock { calls } }
    }

    struct NoTextNeeded: Error {}

    /// One picture with enough texture for the motion estimator to tell that the camera keeps still.
    static let picture: Frame = {
        var rgb = [UInt8](repeating: 0, count: 160 * 120 * 3)
        var state: UInt32 = 12345 // a fixed noise on a checkerboard of 8-pixel squares
        for index in stride(from: 0, to: rgb.count, by: 3) {
            state = state &* 1_103_515_245 &+ 12345
            let x = (index / 3) % 160, y = (index / 3) / 160
            let value = UInt8(truncatingIfNeeded: ((x / 8 + y / 8) % 2) * 160 + Int(state >> 27))
            rgb[index] = value
            rgb[index + 1] = value
            rgb[index + 2] = value
        }
        return Frame(width: 160, height: 120, rgb: rgb, timestamp: 0, index: 0)
    }()

    /// The one picture, then nothing: the runner holds it as a still camera.
    final class OnePicture: FrameSource {
        let name = "still"
        private var given = false
        func nextFrame() throws -> Frame? {
            defer { given = true }
            return given ? nil : DepthPacingTests.picture
        }
    }

    static func runner(depth: CountingDepth) throws -> AssistantRunner {
        let engines = AssistantEngines(detector: { ScriptedDetector.blind }, textReader: { throw NoTextNeeded() }, depth: { depth })
        let output = try MixerOutput(destination: .nowhere, synthesizer: SilentSpeech(), voice: "en")
        return AssistantRunner(session: AssistantSession(), engines: engines, output: output, store: nil,
                               options: .init(printJSON: false, printSpeech: false, frameInterval: 1.0 / 30),
                               transcript: TranscriptRecorder())
    }

    /// Gaps between the depth frames of the last stretch, from `start` on.
    static func gaps(_ times: [Double], from start: Double) -> [Double] {
        let late = times.filter { $0 >= start }
        return zip(late, late.dropFirst()).map { $1 - $0 }
    }

    @Test func aScriptedWalkComputesDepthInLineForHalfTheFramesOfAStillCamera() throws {
        let depth = CountingDepth()
        let runner = try Self.runner(depth: depth)
        var script = ["walk", "wait 3"][...]
        try runner.runScripted(source: OnePicture(), script: { script.popFirst() })
        #expect(runner.session.mode == .walking)
        let taken = depth.taken
        let end = try #require(taken.last?.timestamp)
        // In line: on the runner's own thread.
        #expect(taken.allSatisfy { $0.thread == pthread_self() })
        // Before walking (scanning, which measures distances) every frame has depth.
        #expect(Self.gaps(taken.map(\.timestamp).filter { $0 < 0.5 }, from: 0).allSatisfy { abs($0 - 1.0 / 30) < 1e-6 })
        // The last 1.5 s of the walk, the camera still: every other frame.
        let still = Self.gaps(taken.map(\.timestamp), from: end - 1.5)
        #expect(still.count >= 20 && still.allSatisfy { abs($0 - 2.0 / 30) < 1e-6 }, "\(still)")
    }

    @Test func aLiveWalkComputesDepthOnItsOwnThreadAtTheSameRate() throws {
        let depth = CountingDepth()
        let runner = try Self.runner(depth: depth)
        let arrived = Arrivals()
        let worker = try #require(runner.computeDepthElsewhere { arrived.add($0) })
        defer { worker.stop() }
        runner.outputBegin()
        try runner.dispatch(runner.startEvent(settingsUnreadable: false), at: 0)
        try runner.command("walk", at: 0.5)
        #expect(runner.session.mode == .walking)
        var frames = 0
        for index in 0..<120 {
            let clock = 1 + Double(index) / 30
            let frame = Frame(width: Self.picture.width, height: Self.picture.height, rgb: Self.picture.rgb,
                              timestamp: clock, index: index)
            try runner.process(frame, at: clock, inLine: false)
            frames += 1
            // Each frame handed over is finished before the next comes, so none is dropped for being busy and the
            // count is the pacer's alone; its depth goes back to the session as the live loop's inbox would.
            _ = try worker.drain()
            for result in arrived.take() {
                try runner.depthMeasured(result.output, frame: result.frame.index, at: clock)
            }
        }
        let taken = depth.taken
        // Never on the loop's thread; always on the one depth thread.
        #expect(!taken.contains { $0.thread == pthread_self() })
        #expect(Set(taken.map(\.thread)).count == 1)
        // The first second at full rate, then 15 a second: 75 of the 120 frames.
        #expect((74...76).contains(taken.count), "\(taken.count) of \(frames)")
        let still = Self.gaps(taken.map(\.timestamp), from: 2.5)
        #expect(still.allSatisfy { abs($0 - 2.0 / 30) < 1e-6 }, "\(still)")
    }

    /// Depth results posted by the worker's thread.
    final class Arrivals: @unchecked Sendable {
        private let lock = NSLock()
        private var results: [DepthWorker.Result] = []
        func add(_ result: DepthWorker.Result) { lock.withLock { results.append(result) } }
        func take() -> [DepthWorker.Result] { lock.withLock { defer { results = [] }; return results } }
    }
}
