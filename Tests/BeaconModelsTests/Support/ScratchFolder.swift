import BeaconTestSupport
import Foundation

/// A temporary folder for one test, deleted when the test's suite instance goes away.
///
/// Swift Testing makes a fresh suite instance per test, so a suite that holds one of these gets
/// per-test setup and teardown without any shared state.
final class ScratchFolder {
    let root: URL

    init() throws {
        root = try TestData.temporaryFolder("beacon-models-test")
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    /// A new, empty folder inside the scratch folder.
    func folder(_ name: String) throws -> URL {
        let url = root.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
