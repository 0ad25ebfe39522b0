import AsyncHTTPClient
import BeaconCommandLine
import BeaconHub
import BeaconRuntime
import Foundation
import NIOHTTP1

/// The few calls the bench makes, on the hub's routes and in its bodies (BeaconHubProtocol), through
/// `VolunteersClient.send`. A transport failure throws as it comes; an answer other than the one expected throws
/// `HubCommandError`.
struct BenchHubClient {
    /// The bench's own HTTP client: thousands of simulated clients at once need more connections than the shared one
    /// keeps (8 a host).
    let http: HTTPClient

    /// A request in a volunteer's offers.
    struct Offer: Sendable {
        var id: Int
        var photos: Int
    }

    /// The new request's number; nil when the hub refuses more from this person for now (429).
    /// `key`: the same for every try of one asking, so a try whose answer was lost is not a second request.
    func ask(_ base: String, token: String, key: String) async throws -> Int? {
        let (status, data) = try await send(.postJob, on: base, token: token,
                                            body: HubJobRequest(object: "keys", language: "en"),
                                            headers: [HubJobRequest.idempotencyHeader: key])
        if status == 429 { return nil }
        guard status == 201 || status == 200 else { throw refusal(HubRoute.postJob, status, data) }
        return try decode(HubJobReply.self, data, from: .postJob).id
    }

    func offers(_ base: String, token: String) async throws -> [Offer] {
        let (status, data) = try await send(.offers, on: base, token: token)
        guard status == 200 else { throw refusal(.offers, status, data) }
        return try decode([HubJobReply].self, data, from: .offers).map { Offer(id: $0.id, photos: $0.photos) }
    }

    /// True when the volunteer took the request; false when another volunteer was first or it is closed (409).
    func take(_ base: String, job: Int, token: String) async throws -> Bool {
        let (status, data) = try await send(.take, on: base, job: job, token: token)
        guard status == 200 || status == 409 else { throw refusal(.take, status, data) }
        return status == 200
    }

    /// True when the volunteer holds the request (the hub shows a taken request to its volunteer only).
    func holds(_ base: String, job: Int, token: String) async throws -> Bool {
        let (status, data) = try await send(.showJob, on: base, job: job, token: token)
        guard status == 200 || status == 404 else { throw refusal(.showJob, status, data) }
        return try status == 200 && decode(HubJobReply.self, data, from: .showJob).state == .taken
    }

    func markCount(_ base: String, job: Int, token: String) async throws -> Int {
        let (status, data) = try await send(.showJob, on: base, job: job, token: token)
        guard status == 200 else { throw refusal(.showJob, status, data) }
        return try decode(HubJobReply.self, data, from: .showJob).marks.count
    }

    func addPhoto(_ base: String, job: Int, bytes: [UInt8], token: String) async throws {
        let (status, data) = try await raw(.addPhoto, on: base, job: job, token: token, body: bytes, type: "image/jpeg")
        guard (200..<300).contains(status) else { throw refusal(.addPhoto, status, data) }
    }

    func fetchPhoto(_ base: String, job: Int, photo: Int, token: String) async throws {
        let (status, data) = try await raw(.photo, on: base, job: job, photo: photo, token: token)
        guard status == 200 else { throw refusal(.photo, status, data) }
    }

    func mark(_ base: String, job: Int, _ kind: HubMarkKind, token: String) async throws {
        let (status, data) = try await send(.mark, on: base, job: job, token: token, body: HubMarkRequest(kind))
        guard (200..<300).contains(status) else { throw refusal(.mark, status, data) }
    }

    func close(_ base: String, job: Int, token: String) async throws {
        let (status, data) = try await send(.close, on: base, job: job, token: token)
        guard status == 200 else { throw refusal(.close, status, data) }
    }

    /// An empty object for a POST without a body of its own (take, close).
    private struct Empty: Encodable {}

    private func send(_ route: HubRoute, on base: String, job: Int? = nil, token: String,
                      body: some Encodable = Empty(), headers: [String: String] = [:]) async throws -> (Int, Data) {
        let bytes = route.method == .post ? Array(try HubJSON.encoder().encode(body)) : nil
        return try await raw(route, on: base, job: job, token: token, body: bytes, headers: headers)
    }

    private func decode<Reply: Decodable>(_ type: Reply.Type, _ data: Data, from route: HubRoute) throws -> Reply {
        do {
            return try HubJSON.decoder().decode(type, from: data)
        } catch {
            throw HubCommandError("\(route.method.rawValue) \(route.pattern) answered a body the protocol does not "
                                  + "have (\(String(decoding: data.prefix(120), as: UTF8.self))).")
        }
    }

    private func refusal(_ route: HubRoute, _ status: Int, _ data: Data) -> HubCommandError {
        let reason = (try? HubJSON.decoder().decode(HubRefusal.self, from: data))?.error ?? "no reason given"
        return HubCommandError("\(route.method.rawValue) \(route.pattern) answered \(status): \(reason)")
    }

    /// A call to a killed instance on a fresh connection does not fail at once: the HTTP client retries connecting
    /// until the call's deadline. The hub answers these calls in milliseconds, so 2 s lets a client notice a dead
    /// instance and go on through another soon.
    private func raw(_ route: HubRoute, on base: String, job: Int? = nil, photo: Int? = nil, token: String,
                     body: [UInt8]? = nil, type: String = "application/json",
                     headers: [String: String] = [:]) async throws -> (Int, Data) {
        let method: HTTPMethod = route.method == .post ? .POST : .GET
        return try await VolunteersClient.send(route.url(on: base, job: job, photo: photo), method, token: token, body: body,
                                            type: body == nil ? nil : type, headers: headers, timeout: .seconds(2),
                                            limit: 1 << 22, client: http)
    }
}
