import Foundation
import Logging
import PostgresNIO

/// Where the hub's database is. TLS to the database is not configurable yet: run it on loopback or a private network.
public struct HubDatabaseAddress: Sendable, Equatable {
    public var host: String
    public var port: Int
    public var username: String
    public var password: String?
    public var database: String?

    public init(host: String, port: Int = 5432, username: String, password: String? = nil, database: String? = nil) {
        self.host = host
        self.port = port
        self.username = username
        self.password = password
        self.database = database
    }

    /// Reads `postgres://user[:password]@host[:port][/database]` (or `postgresql://`), as `--database` takes it.
    public init(url: String) throws {
        guard let components = URLComponents(string: url), ["postgres", "postgresql"].contains(components.scheme ?? ""),
              let host = components.host, !host.isEmpty, let user = components.user, !user.isEmpty else {
            throw HubError.badRequest("A database address looks like postgres://user:password@host:5432/database.")
        }
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        self.init(host: host, port: components.port ?? 5432, username: user.removingPercentEncoding ?? user,
                  password: components.password.map { $0.removingPercentEncoding ?? $0 },
                  database: path.isEmpty ? nil : path)
    }

    public var clientConfiguration: PostgresClient.Configuration {
        PostgresClient.Configuration(host: host, port: port, username: username, password: password, database: database,
                                     tls: .disable)
    }

    public var connectionConfiguration: PostgresConnection.Configuration {
        PostgresConnection.Configuration(host: host, port: port, username: username, password: password,
                                         database: database, tls: .disable)
    }
}

/// The hub's events as they arrive; notifications that are not hub events are skipped.
public struct HubEventSequence: AsyncSequence, Sendable {
    public typealias Element = HubEvent
    let notifications: PostgresNotificationSequence

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(base: notifications.makeAsyncIterator()) }

    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: PostgresNotificationSequence.AsyncIterator

        public mutating func next() async throws -> HubEvent? {
            while let notification = try await base.next() {
                if let event = HubEvent(payload: notification.payload) { return event }
            }
            return nil
        }
    }
}

/// Listens for the changes other hub instances commit.
///
/// NOTIFY reaches only sessions listening at that moment and is never replayed: whoever listens must, after every
/// (re)connection, re-read from the tables what it shows (the offers, the job it watches) and only then trust the
/// events, which say that something changed, never what.
public enum HubEventListener {
    /// Opens a dedicated connection (the pool has no LISTEN, and a pooled connection would be handed to others),
    /// listens on `HubDatabase.channel`, and gives `consume` the events until it returns; then closes the
    /// connection. `consume` is called once LISTEN is in effect, so events committed after that are delivered.
    public static func listen<Value>(to address: HubDatabaseAddress, logger: Logger,
                                      _ consume: (HubEventSequence) async throws -> Value) async throws -> Value {
        let connection = try await PostgresConnection.connect(configuration: address.connectionConfiguration,
                                                              id: 0, logger: logger)
        do {
            let value = try await connection.listen(on: HubDatabase.channel) { notifications in
                try await consume(HubEventSequence(notifications: notifications))
            }
            try await connection.close()
            return value
        } catch {
            try? await connection.close()
            throw error
        }
    }
}
