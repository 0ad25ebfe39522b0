import BeaconCore
import Crypto
import Foundation
import NIOSSL
import SwiftASN1
import X509

/// The HTTPS certificate a phone's browser sees. Phones give a page the camera and motion sensors only over HTTPS,
/// and nobody on a home network has a certificate from an authority, so Beacon makes its own on first run, keeps
/// it (with its key, readable by the owner only) in the data folder and reuses it, so the browser's exception and
/// the fingerprint the person checked once stay valid.
public struct ServerCertificate: Sendable {
    public var certificatePEM: String
    public var privateKeyPEM: String
    /// SHA-256 of the certificate, as the browser shows it: 32 pairs of hex digits.
    public var fingerprint: String
    /// True when it was made just now (first run, or the files could not be read).
    public var isNew: Bool

    /// The certificate in `folder` (`certificate.pem`, `key.pem`), made when there is none. A pair that cannot be
    /// read is set aside beside itself (never deleted) and a new one made.
    public static func loadOrCreate(in folder: URL, hostnames: [String], addresses: [String]) throws -> ServerCertificate {
        let certificateURL = folder.appendingPathComponent("certificate.pem")
        let keyURL = folder.appendingPathComponent("key.pem")
        let manager = FileManager.default
        if manager.fileExists(atPath: certificateURL.path) || manager.fileExists(atPath: keyURL.path) {
            if let existing = try? read(certificate: certificateURL, key: keyURL) { return existing }
            let stamp = Int(Date().timeIntervalSince1970)
            for url in [certificateURL, keyURL] where manager.fileExists(atPath: url.path) {
                try? manager.moveItem(at: url, to: url.appendingPathExtension("unreadable-\(stamp)"))
            }
        }
        do {
            try manager.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let made = try make(hostnames: hostnames, addresses: addresses)
            try Data(made.privateKeyPEM.utf8).write(to: keyURL, options: .atomic)
            try manager.setAttributes([.posixPermissions: 0o600], ofItemAtPath: keyURL.path)
            try Data(made.certificatePEM.utf8).write(to: certificateURL, options: .atomic)
            return made
        } catch {
            throw ServerError("The HTTPS certificate could not be made in \(folder.path): \(error.localizedDescription)")
        }
    }

    static func read(certificate: URL, key: URL) throws -> ServerCertificate {
        let certificatePEM = try String(contentsOf: certificate, encoding: .utf8)
        let keyPEM = try String(contentsOf: key, encoding: .utf8)
        let parsed = try Certificate(pemEncoded: certificatePEM)
        let privateKey = try P256.Signing.PrivateKey(pemRepresentation: keyPEM)
        // A key that is not the certificate's would fail every handshake: treat the pair as unreadable.
        guard parsed.publicKey == Certificate.PublicKey(privateKey.publicKey) else { throw ServerError("mismatched key") }
        return ServerCertificate(certificatePEM: certificatePEM, privateKeyPEM: keyPEM,
                                 fingerprint: try fingerprint(of: parsed), isNew: false)
    }

    static func make(hostnames: [String], addresses: [String]) throws -> ServerCertificate {
        let key = P256.Signing.PrivateKey()
        let name = try DistinguishedName {
            CommonName("Beacon on \(hostnames.first ?? "this machine")")
            OrganizationName("Beacon")
        }
        let now = Date()
        var alternativeNames: [GeneralName] = hostnames.map { .dnsName($0) }
        for address in addresses {
            let octets = address.split(separator: ".").compactMap { UInt8($0) }
            if octets.count == 4 { alternativeNames.append(.ipAddress(ASN1OctetString(contentBytes: ArraySlice(octets)))) }
        }
        let certificate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: .init(key.publicKey),
            notValidBefore: now.addingTimeInterval(-3600), notValidAfter: now.addingTimeInterval(5 * 365 * 86_400),
            issuer: name, subject: name, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames(alternativeNames)
            },
            issuerPrivateKey: .init(key))
        return ServerCertificate(certificatePEM: try certificate.serializeAsPEM().pemString,
                                 privateKeyPEM: key.pemRepresentation, fingerprint: try fingerprint(of: certificate),
                                 isNew: true)
    }

    static func fingerprint(of certificate: Certificate) throws -> String {
        var serializer = DER.Serializer()
        try serializer.serialize(certificate)
        return SHA256.hash(data: serializer.serializedBytes).map { String(format: "%02X", $0) }.joined(separator: ":")
    }

    /// The first four pairs, to be said aloud: enough to tell this certificate from an impostor's at a glance.
    public var spokenFingerprint: String {
        fingerprint.split(separator: ":").prefix(4).map { pair in pair.map(String.init).joined(separator: " ") }
            .joined(separator: ", ")
    }

    /// The TLS configuration for the server.
    public func tlsConfiguration() throws -> TLSConfiguration {
        let certificate = try NIOSSLCertificate(bytes: Array(certificatePEM.utf8), format: .pem)
        let key = try NIOSSLPrivateKey(bytes: Array(privateKeyPEM.utf8), format: .pem)
        return TLSConfiguration.makeServerConfiguration(certificateChain: [.certificate(certificate)], privateKey: .privateKey(key))
    }
}

/// A server failure said in one sentence.
public struct ServerError: UserFacingError, Sendable {
    public var sentence: String
    public init(_ sentence: String) { self.sentence = sentence }
}
