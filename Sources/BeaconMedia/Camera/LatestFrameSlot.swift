import BeaconCore
import Foundation

/// Hands the newest frame of a live source from its capture thread to the consumer. A new frame replaces the one
/// waiting, so a slow consumer gets the present, never a queue of the past.
///
/// `@unchecked Sendable`: every stored property is read and written only while holding `condition`.
final class LatestFrameSlot: @unchecked Sendable {
    enum Outcome {
        case frame(Frame)
        /// The source ended, with the error that ended it (nil when it simply stopped).
        case ended(MediaError?)
        case timedOut
    }

    private let condition = NSCondition()
    private var newest: Frame?
    private var ending: MediaError??

    /// Replaces the waiting frame. Ignored once the slot has ended.
    func publish(_ frame: Frame) {
        condition.withLock {
            guard ending == nil else { return }
            newest = frame
            condition.broadcast()
        }
    }

    /// Marks the end of the source; the first end wins. Consumers still get a frame newer than theirs first.
    func end(_ error: MediaError?) {
        condition.withLock {
            if ending == nil { ending = .some(error) }
            condition.broadcast()
        }
    }

    var hasEnded: Bool { condition.withLock { ending != nil } }

    /// Waits for a frame newer than the one with index `lastIndex` (any frame when nil), for the end of the
    /// source, or for `timeout` seconds, whichever comes first.
    func frame(after lastIndex: Int?, timeout: Double) -> Outcome {
        let deadline = Date(timeIntervalSinceNow: timeout)
        return condition.withLock {
            while true {
                if let newest, lastIndex.map({ newest.index > $0 }) ?? true { return .frame(newest) }
                if let ending { return .ended(ending) }
                if !condition.wait(until: deadline) { return .timedOut }
            }
        }
    }
}
