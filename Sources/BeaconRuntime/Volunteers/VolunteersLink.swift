import BeaconCore
import BeaconHubProtocol
import BeaconStore
import Foundation

/// The assistant's line to the person's volunteers' hub: carries out the session's requests (ask, photos, close) one
/// after another on a task of its own, and watches the open request (taken, marks, closed) as the hub pushes it, or
/// every second when it cannot, so no frame waits for the network. What the hub says comes back as events, taken by
/// the runner between frames.
///
/// One request at a time, as the session keeps one. A photo asked for before the request is open waits for it; a
/// request closed before the hub answered is closed as soon as it has a number.
public final class VolunteersLink: @unchecked Sendable {
    private enum Command: Sendable {
        case ask(object: String, language: TextLanguage)
        case photo(frame: Int, jpeg: [UInt8], orientation: DeviceOrientation?)
        case close
    }

    /// The hub this Beacon joined; nil: none (asking is answered with `notJoined`).
    public let membership: VolunteersHubStore.Membership?
    private let pollInterval: Duration
    /// How long the hub may stay unreachable while a request is open before the request is given up.
    private let patience: Duration
    private let log: @Sendable (String) -> Void
    private let lock = NSLock()
    private var events: [VolunteersEvent] = []
    /// The open request's number on the hub.
    private var job: Int?
    private var watcher: Task<Void, Never>?
    private let commands: AsyncStream<Command>.Continuation
    private var worker: Task<Void, Never>?
    /// The link's calls run on a thread of their own: the assistant's engines may hold the cooperative pool.
    private let executor = DedicatedThreadExecutor(name: "beacon-helpers")

    public init(membership: VolunteersHubStore.Membership?, pollInterval: Duration = .seconds(1),
                patience: Duration = .seconds(20), log: @escaping @Sendable (String) -> Void) {
        self.membership = membership
        self.pollInterval = pollInterval
        self.patience = patience
        self.log = log
        let (stream, continuation) = AsyncStream<Command>.makeStream()
        commands = continuation
        let client = membership.map(VolunteersClient.init)
        worker = Task(executorPreference: executor) { [weak self] in
            for await command in stream {
                guard let self else { return }
                await self.carryOut(command, client: client)
            }
        }
    }

    // MARK: - The session's effects

    /// Carries out one of the session's requests; `photo` makes the JPEG for `sendPhoto` (and says which way the
    /// camera pointed, when a phone reported it).
    public func handle(_ effect: VolunteersEffect, photo: () throws -> (jpeg: [UInt8], orientation: DeviceOrientation?)?) {
        switch effect {
        case .ask(let object, let language):
            commands.yield(.ask(object: object, language: language))
        case .sendPhoto(let frame):
            do {
                if let made = try photo() { commands.yield(.photo(frame: frame, jpeg: made.jpeg, orientation: made.orientation)) }
            } catch let error as UserFacingError {
                log("beacon: \(error.sentence)")
            } catch {
                log("beacon: the photo for the helpers could not be made: \(error)")
            }
        case .close:
            commands.yield(.close)
        case .follow:
            break // the runner follows the spot itself
        }
    }

    /// What the hub said since the last call.
    public func takeEvents() -> [VolunteersEvent] {
        lock.withLock {
            defer { events = [] }
            return events
        }
    }

    /// Ends the link: a request still open is closed on the hub (so its photos are deleted) within a few seconds.
    public func stop() {
        commands.yield(.close)
        commands.finish()
        let done = DispatchSemaphore(value: 0)
        Task(executorPreference: executor) { [worker] in
            await worker?.value
            done.signal()
        }
        if done.wait(timeout: .now() + 5) == .timedOut { log("beacon: the volunteers' hub did not confirm the request closed.") }
        lock.withLock { watcher }?.cancel()
        executor.stop()
    }

    // MARK: - The worker

    private func post(_ event: VolunteersEvent) {
        lock.withLock { events.append(event) }
    }

    private func carryOut(_ command: Command, client: VolunteersClient?) async {
        guard let client else {
            if case .ask = command { post(.failed(.notJoined)) }
            return
        }
        switch command {
        case .ask(let object, let language):
            await close(client)
            do {
                let id = try await client.ask(object, language: language.rawValue)
                lock.withLock { job = id }
                startWatching(id, client: client)
            } catch let error as VolunteersError {
                log("beacon: \(error.sentence)")
                post(.failed(error.failure))
            } catch {
                post(.failed(.unreachable))
            }
        case .photo(let frame, let jpeg, let orientation):
            guard let id = lock.withLock({ job }) else { return }
            do {
                let photo = try await client.send(photo: jpeg, job: id, orientation: orientation)
                post(.photoSent(photo: photo, frame: frame))
            } catch let error as VolunteersError {
                // One photo lost is no reason to end the request; the next goes out 2 s later.
                log("beacon: a photo did not reach the helpers: \(error.sentence)")
            } catch {
                log("beacon: a photo did not reach the helpers.")
            }
        case .close:
            await close(client)
        }
    }

    private func close(_ client: VolunteersClient) async {
        let open: Int? = lock.withLock {
            defer { job = nil }
            return job
        }
        lock.withLock { watcher }?.cancel()
        guard let open else { return }
        do {
            try await client.cancel(job: open)
        } catch let error as VolunteersError where error.status == 409 || error.status == 404 {
            return // closed already (by the helper, or the sweep)
        } catch let error as VolunteersError {
            log("beacon: the request could not be closed: \(error.sentence)")
        } catch {
            log("beacon: the request could not be closed.")
        }
    }

    /// Watches request `id` until it closes or the link moves on: each change becomes an event once. Pushed when the
    /// hub can (the state read once when the stream starts, then each change as it comes); read every
    /// `pollInterval` when it cannot or the stream fails.
    private func startWatching(_ id: Int, client: VolunteersClient) {
        let task = Task(executorPreference: executor) { [weak self, pollInterval, patience] in
            var taken = false, marks = 0
            /// Posts what changed; true once the request is over (closed).
            func apply(_ state: VolunteersClient.Job) -> Bool {
                guard let self, self.lock.withLock({ self.job }) == id else { return true }
                if state.isTaken || !state.marks.isEmpty, !taken {
                    taken = true
                    self.post(.taken)
                }
                for mark in state.marks.dropFirst(marks) { self.post(.marked(mark)) }
                marks = max(marks, state.marks.count)
                if state.isClosed {
                    self.lock.withLock { self.job = nil }
                    self.post(.closed)
                    return true
                }
                return false
            }
            /// Says a refusal and ends the watch.
            func refused(_ error: VolunteersError) {
                guard let self else { return }
                self.lock.withLock { self.job = nil }
                self.log("beacon: \(error.sentence)")
                self.post(.failed(error.failure))
            }
            // Pushed: read once at the start of the stream, then each change of this request.
            if let events = try? await client.events() {
                do {
                    for try await event in events {
                        guard !Task.isCancelled else { return }
                        if let state = event {
                            if state.id == id, apply(state) { return }
                        } else if apply(try await client.job(id)) {
                            return
                        }
                    }
                } catch let error as VolunteersError where error.status != nil {
                    refused(error)
                    return
                } catch {
                    // The stream failed: read instead.
                }
            }
            var failingSince: ContinuousClock.Instant?
            while !Task.isCancelled {
                try? await Task.sleep(for: pollInterval)
                guard !Task.isCancelled, let self, self.lock.withLock({ self.job }) == id else { return }
                do {
                    let state = try await client.job(id)
                    failingSince = nil
                    if apply(state) { return }
                } catch let error as VolunteersError where error.status != nil {
                    refused(error)
                    return
                } catch {
                    let since = failingSince ?? .now
                    failingSince = since
                    if ContinuousClock.now - since >= patience {
                        self.lock.withLock { self.job = nil }
                        self.post(.failed(.unreachable))
                        return
                    }
                }
            }
        }
        lock.withLock { watcher = task }
    }
}
