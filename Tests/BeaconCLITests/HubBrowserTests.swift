import BeaconTestSupport
import Foundation
import Testing

/// The hub's volunteer page in a real browser (headless Chromium driven by scripts/volunteer_test.py), against
/// `beacon hub serve --http` on a real PostgreSQL: a person asks with a real photo, a volunteer joins from the
/// invitation link, listens to pushed events, takes the request, marks the thing by mouse and by keyboard and sends a message, and the person's
/// side reads the marks back. axe-core audits every screen.
@Suite("The volunteer's page in Chromium", .serialized,
       .enabled(if: TemporaryPostgres.isInstalled || TestData.required,
                "PostgreSQL is not installed (scripts/setup.sh installs the Debian package postgresql)"))
struct HubBrowserTests {
    @Test func aVolunteerMarksTheThingAndThePersonGetsIt() throws {
        guard WebAppBrowserTests.browserIsReady(), let hub = try RunningHub.start("beacon-hub-browser") else { return }
        defer { hub.stop() }
        let volunteerCode = try hub.invitation("volunteer"), personCode = try hub.invitation("person")
        let address = hub.address, photo = hub.photo

        // The person's side, as Beacon will do it: join, ask, send a photo.
        func call(_ arguments: [String]) throws -> [String: Any] {
            try #require(try hub.call(arguments) as? [String: Any], "\(arguments)")
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
            #expect(result["pushed"] as? Bool == true, "the page reads on a timer instead of listening to GET /api/events")
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
