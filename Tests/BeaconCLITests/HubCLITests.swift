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

        let members = try BeaconBinary.run(["hub", "members", "--database", url])
        #expect(members.stdout.contains("Bo, volunteer, en ru"), "\(members.stdout)")
        let id = try #require(members.stdout.split(separator: ":").first.flatMap { Int($0) })
        let blocked = try BeaconBinary.run(["hub", "block", String(id), "--database", url])
        #expect(blocked.stdout.contains("Member \(id) is blocked."))
        #expect(try BeaconBinary.run(["hub", "members", "--database", url]).stdout.contains("Bo, volunteer, en ru, blocked"))
        BeaconBinary.expectOneSentence(try BeaconBinary.run(["hub", "block", "999", "--database", url]), containing: "No member 999")

        // HTTPS by default, a second instance on the same database, with a certificate made in the data folder.
        let folder = try TestData.temporaryFolder("beacon-hub")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (secure, secureText) = try Self.serve(["--host", "127.0.0.1", "--data-dir", folder.path, "--database", url],
                                                  until: "Certificate fingerprint")
        defer { Self.stop(secure) }
        let secureAddress = try #require(secureText.split(separator: "\n").first?.split(separator: " ").last.map(String.init))
        #expect(secureAddress.hasPrefix("https://127.0.0.1:"))
        let refused = try TestData.run("/usr/bin/curl", ["-sk", "-o", "/dev/null", "-w", "%{http_code}", "\(secureAddress)api/offers"])
        #expect(refused.stdout == "401")
    }

    /// `beacon hub serve --port 0 …` in a process of its own, once it has printed a line starting with `marker`.
    static func serve(_ arguments: [String], until marker: String) throws -> (Process, String) {
        let server = Process()
        server.executableURL = BeaconBinary.url
        server.arguments = ["hub", "serve", "--port", "0"] + arguments
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

    @Test func aMissingOrUnreachableDatabaseIsOneSentence() throws {
        BeaconBinary.expectOneSentence(try BeaconBinary.run(["hub", "members"], environment: ["BEACON_HUB_DATABASE": ""]),
                                       containing: "postgres://")
        BeaconBinary.expectOneSentence(try BeaconBinary.run(["hub", "members", "--database", "mysql://x@y/z"]),
                                       containing: "postgres://")
        BeaconBinary.expectOneSentence(try BeaconBinary.run(["hub", "members", "--database", "postgres://nobody@127.0.0.1:1/x"]),
                                       containing: "did not answer")
    }
}
