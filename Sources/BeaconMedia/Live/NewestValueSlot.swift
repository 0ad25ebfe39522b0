import Foundation

/// The newest of a stream of values handed from one thread to another: a value published while another waits
/// replaces it, so a slow consumer always gets the newest and nothing queues up. Cameras, files played like cameras
/// and phones all hand out their frames through one of these, to one consumer each.
public final class NewestValueSlot<Value: Sendable, Failure: Error>: @unchecked Sendable {
    public enum Outcome {
        case value(Value)
        /// The stream ended, with the failure that ended it (nil when it simply stopped). A failure is reported once;
        /// after it the slot reads as ended without one.
        case ended(Failure?)
        case timedOut
    }

    private let condition = NSCondition()
    private var newest: Value?
    private var ending: Failure??

    public init() {}

    /// Replaces the waiting value. Ignored once the slot has ended.
    public func publish(_ value: Value) {
        condition.withLock {
            guard ending == nil else { return }
            newest = value
            condition.broadcast()
        }
    }

    /// Ends the stream; the first end wins. The consumer still gets a value that is waiting, unless
    /// `discardingWaiting` (the one who stops does not want it).
    public func end(_ failure: Failure? = nil, discardingWaiting: Bool = false) {
        condition.withLock {
            if ending == nil { ending = .some(failure) }
            if discardingWaiting { newest = nil }
            condition.broadcast()
        }
    }

    public var hasEnded: Bool { condition.withLock { ending != nil } }

    /// Takes the waiting value (each is handed out once), else waits for the next one, for the end, or for `timeout`
    /// seconds (nil: as long as it takes), whichever comes first.
    public func take(timeout: Double? = nil) -> Outcome {
        // No deadline means a plain wait: corelibs Foundation traps converting `.distantFuture` to a timespec.
        let deadline = timeout.map { Date(timeIntervalSinceNow: $0) }
        return condition.withLock {
            while true {
                if let value = newest {
                    newest = nil
                    return .value(value)
                }
                if let ending {
                    if ending != nil { self.ending = .some(nil) }
                    return .ended(ending)
                }
                if let deadline {
                    if !condition.wait(until: deadline) { return .timedOut }
                } else {
                    condition.wait()
                }
            }
        }
    }
}
