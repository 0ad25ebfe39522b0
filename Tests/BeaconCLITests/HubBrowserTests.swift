import BeaconTestSupport
import Foundation
import Testing

/// The hub's volunteer page in a real browser (headless Chromium driven by scripts/volunteer_test.py), against
/// `beacon hub serve --http` on a real PostgreSQL: a person asks with a real photo, a volunteer joins from the
/// invitation link, takes the request, marks the thing by mouse and by keyboard and sends a message, and the person's
/// side reads the marks back. axe-core audits every screen.
@Suite("The volunteer's page in Chromium", .serialized,
       .enabled(if: TemporaryPostgres.isInstalled || TestData.required,
                "PostgreSQL is not installed (scripts/setup.sh installs the Debian package postgresql)"))
struct HubBrowserTests {
    @Test func aVolunteerMarksTheThingAndThePersonGetsIt() throws {
        guard WebAppBrowserTests.browserIsReady(), let coffee = TestData.image("coffee.png") else { return }
        let folder = try TestData.temporaryFolder("beacon-hub-browser")
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = folder.appendingPathComponent("coffee.jpg")
        try TestData.run("ffmpeg", ["-v", "error", "-y", "-i", coffee.path, photo.path])

        let database = try TemporaryPostgres()
        defer { database.stop() }
        let url = "postgres://\(database.username)@\(database.host):\(database.port)/postgres"
        func code(_ role: String) throws -> String {
            let invited = try BeaconBinary.run(["hub", "invite", "--\(role)", "--database", url])
            let line = try #require(invited.stdout.split(separator: "\n").first { $0.hasPrefix("Invitation for a \(role): ") })
            return String(line.dropFirst("Invitation for a \(role): ".count))
        }
        let volunteerCode = try code("volunteer"), personCode = try code("person")
        let (server, text) = try HubCLITests.serve(["--http", "--database", url], until: "The hub is serving on ")
        defer { HubCLITests.stop(server) }
        let address = try #require(text.split(separator: " ").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) })

        // The person's side, as Beacon will do it: join, ask, send a photo.
        func call(_ arguments: [String]) throws -> [String: Any] {
            let result = try TestData.run("/usr/bin/curl", ["-s"] + arguments)
            return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
                                "\(arguments): \(result.stdout)")
        }
        let person = try call(["-X", "POST", "--data", #"{"code":"\#(personCode)","name":"Ann"}"#, "\(address)api/join"])
        let token = try #require(person["token"] as? String)
        let job = try call(["-X", "POST", "-H", "Authorization: Bearer \(token)", "--data", #"{"object":"my keys"}"#,
                            "\(address)api/jobs"])
        let id = try #require(job["id"] as? Int)
        let sent = try call(["-X", "POST", "-H", "Authorization: Bearer \(token)", "-H", "Content-Type: image/jpeg",
                             "--data-binary", "@\(photo.path)", "\(address)api/jobs/\(id)/photos"])
        #expect(sent["photo"] as? Int == 1)

        try WebAppBrowserTests.withScreenshots("volunteer") { screenshots in
            let script = TestData.packageRoot.appendingPathComponent("scripts/volunteer_test.py").path
            let run = try TestData.run("python3", [script, "--url", address, "--code", volunteerCode, "--object", "my keys",
                                                   "--screenshots", screenshots.path])
            #expect(run.status == 0, "\(run.stderr)")
            let result = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any],
                                      "volunteer_test.py printed: \(run.stdout.prefix(500)) \(run.stderr.prefix(500))")
            #expect(result["prefilledCode"] as? String == volunteerCode)
            let audit = try #require(result["audit"] as? [String: [String]])
            #expect(Set(audit.keys) == ["join", "offers", "job"])
            for (screen, violations) in audit { #expect(violations.isEmpty, "\(screen): \(violations)") }
            let statuses = result["statuses"] as? [String] ?? []
            #expect(statuses.contains("New request: my keys."), "\(statuses)")
            #expect(statuses.contains("You are helping find my keys."), "\(statuses)")
            #expect(result["photoAlt"] as? String == "Photo 1 from the person")
        }

        // The marks reach the person's side: the click, the keyboard's cross, the message.
        let seen = try call(["-H", "Authorization: Bearer \(token)", "\(address)api/jobs/\(id)"])
        let marks = try #require(seen["marks"] as? [[String: Any]])
        #expect(marks.count == 3, "\(marks)")
        guard marks.count == 3 else { return }
        let click = (x: marks[0]["x"] as? Double ?? -1, y: marks[0]["y"] as? Double ?? -1)
        #expect(abs(click.x - 0.25) < 0.03 && abs(click.y - 0.75) < 0.03, "\(click)")
        let keyed = (x: marks[1]["x"] as? Double ?? -1, y: marks[1]["y"] as? Double ?? -1)
        #expect(abs(keyed.x - 0.6) < 0.001 && abs(keyed.y - 0.5) < 0.001, "\(keyed)")
        #expect(marks[2]["message"] as? String == "It is on the shelf by the door")
    }
}
