import Foundation

/// Events handed over from another thread (a voice thread's), kept in order, and a wait for the one that ends them.
public final class EventLog<Event: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Event] = []
    private let ended = DispatchSemaphore(value: 0)
    private let isEnd: @Sendable (Event) -> Bool

    public init(isEnd: @escaping @Sendable (Event) -> Bool) {
        self.isEnd = isEnd
    }

    public func append(_ event: Event) {
        lock.withLock { stored.append(event) }
        if isEnd(event) { ended.signal() }
    }

    public var events: [Event] { lock.withLock { stored } }

    public func waitForEnd(timeout: Double) -> Bool { ended.wait(timeout: .now() + timeout) == .success }
}
