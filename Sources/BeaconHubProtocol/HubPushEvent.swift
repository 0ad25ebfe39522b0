import Foundation

/// What a hub instance pushes to the pages and Beacons connected to it (`GET /api/events`, docs/hub-protocol.md),
/// written by the hub and read by Beacon and `beacon bench hub` alike.
public enum HubPushEvent: Sendable, Equatable {
    /// Read the state now (offers, or your job): sent when a stream starts and again after the instance lost the
    /// database's announcements, so a change missed in between is read rather than lost.
    case ready
    /// A job the member may see, as it is now: a new offer, an offer taken or closed (drop it), or the member's own
    /// job with its marks.
    case job(HubJobReply)
    /// A job that no longer exists (its person was removed).
    case gone(Int)
    /// A comment line that keeps the connection open through proxies.
    case keepAlive

    /// The event as Server-Sent Events text.
    public var text: String {
        switch self {
        case .ready: return "event: ready\ndata: {}\n\n"
        case let .job(job):
            let data = (try? HubJSON.encoder().encode(job)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
            return "event: job\ndata: \(data)\n\n"
        case let .gone(id): return "event: gone\ndata: {\"id\":\(id)}\n\n"
        case .keepAlive: return ": keep-alive\n\n"
        }
    }

    /// One event's lines (without the blank line that ends it): its "event:" and "data:" lines; a comment is a
    /// keep-alive; nil for an event this version does not know, or data that is not its shape.
    public init?(block: String) {
        var name = "message", data = ""
        var comment = false
        for line in block.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix(":") { comment = true }
            if line.hasPrefix("event:") { name = line.dropFirst(6).trimmingCharacters(in: .whitespaces) }
            if line.hasPrefix("data:") { data += line.dropFirst(5).drop { $0 == " " } }
        }
        struct Gone: Decodable { var id: Int }
        switch name {
        case "ready": self = .ready
        case "job":
            guard let job = try? HubJSON.decoder().decode(HubJobReply.self, from: Data(data.utf8)) else { return nil }
            self = .job(job)
        case "gone":
            guard let gone = try? HubJSON.decoder().decode(Gone.self, from: Data(data.utf8)) else { return nil }
            self = .gone(gone.id)
        default:
            guard comment else { return nil }
            self = .keepAlive
        }
    }

    /// Splits a stream's bytes into events as its chunks arrive (an event, or a character, may span chunks).
    public struct Reader: Sendable {
        private var pending: [UInt8] = []

        public init() {}

        /// The events `chunk` completes, in order (unknown ones left out).
        public mutating func read(_ chunk: some Sequence<UInt8>) -> [HubPushEvent] {
            // Carriage returns are dropped: the standard allows CRLF and CR line ends, this hub sends LF.
            pending += chunk.lazy.filter { $0 != 13 }
            var events: [HubPushEvent] = []
            var start = 0
            var index = 0
            while index + 1 < pending.count {
                if pending[index] == 10 && pending[index + 1] == 10 {
                    if let event = HubPushEvent(block: String(decoding: pending[start..<index], as: UTF8.self)) {
                        events.append(event)
                    }
                    index += 2
                    start = index
                } else {
                    index += 1
                }
            }
            pending.removeFirst(start)
            return events
        }
    }
}
