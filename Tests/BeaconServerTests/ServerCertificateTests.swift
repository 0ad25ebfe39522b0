@testable import BeaconServer
import BeaconTestSupport
import Foundation
import Testing

@Suite struct ServerCertificateTests {
    @Test func madeOnceThenReusedWithItsKeyPrivate() throws {
        let folder = try TestData.temporaryFolder("beacon-tls")
        defer { try? FileManager.default.removeItem(at: folder) }
        let made = try ServerCertificate.loadOrCreate(in: folder, hostnames: ["beacon-box", "localhost"], addresses: ["192.168.1.20"])
        #expect(made.isNew)
        #expect(made.fingerprint.split(separator: ":").count == 32)
        #expect(made.spokenFingerprint.split(separator: ",").count == 4)
        let keyAttributes = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("key.pem").path)
        #expect((keyAttributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        _ = try made.tlsConfiguration()

        let again = try ServerCertificate.loadOrCreate(in: folder, hostnames: ["beacon-box"], addresses: [])
        #expect(!again.isNew)
        #expect(again.fingerprint == made.fingerprint, "the phone's exception and the checked fingerprint stay valid")
    }

    @Test func anUnreadablePairIsSetAsideNotDeleted() throws {
        let folder = try TestData.temporaryFolder("beacon-tls")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("not a certificate".utf8).write(to: folder.appendingPathComponent("certificate.pem"))
        try Data("not a key".utf8).write(to: folder.appendingPathComponent("key.pem"))
        let made = try ServerCertificate.loadOrCreate(in: folder, hostnames: ["localhost"], addresses: ["127.0.0.1"])
        #expect(made.isNew)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(names.filter { $0.contains("unreadable") }.count == 2, "\(names)")
    }

    @Test func theQRCodeIsSquareWithAQuietZone() throws {
        let lines = try #require(TerminalQRCode.lines(for: "https://192.168.1.20:8443/?pair=123456"))
        #expect(lines.count >= 12)
        let visible = lines.map { $0.replacingOccurrences(of: "\u{1B}[30;107m", with: "").replacingOccurrences(of: "\u{1B}[0m", with: "") }
        let width = visible[0].count
        #expect(visible.allSatisfy { $0.count == width })
        #expect(abs(width - lines.count * 2) <= 2, "two rows per line make it square")
        #expect(visible.first?.allSatisfy { $0 == " " } == true, "the quiet zone is light")
    }
}
