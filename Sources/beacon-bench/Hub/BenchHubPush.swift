import ArgumentParser
import AsyncHTTPClient
import BeaconCommandLine
import BeaconHub
import BeaconRuntime
import Foundation

/// How the simulated clients hear of changes: pushed events, as the page and Beacon use them, or reading on a timer,
/// as they do when they cannot keep a stream.
enum BenchHubTransport: String, ExpressibleByArgument, CaseIterable, Sendable {
    case push
    case polling
}

/// The bench's streams of pushed events: one HTTP client with room for every simulated client's connection (the
/// shared client keeps a few per host, and a stream holds one for good).
final class BenchHubStreams: Sendable {
    let client: HTTPClient

    init(connections: Int) {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool = .init(idleTimeout: .seconds(60),
                                             concurrentHTTP1ConnectionsPerHostSoftLimit: max(8, connections))
        configuration.timeout = .init(connect: .seconds(5))
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    func shutdown() async {
        try? await client.shutdown()
    }

    /// The member's events from the instance at `base` (`VolunteersClient.events`, on this client), until the
    /// stream ends, the connection fails (thrown) or the task is cancelled. A refusal (no stream: 401, 503) is
    /// thrown as `HubCommandError`, which `InstanceRoute` does not take for a dead instance.
    func events(_ base: String, token: String) async throws -> AsyncThrowingStream<HubPushEvent, any Error> {
        do {
            return try await VolunteersClient.events(on: base, token: token, client: client)
        } catch let error as VolunteersError {
            throw HubCommandError("GET /api/events answered \(error.status ?? 0): \(error.sentence)")
        }
    }
}

/// A person's stream, kept from one request to the next: the events are read where the person waits for a mark.
final class BenchPersonStream: @unchecked Sendable {
    private var iterator: AsyncThrowingStream<HubPushEvent, any Error>.AsyncIterator?
    let token: String

    init(_ events: AsyncThrowingStream<HubPushEvent, any Error>, token: String) {
        iterator = events.makeAsyncIterator()
        self.token = token
    }

    /// Waits for a push of `job` with a mark until `deadline`; false when the stream ended, failed or the deadline
    /// passed first (then the person reads instead).
    func waitForMark(on job: Int, until deadline: ContinuousClock.Instant) async -> Bool {
        await withTaskGroup(of: Bool?.self) { group in
            group.addTask { await self.waitForMark(on: job) }
            group.addTask {
                try? await Task.sleep(until: deadline, clock: .continuous)
                return nil
            }
            defer { group.cancelAll() }
            return await group.next().flatMap { $0 } ?? false
        }
    }

    private func waitForMark(on job: Int) async -> Bool {
        while var events = iterator {
            do {
                let event = try await events.next()
                iterator = events
                guard let event else { break }
                if case let .job(reply) = event, reply.id == job, !reply.marks.isEmpty { return true }
            } catch {
                break
            }
        }
        iterator = nil
        return false
    }
}

extension BenchVolunteer {
    /// Listens on its instance's stream: reads the offers once on `ready`, then answers requests as they are pushed
    /// to it (one with a photo, the first it gets). A stream that fails is opened again through the next instance.
    func runPushed(streams: BenchHubStreams) async {
        let client = BenchHubClient(http: http)
        var route = route
        // A request being answered when the instance died: its taking may have gone through with the answer lost,
        // and then it is this volunteer's, offered to nobody, until it is answered here (as `run` does with `holds`).
        var answering: Int?
        while !Task.isCancelled {
            do {
                let token = self.token, ledger = self.ledger
                try await route.call { base in
                    func answer(_ job: Int) async throws {
                        await ledger.taken(job, at: .now)
                        try await client.fetchPhoto(base, job: job, photo: 1, token: token)
                        let mark = HubMarkKind.point(photo: 1, x: Double.random(in: 0.2...0.8), y: Double.random(in: 0.2...0.8))
                        try await client.mark(base, job: job, mark, token: token)
                    }
                    let events = try await streams.events(base, token: token)
                    var open: [Int: Int] = [:]
                    for try await event in events {
                        switch event {
                        case .ready:
                            if let job = answering, try await client.holds(base, job: job, token: token) {
                                try await answer(job)
                            }
                            answering = nil
                            let offers = try await client.offers(base, token: token)
                            await ledger.offered(offers.map(\.id), at: .now)
                            open = Dictionary(offers.map { ($0.id, $0.photos) }, uniquingKeysWith: { $1 })
                        case let .job(job) where job.state == .open:
                            await ledger.offered([job.id], at: .now)
                            open[job.id] = job.photos
                        case let .job(job):
                            open[job.id] = nil
                        case let .gone(id):
                            open[id] = nil
                        case .keepAlive:
                            continue
                        }
                        // A request is answered once its photo is there; another volunteer may take it first.
                        for (job, photos) in open where photos > 0 {
                            open[job] = nil
                            answering = job
                            guard try await client.take(base, job: job, token: token) else {
                                answering = nil
                                continue
                            }
                            try await answer(job)
                            answering = nil
                            break
                        }
                    }
                }
            } catch is CancellationError {
                return
            } catch {
                if Task.isCancelled { return }
                await ledger.failed("Listening for offers: \(error)")
                try? await Task.sleep(for: .seconds(1))
            }
        }
    }
}
