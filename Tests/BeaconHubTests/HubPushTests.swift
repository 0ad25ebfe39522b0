import BeaconHub
import BeaconHubProtocol
import BeaconTestSupport
import Foundation
import Logging
import Testing
@testable import BeaconHubServer

/// Offers, takes, photos and marks pushed instead of polled, over a real PostgreSQL: one instance listens and pushes
/// what the other instance's callers changed, as two `beacon hub serve` on one database would.
@Suite("The hub's push, two instances on one PostgreSQL", .serialized,
       .enabled(if: TemporaryPostgres.isInstalled || TestData.required,
                "PostgreSQL is not installed (scripts/setup.sh installs the Debian package postgresql)"))
struct HubPushTests {
    /// The events of one subscriber, read one at a time.
    final class Events: @unchecked Sendable {
        var iterator: AsyncStream<HubPushEvent>.AsyncIterator

        init(_ stream: AsyncStream<HubPushEvent>) { iterator = stream.makeAsyncIterator() }

        /// The next event other than a keep-alive; nil when the stream ended. Fails after 20 s: a push comes in
        /// milliseconds, and a missing one must fail the test, not hang it.
        func next() async throws -> HubPushEvent? {
            try await withTimeout(seconds: 20) { [self] in
                while true {
                    let event = await self.iterator.next()
                    if event != .keepAlive { return event }
                }
            }
        }

        /// The next job event.
        func job() async throws -> HubJobReply {
            let event = try await next()
            guard case let .job(job)? = event else { throw TestFailure("expected a job, got \(String(describing: event))") }
            return job
        }

        /// The first job event that shows `expected`, skipping the others: a job is pushed as it is when it is read,
        /// so a slow reader may get one state twice (a wave coming due sends an offer again) or one already newer.
        func job(where expected: (HubJobReply) -> Bool) async throws -> HubJobReply {
            while true {
                let job = try await job()
                if expected(job) { return job }
            }
        }

        /// Whether the stream ends, once the job events still on their way are read.
        func ends() async throws -> Bool {
            while true {
                switch try await next() {
                case nil: return true
                case .job?: continue
                case let other?: throw TestFailure("expected the stream to end, got \(other)")
                }
            }
        }
    }

    /// Runs `body` with a push listening on the first instance; the callers in `body` use the second.
    static func withPush(policy: HubPolicy = HubPolicy(), _ body: @escaping (TwoHubInstances, HubPush) async throws -> Void) async throws {
        try await TwoHubInstances.run(policy: policy) { hub in
            let push = HubPush(database: hub.first)
            var quiet = Logger(label: "beacon.hub.push.tests")
            quiet.logLevel = .critical
            let logger = quiet
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await push.run(logger: logger) }
                defer { group.cancelAll() }
                // Generous: in a full run every hub suite starts its own PostgreSQL beside the others' work, and
                // once (stop 46) the listening connection took longer than 20 s there; it takes about 0.1 s alone.
                try await withTimeout(seconds: 60) {
                    while !(await push.isListening) { try await Task.sleep(for: .milliseconds(20)) }
                }
                try await body(hub, push)
            }
        }
    }

    @Test func aRequestIsPushedToItsVolunteersAndEachChangeToWhoeverMaySeeIt() async throws {
        try await Self.withPush { hub, push in
            let person = try await hub.join(.person, "Ann")
            let helper = try await hub.join(.volunteer, "Bo")
            let other = try await hub.join(.volunteer, "Cy")
            let russian = try await hub.join(.volunteer, "Dee", languages: ["ru"])
            let asker = Events(await push.subscribe(person.member).events)
            let helping = Events(await push.subscribe(helper.member).events)
            let watching = Events(await push.subscribe(other.member).events)
            let elsewhere = Events(await push.subscribe(russian.member).events)
            for events in [asker, helping, watching, elsewhere] { #expect(try await events.next() == .ready) }

            // Posted through the other instance, offered here to the two who speak English (a wave is three).
            let job = try await hub.second.postJob(person: person.member.id, objectName: "my keys", language: "en")
            let offered = try await helping.job()
            #expect(offered.id == job.id && offered.state == .open && offered.photos == 0)
            #expect(try await watching.job().id == job.id)
            #expect(try await asker.job().state == .open)
            _ = try await hub.second.addPhoto(job: job.id, person: person.member.id, jpeg: fakeJPEG(1))
            for events in [helping, watching, asker] { _ = try await events.job { $0.photos == 1 } }

            // Taken: the helper and the person hear it, the other volunteer hears it is gone from the offers.
            _ = try #require(try await hub.second.take(job: job.id, volunteer: helper.member.id))
            for events in [helping, watching, asker] { _ = try await events.job { $0.state == .taken } }
            _ = try await hub.second.mark(job: job.id, volunteer: helper.member.id, .point(photo: 1, x: 0.25, y: 0.75))
            let marked = try await asker.job { !$0.marks.isEmpty }
            #expect(marked.marks.map(\.kind) == [.point(photo: 1, x: 0.25, y: 0.75)])
            _ = try await helping.job { $0.marks.count == 1 }
            #expect(try await hub.second.close(job: job.id, by: person.member.id, reason: "cancelled"))
            for events in [asker, helping] { _ = try await events.job { $0.state == .closed } }

            // A blocked volunteer's stream ends at once; the Russian speaker heard none of this.
            #expect(try await hub.second.setBlocked(true, member: other.member.id))
            #expect(try await watching.ends())
            let later = try await hub.second.postJob(person: person.member.id, objectName: "слова", language: "ru")
            let russianOffer = try await elsewhere.job()
            #expect(russianOffer.id == later.id)
        }
    }

    @Test func laterWavesArePushedAsTheyComeDue() async throws {
        var policy = HubPolicy()
        policy.waveSize = 1
        policy.waveInterval = .seconds(1)
        try await Self.withPush(policy: policy) { hub, push in
            let person = try await hub.join(.person, "Ann")
            var volunteers: [HubMembership] = []
            for name in ["Bo", "Cy", "Dee"] { volunteers.append(try await hub.join(.volunteer, name)) }
            let streams = await volunteers.asyncMap { Events(await push.subscribe($0.member).events) }
            for events in streams { #expect(try await events.next() == .ready) }
            let asked = Date()
            let job = try await hub.second.postJob(person: person.member.id, objectName: "my keys", language: "en")
            // The waves' order is the database's (`offeredTo`); each volunteer hears of the job when theirs comes.
            let order = try await hub.first.offeredTo(job: job.id)
            // One wave a second: a loaded machine may have taken longer than that to ask, never more waves than due.
            #expect(order.count >= 1 && order.count <= policy.waves(postedAt: asked, now: Date()), "\(order.count)")
            for (index, volunteer) in volunteers.enumerated() {
                #expect(try await streams[index].job().id == job.id, "\(volunteer.member.displayName) was never offered it")
            }
            let all = try await hub.first.offeredTo(job: job.id)
            #expect(Set(all) == Set(volunteers.map(\.member.id)))
        }
    }

    @Test func theWavesPushedAreTheOffersRead() async throws {
        try await TwoHubInstances.run { hub in
            let person = try await hub.join(.person, "Ann")
            var volunteers: [HubMembership] = []
            for index in 0..<7 { volunteers.append(try await hub.join(.volunteer, "V\(index)")) }
            _ = try await hub.join(.volunteer, "Ru", languages: ["ru"])
            let job = try await hub.first.postJob(person: person.member.id, objectName: "my keys", language: "en")
            let pushedTo = try await hub.second.offeredTo(job: job.id)
            #expect(pushedTo.count == 3)
            for volunteer in volunteers {
                let reads = try await hub.second.offers(volunteer: volunteer.member.id).map(\.id)
                #expect(reads.contains(job.id) == pushedTo.contains(volunteer.member.id))
            }
            #expect(try await hub.second.openJobs().map(\.id) == [job.id])
        }
    }

    @Test func eventsAreServerSentEventsText() throws {
        #expect(HubPushEvent.ready.text == "event: ready\ndata: {}\n\n")
        #expect(HubPushEvent.gone(7).text == "event: gone\ndata: {\"id\":7}\n\n")
        let reply = HubJobReply(id: 7, object: "my keys", language: "en", state: .open, photos: 0,
                                created: Date(timeIntervalSince1970: 0), marks: [])
        let text = HubPushEvent.job(reply).text
        #expect(text.hasPrefix("event: job\ndata: {") && text.hasSuffix("}\n\n") && !text.dropLast(2).contains("\n\n"))
        #expect(HubChange(payload: "job 12") == .job(12))
        #expect(HubChange(payload: "member 3") == .member(3))
        #expect(HubChange(payload: "job twelve") == nil && HubChange(payload: "") == nil)
    }
}

extension Array {
    func asyncMap<Value>(_ transform: (Element) async throws -> Value) async rethrows -> [Value] {
        var values: [Value] = []
        for element in self { values.append(try await transform(element)) }
        return values
    }
}

/// The events' text as a client reads it: in whatever chunks the connection delivers.
@Suite struct HubPushEventReaderTests {
    @Test func eventsAreReadAcrossChunksAndCharacters() throws {
        let reply = HubJobReply(id: 7, object: "ключи", language: "ru", state: .open, photos: 1,
                                created: Date(timeIntervalSince1970: 0), marks: [])
        let bytes = Array((HubPushEvent.ready.text + HubPushEvent.keepAlive.text + HubPushEvent.job(reply).text
                           + "event: unknown\ndata: {}\n\n" + HubPushEvent.gone(7).text).utf8)
        // Every split of the bytes, one byte at a time included, reads the same events.
        for size in [1, 2, 3, 7, 64, bytes.count] {
            var reader = HubPushEvent.Reader()
            var events: [HubPushEvent] = []
            for start in stride(from: 0, to: bytes.count, by: size) {
                events += reader.read(bytes[start..<min(bytes.count, start + size)])
            }
            #expect(events == [.ready, .keepAlive, .job(reply), .gone(7)], "chunks of \(size)")
        }
        var reader = HubPushEvent.Reader()
        #expect(reader.read(Array("event: ready\r\ndata: {}\r\n\r\n".utf8)) == [.ready])
        #expect(reader.read(Array("event: job\ndata: {\"id\":\n\n".utf8)) == [])
    }
}
