import AsyncHTTPClient
import BeaconMedia
import BeaconTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `beacon serve` as a phone meets it: real HTTP and WebSocket on loopback, real sessions behind them.
@Suite(.serialized, .onItsOwnThread) struct ServeCLITests {
    @Test func servesTheAppAndItsDeepLinksWithSafeHeaders() async throws {
        let served = try ServedBeacon()
        defer { served.stop() }
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

    /// iOS takes a home-screen icon only as PNG (`apple-touch-icon`), and Android's installer wants 192 and 512 px:
    /// the server draws them, and they decode to the icon's yellow dot on black.
    @Test func servesTheIconAsPNGForHomeScreens() async throws {
        let served = try ServedBeacon()
        defer { served.stop() }
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

    @Test func onlyAPairedPhoneGetsASession() async throws {
        let served = try ServedBeacon()
        defer { served.stop() }
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

        // Guessing is limited: after five wrong codes from one address, even the right one waits.
        for _ in 0..<5 { _ = try await served.pair(wrong) }
        let limited = try await served.pair(served.code)
        #expect(limited.status == 429)
        #expect(Int(limited.headers["retry-after"] ?? "") ?? 0 > 0)
    }

    @Test func httpsWithACertificateMadeOnceAndItsFingerprintPrinted() async throws {
        let folder = try TestData.temporaryFolder("beacon-serve-tls")
        defer { try? FileManager.default.removeItem(at: folder) }
        let served = try ServedBeacon(dataFolder: folder, https: true)
        let printed = served.standardOutput.split(separator: "\n").first { $0.hasPrefix("Certificate fingerprint (SHA-256): ") }
            .map { String($0.dropFirst("Certificate fingerprint (SHA-256): ".count)) }
        // The certificate a client is shown is the one whose fingerprint was printed.
        let shown = try TestData.run("bash", ["-c", "echo | openssl s_client -connect 127.0.0.1:\(served.port) 2>/dev/null | openssl x509 -noout -fingerprint -sha256"])
        #expect(printed != nil && shown.stdout.contains(printed ?? "?"), "printed \(printed ?? "nothing"), shown \(shown.stdout)")
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(certificateVerification: .none))
        let page = try await client.execute(HTTPClientRequest(url: served.base + "/"), timeout: .seconds(120))
        #expect(page.status.code == 200)
        try await client.shutdown()
        served.stop()
        // The next start shows the same certificate, so the phone's exception and the checked fingerprint hold.
        let again = try ServedBeacon(dataFolder: folder, https: true)
        defer { again.stop() }
        #expect(again.standardOutput.contains(printed ?? "?"))
    }

    @Test func aPhoneThatNeverSaysHelloIsLetGo() throws {
        let served = try ServedBeacon()
        defer { served.stop() }
        let socket = try Self.openWebSocket(port: served.port)
        defer { close(socket) }
        // Nothing is sent; within the hello deadline (10 s) the server closes with 1008 and its reason (a ping may
        // come first: the server pings every 10 s).
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var received: [UInt8] = []
        var close: (code: Int, reason: String)?
        while close == nil {
            var chunk = [UInt8](repeating: 0, count: 256)
            let count = recv(socket, &chunk, chunk.count, 0)
            guard count > 0 else { break }
            received += chunk.prefix(count)
            // Unmasked server frames with short payloads: opcode, length, payload.
            while received.count >= 2, received.count >= 2 + Int(received[1] & 0x7F) {
                let length = Int(received[1] & 0x7F)
                let payload = Array(received[2..<(2 + length)])
                if received[0] & 0x0F == 0x8, payload.count >= 2 {
                    close = (Int(payload[0]) << 8 | Int(payload[1]), String(decoding: payload.dropFirst(2), as: UTF8.self))
                }
                received.removeFirst(2 + length)
            }
        }
        #expect(close?.code == 1008)
        #expect(close?.reason.hasPrefix("Pair this phone first") == true, "\(String(describing: close))")
        #expect(served.process.isRunning)
    }

    @Test func aPairedPhoneStaysPairedWhenBeaconRestarts() async throws {
        let folder = try TestData.temporaryFolder("beacon-serve-kept")
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try ServedBeacon(dataFolder: folder)
        let token = try await first.token()
        first.stop()

        let second = try ServedBeacon(dataFolder: folder)
        let welcomed = try await second.converse { phone in
            try await phone.hello(token)
            await phone.waitFor(seconds: 20) { $0["type"] as? String == "welcome" }
        }
        second.stop()
        #expect(welcomed.messages.first?["type"] as? String == "welcome", "\(welcomed.closeReason ?? "")")
        // The data folder keeps only a digest: the token itself is nowhere in it.
        for file in Self.files(in: folder) {
            #expect((try? Data(contentsOf: file))?.range(of: Data(token.utf8)) == nil, "\(file.lastPathComponent)")
        }

        let forgetting = try ServedBeacon(dataFolder: folder, extraArguments: ["--forget-phones"])
        defer { forgetting.stop() }
        let refused = try await forgetting.converse { phone in
            try await phone.hello(token)
            await phone.waitForEnd(seconds: 5)
        }
        #expect(refused.closeCode == 1008)
    }

    @Test func badMessagesCloseOnlyTheirOwnConnection() async throws {
        let served = try ServedBeacon()
        defer { served.stop() }
        let token = try await served.token()
        guard let bus = TestData.image("bus.jpg") else {
            if TestData.required { Issue.record("bus.jpg is missing") }
            return
        }
        let jpeg = try [UInt8](Data(contentsOf: bus))

        // One phone stays connected through all of it, and is still answered at the end.
        let steady = Task(executorPreference: OwnThreadExecutor.shared) {
            try await served.converse { phone in
                try await phone.hello(token)
                #expect(await phone.waitFor(seconds: 30) { $0["text"] as? String == "Beacon ready." })
                try await Task.sleep(for: .seconds(8)) // while the others misbehave
                try await phone.send(json: #"{"v":1,"type":"command","text":"louder"}"#)
                #expect(await phone.waitFor(seconds: 20) { $0["type"] as? String == "volume" && ($0["value"] as? Double ?? 0) > 0.85 })
            }
        }

        func closed(by messages: [Message]) async throws -> ServedBeacon.Conversation {
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
        try vanishMidMessage(port: served.port)

        let steadily = try await steady.value
        #expect(steadily.closeCode == nil || steadily.closeCode == 1000, "\(String(describing: steadily.closeReason)) \(steadily.messages.suffix(5))")
        #expect(try await served.request("/").status == 200)
        #expect(served.process.isRunning)
    }

    /// Push to talk from a phone: espeak-ng's "Beacon, explore." as 16 kHz audio chunks between talk start and end, heard by
    /// the server's PocketSphinx, acted on by the session.
    @Test func talkFromThePhoneReachesTheRecogniser() async throws {
        guard FileManager.default.fileExists(atPath: "/usr/share/pocketsphinx/model/en-us/en-us/mdef"),
              TestData.hasTool("sox"), TestData.hasTool("espeak-ng") else {
            #expect(!TestData.required, "PocketSphinx, sox or espeak-ng is missing")
            return
        }
        let folder = try TestData.temporaryFolder("beacon-phone-voice")
        defer { try? FileManager.default.removeItem(at: folder) }
        let spoken = folder.appendingPathComponent("spoken.wav").path, raw = folder.appendingPathComponent("speech.raw").path
        try TestData.run("/usr/bin/env", ["espeak-ng", "-v", "en-us", "-w", spoken, "Beacon, explore."])
        try TestData.run("/usr/bin/env", ["sox", spoken, "-r", "16000", "-c", "1", "-b", "16", "-e", "signed-integer", "-L", raw,
                                          "pad", "0.5", "1.0"])
        let audio = try [UInt8](Data(contentsOf: URL(fileURLWithPath: raw)))
        #expect(audio.count > 16_000)
        let served = try ServedBeacon()
        defer { served.stop() }
        let token = try await served.token()
        let conversation = try await served.converse { phone in
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
        let said = conversation.texts(ofType: "speak")
        #expect(said.contains("Listening."), "\(said)")
        #expect(said.contains("Exploring."), "\(said)")
    }

    @Test func framesNeverReachTheDisk() async throws {
        guard try BeaconBinary.canDetect(), let bus = TestData.image("bus.jpg") else { return }
        let served = try ServedBeacon()
        defer { served.stop() }
        let token = try await served.token()
        let before = Self.files(in: served.dataFolder)
        let jpeg = try [UInt8](Data(contentsOf: bus))
        let conversation = try await served.converse { phone in
            try await phone.hello(token, job: "explore")
            for _ in 0..<30 {
                try await phone.send(binary: [0x01] + jpeg)
                try await Task.sleep(for: .milliseconds(100))
            }
            #expect(await phone.waitFor(seconds: 30) { ($0["text"] as? String)?.lowercased().contains("bus") == true })
            // While the session runs, nothing in the data folder holds a frame.
            for file in Self.files(in: served.dataFolder) {
                let contents = (try? Data(contentsOf: file)) ?? Data()
                #expect(contents.range(of: Data(jpeg.prefix(512))) == nil, "\(file.lastPathComponent) holds a frame")
            }
        }
        #expect(conversation.texts(ofType: "speak").contains { $0.lowercased().contains("bus") })
        let after = Self.files(in: served.dataFolder)
        let new = after.subtracting(before).map(\.lastPathComponent)
        // Only the user's own data may appear: settings, history and usage databases (and their journals).
        #expect(new.allSatisfy { $0.contains(".sqlite") || $0.hasSuffix(".key") }, "new files: \(new)")
    }

    enum Message {
        case text(String)
        case binary([UInt8])
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
    func vanishMidMessage(port: Int) throws {
        let socket = try Self.openWebSocket(port: port)
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
