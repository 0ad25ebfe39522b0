import ArgumentParser
import BeaconHub
import BeaconRuntime
import Foundation
import Logging
import NIOHTTP1

/// `beacon bench hub`: simulated people and volunteers on several hub instances of one database, for a while.
struct BenchHubCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hub",
        abstract: "Load several hub instances on one database with simulated people and volunteers; --kill-one kills one half way.",
        usage: "beacon bench hub --database <url> [<options>]",
        discussion: """
            Starts --instances 'beacon hub serve --http --port 0' processes on the database (a scratch database: \
            the bench adds members and jobs, and removes its members again when it ends).

            For --seconds, each of the --users simulated people (person i on instance i mod N) asks for help \
            finding keys, sends a real photo, reads the request every 100 to 200 ms until a volunteer's mark shows, \
            closes it, pauses half a second to a second and asks again. Each of the --volunteers simulated \
            volunteers (volunteer j on instance j mod N) reads the offers every 200 to 300 ms, takes one (when \
            another volunteer was first, it tries the next), fetches its photo and marks a point. Then the people \
            stop asking, and the bench waits up to 30 seconds for the requests still open.

            The hub lets a person open 20 requests an hour, so each simulated person holds several memberships and \
            goes on with the next one after 20. It lets one address try joining 10 times in 10 minutes, so the bench \
            redeems its invitations in the database instead of through api/join.

            With --kill-one, the first instance is killed (SIGKILL) half way. Each simulated client of it, on its \
            next call that fails to connect (or gets no answer within 2 seconds), goes on through the next live \
            instance and repeats the call; the requests that were open must still be answered, since the whole \
            state is in the database.

            At the end it prints the median and p95, in ms, from a request's posting to the first time a \
            volunteer's offers show it, to its taking, and to the person seeing its mark; each instance's peak and \
            resident memory (VmHWM and VmRSS, the killed one's read just before the kill); and last the line \
            'jobs posted P, answered A, lost L'. The exit status is non-zero when a request was lost.

            The photos are the .jpg files in --photos, else in $BEACON_TESTDATA, else in ../shared/testdata/images \
            beside the current directory or beside the checkout the executable was built in; with those of a cars \
            folder inside or beside it.

            Example:
              beacon bench hub --database postgres://beacon@127.0.0.1/scratch \\
                --instances 3 --users 12 --volunteers 6 --seconds 60 --kill-one
            """)

    @Option(help: "The hub's PostgreSQL database (default: $BEACON_HUB_DATABASE).")
    var database: String?

    @Option(help: "Hub instances to start on the database.")
    var instances = 3

    @Option(help: "Simulated people asking for help.")
    var users = 12

    @Option(help: "Simulated volunteers answering.")
    var volunteers = 6

    @Option(help: "How long the people go on asking, in seconds.")
    var seconds = 60

    @Flag(help: "Kill the first instance (SIGKILL) half way; its clients must go on through the others.")
    var killOne = false

    @Option(help: "A folder of JPEG photos (.jpg) to send (default: ../shared/testdata/images).")
    var photos: String?

    /// How long the bench waits, after the people stop asking, for the requests still open.
    static let grace: Duration = .seconds(30)

    func validate() throws {
        guard instances >= 1 else { throw ValidationError("--instances must be 1 or more.") }
        guard !killOne || instances >= 2 else { throw ValidationError("--kill-one needs --instances 2 or more.") }
        guard users >= 1 else { throw ValidationError("--users must be 1 or more.") }
        guard volunteers >= 1 else { throw ValidationError("--volunteers must be 1 or more.") }
        guard seconds >= 2 else { throw ValidationError("--seconds must be 2 or more.") }
    }

    func run() async throws {
        let options = try HubCommand.DatabaseOptions.parse(database.map { ["--database", $0] } ?? [])
        let address = try options.address()
        let pictures = try Self.loadPhotos(folder: photos)
        let (users, volunteers, seconds) = (self.users, self.volunteers, self.seconds)
        let memberships = Self.membershipsPerPerson(seconds: seconds)
        let cast = try await options.withDatabase { database in
            try await BenchHubCast.join(database, people: users, memberships: memberships, volunteers: volunteers)
        }

        var hubs: [HubProcess] = []
        defer { for hub in hubs { hub.stop() } }
        for _ in 0..<instances { hubs.append(try HubProcess(database: database ?? "", address: address)) }
        Console.line("Hub bench: \(instances) instance\(instances == 1 ? "" : "s") on \(address.host):\(address.port) "
                     + "(\(hubs.map(\.base).joined(separator: ", "))); \(users) people, \(volunteers) volunteers, "
                     + "\(pictures.count) photos; asking for \(seconds) s.")

        let ledger = HubBenchLedger(instances: hubs.count, people: users)
        let bases = hubs.map(\.base)
        let start = ContinuousClock.now
        let stopAsking = start + .seconds(seconds)
        let victim = killOne ? hubs[0] : nil
        await withTaskGroup(of: Void.self) { group in
            for (number, tokens) in cast.people.enumerated() {
                let person = BenchPerson(number: number, tokens: tokens, photos: pictures,
                                         route: HubRoute(bases: bases, index: number % bases.count, ledger: ledger),
                                         ledger: ledger, stopAsking: stopAsking, giveUp: stopAsking + Self.grace)
                group.addTask {
                    await person.run()
                    await ledger.personFinished()
                }
            }
            for (number, token) in cast.volunteers.enumerated() {
                let volunteer = BenchVolunteer(token: token, ledger: ledger,
                                               route: HubRoute(bases: bases, index: number % bases.count, ledger: ledger))
                group.addTask { await volunteer.run() }
            }
            if let victim {
                group.addTask {
                    try? await Task.sleep(until: start + .milliseconds(seconds * 500), clock: .continuous)
                    let memory = victim.memory()
                    await ledger.killed(0, memory: memory)
                    victim.kill()
                    let at = (ContinuousClock.now - start).milliseconds / 1000
                    Console.line("Killed instance 1 (\(victim.base), pid \(victim.process.processIdentifier)) with SIGKILL at "
                                 + String(format: "%.1f", at) + " s; its clients go on through the next live instance.")
                }
            }
        }

        var memories: [HubMemory?] = []
        for (index, hub) in hubs.enumerated() {
            if index == 0 && victim != nil {
                memories.append(await ledger.killedMemory)
            } else {
                memories.append(hub.memory())
            }
        }
        for hub in hubs { hub.stop() }
        // The bench's members go, with their requests, so the scratch database does not fill with them.
        _ = try? await options.withDatabase { database in
            for member in cast.members { try await database.remove(member: member) }
        }

        let report = await ledger.report()
        Console.line("Hub bench, \(report.posted.count) requests, median and p95 in ms:")
        for (step, values) in [("posted to first offered to a volunteer", report.offered), ("posted to taken", report.taken),
                               ("posted to mark seen by the person", report.answered)] {
            Console.line("  " + step.padding(toLength: 40, withPad: " ", startingAt: 0)
                         + String(format: " %8.1f %8.1f", percentile(values, 0.5), percentile(values, 0.95)) + "   (\(values.count))")
        }
        if report.failovers > 0 {
            Console.line("Clients went on through another instance \(report.failovers) time\(report.failovers == 1 ? "" : "s").")
        }
        if report.errors > 0 {
            Console.line("\(report.errors) call\(report.errors == 1 ? "" : "s") failed; the first: "
                         + report.firstErrors.joined(separator: " "))
        }
        Console.line("Memory of the instances (VmHWM peak, VmRSS resident):")
        for (index, memory) in memories.enumerated() {
            let name = "  instance \(index + 1)\(index == 0 && victim != nil ? " (killed)" : ""): "
            guard let memory else {
                Console.line(name + "not readable")
                continue
            }
            Console.line(name + String(format: "%.1f MB peak, %.1f MB resident",
                                       Double(memory.peakKB) / 1024, Double(memory.residentKB) / 1024))
        }
        let lost = report.posted.count - report.answered.count
        if lost > 0 {
            Console.line("Not answered within \(Int(Self.grace.milliseconds / 1000)) s of the end: request "
                         + report.unanswered.map(String.init).joined(separator: ", ") + ".")
        }
        Console.line("jobs posted \(report.posted.count), answered \(report.answered.count), lost \(lost)")
        if lost > 0 { throw ExitCode(1) }
    }

    /// Memberships each simulated person needs: one per 20 requests (the hub's limit an hour), a request taking at
    /// least 0.6 s (the 0.5 s pause and one 0.1 s wait for its mark).
    static func membershipsPerPerson(seconds: Int) -> Int {
        (Int(Double(seconds) / 0.6) + 1 + 19) / 20
    }

    // MARK: Photos

    /// The JPEG photos to send: see the discussion for where they are looked for.
    static func loadPhotos(folder: String?) throws -> [[UInt8]] {
        let fileManager = FileManager.default
        var folders: [URL] = []
        if let folder {
            folders = [URL(fileURLWithPath: folder)]
        } else if let testdata = ProcessInfo.processInfo.environment["BEACON_TESTDATA"], !testdata.isEmpty {
            folders = [URL(fileURLWithPath: testdata)]
        } else {
            let current = URL(fileURLWithPath: fileManager.currentDirectoryPath)
            folders.append(current.deletingLastPathComponent().appendingPathComponent("shared/testdata/images"))
            for start in [URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath(), current] {
                if let checkout = checkout(above: start) {
                    folders.append(checkout.deletingLastPathComponent().appendingPathComponent("shared/testdata/images"))
                }
            }
        }
        for folder in folders {
            let files = [folder, folder.appendingPathComponent("cars"),
                         folder.deletingLastPathComponent().appendingPathComponent("cars")].flatMap(jpegFiles)
            // The hub takes photos up to 2 MB.
            let photos = files.compactMap { try? Data(contentsOf: $0) }
                .filter { $0.starts(with: [0xFF, 0xD8, 0xFF]) && $0.count <= 2 * 1024 * 1024 }
                .map { [UInt8]($0) }
            if !photos.isEmpty { return photos }
        }
        if let folder { throw HubCommandError("There are no JPEG photos (.jpg, up to 2 MB) in \(folder).") }
        throw HubCommandError("No test photos were found in ../shared/testdata/images; name a folder of JPEG photos "
                              + "with --photos or set BEACON_TESTDATA.")
    }

    private static func jpegFiles(in folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.lowercased().hasSuffix(".jpg") }.sorted().map { folder.appendingPathComponent($0) }
    }

    /// The nearest folder at or above `start` that holds a Package.swift.
    private static func checkout(above start: URL) -> URL? {
        var url = start.standardizedFileURL
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
            url.deleteLastPathComponent()
        }
        return nil
    }
}

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
    let number: Int
    let tokens: [String]
    let photos: [[UInt8]]
    var route: HubRoute
    let ledger: HubBenchLedger
    let stopAsking: ContinuousClock.Instant
    let giveUp: ContinuousClock.Instant

    func run() async {
        let client = BenchHubClient()
        var route = route
        var membership = 0
        var asked = 0
        while ContinuousClock.now < stopAsking && membership < tokens.count && !Task.isCancelled {
            guard asked < 20 else {
                (membership, asked) = (membership + 1, 0)
                continue
            }
            let token = tokens[membership]
            let askedAt = ContinuousClock.now
            let reply: Int?
            do {
                reply = try await route.call { try await client.ask($0, token: token) }
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
                try await route.call { try await client.photo($0, job: job, bytes: photo, token: token) }
            } catch {
                await ledger.failed("Sending the photo of request \(job): \(error)")
            }
            var seen = false
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
                try await route.call { try await client.post($0, "api/jobs/\(job)/close", token: token) }
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
    let token: String
    let ledger: HubBenchLedger
    var route: HubRoute

    func run() async {
        let client = BenchHubClient()
        var route = route
        while await !ledger.peopleFinished && !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(Int.random(in: 200...300)))
            let offers: [BenchHubClient.Offer]
            do {
                offers = try await route.call { try await client.offers($0, token: token) }
            } catch {
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
                    try await route.call { try await client.get($0, "api/jobs/\(offer.id)/photos/1", token: token) }
                    let mark = String(format: #"{"photo":1,"x":%.3f,"y":%.3f}"#, Double.random(in: 0.2...0.8),
                                      Double.random(in: 0.2...0.8))
                    try await route.call { try await client.post($0, "api/jobs/\(offer.id)/marks", token: token, json: mark) }
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
struct HubRoute: Sendable {
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

/// VmHWM and VmRSS of a process, in kB.
struct HubMemory: Sendable {
    var peakKB: Int
    var residentKB: Int
}

/// What the simulated clients saw, and when; which instance was killed.
actor HubBenchLedger {
    struct Report: Sendable {
        var posted: [Int]
        var offered: [Double]
        var taken: [Double]
        var answered: [Double]
        var unanswered: [Int]
        var failovers: Int
        var errors: Int
        var firstErrors: [String]
    }

    private let instances: Int
    private var peopleLeft: Int
    private var dead: Set<Int> = []
    private(set) var killedMemory: HubMemory?
    private var postedAt: [Int: ContinuousClock.Instant] = [:]
    private var offeredAt: [Int: ContinuousClock.Instant] = [:]
    private var takenAt: [Int: ContinuousClock.Instant] = [:]
    private var answeredAt: [Int: ContinuousClock.Instant] = [:]
    private var failovers = 0
    private var errors = 0
    private var firstErrors: [String] = []

    init(instances: Int, people: Int) {
        self.instances = instances
        peopleLeft = people
    }

    var peopleFinished: Bool { peopleLeft == 0 }

    func personFinished() { peopleLeft -= 1 }

    func killed(_ instance: Int, memory: HubMemory?) {
        dead.insert(instance)
        killedMemory = memory
    }

    /// The next instance after `index` that was not killed; counts a failover.
    func next(after index: Int) -> Int {
        failovers += 1
        for step in 1...instances where !dead.contains((index + step) % instances) { return (index + step) % instances }
        return (index + 1) % instances
    }

    func posted(_ job: Int, at instant: ContinuousClock.Instant) { postedAt[job] = instant }

    func offered(_ jobs: [Int], at instant: ContinuousClock.Instant) {
        for job in jobs where offeredAt[job] == nil { offeredAt[job] = instant }
    }

    func taken(_ job: Int, at instant: ContinuousClock.Instant) { takenAt[job] = takenAt[job] ?? instant }

    func answered(_ job: Int, at instant: ContinuousClock.Instant) { answeredAt[job] = answeredAt[job] ?? instant }

    func failed(_ sentence: String) {
        errors += 1
        if firstErrors.count < 3 { firstErrors.append(sentence.hasSuffix(".") ? sentence : sentence + ".") }
    }

    func report() -> Report {
        func since(_ times: [Int: ContinuousClock.Instant]) -> [Double] {
            postedAt.compactMap { job, asked in times[job].map { max(0, ($0 - asked).milliseconds) } }
        }
        return Report(posted: postedAt.keys.sorted(), offered: since(offeredAt), taken: since(takenAt),
                      answered: since(answeredAt), unanswered: postedAt.keys.filter { answeredAt[$0] == nil }.sorted(),
                      failovers: failovers, errors: errors, firstErrors: firstErrors)
    }
}

/// One `beacon hub serve --http --port 0` child process.
final class HubProcess: @unchecked Sendable {
    let process = Process()
    private(set) var base = ""

    init(database: String, address: HubDatabaseAddress) throws {
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["hub", "serve", "--http", "--port", "0"] + (database.isEmpty ? [] : ["--database", database])
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        let deadline = Date().addingTimeInterval(30)
        while !text.contains("\n") && Date() < deadline && process.isRunning {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { Thread.sleep(forTimeInterval: 0.05) }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let url = text.split(separator: " ").last?.trimmingCharacters(in: .whitespacesAndNewlines), url.hasPrefix("http") else {
            stop()
            throw HubCommandError("A hub instance did not start: \(text.isEmpty ? "no output" : text)")
        }
        base = url
    }

    /// Its peak and resident memory, from /proc; nil once it has exited.
    func memory() -> HubMemory? {
        guard process.isRunning,
              let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)
        else { return nil }
        func kilobytes(_ key: String) -> Int? {
            status.split(separator: "\n").first { $0.hasPrefix(key + ":") }
                .flatMap { Int($0.dropFirst(key.count + 1).filter(\.isNumber)) }
        }
        guard let peak = kilobytes("VmHWM"), let resident = kilobytes("VmRSS") else { return nil }
        return HubMemory(peakKB: peak, residentKB: resident)
    }

    func kill() {
        if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    func stop() {
        if process.isRunning { process.interrupt() }
        process.waitUntilExit()
    }
}

/// The few calls the bench makes, through `HelpersClient.send`. A transport failure throws as it comes; an answer
/// other than the one expected throws `HubCommandError`.
struct BenchHubClient {
    /// A request in a volunteer's offers.
    struct Offer: Sendable {
        var id: Int
        var photos: Int
    }

    func join(_ base: String, code: String, name: String) async throws -> String {
        let reply = try await call(base + "api/join", .POST, token: nil,
                                   body: Array(#"{"code":"\#(code)","name":"\#(name)","languages":["en"]}"#.utf8))
        guard let token = reply["token"] as? String else { throw HubCommandError("Joining the hub failed: \(reply)") }
        return token
    }

    /// The new request's number; nil when the hub refuses more from this person for now (429).
    func ask(_ base: String, token: String) async throws -> Int? {
        let (status, data) = try await raw(base + "api/jobs", .POST, token: token,
                                           body: Array(#"{"object":"keys","language":"en"}"#.utf8))
        if status == 429 { return nil }
        let reply = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        guard status == 201, let id = reply["id"] as? Int else {
            throw HubCommandError("Asking answered \(status): \(reply["error"] ?? "no reason given")")
        }
        return id
    }

    func offers(_ base: String, token: String) async throws -> [Offer] {
        let (status, data) = try await raw(base + "api/offers", .GET, token: token)
        guard status == 200, let list = (try? JSONSerialization.jsonObject(with: data)) as? [[String: Any]] else {
            throw HubCommandError("The offers answered \(status).")
        }
        return list.compactMap { item in (item["id"] as? Int).map { Offer(id: $0, photos: item["photos"] as? Int ?? 0) } }
    }

    /// True when the volunteer took the request; false when another volunteer was first or it is closed (409).
    func take(_ base: String, job: Int, token: String) async throws -> Bool {
        let (status, _) = try await raw(base + "api/jobs/\(job)/take", .POST, token: token, body: Array("{}".utf8))
        guard status == 200 || status == 409 else { throw HubCommandError("Taking request \(job) answered \(status).") }
        return status == 200
    }

    /// True when the volunteer holds the request (the hub shows a taken request to its volunteer only).
    func holds(_ base: String, job: Int, token: String) async throws -> Bool {
        let (status, data) = try await raw(base + "api/jobs/\(job)", .GET, token: token)
        guard status == 200 || status == 404 else { throw HubCommandError("Reading request \(job) answered \(status).") }
        let reply = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        return status == 200 && reply["state"] as? String == "taken"
    }

    func markCount(_ base: String, job: Int, token: String) async throws -> Int {
        let reply = try await call(base + "api/jobs/\(job)", .GET, token: token)
        return (reply["marks"] as? [Any])?.count ?? 0
    }

    func photo(_ base: String, job: Int, bytes: [UInt8], token: String) async throws {
        _ = try await call(base + "api/jobs/\(job)/photos", .POST, token: token, body: bytes, type: "image/jpeg")
    }

    @discardableResult
    func post(_ base: String, _ path: String, token: String, json: String = "{}") async throws -> [String: Any] {
        try await call(base + path, .POST, token: token, body: Array(json.utf8))
    }

    func get(_ base: String, _ path: String, token: String) async throws {
        let (status, _) = try await raw(base + path, .GET, token: token)
        guard status == 200 else { throw HubCommandError("GET \(path) answered \(status).") }
    }

    private func call(_ url: String, _ method: HTTPMethod, token: String?, body: [UInt8]? = nil,
                      type: String = "application/json") async throws -> [String: Any] {
        let (status, data) = try await raw(url, method, token: token, body: body, type: type)
        let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        guard (200..<300).contains(status) else {
            throw HubCommandError("\(method) \(url) answered \(status): \(object["error"] ?? "no reason given")")
        }
        return object
    }

    /// A call to a killed instance on a fresh connection does not fail at once: the HTTP client retries connecting
    /// until the call's deadline. The hub answers these calls in milliseconds, so 2 s lets a client notice a dead
    /// instance and go on through another soon.
    private func raw(_ url: String, _ method: HTTPMethod, token: String?, body: [UInt8]? = nil,
                     type: String = "application/json") async throws -> (Int, Data) {
        try await HelpersClient.send(url, method, token: token, body: body, type: body == nil ? nil : type,
                                     timeout: .seconds(2), limit: 1 << 22)
    }
}

extension Duration {
    var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}
