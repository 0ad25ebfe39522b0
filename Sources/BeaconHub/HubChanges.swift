import Foundation
import Logging
import PostgresNIO

/// A change the database announced (migration 3's triggers): a job was posted, taken, given a photo or a mark,
/// released, closed or deleted, or a member was blocked, unblocked or removed. Only the number travels; a listener
/// reads what it needs, so a notification can never show a half-written job.
public enum HubChange: Sendable, Hashable {
    case job(Int)
    case member(Int)

    /// The channel every hub instance listens on.
    public static let channel = "hub_changes"

    /// The change a notification's payload names ("job 12", "member 3"); nil for anything else.
    public init?(payload: String) {
        let parts = payload.split(separator: " ")
        guard parts.count == 2, let id = Int(parts[1]) else { return nil }
        switch parts[0] {
        case "job": self = .job(id)
        case "member": self = .member(id)
        default: return nil
        }
    }
}

extension HubDatabase {
    /// Hands every change announced to `body`, in order, until the connection fails (the error is thrown; the caller
    /// listens again) or the task is cancelled. `listening` runs once LISTEN is in place: what changed before it
    /// is not announced to this listener, so a caller reads the state after it, never before.
    public func listen(listening: @Sendable () async -> Void, _ body: @Sendable (HubChange) async -> Void) async throws {
        try await client.withConnection { connection in
            try await connection.listen(on: HubChange.channel) { notifications in
                await listening()
                for try await notification in notifications {
                    if let change = HubChange(payload: notification.payload) { await body(change) }
                }
            }
        }
    }

    /// A failure as a log line can say it: PostgresNIO's errors describe themselves generically (to keep queries and
    /// values out of logs), so their kind and the server's own message are given instead.
    public static func describe(_ error: any Error) -> String {
        guard let error = error as? PSQLError else { return String(describing: error) }
        let message = error.serverInfo?[.message].map { ": \($0)" } ?? ""
        return "\(error.code)\(message)"
    }

    /// The open jobs' numbers and when each was posted.
    public func openJobs() async throws -> [(id: Int, created: Date)] {
        try await allElements(client.query("SELECT id, created_at FROM jobs WHERE state = 'open'", logger: logger)
            .decode((Int, Date).self)).map { (id: $0.0, created: $0.1) }
    }

    /// The volunteers a job is offered to now: those `offers(volunteer:)` shows it to (who speak its language, not
    /// blocked, in the waves so far), ordered as its waves reach them. Empty when the job is not open or its person
    /// is blocked.
    public func offeredTo(job id: Int) async throws -> [Int] {
        try await allElements(client.query("""
            SELECT id FROM (
                SELECT w.id, row_number() OVER (ORDER BY md5(j.id || ':' || w.id)) - 1 AS place,
                       \(policy.waveSize) * (1 + floor(EXTRACT(EPOCH FROM now() - j.created_at)
                                                      / \(policy.waveInterval.seconds))) AS reached
                FROM jobs j
                JOIN members p ON p.id = j.person_id AND NOT p.blocked
                JOIN members w ON w.role = 'volunteer' AND NOT w.blocked AND j.language = ANY (w.languages)
                WHERE j.id = \(id) AND j.state = 'open') ranked
            WHERE place < reached ORDER BY place
            """, logger: logger).decode(Int.self))
    }
}
