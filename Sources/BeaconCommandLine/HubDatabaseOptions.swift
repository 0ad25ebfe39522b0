import ArgumentParser
import BeaconCore
import BeaconHub
import Foundation
import Logging

/// Which PostgreSQL database the hub's state is in, for `beacon hub` and the hub's benchmark.
public struct HubDatabaseOptions: ParsableArguments {
    public init() {}

    @Option(help: "The hub's PostgreSQL database (default: $BEACON_HUB_DATABASE).")
    public var database: String?

    public func address() throws -> HubDatabaseAddress {
        guard let url = database ?? ProcessInfo.processInfo.environment["BEACON_HUB_DATABASE"] else {
            throw HubCommandError("Name the hub's database with --database postgres://user:password@host/database.")
        }
        do {
            return try HubDatabaseAddress(url: url)
        } catch {
            throw HubCommandError("\(error)")
        }
    }

    /// Runs `body` on the database, migrated, with any failure to reach it told as one sentence.
    public func withDatabase<Value: Sendable>(_ body: @escaping @Sendable (HubDatabase) async throws -> Value) async throws -> Value {
        var logger = Logger(label: "beacon.hub")
        logger.logLevel = .error
        do {
            return try await HubDatabase.withMigratedDatabase(at: try address(), logger: logger, body)
        } catch let error as HubError {
            throw HubCommandError(error.description)
        } catch let error as HubSetUpError {
            throw HubCommandError(error.description)
        }
    }
}

/// A hub command's failure, told as one sentence.
public struct HubCommandError: UserFacingError {
    public let sentence: String
    public init(_ sentence: String) { self.sentence = sentence }
}
