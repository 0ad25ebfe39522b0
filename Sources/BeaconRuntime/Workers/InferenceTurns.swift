import Foundation

/// Turns at the machine's inference engines for every session it serves (phones on one `beacon serve`): at most
/// `lanes` inferences at a time, and the next free lane goes to the oldest ticket among those waiting, so a session
/// that just had its turn waits behind the others and a slow phone never holds up another. Each session keeps only
/// its newest frame, so waiting never queues work. More than one lane pays when the engines can run side by side
/// (`DetectorLanes`: one single-thread detector per core).
///
/// A session takes its ticket as soon as its last turn ends (`ticket()`) and waits with it once it has a frame
/// (`acquire(_:)`): the wait for the phone's next frame then overlaps the wait for a lane, and its place in line is
/// still the one it earned.
public final class InferenceTurns: @unchecked Sendable {
    public let lanes: Int

    public init(lanes: Int = 1) {
        self.lanes = max(1, lanes)
    }

    /// A place in line; lower numbers go first.
    public struct Ticket: Sendable {
        fileprivate let number: Int
    }

    private let condition = NSCondition()
    private var nextTicket = 0
    /// Tickets whose holders wait in `acquire`.
    private var waitingTickets: Set<Int> = []
    private var running = 0

    /// Takes a place in line now, to wait with later.
    public func ticket() -> Ticket {
        condition.withLock {
            defer { nextTicket += 1 }
            return Ticket(number: nextTicket)
        }
    }

    /// Waits for a turn with a new place at the end of the line.
    public func acquire() {
        acquire(ticket())
    }

    /// Waits until a lane is free and no older ticket is waiting; returns whether it had to wait.
    @discardableResult
    public func acquire(_ ticket: Ticket) -> Bool {
        condition.withLock {
            waitingTickets.insert(ticket.number)
            var waited = false
            while running >= lanes || ticket.number != waitingTickets.min() {
                waited = true
                condition.wait()
            }
            waitingTickets.remove(ticket.number)
            running += 1
            // The next ticket may fit in a lane that is still free.
            condition.broadcast()
            return waited
        }
    }

    /// How many wait for a turn now.
    public var waiting: Int {
        condition.withLock { waitingTickets.count }
    }

    /// Whether someone is waiting for a turn: extra work in a turn (a search's closer look at tiles) is then
    /// another session's detection delayed.
    public var othersAreWaiting: Bool { waiting > 0 }

    /// Ends the turn; the next in line goes.
    public func release() {
        condition.withLock {
            running -= 1
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
