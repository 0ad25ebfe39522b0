import Foundation

/// Every route a volunteers' hub serves, in one place: the server registers exactly these (an exhaustive switch picks
/// each one's handler), clients build their paths from them, and docs/hub-protocol.md names each one (a test holds
/// the page to that).
public enum HubRoute: String, CaseIterable, Sendable {
    /// The volunteer's page.
    case page
    /// The same page; `?code=…` fills in the invitation code.
    case joinPage
    case script
    case styles
    /// Redeems an invitation: `HubJoinRequest` → `HubJoinReply`.
    case join
    /// A person asks for help: `HubJobRequest` → `HubJobReply`.
    case postJob
    /// A job as its person or its volunteer sees it: → `HubJobReply` with the marks so far.
    case showJob
    /// A person's photo, a JPEG body (with `DeviceOrientation.headerName`): → `HubPhotoReply`.
    case addPhoto
    /// One photo of a job, the JPEG itself.
    case photo
    /// The open jobs a volunteer may take: → `[HubJobReply]`.
    case offers
    /// A volunteer takes a job: → `HubJobReply`.
    case take
    /// A volunteer keeps their lease on a job: → `HubHeartbeatReply`.
    case heartbeat
    /// A volunteer's mark: `HubMarkRequest` → `HubMarkReply`.
    case mark
    /// Ends a job, by its person or its volunteer: → `HubCloseReply`.
    case close
    /// The member's events as Server-Sent Events: new offers, their jobs' changes (`HubPushEvent`).
    case events

    public enum Method: String, Sendable {
        case get = "GET"
        case post = "POST"
    }

    public var method: Method {
        switch self {
        case .page, .joinPage, .script, .styles, .showJob, .photo, .offers, .events: .get
        case .join, .postJob, .addPhoto, .take, .heartbeat, .mark, .close: .post
        }
    }

    /// The path as the server's router takes it; `:job` and `:photo` stand for numbers.
    public var pattern: String {
        switch self {
        case .page: "/"
        case .joinPage: "/join"
        case .script: "/volunteer.js"
        case .styles: "/volunteer.css"
        case .join: "/api/join"
        case .postJob: "/api/jobs"
        case .showJob: "/api/jobs/:job"
        case .addPhoto: "/api/jobs/:job/photos"
        case .photo: "/api/jobs/:job/photos/:photo"
        case .offers: "/api/offers"
        case .take: "/api/jobs/:job/take"
        case .heartbeat: "/api/jobs/:job/heartbeat"
        case .mark: "/api/jobs/:job/marks"
        case .close: "/api/jobs/:job/close"
        case .events: "/api/events"
        }
    }

    /// The path with the job's and the photo's numbers in place: `HubRoute.take.path(job: 7)` is "/api/jobs/7/take".
    public func path(job: Int? = nil, photo: Int? = nil) -> String {
        precondition(job != nil || !pattern.contains(":job"), "\(self) needs a job number")
        precondition(photo != nil || !pattern.contains(":photo"), "\(self) needs a photo number")
        var path = pattern
        if let job { path = path.replacingOccurrences(of: ":job", with: String(job)) }
        if let photo { path = path.replacingOccurrences(of: ":photo", with: String(photo)) }
        return path
    }

    /// The route's address on the hub at `base` ("https://hub.example.org/", with or without the trailing slash).
    public func url(on base: String, job: Int? = nil, photo: Int? = nil) -> String {
        (base.hasSuffix("/") ? String(base.dropLast()) : base) + path(job: job, photo: photo)
    }
}
