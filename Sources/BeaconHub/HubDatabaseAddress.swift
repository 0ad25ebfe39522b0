import Foundation
import NIOSSL
import PostgresNIO

/// Where the hub's database is, and how the connection to it is encrypted.
public struct HubDatabaseAddress: Sendable, Equatable {
    public var host: String
    public var port: Int
    public var username: String
    public var password: String?
    public var database: String?
    public var tls: TLSMode

    /// TLS as a libpq connection string's `sslmode` asks for it. Without `sslmode` there is none, as before: a hub
    /// whose database is on another machine should say `verify-full`, since tokens' digests and photos cross the wire.
    public enum TLSMode: Sendable, Equatable {
        /// `disable` (the default): no TLS.
        case disable
        /// `prefer`: TLS when the server offers it, else none; the certificate is not checked.
        case prefer
        /// `require`: TLS or no connection; the certificate is not checked (anyone in between may still listen).
        case require
        /// `verify-ca`: TLS with a certificate signed by `roots` (`sslrootcert`, else the system's), any name.
        case verifyCA(roots: [NIOSSLCertificate]?)
        /// `verify-full`: as `verifyCA`, and the certificate names the host.
        case verifyFull(roots: [NIOSSLCertificate]?)
    }

    public init(host: String, port: Int = 5432, username: String, password: String? = nil, database: String? = nil,
                tls: TLSMode = .disable) {
        self.host = host
        self.port = port
        self.username = username
        self.password = password
        self.database = database
        self.tls = tls
    }

    /// Reads `postgres://user[:password]@host[:port][/database][?sslmode=MODE[&sslrootcert=CA.pem]]` (or
    /// `postgresql://`), as `--database` takes it; a CA file is read here, so a bad one is said before connecting.
    public init(url: String) throws {
        guard let components = URLComponents(string: url), ["postgres", "postgresql"].contains(components.scheme ?? ""),
              let host = components.host, !host.isEmpty, let user = components.user, !user.isEmpty else {
            throw HubError.badRequest("A database address looks like postgres://user:password@host:5432/database.")
        }
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        let query = components.queryItems ?? []
        func value(_ name: String) -> String? { query.last { $0.name == name }?.value }
        self.init(host: host, port: components.port ?? 5432, username: user.removingPercentEncoding ?? user,
                  password: components.password.map { $0.removingPercentEncoding ?? $0 },
                  database: path.isEmpty ? nil : path,
                  tls: try Self.tlsMode(value("sslmode"), rootCertificate: value("sslrootcert")))
    }

    static func tlsMode(_ mode: String?, rootCertificate: String?) throws -> TLSMode {
        func roots() throws -> [NIOSSLCertificate]? {
            guard let rootCertificate, !rootCertificate.isEmpty else { return nil }
            do {
                let certificates = try NIOSSLCertificate.fromPEMFile(rootCertificate)
                guard !certificates.isEmpty else { throw HubError.badRequest("") }
                return certificates
            } catch {
                throw HubError.badRequest("The database's CA file \(rootCertificate) cannot be read as PEM certificates.")
            }
        }
        switch mode ?? "disable" {
        case "disable": return .disable
        case "allow", "prefer": return .prefer
        case "require": return .require
        case "verify-ca": return .verifyCA(roots: try roots())
        case "verify-full": return .verifyFull(roots: try roots())
        default:
            throw HubError.badRequest("sslmode must be disable, prefer, require, verify-ca or verify-full, not \(mode ?? "").")
        }
    }

    public var clientConfiguration: PostgresClient.Configuration {
        var client = TLSConfiguration.makeClientConfiguration()
        let tls: PostgresClient.Configuration.TLS
        switch self.tls {
        case .disable:
            tls = .disable
        case .prefer, .require:
            client.certificateVerification = .none
            tls = self.tls == .prefer ? .prefer(client) : .require(client)
        case .verifyCA(let roots), .verifyFull(let roots):
            if case .verifyCA = self.tls { client.certificateVerification = .noHostnameVerification }
            if let roots { client.trustRoots = .certificates(roots) }
            tls = .require(client)
        }
        return PostgresClient.Configuration(host: host, port: port, username: username, password: password,
                                            database: database, tls: tls)
    }
}
