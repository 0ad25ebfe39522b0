import BeaconCore
import BeaconVision
import Foundation

/// Runs the detector on its own thread at the rate the CPU allows, always on the newest frame offered:
/// a frame offered while it is busy replaces any frame still waiting, so nothing queues up. Pace limits (battery
/// saver, heat) make it rest after each run; frames offered while it rests replace one another the same way.
final class DetectorWorker: @unchecked Sendable {
    struct Result {
        var frame: Frame
        var detections: [Detection]
        /// When the frame was offered and when its detections were ready (monotonic seconds).
        var offeredAt: Double
        var finishedAt: Double
        var detectionSeconds: Double
    }

    /// Runs detection on a frame; the flag asks to look closer (zoomed tiles) because nothing is locked yet.
    typealias Detect = @Sendable (Frame, _ lookCloser: Bool) throws -> [Detection]

    private let detect: Detect
    /// Called on the detector's thread as each result is ready (the live loop's inbox); results are kept for
    /// `takeResults` too.
    private let onResult: (@Sendable (Swift.Result<Result, Error>) -> Void)?
    private let condition = NSCondition()
    private var waiting: (frame: Frame, offeredAt: Double, lookCloser: Bool)?
    private var results: [Result] = []
    private var failure: Error?
    private var stopped = false
    private(set) var busy = false
    private var pace = PaceLimits.unlimited
    /// When the last run ended (monotonic seconds) and how long it took: the rest after it is measured from these,
    /// under the pace limits in force now, so lifting the limits ends a rest early.
    private var lastRun: (end: Double, seconds: Double)?

    /// Turns shared with other sessions' workers (phones on one server); nil: this worker has the engine to itself.
    private let turns: InferenceTurns?

    init(detect: @escaping Detect, turns: InferenceTurns? = nil,
         onResult: (@Sendable (Swift.Result<Result, Error>) -> Void)? = nil) {
        self.detect = detect
        self.turns = turns
        self.onResult = onResult
        let thread = Thread { [weak self] in self?.work() }
        thread.name = "beacon-detector"
        thread.start()
    }

    deinit { stop() }

    /// Stops taking frames and waits for a detection in progress to finish: the process may exit right after, and
    /// ONNX Runtime must not be torn down under a running inference.
    func stop() {
        condition.withLock {
            stopped = true
            condition.broadcast()
            while busy { condition.wait() }
        }
    }

    /// Offers a frame; it is detected as soon as the detector is free, unless a newer frame is offered first.
    func offer(_ frame: Frame, at time: Double, lookCloser: Bool = false) {
        condition.withLock {
            waiting = (frame, time, lookCloser)
            condition.broadcast()
        }
    }

    /// Sets how long the detector rests after each run from now on.
    func limit(to pace: PaceLimits) {
        condition.withLock {
            self.pace = pace
            condition.broadcast()
        }
    }

    /// Finished detections since the last call, oldest first; rethrows a detector failure.
    func takeResults() throws -> [Result] {
        try condition.withLock {
            if let failure { throw failure }
            defer { results.removeAll() }
            return results
        }
    }

    /// Blocks until the detector is idle and returns what finished.
    func drain() throws -> [Result] {
        condition.withLock {
            while (busy || waiting != nil) && failure == nil && !stopped { condition.wait() }
        }
        return try takeResults()
    }

    /// Waits until a frame is waiting and the rest after the last run is over; false once stopped.
    private func waitForFrame() -> Bool {
        condition.withLock {
            while !stopped {
                let restEnds = lastRun.map { $0.end + pace.detectorRest(afterInferenceOf: $0.seconds) } ?? 0
                let now = Monotonic.seconds()
                if waiting != nil && now >= restEnds { return true }
                if waiting == nil {
                    condition.wait()
                } else {
                    _ = condition.wait(until: Date(timeIntervalSinceNow: restEnds - now))
                }
            }
            return false
        }
    }

    private func work() {
        while true {
            guard waitForFrame() else { return }
            // The turn comes first and the frame after it, so the frame detected is the newest when the turn came,
            // not one that aged while other sessions ran.
            turns?.acquire()
            let job: (frame: Frame, offeredAt: Double, lookCloser: Bool)? = condition.withLock {
                if stopped { return nil }
                defer { waiting = nil }
                busy = waiting != nil
                return waiting
            }
            guard let job else {
                turns?.release()
                if condition.withLock({ stopped }) { return }
                continue
            }
            defer { turns?.release() }
            let start = Monotonic.seconds()
            do {
                let detections = try detect(job.frame, job.lookCloser)
                let end = Monotonic.seconds()
                let result = Result(frame: job.frame, detections: detections, offeredAt: job.offeredAt,
                                    finishedAt: end, detectionSeconds: end - start)
                onResult?(.success(result))
                condition.withLock {
                    if onResult == nil { results.append(result) }
                    lastRun = (end, end - start)
                    busy = false
                    condition.broadcast()
                }
            } catch {
                onResult?(.failure(error))
                condition.withLock {
                    failure = error
                    busy = false
                    condition.broadcast()
                }
                return
            }
        }
    }
}

/// Seconds on the monotonic clock, for measuring intervals.
enum Monotonic {
    static func seconds() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
}
