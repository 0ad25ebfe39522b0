import Foundation
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
}
