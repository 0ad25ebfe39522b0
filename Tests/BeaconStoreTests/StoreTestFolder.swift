import BeaconTestSupport
import Foundation

/// A temporary data folder for one test, removed when the test is done with it.
final class StoreTestFolder {
    let url: URL

    init() throws { url = try TestData.temporaryFolder("beacon-store") }

    deinit { try? FileManager.default.removeItem(at: url) }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// The names in the folder, sorted.
    var names: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted() }

    func bytes(_ name: String) -> Data? { FileManager.default.contents(atPath: file(name).path) }
}

/// A fixed moment, so set-aside names are known in advance.
let testMoment = Date(timeIntervalSince1970: 1_750_000_000)
