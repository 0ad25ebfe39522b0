import AsyncHTTPClient
import BeaconCore
import BeaconMedia
import BeaconServer
import BeaconTestSupport
import Foundation
import Testing
@testable import BeaconRuntime
#if canImport(Glibc)
import Glibc
#endif

/// `beacon serve` as a phone meets it, in the test process: real HTTP and WebSocket on loopback. Where the assistant
/// is not the subject (pages, pairing, the hello deadline) the bare server runs in HummingbirdTesting's live framework
/// with a fake session behind each phone; elsewhere the whole `PhoneService` runs, with the real sessions the command
/// runs, met with AsyncHTTPClient and the WebSocket client.
@Suite(.serialized, .onItsOwnThread) struct PhoneServiceTests {
    @Test func servesTheAppAndItsDeepLinksWithSafeHeaders() async throws {
        try await ServedPhones.withFakeSessions { served in
            for path in ["/", "/find?object=cup", "/find-text?text=EXIT", "/read", "/explore", "/walk"] {
                let page = try await served.request(path)
                #expect(page.status == 200, "\(path)")
                #expect(page.body.contains("<html"), "\(path)")
                #expect(page.headers["content-security-policy"]?.contains("default-src 'self'") == true)
                #expect(page.headers["x-content-type-options"] == "nosniff")
            }
            for file in ["/app.js", "/app.css", "/sw.js", "/manifest.webmanifest", "/icon.svg"] {
                #expect(try await served.request(file).status == 200, "\(file)")
            }
            #expect(try await served.request("/../../etc/passwd").status == 404)
            #expect(try await served.request("/nothing-here.js").status == 404)
            #expect(try await served.request("/icon-64.png").status == 404)
        }
    }

    /// iOS takes a home-screen icon only as PNG (`apple-touch-icon`), and Android's installer wants 192 and 512 px:
    /// the server draws them, and they decode to the icon's yellow dot on black.
    @Test func servesTheIconAsPNGForHomeScreens() async throws {
        try await ServedPhones.withService { served in
            #expect(try await served.request("/").body.contains(#"<link rel="apple-touch-icon" href="/icon-180.png">"#))
            let manifest = try await served.request("/manifest.webmanifest")
            let icons = (try JSONSerialization.jsonObject(with: Data(manifest.body.utf8)) as? [String: Any])?["icons"] as? [[String: String]]
            #expect(icons?.contains { $0["src"] == "/icon-192.png" && $0["sizes"] == "192x192" && $0["type"] == "image/png" } == true)
            #expect(icons?.contains { $0["src"] == "/icon-512.png" && $0["sizes"] == "512x512" && $0["type"] == "image/png" } == true)
            for side in [180, 192, 512] {
                let icon = try await served.request("/icon-\(side).png")
                #expect(icon.status == 200)
                #expect(icon.headers["content-type"] == "image/png")
                let frame = try ImageDecoder().decode(Data(icon.bytes), name: "icon-\(side).png")
                #expect(frame.width == side && frame.height == side)
                let centre = frame.rgb[(side / 2 * side + side / 2) * 3..<(side / 2 * side + side / 2) * 3 + 3]
                #expect(Array(centre) == [0xFF, 0xD4, 0x00], "side \(side)")
                #expect(Array(frame.rgb[0..<3]) == [0, 0, 0], "side \(side)")
            }
        }
    }

    @Test func onlyAPairedPhoneGetsASession() async throws {
        try await ServedPhones.withFakeSessions { served in
            let wrong = served.code == "000000" ? "111111" : "000000"
            let refused = try await served.pair(wrong)
            #expect(refused.status == 403)
            #expect(refused.json["error"] as? String == "Wrong pairing code.")
            #expect(try await served.pair("not json at all").status == 403)
            let token = try await served.token()
            #expect(token.count == 43)

            // A forged token, and a second device that never paired (no token at all), are refused with a reason.
            let forged = try await served.converse { phone in
                try await phone.hello(String(repeating: "A", count: 43))
                await phone.waitForEnd(seconds: 5)
            }
            #expect(forged.closeCode == 1008)
            #expect(forged.closeReason == "Pair this phone first.")
            #expect(forged.messages.isEmpty, "nothing is said to an unpaired phone")
            let unpaired = try await served.converse { phone in
                try await phone.send(json: #"{"v":1,"type":"command","text":"explore"}"#)
                await phone.waitForEnd(seconds: 5)
            }
            #expect(unpaired.closeCode == 1008)

            // The paired phone gets its session.
            let paired = try await served.converse { phone in
                try await phone.hello(token)
                #expect(await phone.waitFor(seconds: 30) { $0["text"] as? String == "Beacon ready." })
            }
            #expect(paired.messages.first?["type"] as? String == "welcome")
            #expect(served.fakeSessions?.opened == 1)

            // Guessing is limited: after five wrong codes from one address, even the right one waits.
            for _ in 0..<5 { _ = try await served.pair(wrong) }
            let limited = try await served.pair(served.code)
            #expect(limited.status == 429)
            #expect(Int(limited.headers["retry-after"] ?? "") ?? 0 > 0)
        }
    }

    @Test func httpsWithACertificateMadeOnceAndItsFingerprintPrinted() async throws {
        let folder = try TestData.temporaryFolder("beacon-serve-tls")
        defer { try? FileManager.default.removeItem(at: folder) }
        let printed = try await ServedPhones.withService(dataFolder: folder, https: true) { served in
            // The certificate a client is shown is the one whose fingerprint `beacon serve` prints.
            let printed = try #require(served.certificate?.fingerprint)
            let shown = try TestData.run("bash", ["-c", "echo | openssl s_client -connect 127.0.0.1:\(served.port) 2>/dev/null | openssl x509 -noout -fingerprint -sha256"])
            #expect(shown.stdout.contains(printed), "printed \(printed), shown \(shown.stdout)")
            let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(certificateVerification: .none))
            do {
                let page = try await client.execute(HTTPClientRequest(url: served.base + "/"), timeout: .seconds(120))
                #expect(page.status.code == 200)
            } catch {
                Issue.record("the page over HTTPS: \(error)")
            }
            try await client.shutdown()
            return printed
        }
        // The next start shows the same certificate, so the phone's exception and the checked fingerprint hold.
        try await ServedPhones.withService(dataFolder: folder, https: true) { again in
            #expect(again.certificate?.fingerprint == printed)
            let shown = try TestData.run("bash", ["-c", "echo | openssl s_client -connect 127.0.0.1:\(again.port) 2>/dev/null | openssl x509 -noout -fingerprint -sha256"])
            #expect(shown.stdout.contains(printed), "printed \(printed), shown \(shown.stdout)")
        }
    }

    @Test func aPhoneThatNeverSaysHelloIsLetGo() async throws {
        try await ServedPhones.withFakeSessions { served in
            // Nothing is sent; within the hello deadline (10 s) the server closes with 1008 and its reason (pings
            // may come first, answered by the client: the server pings every 10 s).
            let silent = try await served.converse { phone in await phone.waitForEnd(seconds: 20) }
            #expect(silent.closeCode == 1008)
            #expect(silent.closeReason?.hasPrefix("Pair this phone first") == true, "\(String(describing: silent.closeReason))")
            #expect(silent.messages.isEmpty)
            #expect(served.fakeSessions?.opened == 0)
            // The server still serves.
            #expect(try await served.request("/").status == 200)
        }
    }

    @Test func aPairedPhoneStaysPairedWhenBeaconRestarts() async throws {
        let folder = try TestData.temporaryFolder("beacon-serve-kept")
        defer { try? FileManager.default.removeItem(at: folder) }
        let token = try await ServedPhones.withService(dataFolder: folder) { first in try await first.token() }

        let welcomed = try await ServedPhones.withService(dataFolder: folder) { second in
            try await second.converse { phone in
                try await phone.hello(token)
                await phone.waitFor(seconds: 20) { $0["type"] as? String == "welcome" }
            }
        }
        #expect(welcomed.messages.first?["type"] as? String == "welcome", "\(welcomed.closeReason ?? "")")
        // The data folder keeps only a digest: the token itself is nowhere in it.
        for file in Self.files(in: folder) {
            #expect((try? Data(contentsOf: file))?.range(of: Data(token.utf8)) == nil, "\(file.lastPathComponent)")
        }

        let refused = try await ServedPhones.withService(dataFolder: folder, forgetPhones: true) { forgetting in
            try await forgetting.converse { phone in
                try await phone.hello(token)
                await phone.waitForEnd(seconds: 5)
            }
        }
        #expect(refused.closeCode == 1008)
    }

    @Test func badMessagesCloseOnlyTheirOwnConnection() async throws {
        guard let bus = TestData.image("bus.jpg") else {
            if TestData.required { Issue.record("bus.jpg is missing") }
            return
        }
        let jpeg = try [UInt8](Data(contentsOf: bus))
        try await ServedPhones.withService { served in
            let token = try await served.token()

            // One phone stays connected through all of it, and is still answered at the end.
            let steady = Task(executorPreference: OwnThreadTrait.executor) {
                try await served.converse { phone in
                    try await phone.hello(token)
                    #expect(await phone.waitFor(seconds: 30) { $0["text"] as? String == "Beacon ready." })
                    try await Task.sleep(for: .seconds(8)) // while the others misbehave
                    try await phone.send(json: #"{"v":1,"type":"command","text":"louder"}"#)
                    #expect(await phone.waitFor(seconds: 20) { $0["type"] as? String == "volume" && ($0["value"] as? Double ?? 0) > 0.85 })
                }
            }

            func closed(by messages: [Message]) async throws -> PhoneConversation {
                try await served.converse { phone in
                    try await phone.hello(token)
                    for message in messages {
                        switch message {
                        case .text(let text): try await phone.send(json: text)
                        case .binary(let bytes): try await phone.send(binary: bytes)
                        }
                    }
                    await phone.waitForEnd(seconds: 10)
                }
            }
            let notJSON = try await closed(by: [.text("{this is not json")])
            #expect(notJSON.closeCode == 1007)
            #expect(notJSON.closeReason == "Message 2 is not a valid JSON object.")
            let unknown = try await closed(by: [.text(#"{"v":1,"type":"dance"}"#)])
            #expect(unknown.closeCode == 1002)
            #expect(unknown.closeReason == #"Unknown message type "dance"."#)
            let wrongVersion = try await closed(by: [.text(#"{"v":2,"type":"command","text":"read"}"#)])
            #expect(wrongVersion.closeCode == 1002)
            let missingField = try await closed(by: [.text(#"{"v":1,"type":"command"}"#)])
            #expect(missingField.closeCode == 1007)
            #expect(missingField.closeReason == #"Message 2: "text" must be a string."#)
            let oversized = try await closed(by: [.binary([0x01, 0xFF, 0xD8] + [UInt8](repeating: 7, count: 600 * 1024))])
            #expect(oversized.closeCode == 1009)
            #expect(oversized.closeReason == "Frame 1 is 601 KiB; the limit is 512 KiB.")
            let truncated = try await closed(by: [.binary([0x01] + jpeg.prefix(jpeg.count / 2))])
            #expect(truncated.closeCode == 1003)
            #expect(truncated.closeReason == "Frame 1 is not a readable JPEG.")
            let unknownBinary = try await closed(by: [.binary([0x09, 1, 2, 3])])
            #expect(unknownBinary.closeCode == 1003)

            // A phone that vanishes halfway through a frame: the server lets go of it.
            try Self.vanishMidMessage(port: served.port)

            let steadily = try await steady.value
            #expect(steadily.closeCode == nil || steadily.closeCode == 1000,
                    "\(String(describing: steadily.closeReason)) \(steadily.messages.suffix(5))")
            #expect(try await served.request("/").status == 200)
        }
    }

    /// Push to talk from a phone: "Beacon, explore." in the natural voice as 16 kHz audio chunks between talk start
    /// and end, heard by the server's Moonshine, acted on by the session.
    @Test func talkFromThePhoneReachesTheRecogniser() async throws {
        guard let speech = try RunTestSupport.spoken("Beacon, explore.") else { return }
        let padded = [Int16](repeating: 0, count: 8_000) + speech + [Int16](repeating: 0, count: 16_000)
        let audio = padded.flatMap { sample in [UInt8(truncatingIfNeeded: sample), UInt8(truncatingIfNeeded: sample >> 8)] }
        #expect(audio.count > 16_000)
        let conversation = try await ServedPhones.withService { served in
            let token = try await served.token()
            return try await served.converse { phone in
                try await phone.hello(token)
                #expect(await phone.waitFor(seconds: 30) { $0["text"] as? String == "Beacon ready." })
                try await phone.send(json: #"{"v":1,"type":"talk","state":"start"}"#)
                // A phone sends about a quarter of a second at a time, as it records.
                for start in stride(from: 0, to: audio.count, by: 8_000) {
                    try await phone.send(binary: [0x02] + audio[start..<min(start + 8_000, audio.count)])
                    try await Task.sleep(for: .milliseconds(250))
                }
                try await phone.send(json: #"{"v":1,"type":"talk","state":"end"}"#)
                #expect(await phone.waitFor(seconds: 20) { $0["type"] as? String == "mode" && $0["mode"] as? String == "explore" })
            }
        }
        let said = conversation.texts(ofType: "speak")
        #expect(said.contains("Listening."), "\(said)")
        #expect(said.contains("Exploring."), "\(said)")
    }

    @Test func framesNeverReachTheDisk() async throws {
        guard Self.canDetect(), let bus = TestData.image("bus.jpg") else { return }
        let jpeg = try [UInt8](Data(contentsOf: bus))
        let folder = try TestData.temporaryFolder("beacon-serve-frames")
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = Self.files(in: folder)
        let conversation = try await ServedPhones.withService(dataFolder: folder) { served in
            let token = try await served.token()
            return try await served.converse { phone in
                try await phone.hello(token, job: "explore")
                for _ in 0..<30 {
                    try await phone.send(binary: [0x01] + jpeg)
                    try await Task.sleep(for: .milliseconds(100))
                }
                #expect(await phone.waitFor(seconds: 30) { ($0["text"] as? String)?.lowercased().contains("bus") == true })
                // While the session runs, nothing in the data folder holds a frame.
                for file in Self.files(in: folder) {
                    let contents = (try? Data(contentsOf: file)) ?? Data()
                    #expect(contents.range(of: Data(jpeg.prefix(512))) == nil, "\(file.lastPathComponent) holds a frame")
                }
            }
        }
        #expect(conversation.texts(ofType: "speak").contains { $0.lowercased().contains("bus") })
        let new = Self.files(in: folder).subtracting(before).map(\.lastPathComponent)
        // Only the user's own data may appear: settings, history and usage databases (and their journals).
        #expect(new.allSatisfy { $0.contains(".sqlite") || $0.hasSuffix(".key") }, "new files: \(new)")
    }

    // MARK: - Helpers

    enum Message {
        case text(String)
        case binary([UInt8])
    }

    /// True when detection can run here (runtime and shared model present); records a failure under CI's rule.
    static func canDetect() -> Bool {
        guard TestData.model("picodet_s_416_coco.onnx") != nil else {
            if TestData.required { Issue.record("picodet_s_416_coco.onnx is missing") }
            return false
        }
        do {
            _ = try Composition().detector(DetectorSettings())
            return true
        } catch {
            if TestData.required { Issue.record("the detector could not be built: \(error)") }
            return false
        }
    }

    static func files(in folder: URL) -> Set<URL> {
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        var files = Set<URL>()
        while let url = enumerator?.nextObject() as? URL {
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true { files.insert(url) }
        }
        return files
    }

    /// Opens a WebSocket by hand, starts a 100 KiB frame, sends 10 bytes of it and disappears.
    static func vanishMidMessage(port: Int) throws {
        let socket = try openWebSocket(port: port)
        defer { close(socket) }
        // A masked binary frame announcing 102,400 bytes (64-bit length), then only ten of them.
        var frame: [UInt8] = [0x82, 0xFF]
        frame += withUnsafeBytes(of: UInt64(102_400).bigEndian, Array.init)
        frame += [1, 2, 3, 4] + [UInt8](repeating: 0x55, count: 10)
        _ = frame.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, 0) }
    }

    /// A WebSocket opened by hand on a POSIX socket, past the upgrade: the tests then misbehave at the byte level.
    static func openWebSocket(port: Int) throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        try #require(connected == 0)
        let handshake = "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        _ = handshake.withCString { send(socket, $0, strlen($0), 0) }
        var reply = [UInt8](repeating: 0, count: 1024)
        let count = recv(socket, &reply, reply.count, 0)
        #expect(String(decoding: reply.prefix(max(count, 0)), as: UTF8.self).hasPrefix("HTTP/1.1 101"))
        return socket
    }
}
