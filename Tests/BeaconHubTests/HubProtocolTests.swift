import BeaconHubProtocol
import BeaconTestSupport
import Foundation
import Testing

/// The hub's contract as both ends import it: the routes, their documentation, and the bodies' field names.
@Suite("The hub's protocol")
struct HubProtocolTests {
    @Test("docs/hub-protocol.md names every route the hub serves")
    func everyRouteIsDocumented() throws {
        let page = try String(contentsOf: TestData.packageRoot.appendingPathComponent("docs/hub-protocol.md"), encoding: .utf8)
        for route in HubRoute.allCases {
            #expect(page.contains("`\(route.method.rawValue) \(route.pattern)`"),
                    "docs/hub-protocol.md does not name \(route.method.rawValue) \(route.pattern)")
        }
    }

    @Test("a route's path and address carry the job's and the photo's numbers")
    func paths() {
        #expect(HubRoute.take.path(job: 7) == "/api/jobs/7/take")
        #expect(HubRoute.photo.path(job: 7, photo: 2) == "/api/jobs/7/photos/2")
        #expect(HubRoute.offers.path() == "/api/offers")
        #expect(HubRoute.mark.url(on: "https://hub.example.org/", job: 3) == "https://hub.example.org/api/jobs/3/marks")
        #expect(HubRoute.join.url(on: "http://127.0.0.1:8081") == "http://127.0.0.1:8081/api/join")
        #expect(Set(HubRoute.allCases.map { "\($0.method) \($0.pattern)" }).count == HubRoute.allCases.count)
    }

    @Test("an orientation header is three finite numbers and reads back")
    func orientationHeader() {
        #expect(DeviceOrientation(header: "90, 10.5, -3") == DeviceOrientation(heading: 90, pitch: 10.5, roll: -3))
        #expect(DeviceOrientation(header: "90,10") == nil)
        #expect(DeviceOrientation(header: "north,up,level") == nil)
        #expect(DeviceOrientation(header: "nan,1,2") == nil)
        let turned = DeviceOrientation(heading: 271.34, pitch: -4, roll: 0.5)
        #expect(turned.header == "271.3,-4.0,0.5")
        #expect(DeviceOrientation(header: turned.header) == DeviceOrientation(heading: 271.3, pitch: -4, roll: 0.5))
    }

    @Test("a mark's body has the wire's fields, and the hub takes only the three shapes")
    func markBodies() throws {
        #expect(try Self.text(HubMarkRequest(.point(photo: 3, x: 0.4, y: 0.6))) == #"{"photo":3,"x":0.4,"y":0.6}"#)
        #expect(try Self.text(HubMarkRequest(.notInPhoto(photo: 3))) == #"{"notInPhoto":true,"photo":3}"#)
        #expect(try Self.text(HubMarkRequest(.message("On the shelf"))) == #"{"message":"On the shelf"}"#)
        #expect(try Self.text(HubMarkReply(id: 5, kind: .notInPhoto(photo: 1))) == #"{"id":5,"notInPhoto":true,"photo":1}"#)
        for kind: HubMarkKind in [.point(photo: 1, x: 0, y: 1), .notInPhoto(photo: 2), .message("Left of the door")] {
            #expect(HubMarkRequest(kind).kind == kind)
            #expect(HubMarkReply(id: 1, kind: kind).kind == kind)
        }
        let decoder = HubJSON.decoder()
        #expect(try decoder.decode(HubMarkRequest.self, from: Data(#"{"photo":1,"x":1.5,"y":0.5}"#.utf8)).kind == nil)
        #expect(try decoder.decode(HubMarkRequest.self, from: Data(#"{"x":0.5,"y":0.5}"#.utf8)).kind == nil)
    }

    @Test("a job reads back with its date, as the hub writes it")
    func jobBody() throws {
        let job = HubJobReply(id: 7, object: "my keys", language: "en", state: .taken, photos: 2,
                              created: Date(timeIntervalSince1970: 1_796_000_000),
                              marks: [HubMarkReply(id: 5, kind: .message("Here"))])
        let data = try HubJSON.encoder().encode(job)
        #expect(String(decoding: data, as: UTF8.self) == #"{"created":"2026-11-30T00:53:20Z","id":7,"language":"en","#
                + #""marks":[{"id":5,"message":"Here"}],"object":"my keys","photos":2,"state":"taken"}"#)
        #expect(try HubJSON.decoder().decode(HubJobReply.self, from: data) == job)
    }

    static func text(_ value: some Encodable) throws -> String {
        String(decoding: try HubJSON.encoder().encode(value), as: UTF8.self)
    }
}
