import BeaconModels
import BeaconTestSupport
import Foundation
import Testing

@Suite struct LocatorTests {
    private let scratch: ScratchFolder

    init() throws {
        scratch = try ScratchFolder()
    }

    private let catalog = ModelCatalog(entries: [Fixtures.fileEntry(name: "model", fileName: "model.onnx", checksum: .unknown)])

    @Test func searchesExplicitPathThenEnvironmentThenDevelopmentThenCache() throws {
        let root = try scratch.folder("locator")
        let fileManager = FileManager.default
        func folder(_ name: String) throws -> URL {
            let url = root.appendingPathComponent(name, isDirectory: true)
            try fileManager.createDirectory(at: url, withIntermediateDirectories: true)
            return url
        }
        let explicit = try folder("explicit"), environment = try folder("env"), development = try folder("dev")
        let xdg = try folder("xdg"), cache = xdg.appendingPathComponent("beacon/models")
        try fileManager.createDirectory(at: cache, withIntermediateDirectories: true)
        for place in [explicit, environment, development, cache] { _ = try Fixtures.write("m", to: place, as: "model.onnx") }

        let folders = ModelFolders(environment: ["BEACON_MODELS": environment.path, "XDG_CACHE_HOME": xdg.path, "HOME": "/nowhere"],
                                   development: development)
        #expect(folders.cache.path == cache.path)
        let locator = ModelLocator(catalog: catalog, folders: folders)

        let given = try locator.locate(explicit.appendingPathComponent("model.onnx").path)
        #expect(given.location == .explicitPath)
        #expect(given.entry?.name == "model") // a path to a catalogue file still knows its entry

        #expect(try locator.locate("model").location == .environment)
        try fileManager.removeItem(at: environment.appendingPathComponent("model.onnx"))
        #expect(try locator.locate("model").location == .development)
        try fileManager.removeItem(at: development.appendingPathComponent("model.onnx"))
        let cached = try locator.locate("model.onnx")
        #expect(cached.location == .cache)
        #expect(cached.description.contains("user cache"))
        try fileManager.removeItem(at: cache.appendingPathComponent("model.onnx"))

        let error = #expect(throws: ModelError.self) { try locator.locate("model") }
        guard case .notFound(let name, _, let searched, _, _)? = error else {
            Issue.record("expected notFound, got \(String(describing: error))")
            return
        }
        #expect(name == "model")
        #expect(searched.count == 3)
    }

    @Test func cacheFollowsXDGThenHome() {
        #expect(ModelFolders.userCache(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/a"]).path == "/x/cache/beacon/models")
        #expect(ModelFolders.userCache(environment: ["HOME": "/home/a"]).path == "/home/a/.cache/beacon/models")
        // A relative XDG_CACHE_HOME is invalid by the spec and ignored.
        #expect(ModelFolders.userCache(environment: ["XDG_CACHE_HOME": "rel", "HOME": "/home/a"]).path == "/home/a/.cache/beacon/models")
        let folders = ModelFolders(environment: ["BEACON_MODELS": "", "HOME": "/home/a"], development: nil)
        #expect(folders.environment == nil) // an empty variable means unset
        #expect(folders.searchOrder.map(\.location) == [.cache])
    }

    @Test func aMissingExplicitPathAndAnUnknownNameAreClearErrors() throws {
        let folders = ModelFolders(environment: nil, development: nil, cache: try scratch.folder("cache"))
        let locator = ModelLocator(folders: folders)
        #expect(throws: ModelError.missingFile(path: "/no/such/model.onnx")) { try locator.locate("/no/such/model.onnx") }
        let error = #expect(throws: ModelError.self) { try locator.locate("yolox_nan") }
        #expect(error?.sentence == "There is no model called \"yolox_nan\"; did you mean \"yolox_nano\"?")
    }

    @Test func aCustomFileNameIsSearchedLikeACatalogueOne() throws {
        let environment = try scratch.folder("env")
        _ = try Fixtures.write("custom", to: environment, as: "my_yolov8n.onnx")
        let locator = ModelLocator(folders: ModelFolders(environment: environment, development: nil,
                                                         cache: try scratch.folder("cache")))
        let found = try locator.locate("my_yolov8n.onnx")
        #expect(found.entry == nil && found.location == .environment)
    }

    @Test func findsTheDevelopmentFolderBesideACheckout() throws {
        let root = try scratch.folder("workspace")
        let checkout = root.appendingPathComponent("main"), binFolder = checkout.appendingPathComponent(".build/debug")
        let models = root.appendingPathComponent("shared/models")
        for folder in [binFolder, models] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        _ = try Fixtures.write("// swift-tools-version:6.0", to: checkout, as: "Package.swift")
        let elsewhere = try scratch.folder("elsewhere")

        let fromExecutable = DevelopmentModelsFolder.find(executable: binFolder.appendingPathComponent("beacon"),
                                                          currentDirectory: elsewhere)
        #expect(fromExecutable?.path == models.standardizedFileURL.path)
        #expect(DevelopmentModelsFolder.find(executable: nil, currentDirectory: checkout.appendingPathComponent("Sources"))?.path
            == models.standardizedFileURL.path)
        #expect(DevelopmentModelsFolder.find(executable: elsewhere.appendingPathComponent("beacon"), currentDirectory: elsewhere) == nil)
    }
}
