import BeaconModels
import BeaconTestSupport
import Foundation
import Testing

@Suite struct VerifyAndListTests {
    private let scratch: ScratchFolder

    init() throws {
        scratch = try ScratchFolder()
    }

    /// Installs one small pinned model through a local server into a fresh cache; returns the cache and catalogue.
    private func installOne() async throws -> (cache: URL, catalog: ModelCatalog, installed: URL) {
        let served = try scratch.folder("served"), cache = try scratch.folder("cache")
        let file = try Fixtures.write(String(repeating: "layer ", count: 3_000), to: served, as: "model.onnx")
        let entry = Fixtures.fileEntry(name: "model", fileName: "model.onnx", checksum: .pinned(try Fixtures.pythonFingerprint(of: file)))
        let catalog = ModelCatalog(entries: [entry, Fixtures.fileEntry(name: "other", fileName: "other.onnx", checksum: .unknown)])
        let server = try LocalHTTPServer.start(serving: served)
        defer { server.stop() }
        let outcome = try await ModelInstaller(catalog: catalog, cacheFolder: cache, mirror: server.baseURL).install("model")
        return (cache, catalog, outcome.url)
    }

    private func inventory(_ catalog: ModelCatalog, cache: URL) -> ModelInventory {
        ModelInventory(locator: ModelLocator(catalog: catalog, folders: ModelFolders(environment: nil, development: nil, cache: cache)))
    }

    @Test func verifyPassesRightAfterInstallAndDetectsALaterModification() async throws {
        let (cache, catalog, installed) = try await installOne()
        let before = inventory(catalog, cache: cache).verify()
        #expect(before.passed)
        #expect(before.checks.map(\.status) == [.verified])

        // Same size, different bytes: only the checksum can notice.
        let handle = try FileHandle(forWritingTo: installed)
        try handle.seek(toOffset: 10)
        try handle.write(contentsOf: Data("LAYER".utf8))
        try handle.close()

        let after = inventory(catalog, cache: cache).verify()
        #expect(!after.passed)
        #expect(after.failures.map(\.entry.name) == ["model"])
        guard case .mismatch(let expected) = after.failures[0].status else {
            Issue.record("expected a mismatch, got \(after.failures[0].status)")
            return
        }
        #expect(expected == catalog.lookUp("model")?.pinnedFingerprint?.sha256)
        #expect(after.failures[0].sentence.hasSuffix("delete it and run \"beacon models install model\"."))
    }

    @Test func verifyChecksATrustedFileAgainstItsRecord() throws {
        let cache = try scratch.folder("cache")
        let catalog = ModelCatalog(entries: [Fixtures.fileEntry(name: "loose", fileName: "loose.onnx", checksum: .unknown)])
        let file = try Fixtures.write("first version", to: cache, as: "loose.onnx")
        #expect(inventory(catalog, cache: cache).verify().checks.map(\.status) == [.unverified])

        let seen = try Fixtures.pythonFingerprint(of: file)
        _ = try Fixtures.write("\(seen.sha256)  loose.onnx\n", to: cache, as: "loose.onnx.sha256")
        #expect(inventory(catalog, cache: cache).verify().checks.map(\.status) == [.trusted])

        try Data("second version".utf8).write(to: file)
        let report = inventory(catalog, cache: cache).verify()
        #expect(report.checks.map(\.status) == [.mismatch(expectedSHA256: seen.sha256)])
        #expect(!report.passed)
    }

    @Test func listGivesPresenceLocationLicenceSizeAndStatusAsJSON() async throws {
        let (cache, catalog, installed) = try await installOne()
        let rows = inventory(catalog, cache: cache).list()
        #expect(rows.map(\.entry.name) == ["model", "other"])
        #expect(rows[0].isPresent && !rows[1].isPresent)
        #expect(rows[0].check?.copy.location == .cache)
        #expect(rows[0].check?.status == .verified)

        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = try #require(try JSONSerialization.jsonObject(with: encoder.encode(rows)) as? [[String: Any]])
        #expect(json[0]["name"] as? String == "model")
        #expect(json[0]["present"] as? Bool == true)
        #expect(json[0]["location"] as? String == "cache")
        #expect(json[0]["path"] as? String == installed.path)
        #expect(json[0]["licence"] as? String == "Apache-2.0")
        #expect(json[0]["size"] as? Int == 18_000)
        #expect(json[0]["checksum"] as? String == "verified")
        #expect(json[1]["present"] as? Bool == false)
        #expect(json[1]["checksum"] as? String == "absent")
        #expect(json[1]["path"] == nil)
    }

    @Test(.enabled(if: TestData.model("yolox_nano.onnx") != nil || TestData.required, "needs shared/models"))
    func theDevelopmentYoloxNanoIsAKnownCopyOfTheOfficialFile() throws {
        let shared = TestData.modelsFolder
        _ = try #require(TestData.model("yolox_nano.onnx"))
        let empty = try scratch.folder("cache")
        let locator = ModelLocator(folders: ModelFolders(environment: nil, development: shared, cache: empty))
        let rows = ModelInventory(locator: locator).list()
        let nano = try #require(rows.first { $0.entry.name == "yolox_nano" })
        guard case .verifiedKnownCopy? = nano.check?.status else {
            Issue.record("expected the known development copy, got \(String(describing: nano.check?.status))")
            return
        }
        #expect(nano.check?.copy.location == .development)
        if TestData.model("yolo11n_int8.onnx") != nil {
            #expect(rows.first { $0.entry.name == "yolo11n_int8" }?.check?.status == .verified)
        }
        #expect(ModelInventory(locator: locator).verify().passed)
    }
}
