import BeaconHub
import Logging

/// The hub's timers: leases that ran out go back to the queue, and jobs nobody touched for a long time are closed
/// with their photos deleted. Every instance runs them; the database makes each change happen once.
public struct HubMaintenance: Sendable {
    public var database: HubDatabase
    /// How often the leases are checked.
    public var leaseCheck: Duration = .seconds(10)
    /// How long an untouched job stays open.
    public var retention: Duration = .seconds(3600)

    public init(database: HubDatabase) {
        self.database = database
    }

    /// Runs until cancelled. A failed round (the database restarting) is logged and the next round tries again.
    public func run(logger: Logger) async {
        var sinceSweep = Duration.zero
        while !Task.isCancelled {
            do {
                try await database.expireLeases()
                if sinceSweep >= retention / 12 {
                    try await database.sweep(retention: retention)
                    try await database.pruneRateEvents(olderThan: .seconds(24 * 3600))
                    sinceSweep = .zero
                }
            } catch {
                logger.warning("hub maintenance: \(HubDatabase.describe(error))")
            }
            try? await Task.sleep(for: leaseCheck)
            sinceSweep += leaseCheck
        }
    }
}
