import Foundation
import Logging

/// Reaching the hub's database for an operator's command or a hub instance: migrated first, and a database that does
/// not answer told in seconds rather than after the pool's minute of retries.
extension HubDatabase {
    /// Runs `body` on the database at `address`, migrated. Every failure to reach it is a `HubSetUpError` whose
    /// description is one sentence; what `body` throws comes out as it was thrown.
    public static func withMigratedDatabase<Value: Sendable>(
        at address: HubDatabaseAddress, policy: HubPolicy = HubPolicy(), logger: Logger, answerWithin seconds: Int = 10,
        _ body: @escaping @Sendable (HubDatabase) async throws -> Value
    ) async throws -> Value {
        let place = "The hub's database at \(address.host):\(address.port)"
        do {
            return try await withDatabase(at: address, policy: policy, logger: logger) { database in
                try await within(seconds: seconds, or: "\(place) did not answer within \(seconds) seconds.") {
                    try await database.migrate()
                }
                do {
                    return try await body(database)
                } catch {
                    throw ThrownByBody(error: error)
                }
            }
        } catch let thrown as ThrownByBody {
            throw thrown.error
        } catch let error as HubError {
            throw error
        } catch let error as HubSetUpError {
            throw error
        } catch {
            throw HubSetUpError("\(place) did not answer as expected (\(String(describing: error).prefix(160))).")
        }
    }

    /// Runs `body`, or throws `sentence` when it takes longer than `seconds`.
    static func within(seconds: Int, or sentence: String, _ body: @escaping @Sendable () async throws -> Void) async throws {
        try await withThrowingTaskGroup(of: Bool.self) { group in
            group.addTask {
                try await body()
                return true
            }
            group.addTask {
                try await Task.sleep(for: .seconds(seconds))
                return false
            }
            defer { group.cancelAll() }
            guard try await group.next() == true else { throw HubSetUpError(sentence) }
        }
    }
}

/// What the caller's own work threw, kept apart from failures to reach the database.
private struct ThrownByBody: Error {
    let error: any Error
}

/// The hub's database could not be reached or set up; `description` is one sentence for the operator.
public struct HubSetUpError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
