import AsyncHTTPClient
import BeaconCore
import BeaconStore
import Foundation
import NIOCore
import NIOHTTP1

/// The person's side of a helpers' hub: join with an invitation, ask, send photos, read what helpers marked, cancel.
/// Plain calls on the hub's JSON API (AsyncHTTPClient, as the emergency webhook); every failure is one sentence.
public struct HelpersClient: Sendable {
    public let membership: HelpersHubStore.Membership

    public init(membership: HelpersHubStore.Membership) {
        self.membership = membership
    }

    /// A request as the hub sees it: its state and what helpers said so far, oldest first.
    public struct Job: Sendable, Equatable {
        public var id: Int
        public var isClosed: Bool
        public var isTaken: Bool
        public var photos: Int
        public var marks: [HelperMark]
    }

    /// Joins the hub at `url` with a person's invitation code and returns the membership to keep.
    public static func join(url: String, code: String, name: String, language: String) async throws -> HelpersHubStore.Membership {
        let base = try Self.base(url)
        struct Reply: Decodable { var token: String }
        let body = try JSONSerialization.data(withJSONObject: ["code": code, "name": name, "languages": [language]])
        let reply: Reply = try await call(base + "api/join", method: .POST, token: nil, body: Array(body), type: "application/json")
        return HelpersHubStore.Membership(url: base, token: reply.token, name: name, language: language)
    }

    /// Opens a request for help finding `object`, for helpers who speak `language` (the one joined with when nil);
    /// returns its number.
    public func ask(_ object: String, language: String? = nil) async throws -> Int {
        struct Reply: Decodable { var id: Int }
        let body = try JSONSerialization.data(withJSONObject: ["object": object, "language": language ?? membership.language])
        let reply: Reply = try await Self.call(membership.url + "api/jobs", method: .POST, token: membership.token,
                                               body: Array(body), type: "application/json")
        return reply.id
    }

    /// Sends a JPEG photo to the request, with the camera's orientation when the phone reported one; returns its
    /// number in the request.
    @discardableResult
    public func send(photo jpeg: [UInt8], job: Int, orientation: DeviceOrientation? = nil) async throws -> Int {
        struct Reply: Decodable { var photo: Int }
        let reply: Reply = try await Self.call(membership.url + "api/jobs/\(job)/photos", method: .POST,
                                               token: membership.token, body: jpeg, type: "image/jpeg",
                                               headers: orientation.map { ["X-Orientation": $0.header] } ?? [:])
        return reply.photo
    }

    public func job(_ id: Int) async throws -> Job {
        struct Mark: Decodable {
            var photo: Int?
            var x: Double?
            var y: Double?
            var notInPhoto: Bool?
            var message: String?
        }
        struct Reply: Decodable {
            var id: Int
            var state: String
            var photos: Int
            var marks: [Mark]
        }
        let reply: Reply = try await Self.call(membership.url + "api/jobs/\(id)", method: .GET, token: membership.token)
        let marks = reply.marks.compactMap { mark -> HelperMark? in
            if let message = mark.message { return .message(message) }
            guard let photo = mark.photo else { return nil }
            if mark.notInPhoto == true { return .notInPhoto(photo: photo) }
            guard let x = mark.x, let y = mark.y else { return nil }
            return .point(photo: photo, x: x, y: y)
        }
        return Job(id: reply.id, isClosed: reply.state == "closed", isTaken: reply.state == "taken", photos: reply.photos,
                   marks: marks)
    }

    public func cancel(job: Int) async throws {
        struct Reply: Decodable { var closed: Bool }
        let _: Reply = try await Self.call(membership.url + "api/jobs/\(job)/close", method: .POST, token: membership.token)
    }

    // MARK: - HTTP

    /// The hub's address with one trailing slash; http or https only.
    static func base(_ url: String) throws -> String {
        guard let parsed = URL(string: url), ["http", "https"].contains(parsed.scheme ?? ""), parsed.host != nil else {
            throw HelpersError(sentence: "A hub's address looks like https://hub.example.org:8444/.")
        }
        return url.hasSuffix("/") ? url : url + "/"
    }

    private static func call<Reply: Decodable>(_ url: String, method: HTTPMethod, token: String?, body: [UInt8]? = nil,
                                               type: String? = nil, headers: [String: String] = [:]) async throws -> Reply {
        let status: Int, data: Data
        do {
            (status, data) = try await Self.send(url, method, token: token, body: body, type: type, headers: headers,
                                                 timeout: .seconds(15))
        } catch {
            throw HelpersError(sentence: "The helpers' hub at \(url.split(separator: "/").prefix(3).joined(separator: "/")) did not answer.",
                               status: nil)
        }
        guard (200..<300).contains(status) else {
            let reason = (try? JSONDecoder().decode(Refusal.self, from: data))?.error
            if status == 401 {
                throw HelpersError(sentence: "The hub no longer knows this Beacon; join again with a new invitation.",
                                   status: status)
            }
            throw HelpersError(sentence: reason ?? "The hub refused (\(status)).", status: status)
        }
        guard let reply = try? JSONDecoder().decode(Reply.self, from: data) else {
            throw HelpersError(sentence: "The hub's answer made no sense to Beacon.", status: status)
        }
        return reply
    }
}

extension HelpersClient {
    /// One call on a hub's API, with the member's bearer token: the status and the body (at most `limit` bytes).
    /// Transport failures throw; any status is returned. The client above and `beacon bench hub` (the volunteer's calls too)
    /// both go through here.
    public static func send(_ url: String, _ method: HTTPMethod, token: String?, body: [UInt8]? = nil,
                            type: String? = nil, headers: [String: String] = [:], timeout: TimeAmount,
                            limit: Int = 1 << 20) async throws -> (status: Int, body: Data) {
        var request = HTTPClientRequest(url: url)
        request.method = method
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        if let type { request.headers.add(name: "Content-Type", value: type) }
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
        let response = try await HTTPClient.shared.execute(request, timeout: timeout)
        let data = try await response.body.collect(upTo: limit)
        return (Int(response.status.code), Data(buffer: data))
    }
}

/// Which way a phone's camera pointed (the browser's DeviceOrientation: alpha, beta, gamma), in degrees.
public struct DeviceOrientation: Sendable, Equatable {
    public var heading: Double
    public var pitch: Double
    public var roll: Double

    public init(heading: Double, pitch: Double, roll: Double) {
        self.heading = heading
        self.pitch = pitch
        self.roll = roll
    }

    /// As the hub takes it with a photo: "heading,pitch,roll".
    var header: String { String(format: "%.1f,%.1f,%.1f", heading, pitch, roll) }
}

/// The hub's refusals: {"error": "one sentence"}.
private struct Refusal: Decodable {
    var error: String
}

public struct HelpersError: UserFacingError, Equatable {
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
