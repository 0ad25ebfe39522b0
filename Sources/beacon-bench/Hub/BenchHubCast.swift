import AsyncHTTPClient
import BeaconCommandLine
import BeaconHub
import Foundation

/// The bench's members: each simulated person's memberships (tokens) and each volunteer's token.
struct BenchHubCast: Sendable {
    var people: [[String]] = []
    var volunteers: [String] = []
    /// Every member the bench made, to remove at the end.
    var members: [Int] = []

    /// Invites and redeems in the database directly (api/join allows an address 10 tries in 10 minutes).
    static func join(_ database: HubDatabase, people: Int, memberships: Int, volunteers: Int) async throws -> BenchHubCast {
        var cast = BenchHubCast()
        func member(_ role: HubRole, _ name: String) async throws -> String {
            let invitation = try await database.invite(role)
            guard let membership = try await database.redeem(code: invitation.code, displayName: name, languages: ["en"]) else {
                throw HubCommandError("The hub's database did not redeem the bench's own invitation.")
            }
            cast.members.append(membership.member.id)
            return membership.token
        }
        for person in 0..<people {
            var tokens: [String] = []
            for _ in 0..<memberships { tokens.append(try await member(.person, "Bench person \(person + 1)")) }
            cast.people.append(tokens)
        }
        for volunteer in 0..<volunteers { cast.volunteers.append(try await member(.volunteer, "Bench volunteer \(volunteer + 1)")) }
        return cast
    }
}

/// One simulated person: asks, sends a photo, waits for the mark, closes, pauses, and again until `stopAsking`.
struct BenchPerson: Sendable {
    let http: HTTPClient
    let number: Int
    let tokens: [String]
    let photos: [[UInt8]]
    var route: InstanceRoute
    let ledger: HubBenchLedger
    let stopAsking: ContinuousClock.Instant
    let giveUp: ContinuousClock.Instant
    /// Pushed events to wait for marks with (nil: read the request every 100 to 200 ms).
    var streams: BenchHubStreams? = nil

    func run() async {
        let client = BenchHubClient(http: http)
        var route = route
        var membership = 0
        var asked = 0
        var stream: BenchPersonStream?
        while ContinuousClock.now < stopAsking && membership < tokens.count && !Task.isCancelled {
            guard asked < 20 else {
                (membership, asked) = (membership + 1, 0)
                continue
            }
            let token = tokens[membership]
            if let streams, stream?.token != token {
                // Listening before asking, so the request's first change is heard.
                stream = (try? await route.call { try await streams.events($0, token: token) })
                    .map { BenchPersonStream($0, token: token) }
            }
            let askedAt = ContinuousClock.now
            let reply: Int?
            do {
                let key = UUID().uuidString
                reply = try await route.call { try await client.ask($0, token: token, key: key) }
            } catch {
                await ledger.failed("Asking: \(error)")
                try? await Task.sleep(for: .milliseconds(500))
                continue
            }
            guard let job = reply else {
                // Refused (429): this membership's hour is used up.
                (membership, asked) = (membership + 1, 0)
                continue
            }
            asked += 1
            await ledger.posted(job, at: askedAt)
            let photo = photos[(number + asked + membership * 20) % photos.count]
            do {
                try await route.call { try await client.addPhoto($0, job: job, bytes: photo, token: token) }
            } catch {
                await ledger.failed("Sending the photo of request \(job): \(error)")
            }
            var seen = false
            if let stream, await stream.waitForMark(on: job, until: giveUp) {
                seen = true
                await ledger.answered(job, at: .now)
            }
            while !seen && ContinuousClock.now < giveUp && !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(Int.random(in: 100...200)))
                do {
                    if try await route.call({ try await client.markCount($0, job: job, token: token) }) > 0 {
                        seen = true
                        await ledger.answered(job, at: .now)
                    }
                } catch {
                    await ledger.failed("Reading request \(job): \(error)")
                }
            }
            guard seen else { return }
            do {
                try await route.call { try await client.close($0, job: job, token: token) }
            } catch {
                await ledger.failed("Closing request \(job): \(error)")
            }
            try? await Task.sleep(for: .milliseconds(Int.random(in: 500...1000)))
        }
    }
}

/// One simulated volunteer: reads the offers, takes one with a photo, fetches the photo and marks it, until every
/// person is done.
struct BenchVolunteer: Sendable {
    let http: HTTPClient
    let token: String
    let ledger: HubBenchLedger
    var route: InstanceRoute

    func run() async {
        let client = BenchHubClient(http: http)
        var route = route
        while await !ledger.peopleFinished && !Task.isCancelled {
            // The page's own pace without a stream.
            try? await Task.sleep(for: .milliseconds(Int.random(in: 1800...2200)))
            let offers: [BenchHubClient.Offer]
            do {
                offers = try await route.call { try await client.offers($0, token: token) }
            } catch {
                if Task.isCancelled { return }
                await ledger.failed("Reading the offers: \(error)")
                continue
            }
            await ledger.offered(offers.map(\.id), at: .now)
            // A request is answered once its photo is there; another volunteer may take the one tried first.
            for offer in offers.filter({ $0.photos > 0 }).shuffled() {
                do {
                    let failovers = route.failovers
                    var mine = try await route.call { try await client.take($0, job: offer.id, token: token) }
                    if !mine && route.failovers > failovers {
                        // The first try may have taken it on the killed instance, its answer lost.
                        mine = try await route.call { try await client.holds($0, job: offer.id, token: token) }
                    }
                    guard mine else { continue }
                    await ledger.taken(offer.id, at: .now)
                    try await route.call { try await client.fetchPhoto($0, job: offer.id, photo: 1, token: token) }
                    let mark = HubMarkKind.point(photo: 1, x: Double.random(in: 0.2...0.8), y: Double.random(in: 0.2...0.8))
                    try await route.call { try await client.mark($0, job: offer.id, mark, token: token) }
                } catch {
                    await ledger.failed("Answering request \(offer.id): \(error)")
                }
                break
            }
        }
    }
}

/// A simulated client's way to the hub: the instance it talks to, and on to the next live one when that one cannot
/// be reached.
struct InstanceRoute: Sendable {
    let bases: [String]
    var index: Int
    let ledger: HubBenchLedger
    /// How many times this client went on through another instance.
    private(set) var failovers = 0

    init(bases: [String], index: Int, ledger: HubBenchLedger) {
        self.bases = bases
        self.index = index
        self.ledger = ledger
    }

    /// Runs `call` on the current instance. A failure to reach it (not an answer, which `BenchHubClient` throws as
    /// `HubCommandError`) moves the client to the next instance the bench has not killed, and the call is repeated
    /// there, up to twice round the instances.
    @discardableResult
    mutating func call<Value>(_ call: (String) async throws -> Value) async throws -> Value {
        var failures = 0
        while true {
            do {
                return try await call(bases[index])
            } catch let error as HubCommandError {
                throw error
            } catch {
                failures += 1
                guard failures < 2 * bases.count, !Task.isCancelled else { throw error }
                index = await ledger.next(after: index)
                failovers += 1
                try await Task.sleep(for: .milliseconds(50))
            }
        }
    }
}
