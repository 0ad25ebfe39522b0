import ArgumentParser
import BeaconCommandLine
import BeaconCore
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
            finding keys, sends a real photo, waits until a volunteer's mark shows, closes it, pauses half a second \
            to a second and asks again. Each of the --volunteers simulated volunteers' pages (volunteer j on \
            instance j mod N) waits for requests, takes one with a photo (when another volunteer was first, it \
            tries the next), fetches its photo and marks a point. Then the people stop asking, and the bench waits \
            up to 30 seconds for the requests still open.

            With --transport push (the default) every simulated client keeps a stream of pushed events \
            (GET /api/events) and reads the state once when it starts, as the page and Beacon do; a person whose \
            stream fails reads its request every 100 to 200 ms instead. With --transport polling the pages read the \
            offers every 2 s, as the page does without a stream, and the people read their request every 100 to \
            200 ms.

            The hub lets a person open 20 requests an hour, so each simulated person holds several memberships and \
            goes on with the next one after 20. It lets one address try joining 10 times in 10 minutes, so the bench \
            redeems its invitations in the database instead of through api/join.

            With --restart-database, PostgreSQL itself is stopped half way (pg_ctl, fast: open connections are cut) \
            and started again --database-down seconds later with the options it had, as an upgrade or a failover \
            would; the database must be on this machine, and the bench's user a superuser (it asks where the data \
            is). Every request posted must still be answered.

            With --abuse R, one more client sends R bad requests a second (wrong invitation codes, forged tokens, \
            malformed bodies, more requests for help than a person may open, others' jobs, photos that are not \
            JPEGs) through every instance in turn while the others go on, and the bench prints what the hub \
            answered it, status by status: no 5xx, the joins and requests for help let through within the limits, \
            and everyone else's figures as usual.

            With --kill-one, the first instance is killed (SIGKILL) half way. Each simulated client of it, on its \
            next call that fails to connect (or gets no answer within 2 seconds), goes on through the next live \
            instance and repeats the call; the requests that were open must still be answered, since the whole \
            state is in the database.

            At the end it prints the median and p95, in ms, from a request's posting to the first time a \
            volunteer's offers show it, to its taking, and to the person seeing its mark; the database's \
            transactions a second while the people asked (pg_stat_database: a call's statements commit together, \
            most calls are one); each instance's peak and resident memory (VmHWM and VmRSS, the killed one's read \
            just before the kill) and what it logged of losing and regaining the database; and last the line \
            'jobs posted P, answered A, lost L'. The exit status is non-zero when a request was lost.

            The photos are the .jpg files in --photos, else in $BEACON_TESTDATA, else in ../shared/testdata/images \
            beside the current directory or beside the checkout the executable was built in; with those of a cars \
            folder inside or beside it.

            Examples:
              beacon bench hub --database postgres://beacon@127.0.0.1/scratch \\
                --instances 3 --users 12 --volunteers 6 --seconds 60 --kill-one
              beacon bench hub --database postgres://beacon@127.0.0.1/scratch \\
                --instances 3 --users 40 --volunteers 2000 --seconds 60 --transport polling
              beacon bench hub --database postgres://beacon@127.0.0.1/scratch \\
                --instances 3 --users 12 --volunteers 6 --seconds 60 --abuse 1000
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

    @Flag(help: "Stop the database half way and start it again after --database-down seconds (PostgreSQL on this machine).")
    var restartDatabase = false

    @Option(help: "Seconds the database stays down with --restart-database.")
    var databaseDown = 3.0

    @Option(help: "A folder of JPEG photos (.jpg) to send (default: ../shared/testdata/images).")
    var photos: String?

    @Option(help: "How clients hear of changes: push (streams of events) or polling.")
    var transport: BenchHubTransport = .push

    @Option(help: "Bad requests a second from one address while the others go on (0: none).")
    var abuse = 0

    /// How long the bench waits, after the people stop asking, for the requests still open.
    static let grace: Duration = .seconds(30)

    func validate() throws {
        guard instances >= 1 else { throw ValidationError("--instances must be 1 or more.") }
        guard !killOne || instances >= 2 else { throw ValidationError("--kill-one needs --instances 2 or more.") }
        guard users >= 1 else { throw ValidationError("--users must be 1 or more.") }
        guard volunteers >= 1 else { throw ValidationError("--volunteers must be 1 or more.") }
        guard seconds >= 2 else { throw ValidationError("--seconds must be 2 or more.") }
        guard databaseDown >= 0 && databaseDown <= 60 else { throw ValidationError("--database-down must be 0 to 60 seconds.") }
        guard abuse >= 0 && abuse <= 10000 else { throw ValidationError("--abuse must be 0 to 10000 requests a second.") }
    }

    func run() async throws {
        // Every stream is a socket here and in an instance (which inherit the limit): thousands of them need more
        // than the usual 1,024 descriptors.
        Self.raiseDescriptorLimit()
        let options = try HubDatabaseOptions.parse(database.map { ["--database", $0] } ?? [])
        let address = try options.address()
        let pictures = try Self.loadPhotos(folder: photos)
        let (users, volunteers, seconds) = (self.users, self.volunteers, self.seconds)
        let memberships = Self.membershipsPerPerson(seconds: seconds)
        var joined = try await options.withDatabase { database in
            try await BenchHubCast.join(database, people: users, memberships: memberships, volunteers: volunteers)
        }
        // The attacker is a member too: some of its bad requests need to get past signing in.
        let attackerToken: String? = abuse == 0 ? nil : try await options.withDatabase { database in
            let invitation = try await database.invite(.person)
            return try await database.redeem(code: invitation.code, displayName: "Bench attacker", languages: ["en"])
                .map { ($0.member.id, $0.token) }
        }.map { member, token in
            joined.members.append(member)
            return token
        }
        let cast = joined
        // Found before anything starts, so a database this bench cannot restart is said at once.
        let restart = restartDatabase
            ? try DatabaseRestart(dataDirectory: try await options.withDatabase { try await $0.serverDataDirectory() }) : nil

        var hubs: [HubProcess] = []
        defer { for hub in hubs { hub.stop() } }
        for _ in 0..<instances { hubs.append(try HubProcess(database: database ?? "", address: address)) }
        Console.line("Hub bench: \(instances) instance\(instances == 1 ? "" : "s") on \(address.host):\(address.port) "
                     + "(\(hubs.map(\.base).joined(separator: ", "))); \(users) people, \(volunteers) volunteers, "
                     + "\(pictures.count) photos; asking for \(seconds) s.")

        let ledger = HubBenchLedger(instances: hubs.count, people: users)
        let bases = hubs.map(\.base)
        // A stream and a call at once for each simulated client.
        let connections = BenchHubStreams(connections: 2 * (users + volunteers) + 16)
        let streams = transport == .push ? connections : nil
        let http = connections.client
        let volunteering = Task {
            await withTaskGroup(of: Void.self) { group in
                for (number, token) in cast.volunteers.enumerated() {
                    let volunteer = BenchVolunteer(http: http, token: token, ledger: ledger,
                                                   route: InstanceRoute(bases: bases, index: number % bases.count, ledger: ledger))
                    group.addTask {
                        // Pages open over a few seconds, as people come to them, not in one instant.
                        try? await Task.sleep(for: Self.rampUp(volunteers: volunteers) * (Double(number) / Double(volunteers)))
                        if let streams { await volunteer.runPushed(streams: streams) } else { await volunteer.run() }
                    }
                }
            }
        }
        // The pages open their streams (or start reading) before the first request.
        try? await Task.sleep(for: Self.rampUp(volunteers: volunteers) + .seconds(2))
        let transactionsBefore = try? await options.withDatabase { try await $0.transactionCount() }
        let start = ContinuousClock.now
        let stopAsking = start + .seconds(seconds)
        let victim = killOne ? hubs[0] : nil
        let tally = BenchAttacker.Tally()
        await withTaskGroup(of: Void.self) { group in
            for (number, tokens) in cast.people.enumerated() {
                var person = BenchPerson(http: http, number: number, tokens: tokens, photos: pictures,
                                         route: InstanceRoute(bases: bases, index: number % bases.count, ledger: ledger),
                                         ledger: ledger, stopAsking: stopAsking, giveUp: stopAsking + Self.grace)
                person.streams = streams
                group.addTask { [person] in
                    await person.run()
                    await ledger.personFinished()
                }
            }
            if let attackerToken {
                let attacker = BenchAttacker(http: http, bases: bases, token: attackerToken, rate: abuse)
                group.addTask {
                    let attack = Task { await attacker.run(tally: tally) }
                    while await !ledger.peopleFinished { try? await Task.sleep(for: .milliseconds(200)) }
                    attack.cancel()
                    await attack.value
                }
            }
            group.addTask {
                // Every 10 s, how far it is (a long run is not silent).
                while await !ledger.peopleFinished {
                    try? await Task.sleep(for: .seconds(10))
                    let at = (ContinuousClock.now - start).milliseconds / 1000
                    Console.line(String(format: "At %.0f s: ", at) + (await ledger.progress))
                }
            }
            if let restart {
                let down = Duration.milliseconds(Int(databaseDown * 1000))
                group.addTask {
                    try? await Task.sleep(until: start + .milliseconds(seconds * 500), clock: .continuous)
                    let at = { String(format: "%.1f", (ContinuousClock.now - start).milliseconds / 1000) }
                    Console.line("Stopping the database at \(at()) s, for \(databaseDown.formatted()) s.")
                    do {
                        try await restart.restart(down: down)
                        Console.line("The database is back at \(at()) s.")
                    } catch let error as UserFacingError {
                        Console.line("beacon: \(error.sentence)")
                    } catch {
                        Console.line("beacon: the database could not be restarted (\(error)).")
                    }
                }
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

        let askedFor = (ContinuousClock.now - start).milliseconds / 1000
        let transactionsAfter = try? await options.withDatabase { try await $0.transactionCount() }
        volunteering.cancel()
        await volunteering.value
        await connections.shutdown()

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
        if let before = transactionsBefore, let after = transactionsAfter, askedFor > 0 {
            Console.line(String(format: "Database transactions a second (%@): %.0f", transport.rawValue,
                                Double(after - before) / askedFor))
        }
        if abuse > 0 {
            let statuses = await tally.statuses, sent = await tally.sent, seconds = askedFor
            let serverErrors = statuses.filter { $0.key >= 500 }.values.reduce(0, +)
            Console.line(String(format: "Abuse: %d bad requests from one address, %.0f a second: ", sent, Double(sent) / max(seconds, 1))
                         + statuses.keys.sorted().map { "\($0) × \(statuses[$0]!)" }.joined(separator: ", ")
                         + "; \(await tally.unanswered) unanswered within 2 s, \(serverErrors) server errors; "
                         + "joins let through \(await tally.joined) (wrong codes all), requests for help let through "
                         + "\(await tally.posted) (the hub allows 20 an hour)")
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
        for (index, hub) in hubs.enumerated() {
            for line in hub.logged(containing: "hub push") { Console.line("  instance \(index + 1) logged: \(line)") }
        }
        let lost = report.posted.count - report.answered.count
        if lost > 0 {
            Console.line("Not answered within \(Int(Self.grace.milliseconds / 1000)) s of the end: request "
                         + report.unanswered.map(String.init).joined(separator: ", ") + ".")
        }
        Console.line("jobs posted \(report.posted.count), answered \(report.answered.count), lost \(lost)")
        if lost > 0 { throw ExitCode(1) }
    }

    /// How long the simulated pages take to open: 400 a second.
    static func rampUp(volunteers: Int) -> Duration {
        .milliseconds(volunteers * 1000 / 400)
    }

    static func raiseDescriptorLimit() {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
        limit.rlim_cur = min(limit.rlim_max, 1 << 16)
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
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

extension Duration {
    var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}
