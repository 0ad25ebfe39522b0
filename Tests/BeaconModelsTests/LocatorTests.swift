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

    @Test func theInstalledFolderIsSearchedAfterTheCache() throws {
        let environment = try scratch.folder("env"), development = try scratch.folder("dev"), cache = try scratch.folder("cache")
        let installed = try scratch.folder("prefix/share/beacon/models")
        let folders = ModelFolders(environment: environment, development: development, cache: cache, installed: installed)
        #expect(folders.searchOrder.map(\.location) == [.environment, .development, .cache, .installed])
        #expect(folders.searchOrder.map(\.folder) == [environment, development, cache, installed])
        // Without one given, the explicit initialiser searches no installed folder.
        #expect(ModelFolders(environment: nil, development: nil, cache: cache).searchOrder.map(\.location) == [.cache])

        let locator = ModelLocator(catalog: catalog, folders: folders)
        for place in [environment, development, cache, installed] { _ = try Fixtures.write("m", to: place, as: "model.onnx") }
        let entry = try #require(catalog.lookUp("model"))
        #expect(locator.copies(of: entry).map(\.location) == [.environment, .development, .cache, .installed])
        #expect(try locator.locate("model").location == .environment)
        for place in [environment, development] { try FileManager.default.removeItem(at: place.appendingPathComponent("model.onnx")) }
        #expect(try locator.locate("model").location == .cache) // `beacon models install` wins over the installed copy
        try FileManager.default.removeItem(at: cache.appendingPathComponent("model.onnx"))

        let found = try locator.locate("model.onnx")
        #expect(found.location == .installed)
        #expect(found.url.path == installed.appendingPathComponent("model.onnx").path)
        #expect(found.description == "model.onnx from the installed models folder (\(found.url.path))")
        let listed = ModelInventory(locator: locator).list(checkContents: false)
        #expect(listed.map { $0.check?.copy.location } == [.installed])
        let json = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(listed)) as? [[String: Any]])
        #expect(json[0]["location"] as? String == "installed")

        try FileManager.default.removeItem(at: installed.appendingPathComponent("model.onnx"))
        let error = #expect(throws: ModelError.self) { try locator.locate("model") }
        guard case .notFound(_, _, let searched, let cacheFolder, _)? = error else {
            Issue.record("expected notFound, got \(String(describing: error))")
            return
        }
        #expect(searched == [environment, development, cache, installed].map(\.path))
        #expect(cacheFolder == cache.path) // the remedy still names the cache, which the user can write
    }

    @Test func findsTheInstalledFolderBesideTheExecutable() throws {
        let prefix = try scratch.folder("prefix"), bin = try scratch.folder("prefix/bin")
        let program = try Fixtures.write("#!/bin/sh\n", to: bin, as: "beacon")
        // No share/beacon/models yet: nothing to search.
        #expect(InstalledModelsFolder.beside(executable: program) == nil)

        let models = try scratch.folder("prefix/share/beacon/models")
        let expected = models.resolvingSymlinksInPath().path
        #expect(InstalledModelsFolder.beside(executable: program)?.path == expected)
        // A link to the program elsewhere (~/bin/beacon) finds the folder beside the program, not beside the link.
        let elsewhere = try scratch.folder("home/bin"), link = elsewhere.appendingPathComponent("beacon")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: program)
        #expect(InstalledModelsFolder.beside(executable: link)?.path == expected)

        // The environment's initialiser takes it in place of the running program's.
        let folders = ModelFolders(environment: ["HOME": "/nowhere"], development: nil,
                                   installed: InstalledModelsFolder.beside(executable: link))
        #expect(folders.searchOrder.map(\.location) == [.cache, .installed])
        _ = try Fixtures.write("m", to: models, as: "model.onnx")
        #expect(try ModelLocator(catalog: catalog, folders: folders).locate("model").location == .installed)

        // A file named share/beacon/models is no folder; a build in a checkout has no share folder beside it.
        try FileManager.default.removeItem(at: prefix.appendingPathComponent("share/beacon/models"))
        _ = try Fixtures.write("not a folder", to: prefix.appendingPathComponent("share/beacon"), as: "models")
        #expect(InstalledModelsFolder.beside(executable: program) == nil)
        let build = try scratch.folder("main/.build/x86_64-unknown-linux-gnu/release")
        #expect(InstalledModelsFolder.beside(executable: build.appendingPathComponent("beacon")) == nil)
        // The running program (the test runner) is known, and has no installed models beside it.
        #expect(InstalledModelsFolder.runningExecutable.map { FileManager.default.fileExists(atPath: $0.path) } == true)
        #expect(InstalledModelsFolder.ofRunningProgram() == nil)
    }
}
