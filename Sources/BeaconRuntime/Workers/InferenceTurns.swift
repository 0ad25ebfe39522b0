import Foundation

/// Turns at the machine's inference engines for every session it serves (phones on one `beacon serve`): one
/// inference at a time, granted in the order asked, so a session that just had its turn waits behind the others
/// and a slow phone never holds up another. Each session keeps only its newest frame, so waiting never queues work.
public final class InferenceTurns: @unchecked Sendable {
    public init() {}

    private let condition = NSCondition()
    private var nextTicket = 0
    private var nowServing = 0

    /// Waits for this caller's turn.
    public func acquire() {
        condition.withLock {
            let ticket = nextTicket
            nextTicket += 1
            while nowServing != ticket { condition.wait() }
        }
    }

    /// Ends the turn; the next in line goes.
    public func release() {
        condition.withLock {
            nowServing += 1
            condition.broadcast()
        }
    }

    /// Runs `work` in a turn when there are turns to take, else at once.
    public static func take<T>(_ turns: InferenceTurns?, _ work: () throws -> T) rethrows -> T {
        guard let turns else { return try work() }
        turns.acquire()
        defer { turns.release() }
        return try work()
    }
}
