import BeaconTestSupport
import Foundation

/// `beacon serve --http --port 0` in a process of its own, with its own data folder, for the browser tests (the
/// server's own tests run it in the test process: BeaconRuntimeTests/PhoneServiceTests). Stopped (SIGINT) and its
/// folder removed by `stop()`.
final class ServedBeacon: @unchecked Sendable {
    let process = Process()
    let dataFolder: URL
    /// The folder was made for this server (removed at `stop`), not handed in by the test.
    private let ownsFolder: Bool
    private(set) var port = 0
    private(set) var code = ""
    private let errors = Pipe()

    let scheme: String
    private(set) var standardOutput = ""

    init(dataFolder given: URL? = nil, https: Bool = false, extraArguments: [String] = []) throws {
        scheme = https ? "https" : "http"
        ownsFolder = given == nil
        dataFolder = try given ?? TestData.temporaryFolder("beacon-serve")
        process.executableURL = BeaconBinary.url
        process.arguments = ["serve"] + (https ? ["--host", "127.0.0.1"] : ["--http"])
            + ["--port", "0", "--silent", "--data-dir", dataFolder.path] + extraArguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // The first lines say where it listens and the pairing code.
        let reader = output.fileHandleForReading
        var text = ""
        let deadline = Date().addingTimeInterval(60)
        let lastLine = https ? "Certificate fingerprint" : "Pairing code: "
        while !(text.contains(lastLine) && text.hasSuffix("\n")) && Date() < deadline && process.isRunning {
            let chunk = reader.availableData
            if chunk.isEmpty { Thread.sleep(forTimeInterval: 0.05) }
            text += String(decoding: chunk, as: UTF8.self)
        }
        standardOutput = text
        for line in text.split(separator: "\n") {
            if line.hasPrefix("Beacon is serving on "), let colon = line.split(separator: ":").last {
                port = Int(colon.trimmingCharacters(in: CharacterSet(charactersIn: "/"))) ?? 0
            }
            if line.hasPrefix("Pairing code: ") { code = String(line.dropFirst("Pairing code: ".count)) }
        }
        guard port > 0, code.count == 6 else {
            stop()
            throw ServeFailure(description: "beacon serve did not start: \(text)")
        }
    }

    var base: String { "\(scheme)://127.0.0.1:\(port)" }

    func stop() {
        if process.isRunning {
            process.interrupt()
            let deadline = Date().addingTimeInterval(10)
            while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            if process.isRunning { process.terminate() }
        }
        if ownsFolder { try? FileManager.default.removeItem(at: dataFolder) }
    }

    /// The SHA-256 of the certificate's public key, base64: what Chromium takes to trust this one certificate.
    func certificateKeyDigest() throws -> String {
        let certificate = dataFolder.appendingPathComponent("tls/certificate.pem").path
        let digest = try TestData.run("bash", ["-c", "openssl x509 -in \"$1\" -pubkey -noout | openssl pkey -pubin -outform der"
                                               + " | openssl dgst -sha256 -binary | base64", "digest", certificate])
        guard digest.status == 0, digest.stdout.count > 40 else {
            throw ServeFailure(description: "no certificate digest: \(digest.stderr)")
        }
        return digest.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    var standardError: String { String(decoding: errors.fileHandleForReading.availableData, as: UTF8.self) }
}

struct ServeFailure: Error, CustomStringConvertible {
    var description: String
}
