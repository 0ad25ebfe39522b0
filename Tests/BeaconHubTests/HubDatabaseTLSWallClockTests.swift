import BeaconHub
import BeaconTestSupport
import Foundation
import Logging
import Testing

/// TLS to the hub's database as the connection string asks (sslmode, sslrootcert), against a server of the test's own
/// that takes TLS connections only, with a certificate from a CA made for the test.
///
/// With the wall-clock suites, after the rest: in the full concurrent run the first TLS connection of this test did
/// not finish within 120 s twice (the second, a new pool, connected), while alone and beside the OCR and detector
/// suites it takes 22 s. The cause is not known yet; see the notes of stop 43.
@Suite("The hub's database over TLS",
       .enabled(if: (TemporaryPostgres.isInstalled && TestData.hasTool("openssl")) || TestData.required,
                "PostgreSQL or openssl is not installed"))
struct HubDatabaseTLSWallClockTests {
    /// A CA, and a certificate it signed for localhost and 127.0.0.1, made with openssl in `folder`.
    static func certificates(in folder: URL, caName: String = "Beacon test CA") throws -> (ca: URL, server: TemporaryPostgres.TLSFiles) {
        func openssl(_ arguments: [String]) throws {
            let result = try TestData.run("openssl", arguments, currentDirectory: folder)
            guard result.status == 0 else { throw TestFailure("openssl \(arguments.first ?? ""): \(result.stderr)") }
        }
        let key = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        try openssl(["req", "-x509"] + key + ["-keyout", "ca.key", "-out", "ca.crt", "-days", "2", "-subj", "/CN=\(caName)"])
        try openssl(["req"] + key + ["-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=localhost"])
        try "subjectAltName=DNS:localhost,IP:127.0.0.1\n".write(to: folder.appendingPathComponent("san.cnf"), atomically: true, encoding: .utf8)
        try openssl(["x509", "-req", "-in", "server.csr", "-CA", "ca.crt", "-CAkey", "ca.key", "-CAcreateserial",
                     "-out", "server.crt", "-days", "2", "-extfile", "san.cnf"])
        return (folder.appendingPathComponent("ca.crt"),
                TemporaryPostgres.TLSFiles(certificate: folder.appendingPathComponent("server.crt"),
                                           key: folder.appendingPathComponent("server.key")))
    }

    /// nil when the hub can migrate the database at `url` within `seconds`, else why not (in one sentence). A
    /// connection that should work gets long: under a full test run's load a debug build's TLS handshakes and
    /// migration took over 10 s.
    static func failure(_ url: String, within seconds: Int = 10) async throws -> String? {
        var logger = Logger(label: "beacon.hub.tls.tests")
        logger.logLevel = .critical
        do {
            return try await HubDatabase.withMigratedDatabase(at: HubDatabaseAddress(url: url), logger: logger,
                                                              answerWithin: seconds) { _ in nil }
        } catch let error as HubSetUpError {
            return error.description
        }
    }

    @Test func verifyFullWithTheCAConnectsAndNothingWeakerThanTheServerAllowsDoes() async throws {
        let folder = try TestData.temporaryFolder("beacon-hub-tls")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (ca, files) = try Self.certificates(in: folder)
        let server = try TemporaryPostgres(tls: files)
        defer { server.stop() }
        let base = "postgres://\(server.username)@\(server.host):\(server.port)/postgres"
        let verified = try await Self.failure(base + "?sslmode=verify-full&sslrootcert=\(ca.path)", within: 120)
        #expect(verified == nil, "\(verified ?? "") \(server.log)")
        let encrypted = try await Self.failure(base + "?sslmode=require", within: 120)
        #expect(encrypted == nil, "\(encrypted ?? "")")
        // Without TLS the server refuses the connection (it takes hostssl only).
        #expect(try await Self.failure(base) != nil)
        // A certificate from another CA is not trusted.
        let other = folder.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        let (otherCA, _) = try Self.certificates(in: other, caName: "Someone else")
        #expect(try await Self.failure(base + "?sslmode=verify-full&sslrootcert=\(otherCA.path)") != nil)
    }

    @Test func theConnectionStringSaysTheMode() throws {
        #expect(try HubDatabaseAddress(url: "postgres://hub@db.example/hub").tls == .disable)
        #expect(try HubDatabaseAddress(url: "postgres://hub@db.example/hub?sslmode=require").tls == .require)
        #expect(try HubDatabaseAddress(url: "postgresql://hub@db.example/hub?sslmode=verify-full").tls == .verifyFull(roots: nil))
        #expect(throws: HubError.self) { try HubDatabaseAddress(url: "postgres://hub@db.example/hub?sslmode=sometimes") }
        #expect(throws: HubError.self) { try HubDatabaseAddress(url: "postgres://hub@db.example/hub?sslmode=verify-full&sslrootcert=/nonexistent/ca.pem") }
    }
}
