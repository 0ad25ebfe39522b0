import AsyncHTTPClient
import BeaconTestSupport
import Foundation
import HummingbirdWSClient
import Logging
import NIOCore
import NIOHTTP1
import NIOWebSocket
#if canImport(Glibc)
import Glibc
#endif

/// `beacon serve --http --port 0` in a process of its own, with its own data folder, and the calls a phone makes:
/// pairing over HTTP and sessions over WebSocket. Stopped (SIGINT) and its folder removed by `stop()`.
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
    var webSocketURL: String { "ws://127.0.0.1:\(port)/ws" }

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

    // MARK: - HTTP

    struct Reply {
        var status: Int
        var json: [String: Any]
        var headers: [String: String]
    }

    func request(_ path: String, method: HTTPMethod = .GET, body: String? = nil) async throws
        -> (status: Int, body: String, headers: [String: String], bytes: [UInt8]) {
        var request = HTTPClientRequest(url: base + path)
        request.method = method
        if let body { request.body = .bytes(ByteBuffer(string: body)) }
        // Generous: the deadline runs on the event loop even while synchronous tests keep this task from running.
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(120))
        let bytes = try await response.body.collect(upTo: 4 << 20)
        var headers: [String: String] = [:]
        for header in response.headers { headers[header.name.lowercased()] = header.value }
        return (Int(response.status.code), String(buffer: bytes), headers, Array(buffer: bytes))
    }

    func pair(_ code: String) async throws -> Reply {
        let reply = try await request("/api/pair", method: .POST, body: #"{"code":"\#(code)"}"#)
        let json = (try? JSONSerialization.jsonObject(with: Data(reply.body.utf8))) as? [String: Any] ?? [:]
        return Reply(status: reply.status, json: json, headers: reply.headers)
    }

    /// Pairs with the right code and returns the token.
    func token() async throws -> String {
        let reply = try await pair(code)
        guard let token = reply.json["token"] as? String else { throw ServeFailure(description: "pairing failed: \(reply.json)") }
        return token
    }

    // MARK: - WebSocket

    /// What one connection saw: the server's text messages, binary sizes, and how it was closed.
    struct Conversation: @unchecked Sendable {
        var messages: [[String: Any]] = []
        var binaryMessages = 0
        var closeCode: Int?
        var closeReason: String?

        func texts(ofType type: String) -> [String] {
            messages.filter { $0["type"] as? String == type }.compactMap { $0["text"] as? String }
        }
    }

    /// Connects, lets `script` send and read, and returns what was seen once either side closed. The script gets
    /// a way to send and a way to wait until a received message matches.
    func converse(_ script: @escaping @Sendable (PhoneLink) async throws -> Void) async throws -> Conversation {
        let link = PhoneLink()
        let close = try await WebSocketClient.connect(
            url: webSocketURL, configuration: .init(maxFrameSize: 4 << 20), logger: Logger(label: "test-phone")
        ) { inbound, outbound, _ in
            link.attach(outbound)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for try await message in inbound.messages(maxSize: 4 << 20) { link.received(message) }
                    link.finished()
                }
                try await script(link)
                if !link.hasEnded { try? await outbound.close(.normalClosure, reason: nil) }
                try await group.waitForAll()
            }
        }
        var conversation = link.conversation
        if let close {
            conversation.closeCode = Int(UInt16(webSocketErrorCode: close.closeCode))
            conversation.closeReason = close.reason
        }
        return conversation
    }
}

/// One phone's side of a WebSocket in a test.
final class PhoneLink: @unchecked Sendable {
    private let lock = NSLock()
    private var outbound: WebSocketOutboundWriter?
    private var seen = ServedBeacon.Conversation()
    private var ended = false

    fileprivate func attach(_ writer: WebSocketOutboundWriter) { lock.withLock { outbound = writer } }

    fileprivate func received(_ message: WebSocketMessage) {
        lock.withLock {
            switch message {
            case .text(let text):
                if let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] {
                    seen.messages.append(object)
                }
            case .binary: seen.binaryMessages += 1
            }
        }
    }

    fileprivate func finished() { lock.withLock { ended = true } }

    var conversation: ServedBeacon.Conversation { lock.withLock { seen } }
    var hasEnded: Bool { lock.withLock { ended } }

    func send(json: String) async throws {
        try await lock.withLock { outbound }?.write(.text(json))
    }

    func send(binary bytes: [UInt8]) async throws {
        try await lock.withLock { outbound }?.write(.binary(ByteBuffer(bytes: bytes)))
    }

    func hello(_ token: String, job: String? = nil) async throws {
        let jobField = job.map { #","job":"\#($0)""# } ?? ""
        try await send(json: #"{"v":1,"type":"hello","token":"\#(token)","speech":"phone"\#(jobField)}"#)
    }

    /// Waits until a message satisfies `condition` or the connection ends; true when one did.
    @discardableResult
    /// The wait is counted in naps of 50 ms, not on the clock: while synchronous tests elsewhere hold every thread
    /// of the pool, neither this wait nor the reading of the phone's messages runs, and a clock would run out
    /// before the messages that did come were read.
    func waitFor(seconds: Double, _ condition: ([String: Any]) -> Bool) async -> Bool {
        for _ in 0..<Int(seconds * 20) {
            if conversation.messages.contains(where: condition) { return true }
            if hasEnded { return false }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return conversation.messages.contains(where: condition)
    }

    /// Waits until the server has closed the connection (counted in naps, as `waitFor`).
    func waitForEnd(seconds: Double) async {
        var naps = Int(seconds * 20)
        while !hasEnded && naps > 0 {
            naps -= 1
            try? await Task.sleep(for: .milliseconds(50))
        }
    }
}

struct ServeFailure: Error, CustomStringConvertible {
    var description: String
}
