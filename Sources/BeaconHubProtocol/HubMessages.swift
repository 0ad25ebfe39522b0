import Foundation

// The bodies of the hub's API (docs/hub-protocol.md), as the hub, the person's Beacon and the bench read and write
// them. Every body is JSON through `HubJSON`; the field names here are the wire's.

/// Who a member of a hub is: someone who asks for help, or a sighted volunteer who answers.
public enum HubRole: String, Sendable, CaseIterable, Codable {
    case person
    case volunteer
}

public enum HubJobState: String, Sendable, Codable {
    case open
    case taken
    case closed
}

/// What a volunteer says about a job.
public enum HubMarkKind: Sendable, Equatable {
    /// The thing is here: normalized coordinates (0…1, origin top-left) in one of the job's photos.
    case point(photo: Int, x: Double, y: Double)
    /// The thing is not in this photo.
    case notInPhoto(photo: Int)
    /// A short message Beacon speaks: "It is on the shelf by the door".
    case message(String)
}

/// `POST /api/join`: an invitation's code, the name others see, the languages spoken (["en"] when left out).
public struct HubJoinRequest: Codable, Sendable, Equatable {
    public var code: String
    public var name: String
    public var languages: [String]?

    public init(code: String, name: String, languages: [String]? = nil) {
        self.code = code
        self.name = name
        self.languages = languages
    }
}

/// The new member and the bearer token it signs in with from then on (shown this once).
public struct HubJoinReply: Codable, Sendable, Equatable {
    public var token: String
    public var member: HubMemberReply

    public init(token: String, member: HubMemberReply) {
        self.token = token
        self.member = member
    }
}

public struct HubMemberReply: Codable, Sendable, Equatable {
    public var id: Int
    public var role: HubRole
    public var name: String
    public var languages: [String]

    public init(id: Int, role: HubRole, name: String, languages: [String]) {
        self.id = id
        self.role = role
        self.name = name
        self.languages = languages
    }
}

/// `POST /api/jobs`: what to find, and in which language helpers should answer (the person's first when left out).
public struct HubJobRequest: Codable, Sendable, Equatable {
    public var object: String
    public var language: String?

    /// The header a request for help may carry so that asking again, when the answer was lost, does not open a
    /// second request: the same key finds the first (docs/hub-protocol.md).
    public static let idempotencyHeader = "Idempotency-Key"

    public init(object: String, language: String? = nil) {
        self.object = object
        self.language = language
    }
}

/// A job: posted, shown, offered, taken. `marks` is empty except when the job itself is shown (`GET /api/jobs/:job`).
public struct HubJobReply: Codable, Sendable, Equatable {
    public var id: Int
    public var object: String
    public var language: String
    public var state: HubJobState
    public var photos: Int
    public var created: Date
    public var marks: [HubMarkReply]

    public init(id: Int, object: String, language: String, state: HubJobState, photos: Int, created: Date,
                marks: [HubMarkReply]) {
        self.id = id
        self.object = object
        self.language = language
        self.state = state
        self.photos = photos
        self.created = created
        self.marks = marks
    }
}

/// `POST /api/jobs/:job/marks`: a point (`photo`, `x`, `y`), `notInPhoto` for a photo, or a `message`.
public struct HubMarkRequest: Codable, Sendable, Equatable {
    public var photo: Int?
    public var x: Double?
    public var y: Double?
    public var notInPhoto: Bool?
    public var message: String?

    public init(_ kind: HubMarkKind) {
        (photo, x, y, notInPhoto, message) = HubMarkFields.fields(of: kind)
    }

    /// What the fields say; nil when they say nothing the hub takes (no photo, or a point outside 0…1).
    public var kind: HubMarkKind? {
        HubMarkFields.kind(photo: photo, x: x, y: y, notInPhoto: notInPhoto, message: message)
    }
}

/// A mark as the hub keeps it: its number and the request's fields (the ones not used left out).
public struct HubMarkReply: Codable, Sendable, Equatable {
    public var id: Int
    public var photo: Int?
    public var x: Double?
    public var y: Double?
    public var notInPhoto: Bool?
    public var message: String?

    public init(id: Int, kind: HubMarkKind) {
        self.id = id
        (photo, x, y, notInPhoto, message) = HubMarkFields.fields(of: kind)
    }

    public var kind: HubMarkKind? {
        HubMarkFields.kind(photo: photo, x: x, y: y, notInPhoto: notInPhoto, message: message)
    }
}

/// A mark's fields both ways, one rule for the request and the reply.
private enum HubMarkFields {
    static func fields(of kind: HubMarkKind) -> (Int?, Double?, Double?, Bool?, String?) {
        switch kind {
        case .point(let photo, let x, let y): (photo, x, y, nil, nil)
        case .notInPhoto(let photo): (photo, nil, nil, true, nil)
        case .message(let text): (nil, nil, nil, nil, text)
        }
    }

    static func kind(photo: Int?, x: Double?, y: Double?, notInPhoto: Bool?, message: String?) -> HubMarkKind? {
        if let message, photo == nil { return .message(message) }
        guard let photo else { return nil }
        if notInPhoto == true { return .notInPhoto(photo: photo) }
        guard let x, let y, (0...1).contains(x), (0...1).contains(y) else { return nil }
        return .point(photo: photo, x: x, y: y)
    }
}

/// `POST /api/jobs/:job/photos`: the new photo's number in the job, from 1.
public struct HubPhotoReply: Codable, Sendable, Equatable {
    public var photo: Int

    public init(photo: Int) { self.photo = photo }
}

/// `POST /api/jobs/:job/heartbeat`: the lease is renewed.
public struct HubHeartbeatReply: Codable, Sendable, Equatable {
    public var ok: Bool

    public init(ok: Bool = true) { self.ok = ok }
}

/// `POST /api/jobs/:job/close`: the job is closed and its photos deleted.
public struct HubCloseReply: Codable, Sendable, Equatable {
    public var closed: Bool

    public init(closed: Bool = true) { self.closed = closed }
}

/// The hub's own refusals: one sentence. (Refusals of the sign-in and of an unreadable body are Hummingbird's
/// errors, `{"error":{"message":"…"}}`; see docs/hub-protocol.md.)
public struct HubRefusal: Codable, Sendable, Equatable {
    public var error: String

    public init(error: String) { self.error = error }
}

/// How both ends write and read the bodies: dates in ISO 8601, keys sorted (so a body reads the same every time).
public enum HubJSON {
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
