import BeaconHub
import BeaconHubProtocol
import BeaconTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
@testable import BeaconHubServer

/// The hub's HTTP API over a real PostgreSQL started for the test: two hub instances on one database answer as one
/// hub. Requests go through Hummingbird's router test client, without sockets: under a full test run on two cores the
/// blocking tests can hold every thread of the pool for longer than the live client's fixed 20 s timeout (CI saw it
/// time out); the server on loopback is tested from the command line (HubCLITests) and in Chromium (HubBrowserTests).
@Suite("The hub's HTTP API, two instances on one PostgreSQL", .serialized,
       .enabled(if: TemporaryPostgres.isInstalled || TestData.required,
                "PostgreSQL is not installed (scripts/setup.sh installs the Debian package postgresql)"))
struct HubServerTests {
    /// A minimal JPEG: the start-of-image marker and a little after it (the hub stores, it does not decode).
    static let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: UInt8(7), count: 60) + [0xFF, 0xD9])

    @Test func aPersonAsksAVolunteerTakesAndMarksAndThePersonHearsIt() async throws {
        try await TwoHubInstances.run { hub in
            let person = try await hub.join(.person, "Ann")
            let volunteer = try await hub.join(.volunteer, "Bo", languages: ["en", "ru"])
            let other = try await hub.join(.volunteer, "Cy", languages: ["en"])
            let firstServer = try HubServer(configuration: .init(port: 0), database: hub.first).application()
            let secondServer = try HubServer(configuration: .init(port: 0), database: hub.second).application()
            try await firstServer.test(.router) { first in
                try await secondServer.test(.router) { second in
                    // The person asks through one instance…
                    let posted = try await first.execute(uri: "/api/jobs", method: .post, headers: Self.bearer(person.token),
                                                         body: Self.body(#"{"object":"my keys","language":"en"}"#))
                    #expect(posted.status == .created)
                    let job = try Self.reply(HubJobReply.self, posted)
                    let id = job.id
                    #expect(job.object == "my keys" && job.state == .open && job.photos == 0 && job.marks.isEmpty)
                    let photo = try await first.execute(uri: "/api/jobs/\(id)/photos", method: .post,
                                                        headers: Self.bearer(person.token, ["X-Orientation": "90,10,0"]),
                                                        body: ByteBuffer(bytes: Self.jpeg))
                    #expect(photo.status == .created)
                    #expect(try Self.reply(HubPhotoReply.self, photo) == HubPhotoReply(photo: 1))
                    // …and volunteers see the offer through the other.
                    let offers = try await second.execute(uri: "/api/offers", method: .get, headers: Self.bearer(volunteer.token))
                    #expect(offers.status == .ok)
                    #expect(try Self.reply([HubJobReply].self, offers).map(\.id) == [id])
                    // Before taking the job a volunteer sees none of its photos.
                    let peek = try await second.execute(uri: "/api/jobs/\(id)/photos/1", method: .get,
                                                        headers: Self.bearer(volunteer.token))
                    #expect(peek.status == .notFound)
                    // First to take it gets it; the other is told someone else did.
                    let taken = try await second.execute(uri: "/api/jobs/\(id)/take", method: .post, headers: Self.bearer(volunteer.token))
                    #expect(taken.status == .ok)
                    #expect(try Self.reply(HubJobReply.self, taken).state == .taken)
                    let late = try await first.execute(uri: "/api/jobs/\(id)/take", method: .post, headers: Self.bearer(other.token))
                    #expect(late.status == .conflict)
                    let picture = try await first.execute(uri: "/api/jobs/\(id)/photos/1", method: .get,
                                                          headers: Self.bearer(volunteer.token))
                    #expect(picture.status == .ok)
                    #expect(Data(buffer: picture.body) == Self.jpeg)
                    #expect(picture.headers[.contentType] == "image/jpeg")
                    let otherPeek = try await first.execute(uri: "/api/jobs/\(id)/photos/1", method: .get,
                                                            headers: Self.bearer(other.token))
                    #expect(otherPeek.status == .notFound)
                    // The volunteer marks the keys; the person's Beacon reads the mark through the other instance.
                    let marked = try await second.execute(uri: "/api/jobs/\(id)/marks", method: .post, headers: Self.bearer(volunteer.token),
                                                          body: Self.body(#"{"photo":1,"x":0.25,"y":0.75}"#))
                    #expect(marked.status == .created)
                    #expect(try Self.reply(HubMarkReply.self, marked).kind == .point(photo: 1, x: 0.25, y: 0.75))
                    let said = try await second.execute(uri: "/api/jobs/\(id)/marks", method: .post, headers: Self.bearer(volunteer.token),
                                                        body: Self.body(#"{"message":"On the shelf by the door"}"#))
                    #expect(said.status == .created)
                    let seen = try Self.reply(HubJobReply.self, try await first.execute(uri: "/api/jobs/\(id)", method: .get,
                                                                                         headers: Self.bearer(person.token)))
                    #expect(seen.marks.map(\.kind) == [.point(photo: 1, x: 0.25, y: 0.75), .message("On the shelf by the door")])
                    // The wire's own field names, as the volunteer's page reads them.
                    let raw = try Self.json(try await first.execute(uri: "/api/jobs/\(id)", method: .get,
                                                                    headers: Self.bearer(person.token)))
                    let marks = try #require(raw["marks"] as? [[String: Any]])
                    #expect(marks.first?["x"] as? Double == 0.25 && marks.first?["y"] as? Double == 0.75)
                    #expect(marks.last?["message"] as? String == "On the shelf by the door")
                    // The person ends it; its photos are gone with it.
                    let closed = try await first.execute(uri: "/api/jobs/\(id)/close", method: .post, headers: Self.bearer(person.token))
                    #expect(closed.status == .ok)
                    #expect(try Self.reply(HubCloseReply.self, closed) == HubCloseReply(closed: true))
                    #expect(try await hub.second.storedPhotoCount(job: id) == 0)
                }
            }
        }
    }

    @Test func everyCallIsAuthenticatedAndEachRoleKeepsToItsOwn() async throws {
        try await TwoHubInstances.run { hub in
            let person = try await hub.join(.person, "Ann")
            let volunteer = try await hub.join(.volunteer, "Bo")
            let app = try HubServer(configuration: .init(port: 0), database: hub.first).application()
            try await app.test(.router) { client in
                let anonymous = try await client.execute(uri: "/api/offers", method: .get)
                #expect(anonymous.status == .unauthorized)
                #expect(anonymous.headers[.wwwAuthenticate] == "Bearer")
                let forged = try await client.execute(uri: "/api/offers", method: .get, headers: Self.bearer("not-a-token"))
                #expect(forged.status == .unauthorized)
                // A volunteer cannot ask, a person cannot take.
                let asking = try await client.execute(uri: "/api/jobs", method: .post, headers: Self.bearer(volunteer.token),
                                                      body: Self.body(#"{"object":"keys"}"#))
                #expect(asking.status == .forbidden)
                let offers = try await client.execute(uri: "/api/offers", method: .get, headers: Self.bearer(person.token))
                #expect(offers.status == .forbidden)
                // Bad input is one sentence.
                let garbled = try await client.execute(uri: "/api/jobs", method: .post, headers: Self.bearer(person.token),
                                                       body: Self.body("keys please"))
                #expect(garbled.status == .badRequest)
                let notJPEG = try await client.execute(uri: "/api/jobs/1/photos", method: .post, headers: Self.bearer(person.token),
                                                       body: Self.body("<svg/>"))
                #expect(notJPEG.status == .unsupportedMediaType)
                // A blocked member's token stops working at once, on every instance.
                #expect(try await hub.second.setBlocked(true, member: volunteer.member.id))
                let blocked = try await client.execute(uri: "/api/offers", method: .get, headers: Self.bearer(volunteer.token))
                #expect(blocked.status == .unauthorized)
            }
        }
    }

    @Test func anInvitationJoinsOnceThroughTheAPI() async throws {
        try await TwoHubInstances.run { hub in
            let invitation = try await hub.first.invite(.volunteer)
            let app = try HubServer(configuration: .init(port: 0), database: hub.second).application()
            try await app.test(.router) { client in
                let joined = try await client.execute(uri: "/api/join", method: .post,
                                                      body: Self.body(#"{"code":"\#(invitation.code.lowercased())","name":"Dee","languages":["zh"]}"#))
                #expect(joined.status == .created)
                let reply = try Self.json(joined)
                let token = try #require(reply["token"] as? String)
                let member = try #require(reply["member"] as? [String: Any])
                #expect(member["role"] as? String == "volunteer" && member["languages"] as? [String] == ["zh"])
                let offers = try await client.execute(uri: "/api/offers", method: .get, headers: Self.bearer(token))
                #expect(offers.status == .ok)
                let again = try await client.execute(uri: "/api/join", method: .post,
                                                     body: Self.body(#"{"code":"\#(invitation.code)","name":"Eve"}"#))
                #expect(again.status == .forbidden)
            }
        }
    }

    @Test func joiningAndAskingAreRateLimitedAcrossInstances() async throws {
        try await TwoHubInstances.run { hub in
            let person = try await hub.join(.person, "Ann")
            var configuration = HubServer.Configuration(port: 0)
            configuration.joins = HubRate(count: 3, window: .seconds(600))
            configuration.jobs = HubRate(count: 2, window: .seconds(3600))
            let first = try HubServer(configuration: configuration, database: hub.first).application()
            let second = try HubServer(configuration: configuration, database: hub.second).application()
            try await first.test(.router) { one in
                try await second.test(.router) { other in
                    // Wrong codes count too, and the count is shared: two tries here, one there, the fourth refused.
                    for client in [one, one, other] as [any TestClientProtocol] {
                        let wrong = try await client.execute(uri: "/api/join", method: .post,
                                                             body: Self.body(#"{"code":"WRONGWRONGWRONG2","name":"Eve"}"#))
                        #expect(wrong.status == .forbidden)
                    }
                    let refused = try await one.execute(uri: "/api/join", method: .post,
                                                        body: Self.body(#"{"code":"WRONGWRONGWRONG2","name":"Eve"}"#))
                    #expect(refused.status == .tooManyRequests)
                    #expect(Int(refused.headers[.retryAfter] ?? "") ?? 0 > 0)

                    for client in [one, other] as [any TestClientProtocol] {
                        let asked = try await client.execute(uri: "/api/jobs", method: .post, headers: Self.bearer(person.token),
                                                             body: Self.body(#"{"object":"keys"}"#))
                        #expect(asked.status == .created)
                    }
                    let third = try await one.execute(uri: "/api/jobs", method: .post, headers: Self.bearer(person.token),
                                                      body: Self.body(#"{"object":"wallet"}"#))
                    #expect(third.status == .tooManyRequests)
                }
            }
        }
    }

    @Test func everyRouteOfTheProtocolIsServed() async throws {
        try await TwoHubInstances.run { hub in
            let app = try HubServer(configuration: .init(port: 0), database: hub.first).application()
            try await app.test(.router) { client in
                for route in HubRoute.allCases {
                    let method: HTTPRequest.Method = route.method == .get ? .get : .post
                    let response = try await client.execute(uri: route.path(job: 1, photo: 1), method: method)
                    // Unsigned: the pages answer, the API asks for a token (joining, for a body), none is not found.
                    let expected: HTTPResponse.Status = switch route {
                    case .page, .joinPage, .script, .styles: .ok
                    case .join: .badRequest
                    default: .unauthorized
                    }
                    #expect(response.status == expected, "\(route.method.rawValue) \(route.pattern)")
                }
                let unknown = try await client.execute(uri: "/api/jobs/1/dance", method: .post)
                #expect(unknown.status == .notFound)
            }
        }
    }

    // MARK: - Helpers

    @Test func askingAgainWithTheSameKeyFindsTheFirstRequest() async throws {
        try await TwoHubInstances.run { hub in
            let person = try await hub.join(.person, "Ann")
            let firstServer = try HubServer(configuration: .init(port: 0), database: hub.first).application()
            let secondServer = try HubServer(configuration: .init(port: 0), database: hub.second).application()
            try await firstServer.test(.router) { first in
                try await secondServer.test(.router) { second in
                    let asking = Self.body(#"{"object":"my keys","language":"en"}"#)
                    let keyed = Self.bearer(person.token, ["Idempotency-Key": "7d3f-ask-1"])
                    // The first asking's answer was lost; asked again through the other instance with the same key.
                    let posted = try await first.execute(uri: "/api/jobs", method: .post, headers: keyed, body: asking)
                    #expect(posted.status == .created)
                    let again = try await second.execute(uri: "/api/jobs", method: .post, headers: keyed, body: asking)
                    #expect(again.status == .ok)
                    #expect(try Self.reply(HubJobReply.self, again).id == Self.reply(HubJobReply.self, posted).id)
                    // Another key (or none) is another request; a key that is no key is refused.
                    let other = try await second.execute(uri: "/api/jobs", method: .post,
                                                         headers: Self.bearer(person.token, ["Idempotency-Key": "7d3f-ask-2"]),
                                                         body: asking)
                    #expect(other.status == .created)
                    let bad = try await first.execute(uri: "/api/jobs", method: .post,
                                                      headers: Self.bearer(person.token, ["Idempotency-Key": String(repeating: "k", count: 65)]),
                                                      body: asking)
                    #expect(bad.status == .badRequest)
                    #expect(try await hub.first.openJobs().count == 2)
                }
            }
            // Two instances given one key at the same moment open one request.
            let key = "same-moment"
            async let a = hub.first.postJob(person: person.member.id, objectName: "wallet", language: "en", key: key)
            async let b = hub.second.postJob(person: person.member.id, objectName: "wallet", language: "en", key: key)
            let (one, two) = try await (a, b)
            #expect(one.job.id == two.job.id && one.created != two.created)
        }
    }

    static func bearer(_ token: String, _ extra: [String: String] = [:]) -> HTTPFields {
        var fields = HTTPFields()
        fields[.authorization] = "Bearer \(token)"
        for (name, value) in extra { fields[HTTPField.Name(name)!] = value }
        return fields
    }

    static func body(_ text: String) -> ByteBuffer { ByteBuffer(string: text) }

    static func json(_ response: TestResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
    }

    static func reply<Reply: Decodable>(_ type: Reply.Type, _ response: TestResponse) throws -> Reply {
        try HubJSON.decoder().decode(type, from: Data(buffer: response.body))
    }
}
