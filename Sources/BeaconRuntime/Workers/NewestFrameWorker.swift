import BeaconAudio
import BeaconCore
import BeaconMedia
import BeaconVision
import Foundation

/// Runs one engine on its own thread at the rate the CPU allows, always on the newest frame offered: a frame offered
/// while it is busy replaces any frame still waiting, so nothing queues up. Pace limits (battery saver, heat) make it
/// rest after each run; frames offered while it rests replace one another the same way.
///
/// The detector runs in one (`DetectorWorker`), and in live assistant runs the depth source in another
/// (`DepthWorker`). `Request` is what goes with each frame (the detector's "look closer"), `Output` what the engine
/// makes of it.
public final class NewestFrameWorker<Request: Sendable, Output: Sendable>: @unchecked Sendable {
    public struct Result {
        public var frame: Frame
        public var output: Output
        /// When the frame was offered and when its output was ready (monotonic seconds).
        public var offeredAt: Double
        public var finishedAt: Double
        /// How long the engine worked on it.
        public var seconds: Double
    }

    public typealias Work = @Sendable (Frame, Request) throws -> Output

    private let work: Work
    /// Called on the worker's thread as each result is ready (the live loop's inbox); results are kept for
    /// `takeResults` too.
    private let onResult: (@Sendable (Swift.Result<Result, Error>) -> Void)?
    private let condition = NSCondition()
    private var waiting: (frame: Frame, offeredAt: Double, request: Request)?
    private var results: [Result] = []
    private var failure: Error?
    private var stopped = false
    public private(set) var busy = false
    private var pace = PaceLimits.unlimited
    /// When the last run ended (monotonic seconds) and how long it took: the rest after it is measured from these,
    /// under the pace limits in force now, so lifting the limits ends a rest early.
    private var lastRun: (end: Double, seconds: Double)?

    /// Turns shared with other sessions' workers (phones on one server); nil: this worker has the engine to itself.
    private let turns: InferenceTurns?

    /// What a request becomes in a contended turn (one it had to wait for, or with others waiting behind it).
    private let whenContended: (@Sendable (Request) -> Request)?

    /// `name` names the thread ("beacon-detector", "beacon-depth"); `whenContended` lowers a request's demands when
    /// the turns are contended (nil: the request stands).
    public init(name: String, work: @escaping Work, turns: InferenceTurns? = nil,
         whenContended: (@Sendable (Request) -> Request)? = nil,
         onResult: (@Sendable (Swift.Result<Result, Error>) -> Void)? = nil) {
        self.work = work
        self.turns = turns
        self.whenContended = whenContended
        self.onResult = onResult
        let thread = Thread { [weak self] in self?.run() }
        thread.name = name
        thread.start()
    }

    deinit { stop() }

    /// Stops taking frames and waits for a run in progress to finish: the process may exit right after, and ONNX
    /// Runtime must not be torn down under a running inference.
    public func stop() {
        condition.withLock {
            stopped = true
            condition.broadcast()
            while busy { condition.wait() }
        }
    }

    /// Offers a frame; it is worked on as soon as the worker is free, unless a newer frame is offered first.
    public func offer(_ frame: Frame, _ request: Request, at time: Double) {
        condition.withLock {
            waiting = (frame, time, request)
            condition.broadcast()
        }
    }

    /// Sets how long the worker rests after each run from now on.
    public func limit(to pace: PaceLimits) {
        condition.withLock {
            self.pace = pace
            condition.broadcast()
        }
    }

    /// Finished results since the last call, oldest first; rethrows an engine failure.
    public func takeResults() throws -> [Result] {
        try condition.withLock {
            if let failure { throw failure }
            defer { results.removeAll() }
            return results
        }
    }

    /// Blocks until the worker is idle and returns what finished.
    public func drain() throws -> [Result] {
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

    private func run() {
        while true {
            // The place in line is taken when the last turn ends, so waiting for the next frame does not cost it.
            let ticket = turns?.ticket()
            guard waitForFrame() else { return }
            // The turn comes first and the frame after it, so the frame worked on is the newest when the turn came,
            // not one that aged while other sessions ran.
            var contended = false
            if let turns, let ticket { contended = turns.acquire(ticket) }
            // Only this thread takes the waiting frame, so after `waitForFrame` it is there unless the worker stopped.
            let job: (frame: Frame, offeredAt: Double, request: Request)? = condition.withLock {
                if stopped { return nil }
                defer { waiting = nil }
                busy = true
                return waiting
            }
            guard let job else {
                turns?.release()
                return
            }
            defer { turns?.release() }
            let start = Monotonic.seconds()
            do {
                var request = job.request
                if let whenContended, let turns, contended || turns.othersAreWaiting { request = whenContended(request) }
                let output = try work(job.frame, request)
                let end = Monotonic.seconds()
                let result = Result(frame: job.frame, output: output, offeredAt: job.offeredAt, finishedAt: end,
                                    seconds: end - start)
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

/// The detector on its own thread; each frame goes with whether to look closer (zoomed tiles, because nothing is
/// locked yet).
public typealias DetectorWorker = NewestFrameWorker<Bool, [Detection]>

extension NewestFrameWorker where Request == Bool, Output == [Detection] {
    /// Runs detection on a frame; the flag asks to look closer.
    public typealias Detect = @Sendable (Frame, _ lookCloser: Bool) throws -> [Detection]

    /// With turns shared by several sessions, a closer look is taken only in a turn that came at once with nobody
    /// waiting behind it: tiles are what spare model time buys, and every phone's full-frame look comes first.
    public convenience init(detect: @escaping Detect, turns: InferenceTurns? = nil,
                     onResult: (@Sendable (Swift.Result<Result, Error>) -> Void)? = nil) {
        self.init(name: "beacon-detector", work: detect, turns: turns, whenContended: { _ in false }, onResult: onResult)
    }

    /// Offers a frame; it is detected as soon as the detector is free, unless a newer frame is offered first.
    public func offer(_ frame: Frame, at time: Double, lookCloser: Bool = false) {
        offer(frame, lookCloser, at: time)
    }
}

extension NewestFrameWorker.Result where Request == Bool, Output == [Detection] {
    public var detections: [Detection] { output }
    public var detectionSeconds: Double { seconds }
}

/// The depth source on its own thread (live assistant runs). A depth frame that cannot be had (a missing file, one
/// of the wrong size) comes back as its error in the output rather than stopping the worker: it is said once and
/// the session goes on, as in scripted runs. nil: no depth source was chosen.
public typealias DepthWorker = NewestFrameWorker<Void, Result<DepthMap?, any Error>>

/// The text reader on its own thread, for short text: every line it reads in the newest frame.
public typealias TextWorker = NewestFrameWorker<Void, [TextLine]>

extension NewestFrameWorker where Request == Void {
    public convenience init(depth: @escaping @Sendable (Frame) -> Output, turns: InferenceTurns? = nil,
                     onResult: (@Sendable (Swift.Result<Result, Error>) -> Void)? = nil) {
        self.init(name: "beacon-depth", work: { frame, _ in depth(frame) }, turns: turns, onResult: onResult)
    }

    public func offer(_ frame: Frame, at time: Double) { offer(frame, (), at: time) }
}
