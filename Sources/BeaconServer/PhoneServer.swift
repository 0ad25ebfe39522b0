import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOWebSocket
import Synchronization

/// The phone's way in: the web app's files, pairing, and one WebSocket per phone, each carrying one assistant
/// session (docs/protocol.md). HTTPS by default (phones give a page the camera only over HTTPS); plain HTTP for
/// loopback tests.
public final class PhoneServer: Sendable {
    public struct Configuration: Sendable {
        public var host: String
        public var port: Int
        /// Nil: plain HTTP.
        public var certificate: ServerCertificate?
        /// Makes a PNG file of RGB pixels (`side`×`side`), for `AppIcon` served as `/icon-SIDE.png` to phones
        /// that take no SVG icon (iOS). Nil: only the SVG icon.
        public var encodePNG: (@Sendable (_ rgb: [UInt8], _ side: Int) throws -> [UInt8])?

        public init(host: String, port: Int, certificate: ServerCertificate?,
                    encodePNG: (@Sendable (_ rgb: [UInt8], _ side: Int) throws -> [UInt8])? = nil) {
            self.host = host
            self.port = port
            self.certificate = certificate
            self.encodePNG = encodePNG
        }
    }

    private let configuration: Configuration
    private let pairing: PairingDesk
    private let sessions: any PhoneSessionFactory
    private let connections = Mutex(0)
    /// PNG icons by side, drawn when first asked for (most visits never ask).
    private let iconPNGs = Mutex<[Int: [UInt8]]>([:])

    public init(configuration: Configuration, pairing: PairingDesk, sessions: any PhoneSessionFactory) {
        self.configuration = configuration
        self.pairing = pairing
        self.sessions = sessions
    }

    /// Serves until the process is asked to stop (SIGINT, SIGTERM; not with `stopsOnSignals` false) or the task is
    /// cancelled. `onRunning` gets the port actually bound (port 0 picks a free one).
    public func run(stopsOnSignals: Bool = true, onRunning: @escaping @Sendable (Int) async -> Void) async throws {
        let application = try application(onRunning: onRunning)
        if stopsOnSignals {
            try await application.runService()
        } else {
            try await application.runService(gracefulShutdownSignals: [])
        }
    }

    /// The server as a Hummingbird application, not yet running: `run` runs it, and a test may run it with
    /// HummingbirdTesting's live client (`app.test(.live)`).
    public func application(onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) throws -> some ApplicationProtocol {
        var logger = Logger(label: "beacon.serve")
        // Beacon says what went wrong in its own sentences; the framework's shutdown chatter is not for the person.
        logger.logLevel = .critical
        let webSocket = HTTP1WebSocketUpgradeChannel.Configuration(
            http1: .init(idleTimeout: .seconds(60)),
            ws: .init(maxFrameSize: Self.webSocketLimit, autoPing: .enabled(timePeriod: .seconds(Int64(PhoneProtocol.pingSeconds))),
                      closeTimeout: .seconds(5)))
        let upgrade = HTTPServerBuilder.http1WebSocketUpgrade(configuration: webSocket) { [self] request, _, _ in
            guard request.path?.split(separator: "?").first == "/ws" else { return .dontUpgrade }
            return .upgrade([:]) { inbound, outbound, _ in
                await self.serveConnection(inbound: inbound, outbound: outbound)
            }
        }
        let server = try configuration.certificate.map { try HTTPServerBuilder.tls(upgrade, tlsConfiguration: $0.tlsConfiguration()) }
            ?? upgrade
        return Application(
            router: router(), server: server,
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "Beacon"),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? 0) },
            logger: logger)
    }

    /// Above the protocol's own limits, so an oversized message is refused by us, with a reason, up to this size;
    /// beyond it the WebSocket layer closes the connection (1009) before the message is assembled.
    static let webSocketLimit = 2 * 1024 * 1024

    // MARK: - HTTP

    func router() -> Router<PhoneRequestContext> {
        let router = Router(context: PhoneRequestContext.self)
        router.middlewares.add(SecurityHeaders())
        for path in WebApp.pagePaths {
            router.get(RouterPath(path)) { _, _ in WebApp.page }
        }
        router.get("/:file") { [self] _, context in
            guard let name = context.parameters.get("file"), let file = WebApp.file(named: name) ?? icon(named: name) else {
                throw HTTPError(.notFound, message: "No such page.")
            }
            return file
        }
        router.post("/api/pair") { [self] request, context in
            try await self.pair(request, context: context)
        }
        return router
    }

    /// `icon-180.png` and the other sides of `AppIcon.sizes`.
    private func icon(named name: String) -> Response? {
        guard let encode = configuration.encodePNG, name.hasPrefix("icon-"), name.hasSuffix(".png"),
              let side = Int(name.dropFirst(5).dropLast(4)), AppIcon.sizes.contains(side) else { return nil }
        let png = iconPNGs.withLock { cache -> [UInt8]? in
            if let png = cache[side] { return png }
            cache[side] = try? encode(AppIcon.rgb(size: side), side)
            return cache[side]
        }
        return png.map { WebApp.response($0, type: "image/png") }
    }

    private func pair(_ request: Request, context: PhoneRequestContext) async throws -> Response {
        var request = request
        let body = try await request.collectBody(upTo: 1024)
        struct Attempt: Decodable { var code: String }
        guard let attempt = try? JSONDecoder().decode(Attempt.self, from: Data(buffer: body)) else {
            return Self.json(.badRequest, ["error": "Send the pairing code as {\"code\":\"123456\"}."])
        }
        let address = context.remoteAddress?.ipAddress ?? "unknown"
        switch pairing.pair(code: attempt.code.trimmingCharacters(in: .whitespaces), from: address) {
        case .paired(let token):
            return Self.json(.ok, ["token": token])
        case .wrongCode:
            return Self.json(.forbidden, ["error": "Wrong pairing code."])
        case .tooManyTries(let seconds):
            var response = Self.json(.tooManyRequests, ["error": "Too many tries; wait a minute."])
            response.headers[.retryAfter] = "\(seconds)"
            return response
        }
    }

    static func json(_ status: HTTPResponse.Status, _ object: [String: String]) -> Response {
        let data = (try? JSONEncoder().encode(object)) ?? Data()
        return Response(status: status, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                        body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    // MARK: - WebSocket

    private func serveConnection(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async {
        let (stream, continuation) = AsyncStream<PhoneOutbox.Item>.makeStream(bufferingPolicy: .bufferingNewest(512))
        let outbox = PhoneOutbox(continuation)
        let number = connections.withLock { count in
            count += 1
            return count
        }
        async let written: Void = Self.write(stream, to: outbound)
        let helloSeen = Mutex(false)
        // A child task, not `Task {}`: it keeps the server's executor preference, so a busy shared pool cannot hold
        // the deadline back; leaving this function cancels it.
        async let _: Void = {
            guard (try? await Task.sleep(for: .seconds(PhoneProtocol.helloSeconds))) != nil else { return }
            if !helloSeen.withLock({ $0 }) {
                outbox.close(ProtocolViolation(.policyViolation, "Pair this phone first: no hello came within 10 seconds."))
            }
        }()
        var session: (any PhoneSessionHandle)?
        var decoder = PhoneMessageDecoder()
        do {
            for try await message in inbound.messages(maxSize: Self.webSocketLimit) {
                let decoded: PhoneMessage
                switch message {
                case .text(let text): decoded = try decoder.decode(text: text)
                case .binary(var buffer): decoded = try decoder.decode(binary: buffer.readBytes(length: buffer.readableBytes) ?? [])
                }
                if let session {
                    if case .hello = decoded { throw ProtocolViolation(.protocolError, "Hello was said already.") }
                    session.receive(decoded)
                    continue
                }
                guard case let .hello(token, speech, job) = decoded, pairing.admits(token: token) else {
                    throw ProtocolViolation(.policyViolation, "Pair this phone first.")
                }
                helloSeen.withLock { $0 = true }
                session = try sessions.openSession(number: number, speech: speech, job: job, outbox: outbox)
            }
        } catch let violation as ProtocolViolation {
            outbox.close(violation)
        } catch {
            // The connection failed or was refused by the WebSocket layer (which closed it with its own code).
        }
        session?.end()
        continuation.finish()
        await written
    }

    /// Sends the outbox's messages in order until it is finished or a close is sent.
    private static func write(_ stream: AsyncStream<PhoneOutbox.Item>, to outbound: WebSocketOutboundWriter) async {
        for await item in stream {
            switch item {
            case .message(let message):
                switch message.encoded {
                case .text(let text): try? await outbound.write(.text(text))
                case .binary(let bytes): try? await outbound.write(.binary(ByteBuffer(bytes: bytes)))
                }
            case .close(let violation):
                try? await outbound.close(WebSocketErrorCode(codeNumber: Int(violation.code.rawValue)), reason: violation.reason)
                return
            }
        }
    }
}

/// Each request's context, with the peer's address for the pairing rate limit.
public struct PhoneRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let remoteAddress: SocketAddress?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}

/// Headers every response carries: only the page's own origin may run scripts or connect, nothing is sniffed, and
/// answers (pairing, errors) are never cached.
struct SecurityHeaders: RouterMiddleware {
    typealias Context = PhoneRequestContext

    static let policy = "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'; "
        + "img-src 'self' data: blob:; media-src 'self' blob: mediastream:; worker-src 'self'; manifest-src 'self'; "
        + "object-src 'none'; base-uri 'none'; frame-ancestors 'none'"

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as HTTPResponseError {
            response = try error.response(from: request, context: context)
        }
        response.headers[.contentSecurityPolicy] = Self.policy
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
        if response.headers[.cacheControl] == nil { response.headers[.cacheControl] = "no-store" }
        return response
    }
}
