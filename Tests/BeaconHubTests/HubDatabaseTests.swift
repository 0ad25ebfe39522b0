import BeaconHub
import BeaconTestSupport
import Foundation
import Testing

@Suite("The hub's state in PostgreSQL, shared by two instances", .serialized,
       .enabled(if: TemporaryPostgres.isInstalled || TestData.required,
                "PostgreSQL is not installed (scripts/setup.sh installs the Debian package postgresql)"))
struct HubDatabaseTests {
    @Test("migrations applied by two instances at once are each applied exactly once")
    func concurrentMigrations() async throws {
        try await TwoHubInstances.run(migrate: false) { hub in
            async let fromFirst = hub.first.migrate()
            async let fromSecond = hub.second.migrate()
            let (first, second) = try await (fromFirst, fromSecond)
            let all = HubSchema.migrations.map(\.version).sorted()
            #expect(Set(first).isDisjoint(with: second), "both applied \(Set(first).intersection(second))")
            #expect((first + second).sorted() == all)
            #expect(try await hub.second.appliedMigrations() == all)
            #expect(try await hub.first.migrate().isEmpty) // a third start finds nothing to do
        }
    }

    @Test("an invitation redeems once, even when two instances redeem it at the same moment")
    func invitationRedeemsOnce() async throws {
        try await TwoHubInstances.run { hub in
            let invitation = try await hub.first.invite(.volunteer)
            async let viaFirst = hub.first.redeem(code: invitation.code, displayName: "Ann", languages: ["en"])
            async let viaSecond = hub.second.redeem(code: invitation.code, displayName: "Bob", languages: ["en"])
            let winners = try await [viaFirst, viaSecond].compactMap { $0 }
            #expect(winners.count == 1)
            let membership = try #require(winners.first)
            #expect(membership.member.role == .volunteer)
            #expect(try await hub.second.redeem(code: invitation.code, displayName: "Eve", languages: ["en"]) == nil)
            #expect(try await hub.second.authenticate(token: membership.token) == membership.member)
            #expect(try await hub.first.members().map(\.id) == [membership.member.id])

            // Typed by hand: case and dashes do not matter.
            let typed = try await hub.first.invite(.person)
            let spaced = typed.code.lowercased().enumerated()
                .map { $0.offset > 0 && $0.offset % 4 == 0 ? "-\($0.element)" : "\($0.element)" }.joined()
            #expect(try await hub.second.redeem(code: spaced, displayName: "Cat", languages: ["ru"])?.member.role == .person)
        }
    }

    @Test("a forged token and a blocked member are refused; a removed member is gone")
    func forgedAndBlocked() async throws {
        try await TwoHubInstances.run { hub in
            let person = try await hub.join(.person, "Pat")
            let volunteer = try await hub.join(.volunteer, "Val")
            #expect(try await hub.second.authenticate(token: "forged-token") == nil)
            #expect(try await hub.second.authenticate(token: volunteer.token + "x") == nil)

            let job = try await hub.first.postJob(person: person.member.id, objectName: "keys", language: "en")
            #expect(try await hub.second.take(job: job.id, volunteer: volunteer.member.id) != nil)
            #expect(try await hub.first.setBlocked(true, member: volunteer.member.id))
            #expect(try await hub.second.authenticate(token: volunteer.token) == nil)
            // Blocking took the job back from them; they are offered nothing and can take nothing.
            #expect(try await hub.second.job(job.id)?.state == .open)
            #expect(try await hub.second.offers(volunteer: volunteer.member.id).isEmpty)
            #expect(try await hub.second.take(job: job.id, volunteer: volunteer.member.id) == nil)

            #expect(try await hub.first.setBlocked(false, member: volunteer.member.id))
            #expect(try await hub.second.authenticate(token: volunteer.token)?.id == volunteer.member.id)
            #expect(try await hub.second.remove(member: volunteer.member.id))
            #expect(try await hub.second.authenticate(token: volunteer.token) == nil)
            #expect(try await hub.first.members().map(\.id) == [person.member.id])
        }
    }

    @Test("a job is offered in waves: a few volunteers first, a few more each interval, never to the wrong language")
    func offersComeInWaves() async throws {
        var policy = HubPolicy()
        policy.waveSize = 2
        policy.waveInterval = .seconds(3)
        try await TwoHubInstances.run(policy: policy) { hub in
            let person = try await hub.join(.person, "Pat")
            var volunteers: [HubMembership] = []
            for index in 0..<6 { volunteers.append(try await hub.join(.volunteer, "V\(index)")) }
            let russianOnly = try await hub.join(.volunteer, "Ivan", languages: ["ru"])
            let postedFrom = ContinuousClock.now
            let job = try await hub.first.postJob(person: person.member.id, objectName: "keys", language: "en")
            let postedBy = ContinuousClock.now
            func offered() async throws -> Set<Int> {
                var seeing: Set<Int> = []
                for volunteer in volunteers where try await hub.second.offers(volunteer: volunteer.member.id).contains(where: { $0.id == job.id }) {
                    seeing.insert(volunteer.member.id)
                }
                return seeing
            }
            // How many a wave has reached after `elapsed`: 2, then 2 more every 3 s, up to all 6.
            func reached(_ elapsed: Duration) -> Int { min(6, 2 * (1 + Int(elapsed / .seconds(3)))) }
            // The hub counts from when it stored the job (between postedFrom and postedBy), and a look at six
            // volunteers takes time on a loaded machine: the count is judged against both ends of that look.
            func look() async throws -> Set<Int> {
                let start = ContinuousClock.now
                let seeing = try await offered()
                let end = ContinuousClock.now
                #expect((reached(start - postedBy)...reached(end - postedFrom)).contains(seeing.count),
                        "\(seeing.count) offered between \(start - postedBy) and \(end - postedFrom)")
                return seeing
            }
            let firstWave = try await look()
            try await Task.sleep(until: postedFrom + .seconds(3.5))
            let secondWave = try await look()
            #expect(secondWave.count >= 4)
            #expect(firstWave.isSubset(of: secondWave))
            try await Task.sleep(until: postedFrom + .seconds(6.5))
            #expect(try await offered().count == 6)
            #expect(try await hub.second.offers(volunteer: russianOnly.member.id).isEmpty)
        }
    }

    @Test("a job posted through one instance is taken through the other, and a second taker loses")
    func firstTakerWins() async throws {
        try await TwoHubInstances.run { hub in
            let person = try await hub.join(.person, "Pat")
            let ann = try await hub.join(.volunteer, "Ann"), bob = try await hub.join(.volunteer, "Bob")
            let russianOnly = try await hub.join(.volunteer, "Ivan", languages: ["ru"])
            let job = try await hub.first.postJob(person: person.member.id, objectName: "blue folder", language: "en")
            #expect(job.state == .open)

            #expect(try await hub.second.offers(volunteer: ann.member.id).map(\.id) == [job.id])
            #expect(try await hub.second.offers(volunteer: russianOnly.member.id).isEmpty) // no shared language
            #expect(try await hub.second.take(job: job.id, volunteer: russianOnly.member.id) == nil)

            async let annTakes = hub.second.take(job: job.id, volunteer: ann.member.id)
            async let bobTakes = hub.first.take(job: job.id, volunteer: bob.member.id)
            let takers = try await [annTakes, bobTakes].compactMap { $0 }
            #expect(takers.count == 1)
            let taken = try #require(takers.first)
            #expect(taken.state == .taken && taken.leaseUntil != nil)
            #expect([ann.member.id, bob.member.id].contains(taken.takenBy ?? -1))
            #expect(try await hub.first.job(job.id)?.takenBy == taken.takenBy)
            #expect(try await hub.first.offers(volunteer: bob.member.id).isEmpty)
            #expect(try await hub.first.offers(volunteer: ann.member.id).isEmpty)

            // The winner asking again (its answer was lost with an instance) gets the job again; the loser still not.
            let winner = taken.takenBy == ann.member.id ? ann : bob, loser = winner.member.id == ann.member.id ? bob : ann
            let again = try await hub.first.take(job: job.id, volunteer: winner.member.id)
            #expect(again?.takenBy == winner.member.id && again?.state == .taken)
            #expect(try await hub.second.take(job: job.id, volunteer: loser.member.id) == nil)
        }
    }

    @Test("requests with a photo are offered before older ones still waiting for their first")
    func photoFirst() async throws {
        try await TwoHubInstances.run { hub in
            let person = try await hub.join(.person, "Pat")
            let ann = try await hub.join(.volunteer, "Ann")
            // Asked when the database was away: the asking was cut off and asked again, so no photo ever comes.
            let cutOff = try await hub.first.postJob(person: person.member.id, objectName: "keys", language: "en")
            let asked = try await hub.second.postJob(person: person.member.id, objectName: "keys", language: "en")
            _ = try await hub.second.addPhoto(job: asked.id, person: person.member.id, jpeg: fakeJPEG(1))
            #expect(try await hub.first.offers(volunteer: ann.member.id).map(\.id) == [asked.id, cutOff.id])
            // However many such requests wait ahead of it, the one a volunteer can answer is offered.
            #expect(try await hub.first.offers(volunteer: ann.member.id, limit: 1).map(\.id) == [asked.id])
        }
    }

    @Test("a volunteer who stops heartbeating loses the job after the lease, and another takes it")
    func leaseExpires() async throws {
        var policy = HubPolicy()
        policy.lease = .seconds(2)
        try await TwoHubInstances.run(policy: policy) { hub in
            let person = try await hub.join(.person, "Pat")
            let ann = try await hub.join(.volunteer, "Ann"), bob = try await hub.join(.volunteer, "Bob")
            let job = try await hub.first.postJob(person: person.member.id, objectName: "wallet", language: "en")
            _ = try await hub.first.addPhoto(job: job.id, person: person.member.id, jpeg: fakeJPEG(1))
            #expect(try await hub.first.take(job: job.id, volunteer: ann.member.id) != nil)
            #expect(try await hub.first.heartbeat(job: job.id, volunteer: ann.member.id))
            #expect(try await hub.second.expireLeases().isEmpty) // a live lease stays
            #expect(try await hub.second.take(job: job.id, volunteer: bob.member.id) == nil)

            try await Task.sleep(for: .milliseconds(2_500)) // Ann's instance vanished: no heartbeat
            #expect(try await hub.second.expireLeases() == [job.id])
            #expect(try await hub.second.expireLeases().isEmpty) // reopened once
            #expect(try await hub.first.heartbeat(job: job.id, volunteer: ann.member.id) == false)
            #expect(try await hub.second.offers(volunteer: bob.member.id).map(\.id) == [job.id])
            #expect(try await hub.second.take(job: job.id, volunteer: bob.member.id)?.takenBy == bob.member.id)
            // Ann, back too late, can neither mark nor see the photos; Bob can.
            await #expect(throws: HubError.self) {
                try await hub.first.mark(job: job.id, volunteer: ann.member.id, .point(photo: 1, x: 0.5, y: 0.5))
            }
            #expect(try await hub.first.photos(job: job.id, member: ann.member.id).isEmpty)
            #expect(try await hub.first.photos(job: job.id, member: bob.member.id).map(\.sequence) == [1])
            let mark = try await hub.second.mark(job: job.id, volunteer: bob.member.id, .point(photo: 1, x: 0.25, y: 0.75))
            #expect(try await hub.first.marks(job: job.id) == [mark])
        }
    }

    @Test("photos beyond 30 a job are refused, even when two instances add them at once")
    func photoLimit() async throws {
        try await TwoHubInstances.run { hub in
            let person = try await hub.join(.person, "Pat")
            let job = try await hub.first.postJob(person: person.member.id, objectName: "earring", language: "en")
            let outcomes = await withTaskGroup(of: Int?.self) { group in
                for number in 0..<34 {
                    let instance = number.isMultiple(of: 2) ? hub.first : hub.second
                    group.addTask {
                        try? await instance.addPhoto(job: job.id, person: person.member.id, jpeg: fakeJPEG(number),
                                                     orientation: DeviceOrientation(heading: 90, pitch: 10, roll: 0))
                    }
                }
                return await group.reduce(into: [Int?]()) { $0.append($1) }
            }
            #expect(outcomes.compactMap { $0 }.sorted() == Array(1...30))
            #expect(try await hub.second.storedPhotoCount(job: job.id) == 30)
            await #expect(throws: HubError.photoLimitReached(job: job.id, limit: 30)) {
                try await hub.first.addPhoto(job: job.id, person: person.member.id, jpeg: fakeJPEG(99))
            }
            let photos = try await hub.second.photos(job: job.id, member: person.member.id)
            #expect(photos.count == 30 && photos.first?.orientation == DeviceOrientation(heading: 90, pitch: 10, roll: 0))
            #expect(try await hub.first.close(job: job.id, by: person.member.id))
        }
    }

    @Test("a job's photos are gone from the database when it closes")
    func photosGoneOnClose() async throws {
        try await TwoHubInstances.run { hub in
            let person = try await hub.join(.person, "Pat")
            let volunteer = try await hub.join(.volunteer, "Val")
            let job = try await hub.first.postJob(person: person.member.id, objectName: "cup", language: "en")
            for number in 1...3 {
                #expect(try await hub.first.addPhoto(job: job.id, person: person.member.id, jpeg: fakeJPEG(number)) == number)
            }
            _ = try await hub.second.take(job: job.id, volunteer: volunteer.member.id)
            _ = try await hub.second.mark(job: job.id, volunteer: volunteer.member.id, .notInPhoto(photo: 1))
            _ = try await hub.second.mark(job: job.id, volunteer: volunteer.member.id, .message("On the shelf by the door"))
            #expect(try await hub.first.close(job: job.id, by: volunteer.member.id + 1000) == false) // not theirs
            #expect(try await hub.second.close(job: job.id, by: volunteer.member.id, reason: "found"))
            #expect(try await hub.first.storedPhotoCount(job: job.id) == 0)
            #expect(try await hub.first.job(job.id)?.state == .closed)
            #expect(try await hub.first.marks(job: job.id).count == 2) // coordinates and words, no picture
            #expect(try await hub.first.close(job: job.id, by: person.member.id) == false) // once
            await #expect(throws: HubError.jobNotAvailable(job.id)) {
                try await hub.first.addPhoto(job: job.id, person: person.member.id, jpeg: fakeJPEG(4))
            }
        }
    }

    @Test("the sweep closes a job abandoned longer than the retention and deletes its photos, and no other")
    func sweepAbandoned() async throws {
        try await TwoHubInstances.run { hub in
            let person = try await hub.join(.person, "Pat")
            let abandoned = try await hub.first.postJob(person: person.member.id, objectName: "keys", language: "en")
            let fresh = try await hub.first.postJob(person: person.member.id, objectName: "phone", language: "en")
            for job in [abandoned, fresh] {
                _ = try await hub.first.addPhoto(job: job.id, person: person.member.id, jpeg: fakeJPEG(job.id))
            }
            // Two hours of silence, without waiting two hours.
            try await hub.first.client.query(
                "UPDATE jobs SET last_activity_at = now() - interval '2 hours' WHERE id = \(abandoned.id)")
            #expect(try await hub.second.sweep(retention: .seconds(3600)) == [abandoned.id])
            #expect(try await hub.first.sweep(retention: .seconds(3600)).isEmpty)
            #expect(try await hub.first.storedPhotoCount(job: abandoned.id) == 0)
            #expect(try await hub.first.job(abandoned.id)?.state == .closed)
            #expect(try await hub.first.storedPhotoCount(job: fresh.id) == 1)
            #expect(try await hub.first.job(fresh.id)?.state == .open)
            // Closed longer ago than the retention: the request itself is deleted (its marks and messages with it).
            try await hub.first.client.query(
                "UPDATE jobs SET state = 'closed', closed_at = now() - interval '2 hours' WHERE id = \(abandoned.id)")
            _ = try await hub.second.sweep(retention: .seconds(3600))
            #expect(try await hub.first.job(abandoned.id) == nil)
            #expect(try await hub.first.job(fresh.id) != nil)
        }
    }
}

@Suite("The hub's plain values")
struct HubValueTests {
    @Test("a database address is read from a postgres:// URL")
    func databaseAddress() throws {
        let address = try HubDatabaseAddress(url: "postgres://hub:s%40cret@db.example:6543/beacon")
        #expect(address == HubDatabaseAddress(host: "db.example", port: 6543, username: "hub", password: "s@cret",
                                              database: "beacon"))
        #expect(try HubDatabaseAddress(url: "postgresql://hub@localhost").port == 5432)
        #expect(throws: HubError.self) { try HubDatabaseAddress(url: "http://hub@localhost/beacon") }
        #expect(throws: HubError.self) { try HubDatabaseAddress(url: "postgres://localhost/beacon") }
    }
}
