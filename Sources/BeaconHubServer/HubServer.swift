import BeaconHub
import BeaconHubProtocol
import Foundation
import Hummingbird
import HTTPTypes
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOCore
import NIOSSL
import ServiceLifecycle

/// The hub's HTTP face: people's Beacons and volunteers' browsers talk to it with the token their invitation gave.
/// The routes and bodies are `BeaconHubProtocol`'s (docs/hub-protocol.md).
///
/// It keeps nothing of its own: every request is answered from the database (`HubDatabase`), so any number of
/// instances on one database answer alike and one can die without losing a job. Only who is connected for pushed
/// events is its own (`HubPush`), and a client that loses it reads the state again.
public struct HubServer: Sendable {
    public struct Configuration: Sendable {
        public var host: String
        public var port: Int
        /// nil: plain HTTP (`--http`, for loopback and tests).
        public var tls: TLSConfiguration?
        /// Largest photo accepted, bytes.
        public var photoLimit = 2 * 1024 * 1024
        /// Attempts to join from one address (right or wrong codes alike, so codes cannot be guessed).
        public var joins = HubRate(count: 10, window: .seconds(600))
        /// Requests for help a person may open.
        public var jobs = HubRate(count: 20, window: .seconds(3600))

        public init(host: String = "127.0.0.1", port: Int = 8443, tls: TLSConfiguration? = nil) {
            self.host = host
            self.port = port
            self.tls = tls
        }
    }

    public let configuration: Configuration
    public let database: HubDatabase
    /// This instance's push to the clients connected to it; whoever runs the server runs it too (`HubPush.run`).
    public let push: HubPush

    public init(configuration: Configuration, database: HubDatabase) {
        self.configuration = configuration
        self.database = database
        push = HubPush(database: database)
    }

    /// The server as a Hummingbird application, not yet running. `onRunning` gets the port bound (0 picks one).
    public func application(onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) throws -> some ApplicationProtocol {
        var logger = Logger(label: "beacon.hub")
        logger.logLevel = .critical
        let http = HTTPServerBuilder.http1()
        let server = try configuration.tls.map { try HTTPServerBuilder.tls(http, tlsConfiguration: $0) } ?? http
        return Application(
            router: router(), server: server,
            // Pages and Beacons reconnect their streams together when an instance restarts: thousands of connections
            // in a moment overflow the usual queue of 256 (the kernel caps it at net.core.somaxconn).
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "Beacon hub",
                                 backlog: 4096),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? 0) },
            logger: logger)
    }

    // MARK: - Routes

    /// Registers every route of `HubRoute`, and only those.
    func router() -> Router<HubRequestContext> {
        let router = Router(context: HubRequestContext.self)
        router.middlewares.add(PageHeaders())
        router.middlewares.add(DatabaseTrouble())
        for route in HubRoute.allCases {
            let method: HTTPRequest.Method = switch route.method {
            case .get: .get
            case .post: .post
            }
            router.on(RouterPath(route.pattern), method: method) { request, context in
                try await self.respond(to: route, request, context: context)
            }
        }
        return router
    }

    /// Each route's handler. The switch is exhaustive: a route added to `HubRoute` is served, or the build fails.
    private func respond(to route: HubRoute, _ request: Request, context: HubRequestContext) async throws -> Response {
        switch route {
        case .page, .joinPage: return Self.page(PackageResources.volunteer_html, type: "text/html; charset=utf-8")
        case .script: return Self.page(PackageResources.volunteer_js, type: "text/javascript; charset=utf-8")
        case .styles: return Self.page(PackageResources.volunteer_css, type: "text/css; charset=utf-8")
        case .join: return try await join(request, context: context)
        case .postJob: return try await postJob(request, context: context)
        case .showJob: return try await showJob(request, context: context)
        case .addPhoto: return try await addPhoto(request, context: context)
        case .photo: return try await photo(request, context: context)
        case .offers: return try await offers(request, context: context)
        case .take: return try await take(request, context: context)
        case .heartbeat: return try await heartbeat(request, context: context)
        case .mark: return try await mark(request, context: context)
        case .close: return try await close(request, context: context)
        case .events: return try await events(request, context: context)
        }
    }

    /// The member's events as Server-Sent Events, for as long as they stay connected (or until they are blocked).
    private func events(_ request: Request, context: HubRequestContext) async throws -> Response {
        let member = try await member(of: request)
        guard await push.isListening else {
            return Self.error(.serviceUnavailable, "Pushing is not available now; read instead, and try again later.")
        }
        let push = self.push
        let (id, events) = await push.subscribe(member)
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream; charset=utf-8"
        headers[.cacheControl] = "no-store"
        // A proxy in front (nginx) would otherwise hold the events back to fill its buffer.
        headers[HTTPField.Name("X-Accel-Buffering")!] = "no"
        return Response(status: .ok, headers: headers, body: ResponseBody { writer in
            do {
                // A stream never ends by itself; the server's graceful shutdown waits for every response, so it
                // ends this one (the client reads, then connects to another instance).
                try await withGracefulShutdownHandler {
                    for await event in events { try await writer.write(ByteBuffer(string: event.text)) }
                } onGracefulShutdown: {
                    Task { await push.unsubscribe(id) }
                }
            } catch {
                // The client went away.
                await push.unsubscribe(id)
                throw error
            }
            await push.unsubscribe(id)
            try await writer.finish(nil)
        })
    }

    private func join(_ request: Request, context: HubRequestContext) async throws -> Response {
        let address = context.remoteAddress?.ipAddress ?? "unknown"
        if let refusal = try await limit("join", key: address, rate: configuration.joins,
                                         "Too many tries to join; wait a few minutes.") { return refusal }
        let joining = try await Self.decode(HubJoinRequest.self, from: request, example: #"{"code":"…","name":"Ann","languages":["en"]}"#)
        let name = joining.name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...40).contains(name.count) else { return Self.error(.badRequest, "A display name has 1 to 40 characters.") }
        let languages = (joining.languages ?? ["en"]).map { $0.lowercased() }.filter { (2...8).contains($0.count) }
        guard !languages.isEmpty else { return Self.error(.badRequest, "Name at least one language, like en.") }
        guard let membership = try await database.redeem(code: joining.code.trimmingCharacters(in: .whitespaces).uppercased(),
                                                         displayName: name, languages: languages) else {
            return Self.error(.forbidden, "That invitation is unknown, used or expired.")
        }
        return Self.json(.created, HubJoinReply(token: membership.token, member: HubMemberReply(membership.member)))
    }

    private func postJob(_ request: Request, context: HubRequestContext) async throws -> Response {
        let person = try await member(of: request, as: .person)
        let asking = try await Self.decode(HubJobRequest.self, from: request, example: #"{"object":"my keys","language":"en"}"#)
        let language = asking.language ?? person.languages.first ?? "en"
        let key = request.headers[HTTPField.Name(HubJobRequest.idempotencyHeader)!]
        if let key {
            guard (1...64).contains(key.count), key.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else {
                return Self.error(.badRequest, "An Idempotency-Key has 1 to 64 visible ASCII characters.")
            }
            // Asked again with the same key: the request the first asking opened, without counting it again.
            if let earlier = try await database.job(person: person.id, key: key) {
                return Self.json(.ok, HubJobReply(earlier, marks: try await database.marks(job: earlier.id)))
            }
        }
        if let refusal = try await limit("job", key: String(person.id), rate: configuration.jobs,
                                         "Too many requests for help this hour; wait a while.") { return refusal }
        do {
            if let key {
                let (job, created) = try await database.postJob(person: person.id, objectName: asking.object,
                                                                language: language, key: key)
                return Self.json(created ? .created : .ok, HubJobReply(job, marks: created ? [] : try await database.marks(job: job.id)))
            }
            let job = try await database.postJob(person: person.id, objectName: asking.object, language: language)
            return Self.json(.created, HubJobReply(job, marks: []))
        } catch let error as HubError {
            return Self.error(.badRequest, error.description)
        }
    }

    private func showJob(_ request: Request, context: HubRequestContext) async throws -> Response {
        let caller = try await member(of: request)
        let job = try await ownedJob(context, by: caller)
        return Self.json(.ok, HubJobReply(job, marks: try await database.marks(job: job.id)))
    }

    private func addPhoto(_ request: Request, context: HubRequestContext) async throws -> Response {
        let person = try await member(of: request, as: .person)
        let id = try Self.jobID(context)
        var request = request
        let body = try await request.collectBody(upTo: configuration.photoLimit)
        let jpeg = Data(buffer: body)
        guard jpeg.starts(with: [0xFF, 0xD8, 0xFF]) else { return Self.error(.unsupportedMediaType, "Send the photo as a JPEG.") }
        let orientation = request.headers[HTTPField.Name(DeviceOrientation.headerName)!].flatMap(DeviceOrientation.init(header:))
        do {
            let sequence = try await database.addPhoto(job: id, person: person.id, jpeg: jpeg, orientation: orientation)
            return Self.json(.created, HubPhotoReply(photo: sequence))
        } catch let error as HubError {
            switch error {
            case .photoLimitReached: return Self.error(.conflict, error.description)
            default: return Self.error(.notFound, error.description)
            }
        }
    }

    private func photo(_ request: Request, context: HubRequestContext) async throws -> Response {
        let caller = try await member(of: request)
        let id = try Self.jobID(context)
        guard let sequence = context.parameters.get("photo", as: Int.self) else {
            return Self.error(.badRequest, "Photos are numbered from 1.")
        }
        guard let photo = try await database.photo(job: id, sequence: sequence, member: caller.id) else {
            return Self.error(.notFound, "No such photo in a job of yours.")
        }
        var headers = HTTPFields()
        headers[.contentType] = "image/jpeg"
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: photo.jpeg)))
    }

    private func offers(_ request: Request, context: HubRequestContext) async throws -> Response {
        let volunteer = try await member(of: request, as: .volunteer)
        return Self.json(.ok, try await database.offers(volunteer: volunteer.id).map { HubJobReply($0, marks: []) })
    }

    private func take(_ request: Request, context: HubRequestContext) async throws -> Response {
        let volunteer = try await member(of: request, as: .volunteer)
        guard let job = try await database.take(job: try Self.jobID(context), volunteer: volunteer.id) else {
            return Self.error(.conflict, "Someone else took this job, or it is closed.")
        }
        return Self.json(.ok, HubJobReply(job, marks: []))
    }

    private func heartbeat(_ request: Request, context: HubRequestContext) async throws -> Response {
        let volunteer = try await member(of: request, as: .volunteer)
        guard try await database.heartbeat(job: try Self.jobID(context), volunteer: volunteer.id) else {
            return Self.error(.conflict, "This job is no longer yours.")
        }
        return Self.json(.ok, HubHeartbeatReply())
    }

    private func mark(_ request: Request, context: HubRequestContext) async throws -> Response {
        let volunteer = try await member(of: request, as: .volunteer)
        let marking = try await Self.decode(HubMarkRequest.self, from: request,
                                            example: #"{"photo":3,"x":0.4,"y":0.6} or {"photo":3,"notInPhoto":true} or {"message":"…"}"#)
        guard let kind = marking.kind else {
            return Self.error(.badRequest, "Mark a point (photo, x, y from 0 to 1), say not in photo, or send a message.")
        }
        do {
            let mark = try await database.mark(job: try Self.jobID(context), volunteer: volunteer.id, kind)
            return Self.json(.created, HubMarkReply(mark))
        } catch let error as HubError {
            return Self.error(.conflict, error.description)
        }
    }

    private func close(_ request: Request, context: HubRequestContext) async throws -> Response {
        let caller = try await member(of: request)
        guard try await database.close(job: try Self.jobID(context), by: caller.id,
                                       reason: caller.role == .person ? "cancelled" : "done") else {
            return Self.error(.notFound, "No open job of yours by that number.")
        }
        return Self.json(.ok, HubCloseReply())
    }

    /// nil when the rate allows one more; otherwise the 429 to answer with.
    private func limit(_ scope: String, key: String, rate: HubRate, _ sentence: String) async throws -> Response? {
        let verdict = try await database.allow(scope, key: key, rate: rate)
        guard !verdict.allowed else { return nil }
        var response = Self.error(.tooManyRequests, sentence)
        response.headers[.retryAfter] = String(verdict.retryAfter)
        return response
    }

    // MARK: - Who is asking

    /// The member whose bearer token the request carries: 401 without a valid one (a blocked member's token is no
    /// longer valid), 403 for a member of the other role.
    private func member(of request: Request, as role: HubRole? = nil) async throws -> HubMember {
        guard let header = request.headers[.authorization], header.hasPrefix("Bearer "),
              let member = try await database.authenticate(token: String(header.dropFirst(7))) else {
            throw HTTPError(.unauthorized, headers: [.wwwAuthenticate: "Bearer"],
                            message: "Sign in with the token your invitation gave.")
        }
        if let role, member.role != role {
            throw HTTPError(.forbidden, message: role == .person ? "Only a person asking for help can do that."
                                                                 : "Only a volunteer can do that.")
        }
        return member
    }

    /// The job in the path, if the caller is its person or the volunteer holding it; 404 otherwise (whether it
    /// exists is not told to others).
    private func ownedJob(_ context: HubRequestContext, by member: HubMember) async throws -> HubJob {
        let id = try Self.jobID(context)
        guard let job = try await database.job(id),
              job.personID == member.id || (job.state == .taken && job.takenBy == member.id) else {
            throw HTTPError(.notFound, message: "No job of yours by that number.")
        }
        return job
    }

    private static func jobID(_ context: HubRequestContext) throws -> Int {
        guard let id = context.parameters.get("job", as: Int.self) else {
            throw HTTPError(.badRequest, message: "Jobs are numbered.")
        }
        return id
    }

    static func page(_ bytes: [UInt8], type: String) -> Response {
        Response(status: .ok, headers: [.contentType: type, .cacheControl: "no-cache"],
                 body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    // MARK: - JSON

    static func decode<Value: Decodable>(_ type: Value.Type, from request: Request, example: String) async throws -> Value {
        var request = request
        let body = try await request.collectBody(upTo: 16 * 1024)
        guard let value = try? HubJSON.decoder().decode(type, from: Data(buffer: body)) else {
            throw HTTPError(.badRequest, message: "Send JSON like \(example).")
        }
        return value
    }

    static func json(_ status: HTTPResponse.Status, _ value: some Encodable) -> Response {
        let data = (try? HubJSON.encoder().encode(value)) ?? Data("{}".utf8)
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    static func error(_ status: HTTPResponse.Status, _ sentence: String) -> Response {
        json(status, HubRefusal(error: sentence))
    }
}

// MARK: - Replies from the database's values

extension HubMemberReply {
    init(_ member: HubMember) {
        self.init(id: member.id, role: member.role, name: member.displayName, languages: member.languages)
    }
}

extension HubJobReply {
    init(_ job: HubJob, marks: [HubMark]) {
        self.init(id: job.id, object: job.objectName, language: job.language, state: job.state, photos: job.photoCount,
                  created: job.created, marks: marks.map { HubMarkReply($0) })
    }
}

extension HubMarkReply {
    init(_ mark: HubMark) {
        self.init(id: mark.id, kind: mark.kind)
    }
}

/// The page loads only its own files and the photos it fetches, and is never framed.
struct PageHeaders: RouterMiddleware {
    typealias Context = HubRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        response.headers[.contentSecurityPolicy] = "default-src 'self'; img-src 'self' blob:; frame-ancestors 'none'"
        response.headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        response.headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
        return response
    }
}

/// A call the database could not answer (restarting, unreachable, out of connections) gets a 503 with one sentence and
/// `Retry-After`, not Hummingbird's bare 500: nothing is wrong with the call, and it may be made again in a moment.
/// The hub's own refusals (`HTTPError`s and any error that is its own response) pass through as they are.
struct DatabaseTrouble: RouterMiddleware {
    typealias Context = HubRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as any HTTPResponseError {
            throw error
        } catch {
            // Not logged call by call: an outage is logged once, by the push losing and regaining the database.
            var response = HubServer.error(.serviceUnavailable, "The hub's database is not reachable now; try again in a moment.")
            response.headers[.retryAfter] = "2"
            return response
        }
    }
}

/// A request's context with the address it came from (for the limit on joining).
public struct HubRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let remoteAddress: SocketAddress?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}
