import BeaconHub
import BeaconHubProtocol
import Foundation
import Logging

/// One instance's push: it listens on one database connection for the changes every instance announces
/// (`HubChange`) and sends each to the members connected here who may see it. A change is read from the database
/// once, whatever the number of clients: a new job's waves (`HubDatabase.offeredTo`) say which volunteers it is
/// offered to, the job says its person and the volunteer holding it. Waves grow with time, not with a change, so
/// the open jobs are looked at again as each next wave comes due.
public actor HubPush {
    public let database: HubDatabase
    /// How often a comment keeps idle streams open.
    public var keepAliveInterval: Duration = .seconds(20)

    private struct Subscriber {
        let member: HubMember
        let continuation: AsyncStream<HubPushEvent>.Continuation
        /// The jobs pushed to this volunteer as offers, so that their taking or closing is pushed too.
        var offered: Set<Int> = []
    }

    private var subscribers: [UUID: Subscriber] = [:]
    /// Open jobs seen, with the number of waves they were last offered to.
    private var openJobs: [Int: (created: Date, waves: Int)] = [:]
    private var listening = false
    /// Whether the loss of the connection was logged and its return not yet.
    private var announcementsLost = false

    public init(database: HubDatabase) {
        self.database = database
    }

    /// Whether this instance hears the database's announcements now; a client that connects while it does not is
    /// refused (503) and reads instead.
    public var isListening: Bool { listening }

    /// A stream of events for `member`, starting with `.ready` when the instance is listening (and again whenever
    /// it listens anew); it ends when the member is blocked or removed, or `unsubscribe` is called.
    public func subscribe(_ member: HubMember) -> (id: UUID, events: AsyncStream<HubPushEvent>) {
        let (events, continuation) = AsyncStream.makeStream(of: HubPushEvent.self, bufferingPolicy: .bufferingNewest(256))
        let id = UUID()
        subscribers[id] = Subscriber(member: member, continuation: continuation)
        if listening { continuation.yield(.ready) }
        return (id, events)
    }

    public func unsubscribe(_ id: UUID) {
        subscribers.removeValue(forKey: id)?.continuation.finish()
    }

    /// Listens, pushes and keeps streams alive until cancelled. A lost connection (the database restarting) is
    /// logged once, tried again every second, and logged again once listening resumes; every client is then told
    /// to read the state (`.ready`).
    public func run(logger: Logger) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.keepAlive() }
            group.addTask { await self.growWaves() }
            group.addTask { await self.listen(logger: logger) }
            await group.next()
            group.cancelAll()
        }
        for subscriber in subscribers.values { subscriber.continuation.finish() }
        subscribers.removeAll()
    }

    private func listen(logger: Logger) async {
        while !Task.isCancelled {
            do {
                try await database.listen(listening: { await self.startedListening(logger: logger) }) { change in
                    await self.apply(change, logger: logger)
                }
                listening = false
            } catch {
                listening = false
                if Task.isCancelled { break }
                if !announcementsLost {
                    logger.warning("hub push: lost the database's announcements (\(HubDatabase.describe(error))); clients read until it is back")
                    announcementsLost = true
                }
                try? await Task.sleep(for: .seconds(1))
            }
        }
    }

    private func startedListening(logger: Logger) async {
        if announcementsLost {
            logger.notice("hub push: listening to the database again; every client reads the state once")
            announcementsLost = false
        }
        // The jobs open now, whose later waves are to be pushed: their waves so far are in the offers every client
        // reads on `.ready`.
        let policy = database.policy
        do {
            openJobs = Dictionary(uniqueKeysWithValues: try await database.openJobs().map { job in
                (job.id, (job.created, policy.waves(postedAt: job.created)))
            })
        } catch {
            logger.warning("hub push: the open jobs could not be read (\(HubDatabase.describe(error))); their later waves wait for a change")
        }
        listening = true
        for subscriber in subscribers.values { subscriber.continuation.yield(.ready) }
    }

    private func keepAlive() async {
        while !Task.isCancelled {
            try? await Task.sleep(for: keepAliveInterval)
            for subscriber in subscribers.values { subscriber.continuation.yield(.keepAlive) }
        }
    }

    /// Every second, the open jobs whose next wave came due are offered again (to the volunteers it adds).
    private func growWaves() async {
        let policy = database.policy
        while !Task.isCancelled {
            try? await Task.sleep(for: .seconds(1))
            let now = Date()
            let due = openJobs.filter { policy.waves(postedAt: $0.value.created, now: now) > $0.value.waves }
            for id in due.keys { await apply(.job(id), logger: nil) }
        }
    }

    /// Reads what `change` changed and pushes it to the members here who may see it.
    func apply(_ change: HubChange, logger: Logger?) async {
        switch change {
        case let .member(id):
            // Blocked or removed: their streams end (a blocked token is refused when they reconnect); an unblocked
            // member simply connects again.
            for (key, subscriber) in subscribers where subscriber.member.id == id {
                subscribers.removeValue(forKey: key)
                subscriber.continuation.finish()
            }
        case let .job(id):
            do {
                try await push(job: id)
            } catch {
                logger?.warning("hub push: job \(id) could not be read (\(HubDatabase.describe(error)))")
            }
        }
    }

    private func push(job id: Int) async throws {
        guard let job = try await database.job(id) else {
            openJobs.removeValue(forKey: id)
            for (key, subscriber) in subscribers where subscriber.offered.contains(id) {
                subscribers[key]?.offered.remove(id)
                subscriber.continuation.yield(.gone(id))
            }
            return
        }
        let concerned = subscribers.filter { $0.value.member.id == job.personID || $0.value.member.id == job.takenBy }
        if !concerned.isEmpty {
            let reply = HubJobReply(job, marks: try await database.marks(job: id))
            for subscriber in concerned.values { subscriber.continuation.yield(.job(reply)) }
        }
        let offer = HubJobReply(job, marks: [])
        if job.state == .open {
            openJobs[id] = (job.created, database.policy.waves(postedAt: job.created))
            guard subscribers.values.contains(where: { $0.member.role == .volunteer }) else { return }
            let wave = Set(try await database.offeredTo(job: id))
            for (key, subscriber) in subscribers where subscriber.member.role == .volunteer {
                let inWave = wave.contains(subscriber.member.id)
                if inWave || subscriber.offered.contains(id) {
                    subscribers[key]?.offered.insert(id)
                    subscriber.continuation.yield(.job(offer))
                }
            }
        } else {
            openJobs.removeValue(forKey: id)
            for (key, subscriber) in subscribers where subscriber.offered.contains(id) && subscriber.member.id != job.takenBy {
                subscribers[key]?.offered.remove(id)
                subscriber.continuation.yield(.job(offer))
            }
        }
    }
}
