import BeaconHub
import BeaconTestSupport
import Foundation
import Logging
import PostgresNIO

/// Two hub instances (two connection pools, as two processes would have) on one database of a test's own server.
struct TwoHubInstances {
    let first: HubDatabase
    let second: HubDatabase

    /// Starts a server, runs both pools for as long as `body` runs, then stops the server and deletes its folder,
    /// whether `body` succeeded or not.
    static func run(policy: HubPolicy = HubPolicy(), migrate: Bool = true,
                    _ body: (TwoHubInstances) async throws -> Void) async throws {
        let server = try TemporaryPostgres()
        defer { server.stop() }
        var logger = Logger(label: "beacon.hub.tests")
        logger.logLevel = .warning
        let address = HubDatabaseAddress(host: server.host, port: server.port, username: server.username,
                                          database: "postgres")
        let clients = (0..<2).map { _ in
            PostgresClient(configuration: address.clientConfiguration, backgroundLogger: logger)
        }
        let instances = TwoHubInstances(first: HubDatabase(client: clients[0], policy: policy, logger: logger),
                                        second: HubDatabase(client: clients[1], policy: policy, logger: logger))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for client in clients { group.addTask { await client.run() } }
            do {
                if migrate { try await instances.first.migrate() }
                try await body(instances)
            } catch {
                group.cancelAll()
                throw error
            }
            group.cancelAll()
        }
    }

    /// A member of the given role, invited and joined through the first instance.
    func join(_ role: HubRole, _ name: String, languages: [String] = ["en"]) async throws -> HubMembership {
        let invitation = try await first.invite(role)
        guard let membership = try await first.redeem(code: invitation.code, displayName: name, languages: languages) else {
            throw TestFailure("a fresh invitation was refused")
        }
        return membership
    }
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Runs `body`, failing instead of hanging when it takes longer than `seconds`.
func withTimeout<Value: Sendable>(seconds: Double, _ body: @escaping @Sendable () async throws -> Value) async throws -> Value {
    try await withThrowingTaskGroup(of: Value.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: .seconds(seconds))
            throw TestFailure("timed out after \(seconds) s")
        }
        defer { group.cancelAll() }
        guard let value = try await group.next() else { throw TestFailure("no result") }
        return value
    }
}

/// A small stand-in for a camera picture: the JPEG start and end markers around a counter.
func fakeJPEG(_ number: Int) -> Data {
    Data([0xFF, 0xD8] + Array("photo \(number)".utf8) + [0xFF, 0xD9])
}
