// The hub's values speak the protocol's types (a member's role, a job's state, a mark, a photo's orientation), so
// whoever uses the database has those types too.
@_exported import BeaconHubProtocol
import Crypto
import Foundation

/// A person or volunteer who joined with an invitation.
public struct HubMember: Sendable, Equatable, Codable {
    public var id: Int
    public var role: HubRole
    public var displayName: String
    /// Language codes ("en", "ru", "zh"): a volunteer is offered only jobs in one of them.
    public var languages: [String]
    public var blocked: Bool
    public var joined: Date

    public init(id: Int, role: HubRole, displayName: String, languages: [String], blocked: Bool, joined: Date) {
        self.id = id
        self.role = role
        self.displayName = displayName
        self.languages = languages
        self.blocked = blocked
        self.joined = joined
    }
}

/// What redeeming an invitation gives: the new member and the token it authenticates with from then on.
/// The token is shown this once; the hub keeps only its digest.
public struct HubMembership: Sendable {
    public var member: HubMember
    public var token: String
}

/// A freshly made invitation. The code is shown this once; the hub keeps only its digest.
public struct HubInvitation: Sendable {
    public var id: Int
    public var role: HubRole
    public var code: String
    public var expires: Date
}

/// A request for help: "find my keys", in the person's language.
public struct HubJob: Sendable, Equatable, Codable {
    public var id: Int
    public var personID: Int
    public var objectName: String
    public var language: String
    public var state: HubJobState
    public var takenBy: Int?
    public var leaseUntil: Date?
    public var created: Date
    public var closed: Date?
    public var photoCount: Int
}

/// A photo of a job, numbered from 1 in the order it arrived.
public struct HubPhoto: Sendable, Equatable {
    public var jobID: Int
    public var sequence: Int
    public var jpeg: Data
    /// Which way the camera pointed, when the phone reported it.
    public var orientation: DeviceOrientation?
    public var taken: Date
}

public struct HubMark: Sendable, Equatable {
    public var id: Int
    public var jobID: Int
    public var volunteerID: Int
    public var kind: HubMarkKind
    public var created: Date
}

public enum HubError: Error, Equatable, CustomStringConvertible {
    /// The job does not exist, is closed, or is not this member's to change.
    case jobNotAvailable(Int)
    case photoLimitReached(job: Int, limit: Int)
    case markRefused(String)
    case badRequest(String)

    public var description: String {
        switch self {
        case .jobNotAvailable(let id): "Job \(id) is closed, unknown, or not yours."
        case .photoLimitReached(let job, let limit): "Job \(job) already has \(limit) photos, the most a job may have."
        case .markRefused(let reason): "The mark was refused: \(reason)."
        case .badRequest(let reason): reason
        }
    }
}

/// One-time codes and tokens: random, and stored only as SHA-256 digests so a copy of the database lets nobody in.
enum HubSecret {
    /// 32 random bytes, base64url without padding (SystemRandomNumberGenerator reads the kernel's CSPRNG).
    static func token() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// 16 characters from an alphabet without look-alikes (0/O, 1/I/L): about 80 bits, short enough to type.
    static func invitationCode() -> String {
        let alphabet = Array("ABCDEFGHJKMNPQRSTUVWXYZ23456789")
        var generator = SystemRandomNumberGenerator()
        return String((0..<16).map { _ in alphabet.randomElement(using: &generator)! })
    }

    /// The code as typed: case and spaces or dashes between groups do not matter.
    static func normalizedCode(_ code: String) -> String {
        code.uppercased().filter { !$0.isWhitespace && $0 != "-" }
    }

    static func digest(_ secret: String) -> Data {
        Data(SHA256.hash(data: Data(secret.utf8)))
    }
}
