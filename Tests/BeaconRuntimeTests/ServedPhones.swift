import AsyncHTTPClient
import BeaconMedia
import BeaconServer
import BeaconTestSupport
import Foundation
import HummingbirdTesting
import HummingbirdWSClient
import HummingbirdWSTesting
import Logging
import NIOCore
import NIOHTTP1
import NIOWebSocket
@testable import BeaconRuntime

/// A phone server on 127.0.0.1 (a free port) in the test process, and the calls a phone makes: pairing over HTTP and
/// sessions over WebSocket. Either the whole `PhoneService` (`beacon serve` without the terminal), met with
/// AsyncHTTPClient and the WebSocket client, or the bare `PhoneServer` with a fake session behind each phone, met with
/// HummingbirdTesting's live client, for tests where the assistant is not the subject.
final class ServedPhones: @unchecked Sendable {
    let port: Int
    let scheme: String
    let certificate: ServerCertificate?
    /// The service, when the whole of it runs.
    let service: PhoneService?
    /// The fake sessions, when they stand in for the assistant.
    let fakeSessions: FakeSessions?
    private let pairing: PairingDesk?
    /// HummingbirdTesting's client, when the bare server runs in its live test framework.
    private let client: (any TestClientProtocol)?
    private let stopping: @Sendable () async -> Void

    private init(port: Int, scheme: String, certificate: ServerCertificate?, service: PhoneService?, fakeSessions: FakeSessions?,
                 pairing: PairingDesk?, client: (any TestClientProtocol)? = nil, stopping: @escaping @Sendable () async -> Void) {
        self.client = client
        self.port = port
        self.scheme = scheme
        self.certificate = certificate
        self.service = service
        self.fakeSessions = fakeSessions
        self.pairing = pairing
        self.stopping = stopping
    }

    /// The pairing code now.
    var code: String { service?.code ?? pairing?.code ?? "" }

    var base: String { "\(scheme)://127.0.0.1:\(port)" }
    var webSocketURL: String { "ws://127.0.0.1:\(port)/ws" }

    /// Runs the whole service (its own data folder unless one is given) for `body`, stopped after it.
    static func withService<T>(dataFolder given: URL? = nil, https: Bool = false, forgetPhones: Bool = false,
                               _ body: (ServedPhones) async throws -> T) async throws -> T {
        let folder = try given ?? TestData.temporaryFolder("beacon-serve")
        defer { if given == nil { try? FileManager.default.removeItem(at: folder) } }
        let service = PhoneService(
            options: .init(dataDirectory: folder.path, host: "127.0.0.1", port: 0, https: https, forgetPhones: forgetPhones,
                           stopsOnSignals: false, executor: OwnThreadTrait.executor),
            transcript: TranscriptRecorder())
        let started = try await service.start()
        let served = ServedPhones(port: started.port, scheme: https ? "https" : "http", certificate: started.certificate,
                                  service: service, fakeSessions: nil, pairing: nil, stopping: { await service.stop() })
        return try await served.running(body)
    }

    /// Runs the bare server with fake sessions (plain HTTP) in HummingbirdTesting's live framework for `body`.
    static func withFakeSessions<T>(_ body: @escaping @Sendable (ServedPhones) async throws -> T) async throws -> T {
        let pairing = PairingDesk(clock: { Monotonic.seconds() })
        let sessions = FakeSessions()
        let server = PhoneServer(configuration: .init(host: "127.0.0.1", port: 0, certificate: nil), pairing: pairing, sessions: sessions)
        return try await server.application().test(.live) { client in
            let served = ServedPhones(port: client.port ?? 0, scheme: "http", certificate: nil, service: nil, fakeSessions: sessions,
                                      pairing: pairing, client: client, stopping: {})
            return try await body(served)
        }
    }

    private func running<T>(_ body: (ServedPhones) async throws -> T) async throws -> T {
        do {
            let result = try await body(self)
            await stopping()
            return result
        } catch {
            await stopping()
            throw error
        }
    }

    // MARK: - HTTP

    struct Reply {
        var status: Int
        var json: [String: Any]
        var headers: [String: String]
    }

    /// GET, or POST with `postBody`.
    func request(_ path: String, postBody body: String? = nil) async throws
        -> (status: Int, body: String, headers: [String: String], bytes: [UInt8]) {
        if let client {
            let response = try await client.execute(uri: path, method: body == nil ? .get : .post,
                                                    body: body.map { ByteBuffer(string: $0) })
            var headers: [String: String] = [:]
            for field in response.headers { headers[field.name.canonicalName] = field.value }
            return (Int(response.status.code), String(buffer: response.body), headers, Array(buffer: response.body))
        }
        var request = HTTPClientRequest(url: base + path)
        if let body {
            request.method = .POST
            request.body = .bytes(ByteBuffer(string: body))
        }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(120))
        let bytes = try await response.body.collect(upTo: 4 << 20)
        var headers: [String: String] = [:]
        for header in response.headers { headers[header.name.lowercased()] = header.value }
        return (Int(response.status.code), String(buffer: bytes), headers, Array(buffer: bytes))
    }

    func pair(_ code: String) async throws -> Reply {
        let reply = try await request("/api/pair", postBody: #"{"code":"\#(code)"}"#)
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

    /// Connects, lets `script` send and read, and returns what was seen once either side closed. The script gets
    /// a way to send and a way to wait until a received message matches.
    func converse(_ script: @escaping @Sendable (PhoneLink) async throws -> Void) async throws -> PhoneConversation {
        let link = PhoneLink()
        let handler: WebSocketDataHandler<WebSocketClient.Context> = { inbound, outbound, _ in
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
        let configuration = WebSocketClientConfiguration(maxFrameSize: 4 << 20)
        let close = if let client {
            try await client.ws("/ws", configuration: configuration, logger: Logger(label: "test-phone"), handler: handler)
        } else {
            try await WebSocketClient.connect(url: webSocketURL, configuration: configuration, logger: Logger(label: "test-phone"),
                                              handler: handler)
        }
        var conversation = link.conversation
        if let close {
            conversation.closeCode = Int(UInt16(webSocketErrorCode: close.closeCode))
            conversation.closeReason = close.reason
        }
        return conversation
    }
}

/// Stands in for the assistant behind each phone: says it is ready, and keeps what it is told.
final class FakeSessions: PhoneSessionFactory, @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    var opened: Int { lock.withLock { count } }

    func openSession(number: Int, speech: SpeechPlayback, job: String?, outbox: PhoneOutbox) throws -> any PhoneSessionHandle {
        lock.withLock { count += 1 }
        outbox.send(.welcome(session: number, frameRate: 0, speech: speech))
        outbox.send(.speak(text: "Beacon ready.", language: "en", priority: "normal"))
        return FakeSession()
    }
}

final class FakeSession: PhoneSessionHandle, @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [PhoneMessage] = []
    private var ended = false

    func receive(_ message: PhoneMessage) { lock.withLock { kept.append(message) } }
    func end() { lock.withLock { ended = true } }
}

/// What one connection saw: the server's text messages, binary sizes, and how it was closed.
struct PhoneConversation: @unchecked Sendable {
    var messages: [[String: Any]] = []
    var binaryMessages = 0
    var closeCode: Int?
    var closeReason: String?

    func texts(ofType type: String) -> [String] {
        messages.filter { $0["type"] as? String == type }.compactMap { $0["text"] as? String }
    }
}

/// One phone's side of a WebSocket in a test.
final class PhoneLink: @unchecked Sendable {
    private let lock = NSLock()
    private var outbound: WebSocketOutboundWriter?
    private var seen = PhoneConversation()
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

    var conversation: PhoneConversation { lock.withLock { seen } }
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

    /// Waits until a message satisfies `condition` or the connection ends; true when one did. Counted in naps of
    /// 50 ms, not on the clock, so a busy machine's pauses are not counted against the server.
    @discardableResult
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
