import BeaconTestSupport
import Foundation
import Testing

/// What the hub's operator types: invitations, members, blocking, and `beacon hub serve` answering a join, on a
/// real PostgreSQL started for the test.
@Suite("beacon hub on the command line", .serialized,
       .enabled(if: TemporaryPostgres.isInstalled || TestData.required,
                "PostgreSQL is not installed (scripts/setup.sh installs the Debian package postgresql)"))
struct HubCLITests {
    @Test func theOperatorInvitesServesListsAndBlocks() throws {
        let database = try TemporaryPostgres()
        defer { database.stop() }
        let url = "postgres://\(database.username)@\(database.host):\(database.port)/postgres"

        let empty = try BeaconBinary.run(["hub", "members", "--database", url])
        #expect(empty.status == 0, "\(empty.stderr)")
        #expect(empty.stdout.contains("No members yet"))

        let invited = try BeaconBinary.run(["hub", "invite", "--volunteer"], environment: ["BEACON_HUB_DATABASE": url])
        #expect(invited.status == 0, "\(invited.stderr)")
        let line = try #require(invited.stdout.split(separator: "\n").first { $0.hasPrefix("Invitation for a volunteer: ") })
        let code = String(line.dropFirst("Invitation for a volunteer: ".count))
        #expect(code.count == 16)

        // A volunteer's browser joins through a running hub.
        let (server, text) = try Self.serve(["--http", "--database", url], until: "The hub is serving on ")
        defer { Self.stop(server) }
        let address = try #require(text.split(separator: " ").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) },
                                   "hub serve printed: \(text)")
        #expect(address.hasPrefix("http://127.0.0.1:"))
        let joined = try TestData.run("/usr/bin/curl", ["-s", "-X", "POST", "-H", "Content-Type: application/json",
                                                        "--data", #"{"code":"\#(code)","name":"Bo","languages":["en","ru"]}"#,
                                                        "\(address)api/join"])
        #expect(joined.stdout.contains("\"token\""), "\(joined.stdout)")
        let anonymous = try TestData.run("/usr/bin/curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", "\(address)api/offers"])
        #expect(anonymous.stdout == "401")
        let page = try TestData.run("/usr/bin/curl", ["-s", address])
        #expect(page.stdout.contains("<html lang=\"en\">"), "\(page.stdout.prefix(200))")

        let members = try BeaconBinary.run(["hub", "members", "--database", url])
        #expect(members.stdout.contains("Bo, volunteer, en ru"), "\(members.stdout)")
        let id = try #require(members.stdout.split(separator: ":").first.flatMap { Int($0) })
        let blocked = try BeaconBinary.run(["hub", "block", String(id), "--database", url])
        #expect(blocked.stdout.contains("Member \(id) is blocked."))
        #expect(try BeaconBinary.run(["hub", "members", "--database", url]).stdout.contains("Bo, volunteer, en ru, blocked"))
        BeaconBinary.expectOneSentence(try BeaconBinary.run(["hub", "block", "999", "--database", url]), containing: "No member 999")

        // HTTPS by default, a second instance on the same database, with a certificate made in the data folder;
        // `beacon hub` alone serves.
        let folder = try TestData.temporaryFolder("beacon-hub")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (secure, secureText) = try Self.serve(["--host", "127.0.0.1", "--data-dir", folder.path, "--database", url],
                                                  until: "Certificate fingerprint", named: false)
        defer { Self.stop(secure) }
        let secureAddress = try #require(secureText.split(separator: "\n").first?.split(separator: " ").last.map(String.init))
        #expect(secureAddress.hasPrefix("https://127.0.0.1:"))
        let refused = try TestData.run("/usr/bin/curl", ["-sk", "-o", "/dev/null", "-w", "%{http_code}", "\(secureAddress)api/offers"])
        #expect(refused.stdout == "401")
    }

    /// `beacon hub serve --port 0 …` (or `beacon hub --port 0 …`, not `named`) in a process of its own, once it has
    /// printed a line starting with `marker`.
    static func serve(_ arguments: [String], until marker: String, named: Bool = true) throws -> (Process, String) {
        let server = Process()
        server.executableURL = BeaconBinary.url
        server.arguments = ["hub"] + (named ? ["serve"] : []) + ["--port", "0"] + arguments
        let output = Pipe()
        server.standardOutput = output
        server.standardError = FileHandle.nullDevice
        try server.run()
        var text = ""
        let deadline = Date().addingTimeInterval(60)
        while !(text.contains(marker) && text.hasSuffix("\n")) && Date() < deadline && server.isRunning {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { Thread.sleep(forTimeInterval: 0.05) }
            text += String(decoding: chunk, as: UTF8.self)
        }
        return (server, text)
    }

    static func stop(_ server: Process) {
        if server.isRunning { server.interrupt() }
        server.waitUntilExit()
    }

    @Test func aPersonAsksFromTheTerminalAndHearsWhereTheVolunteerMarked() throws {
        guard let hub = try RunningHub.start("beacon-helpers") else { return }
        defer { hub.stop() }
        let personCode = try hub.invitation("person"), volunteerCode = try hub.invitation("volunteer")
        let address = hub.address, photo = hub.photo, call = hub.call
        let data = hub.folder.appendingPathComponent("data").path

        let joined = try BeaconBinary.run(["volunteers", "join", address, personCode.lowercased(), "--name", "Ann", "--data-dir", data])
        #expect(joined.stdout == "Joined the volunteers' hub at \(address) as Ann.\n", "\(joined.stdout) \(joined.stderr)")

        // The volunteer, through the API as their page would.
        let volunteer = try #require(try call(["-X", "POST", "--data", #"{"code":"\#(volunteerCode)","name":"Bo"}"#,
                                               "\(address)api/join"]) as? [String: Any])
        let token = try #require(volunteer["token"] as? String)

        let asking = Process()
        asking.executableURL = BeaconBinary.url
        asking.arguments = ["volunteers", "ask", "my keys", "--input", photo.path, "--wait", "60", "--data-dir", data]
        let output = Pipe()
        asking.standardOutput = output
        asking.standardError = FileHandle.nullDevice
        try asking.run()
        defer { if asking.isRunning { asking.terminate() } }

        var job: Int?
        let deadline = Date().addingTimeInterval(30)
        while job == nil && Date() < deadline {
            let offers = try call(["-H", "Authorization: Bearer \(token)", "\(address)api/offers"]) as? [[String: Any]] ?? []
            job = offers.first?["id"] as? Int
            if job == nil { Thread.sleep(forTimeInterval: 0.2) }
        }
        let id = try #require(job, "the request never reached the volunteer")
        _ = try call(["-X", "POST", "-H", "Authorization: Bearer \(token)", "\(address)api/jobs/\(id)/take"])
        var photos = 0
        while photos == 0 && Date() < deadline {
            let state = try call(["-H", "Authorization: Bearer \(token)", "\(address)api/jobs/\(id)"]) as? [String: Any]
            photos = state?["photos"] as? Int ?? 0
            if photos == 0 { Thread.sleep(forTimeInterval: 0.2) }
        }
        #expect(photos == 1)
        _ = try call(["-X", "POST", "-H", "Authorization: Bearer \(token)", "--data", #"{"photo":1,"x":0.2,"y":0.8}"#,
                      "\(address)api/jobs/\(id)/marks"])
        while asking.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(asking.terminationStatus == 0)
        #expect(said.hasPrefix("Asking for help.\n"), "\(said)")
        #expect(said.hasSuffix("Marked: eleven o'clock, down.\n"), "\(said)")
        // The request ends when the person has their answer: its photos are gone with it.
        let after = try call(["-H", "Authorization: Bearer \(token)", "\(address)api/jobs/\(id)/photos/1"]) as? [String: Any]
        #expect(after?["error"] != nil)

        // "helpers", the command's name before, still works.
        #expect(try BeaconBinary.run(["helpers", "leave", "--data-dir", data]).stdout == "Left the volunteers' hub.\n")
        BeaconBinary.expectOneSentence(try BeaconBinary.run(["volunteers", "ask", "keys", "--input", photo.path, "--data-dir", data]),
                                       containing: "Join a volunteers' hub first")
    }

    @Test func ctrlCCancelsTheRequest() throws {
        guard let hub = try RunningHub.start("beacon-helpers-cancel") else { return }
        defer { hub.stop() }
        let data = hub.folder.appendingPathComponent("data").path
        _ = try BeaconBinary.run(["volunteers", "join", hub.address, try hub.invitation("person"), "--name", "Ann", "--data-dir", data])
        let volunteer = try #require(try hub.call(["-X", "POST", "--data", #"{"code":"\#(try hub.invitation("volunteer"))","name":"Bo"}"#,
                                                   "\(hub.address)api/join"]) as? [String: Any])
        let token = try #require(volunteer["token"] as? String)
        func offered() throws -> Int {
            (try hub.call(["-H", "Authorization: Bearer \(token)", "\(hub.address)api/offers"]) as? [[String: Any]] ?? []).count
        }

        let asking = Process()
        asking.executableURL = BeaconBinary.url
        asking.arguments = ["volunteers", "ask", "my keys", "--input", hub.photo.path, "--wait", "60", "--data-dir", data]
        let output = Pipe()
        asking.standardOutput = output
        asking.standardError = FileHandle.nullDevice
        try asking.run()
        defer { if asking.isRunning { asking.terminate() } }
        let deadline = Date().addingTimeInterval(30)
        while try offered() == 0 && Date() < deadline { Thread.sleep(forTimeInterval: 0.2) }
        #expect(try offered() == 1)
        asking.interrupt()
        while asking.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(said == "Asking for help.\nRequest cancelled.\n")
        #expect(asking.terminationStatus == 0)
        #expect(try offered() == 0)
    }

    @Test func theBenchKillsAnInstanceAndEveryRequestIsAnswered() throws {
        let database = try TemporaryPostgres()
        defer { database.stop() }
        let url = "postgres://\(database.username)@\(database.host):\(database.port)/postgres"
        let bench = try BeaconBinary.run(["bench", "hub", "--database", url, "--instances", "2", "--users", "2",
                                          "--volunteers", "2", "--seconds", "6", "--kill-one"],
                                         environment: ["BEACON_TESTDATA": TestData.imagesFolder.path])
        #expect(bench.status == 0, "\(bench.stderr)\n\(bench.stdout)")
        #expect(bench.lines.contains { $0.hasPrefix("Killed instance 1 (") && $0.contains(" with SIGKILL at ") },
                "\(bench.stdout)")
        let last = try #require(bench.lines.last, "\(bench.stderr)")
        let numbers = last.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        #expect(last.hasPrefix("jobs posted ") && numbers.count == 3, "\(last)")
        if numbers.count == 3 {
            #expect(last == "jobs posted \(numbers[0]), answered \(numbers[0]), lost 0", "\(bench.stdout)")
            #expect(numbers[0] >= 2, "\(last)")
        }
    }

    @Test func badRequestsFromOneAddressGetNoServerErrorAndOthersAreServed() throws {
        let database = try TemporaryPostgres()
        defer { database.stop() }
        let url = "postgres://\(database.username)@\(database.host):\(database.port)/postgres"
        let bench = try BeaconBinary.run(["bench", "hub", "--database", url, "--instances", "2", "--users", "2",
                                          "--volunteers", "2", "--seconds", "6", "--abuse", "100"],
                                         environment: ["BEACON_TESTDATA": TestData.imagesFolder.path])
        #expect(bench.status == 0, "\(bench.stderr)\n\(bench.stdout)")
        let abuse = try #require(bench.lines.first { $0.hasPrefix("Abuse: ") }, "\(bench.stdout)")
        // Every kind of bad request was answered with its refusal, none with a server error, and the limits held.
        for status in ["400", "401", "403", "404", "415"] { #expect(abuse.contains(" \(status) × "), "\(abuse)") }
        #expect(abuse.contains(" 0 server errors") && abuse.contains("joins let through 0"), "\(abuse)")
        let posted = abuse.components(separatedBy: "requests for help let through ").last.flatMap { Int($0.prefix { $0.isNumber }) }
        #expect((posted ?? 99) <= 20, "\(abuse)")
        let last = try #require(bench.lines.last, "\(bench.stderr)")
        let numbers = last.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        #expect(numbers.count == 3 && numbers[0] >= 2 && last == "jobs posted \(numbers[0]), answered \(numbers[0]), lost 0",
                "\(bench.stdout)")
    }

    @Test func aMissingOrUnreachableDatabaseIsOneSentence() throws {
        BeaconBinary.expectOneSentence(try BeaconBinary.run(["hub", "members"], environment: ["BEACON_HUB_DATABASE": ""]),
                                       containing: "postgres://")
        BeaconBinary.expectOneSentence(try BeaconBinary.run(["hub", "members", "--database", "mysql://x@y/z"]),
                                       containing: "postgres://")
        BeaconBinary.expectOneSentence(try BeaconBinary.run(["hub", "members", "--database", "postgres://nobody@127.0.0.1:1/x"]),
                                       containing: "did not answer")
    }
}
