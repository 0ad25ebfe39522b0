import AsyncHTTPClient
import BeaconCore
import BeaconHubProtocol
import BeaconStore
import Foundation
import NIOCore
import NIOHTTP1

/// The person's side of a volunteers' hub: join with an invitation, ask, send photos, read what helpers marked, cancel.
/// Plain calls on the hub's JSON API (docs/hub-protocol.md; the routes and bodies are `BeaconHubProtocol`'s), through
/// AsyncHTTPClient as the emergency webhook; every failure is one sentence.
public struct VolunteersClient: Sendable {
    public let membership: VolunteersHubStore.Membership

    public init(membership: VolunteersHubStore.Membership) {
        self.membership = membership
    }

    /// A request as the hub sees it: its state and what helpers said so far, oldest first.
    public struct Job: Sendable, Equatable {
        public var id: Int
        public var isClosed: Bool
        public var isTaken: Bool
        public var photos: Int
        public var marks: [VolunteerMark]
    }

    /// Joins the hub at `url` with a person's invitation code and returns the membership to keep.
    public static func join(url: String, code: String, name: String, language: String) async throws -> VolunteersHubStore.Membership {
        let base = try Self.base(url)
        let reply: HubJoinReply = try await call(.join, on: base, token: nil,
                                                 json: HubJoinRequest(code: code, name: name, languages: [language]))
        return VolunteersHubStore.Membership(url: base, token: reply.token, name: name, language: language)
    }

    /// Opens a request for help finding `object`, for helpers who speak `language` (the one joined with when nil);
    /// returns its number.
    ///
    /// The hub not answering is tried twice more, half a second and a second later, with the same idempotency key:
    /// if the first asking reached the hub and only its answer was lost, the hub gives back that request rather
    /// than opening a second one.
    public func ask(_ object: String, language: String? = nil) async throws -> Int {
        let key = UUID().uuidString
        var attempt = 0
        while true {
            do {
                let reply: HubJobReply = try await Self.call(.postJob, on: membership.url, token: membership.token,
                                                             json: HubJobRequest(object: object, language: language ?? membership.language),
                                                             headers: [HubJobRequest.idempotencyHeader: key])
                return reply.id
            } catch let error as VolunteersError where error.status == nil && attempt < 2 {
                attempt += 1
                try await Task.sleep(for: .milliseconds(500 * attempt))
            }
        }
    }

    /// Sends a JPEG photo to the request, with the camera's orientation when the phone reported one; returns its
    /// number in the request.
    @discardableResult
    public func send(photo jpeg: [UInt8], job: Int, orientation: DeviceOrientation? = nil) async throws -> Int {
        let reply: HubPhotoReply = try await Self.call(.addPhoto, on: membership.url, job: job, token: membership.token,
                                                       body: jpeg, type: "image/jpeg",
                                                       headers: orientation.map { [DeviceOrientation.headerName: $0.header] } ?? [:])
        return reply.photo
    }

    public func job(_ id: Int) async throws -> Job {
        let reply: HubJobReply = try await Self.call(.showJob, on: membership.url, job: id, token: membership.token)
        return Self.job(reply)
    }

    /// The person's pushed events (`GET /api/events`): `nil` for "read the state now" (the stream began, or the hub
    /// lost track for a while), else a request of theirs as it is now. Throws when the hub cannot push now (then
    /// read instead); the stream ends or fails when the connection does.
    public func events() async throws -> AsyncThrowingStream<Job?, any Error> {
        let events: AsyncThrowingStream<HubPushEvent, any Error>
        do {
            events = try await Self.events(on: membership.url, token: membership.token)
        } catch let error as VolunteersError {
            throw error
        } catch {
            throw VolunteersError(sentence: "The volunteers' hub did not answer.", status: nil)
        }
        return AsyncThrowingStream { continuation in
            let reading = Task {
                do {
                    for try await event in events {
                        switch event {
                        case .ready: continuation.yield(nil)
                        case let .job(reply): continuation.yield(Self.job(reply))
                        case .gone, .keepAlive: break
                        }
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in reading.cancel() }
        }
    }

    static func job(_ reply: HubJobReply) -> Job {
        let marks = reply.marks.compactMap { mark -> VolunteerMark? in
            switch mark.kind {
            case .point(let photo, let x, let y)?: .point(photo: photo, x: x, y: y)
            case .notInPhoto(let photo)?: .notInPhoto(photo: photo)
            case .message(let text)?: .message(text)
            case nil: nil
            }
        }
        return Job(id: reply.id, isClosed: reply.state == .closed, isTaken: reply.state == .taken, photos: reply.photos,
                   marks: marks)
    }

    public func cancel(job: Int) async throws {
        let _: HubCloseReply = try await Self.call(.close, on: membership.url, job: job, token: membership.token)
    }

    // MARK: - HTTP

    /// The hub's address with one trailing slash; http or https only.
    static func base(_ url: String) throws -> String {
        guard let parsed = URL(string: url), ["http", "https"].contains(parsed.scheme ?? ""), parsed.host != nil else {
            throw VolunteersError(sentence: "A hub's address looks like https://hub.example.org:8444/.")
        }
        return url.hasSuffix("/") ? url : url + "/"
    }

    private static func call<Reply: Decodable>(_ route: HubRoute, on base: String, job: Int? = nil, token: String?,
                                               json: some Encodable, headers: [String: String] = [:]) async throws -> Reply {
        let body: Data
        do {
            body = try HubJSON.encoder().encode(json)
        } catch {
            throw VolunteersError(sentence: "Beacon could not write its request to the hub.")
        }
        return try await call(route, on: base, job: job, token: token, body: Array(body), type: "application/json",
                              headers: headers)
    }

    private static func call<Reply: Decodable>(_ route: HubRoute, on base: String, job: Int? = nil, token: String?,
                                               body: [UInt8]? = nil, type: String? = nil,
                                               headers: [String: String] = [:]) async throws -> Reply {
        let url = route.url(on: base, job: job)
        let status: Int, data: Data
        do {
            (status, data) = try await Self.send(url, HTTPMethod(rawValue: route.method.rawValue), token: token, body: body,
                                                 type: type, headers: headers, timeout: .seconds(15))
        } catch {
            throw VolunteersError(sentence: "The volunteers' hub at \(url.split(separator: "/").prefix(3).joined(separator: "/")) did not answer.",
                               status: nil)
        }
        guard (200..<300).contains(status) else {
            let reason = (try? HubJSON.decoder().decode(HubRefusal.self, from: data))?.error
            if status == 401 {
                throw VolunteersError(sentence: "The hub no longer knows this Beacon; join again with a new invitation.",
                                   status: status)
            }
            throw VolunteersError(sentence: reason ?? "The hub refused (\(status)).", status: status)
        }
        guard let reply = try? HubJSON.decoder().decode(Reply.self, from: data) else {
            throw VolunteersError(sentence: "The hub's answer made no sense to Beacon.", status: status)
        }
        return reply
    }
}

extension VolunteersClient {
    /// One call on a hub's API, with the member's bearer token: the status and the body (at most `limit` bytes).
    /// Transport failures throw; any status is returned. The client above and `beacon bench hub` (the volunteer's calls too)
    /// both go through here.
    /// `client`: the shared one, unless the caller keeps many connections at once (`beacon bench hub`).
    public static func send(_ url: String, _ method: HTTPMethod, token: String?, body: [UInt8]? = nil,
                            type: String? = nil, headers: [String: String] = [:], timeout: TimeAmount,
                            limit: Int = 1 << 20, client: HTTPClient = .shared) async throws -> (status: Int, body: Data) {
        var request = HTTPClientRequest(url: url)
        request.method = method
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        if let type { request.headers.add(name: "Content-Type", value: type) }
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
        let response = try await client.execute(request, timeout: timeout)
        let data = try await response.body.collect(upTo: limit)
        return (Int(response.status.code), Data(buffer: data))
    }

    /// A member's stream of pushed events (`GET /api/events`) from the hub at `base`, read as it arrives, until the
    /// connection ends or fails (thrown) or the reading task is cancelled. A refusal (401; 503 while the hub cannot
    /// push) throws `VolunteersError` with its status and the hub's sentence; a transport failure throws as it comes.
    /// Beacon (`events()`) and `beacon bench hub`'s thousands of pages both go through here.
    public static func events(on base: String, token: String,
                              client: HTTPClient = .shared) async throws -> AsyncThrowingStream<HubPushEvent, any Error> {
        var request = HTTPClientRequest(url: HubRoute.events.url(on: base))
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        let response = try await client.execute(request, timeout: .hours(24 * 365))
        guard response.status == .ok else {
            let body = try? await response.body.collect(upTo: 1 << 16)
            let reason = body.flatMap { try? HubJSON.decoder().decode(HubRefusal.self, from: Data(buffer: $0)) }?.error
            throw VolunteersError(sentence: reason ?? "The hub does not push now.", status: Int(response.status.code))
        }
        return AsyncThrowingStream { continuation in
            let reading = Task {
                do {
                    var reader = HubPushEvent.Reader()
                    for try await buffer in response.body {
                        for event in reader.read(buffer.readableBytesView) { continuation.yield(event) }
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in reading.cancel() }
        }
    }
}

public struct VolunteersError: UserFacingError, Equatable {
    public var sentence: String
    /// The hub's HTTP status when it answered with a refusal; nil when it did not answer at all (or before asking).
    public var status: Int?

    public init(sentence: String, status: Int? = nil) {
        self.sentence = sentence
        self.status = status
    }

    /// The failure as the assistant says it.
    public var failure: HelpFailure {
        switch status {
        case nil: .unreachable
        case 401?, 403?: .notMember
        default: .refused
        }
    }
}
