import BeaconCore
import Foundation

/// Plays a file source in real time, like a camera: frames become available at their timestamps, and a consumer
/// that is too slow gets the newest one (earlier ones are dropped, never queued).
public final class PacedFrameSource: LiveFrameSource, @unchecked Sendable {
    public let name: String
    private let condition = NSCondition()
    private var newest: Frame?
    private var delivered = -1
    private var finished = false
    private var failure: Error?
    private var stopped = false

    public init(_ source: FrameSource) {
        name = source.name
        // The wrapped source moves to the playing thread; nothing else touches it from here on.
        nonisolated(unsafe) let owned = source
        let thread = Thread { [weak self] in self?.play(owned) }
        thread.name = "beacon-paced-source"
        thread.start()
    }

    deinit { stop() }

    public func stop() {
        condition.withLock {
            stopped = true
            condition.broadcast()
        }
    }

    public func nextFrame() throws -> Frame? {
        condition.lock()
        defer { condition.unlock() }
        while !stopped {
            if let frame = newest, frame.index > delivered {
                delivered = frame.index
                return frame
            }
            if let failure { self.failure = nil; throw failure }
            if finished { return nil }
            condition.wait()
        }
        return nil
    }

    private func play(_ source: FrameSource) {
        let start = DispatchTime.now().uptimeNanoseconds
        do {
            while let frame = try source.nextFrame() {
                let due = start + UInt64(max(0, frame.timestamp) * 1e9)
                let now = DispatchTime.now().uptimeNanoseconds
                if due > now { Thread.sleep(forTimeInterval: Double(due - now) / 1e9) }
                let keepGoing = condition.withLock {
                    newest = frame
                    condition.broadcast()
                    return !stopped
                }
                if !keepGoing { return }
            }
            condition.withLock { finished = true; condition.broadcast() }
        } catch {
            condition.withLock { failure = error; finished = true; condition.broadcast() }
        }
    }
}
