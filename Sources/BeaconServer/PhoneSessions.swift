/// The seam between the server and the assistant: the server knows connections, pairing and the protocol; whoever
/// implements this runs the session behind each paired phone (the composition root does, with the same assistant
/// the terminal runs).
public protocol PhoneSessionFactory: Sendable {
    /// Starts a session for a phone that said hello with a good token. `outbox` carries messages to the phone from
    /// any thread. A thrown `ProtocolViolation` closes that connection with its reason.
    func openSession(number: Int, speech: SpeechPlayback, job: String?, outbox: PhoneOutbox) throws -> any PhoneSessionHandle
}

/// One running session, fed with the phone's messages after its hello.
public protocol PhoneSessionHandle: AnyObject, Sendable {
    /// A message from the phone, already validated. Must return quickly: it is called on the network's threads.
    func receive(_ message: PhoneMessage)
    /// The connection ended (closed by either side, or lost): stop and let go of everything.
    func end()
}

/// Messages on their way to one phone, in order. Sending never blocks: a phone that stops reading loses its oldest
/// unsent messages (cues are worth nothing late), never the server's memory.
public final class PhoneOutbox: Sendable {
    enum Item: Sendable {
        case message(ServerMessage)
        case close(ProtocolViolation)
    }

    private let continuation: AsyncStream<Item>.Continuation

    init(_ continuation: AsyncStream<Item>.Continuation) {
        self.continuation = continuation
    }

    public func send(_ message: ServerMessage) {
        continuation.yield(.message(message))
    }

    /// Closes the connection with a reason after what was sent before.
    public func close(_ violation: ProtocolViolation) {
        continuation.yield(.close(violation))
    }
}
