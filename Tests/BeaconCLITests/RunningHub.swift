import BeaconTestSupport
import Foundation
import Testing

/// A PostgreSQL of the test's own, `beacon hub serve --http` on it, and a folder with a real JPEG (coffee.png):
/// what the hub's command-line and browser tests share. `stop()` stops both and removes the folder.
final class RunningHub {
    let database: TemporaryPostgres
    let url: String
    let folder: URL
    let photo: URL
    private let server: Process
    /// The hub's address, ending in "/".
    let address: String

    /// nil when the shared photo is missing (skipped, or failed under CI's rule by `TestData.image`).
    static func start(_ label: String) throws -> RunningHub? {
        guard let coffee = TestData.image("coffee.png") else { return nil }
        return try RunningHub(label, coffee: coffee)
    }

    private init(_ label: String, coffee: URL) throws {
        folder = try TestData.temporaryFolder(label)
        photo = folder.appendingPathComponent("photo.jpg")
        try TestData.run("ffmpeg", ["-v", "error", "-y", "-i", coffee.path, photo.path])
        database = try TemporaryPostgres()
        url = "postgres://\(database.username)@\(database.host):\(database.port)/postgres"
        let (server, text) = try HubCLITests.serve(["--http", "--database", url], until: "The hub is serving on ")
        self.server = server
        address = text.split(separator: " ").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
    }

    /// A fresh invitation code for "person" or "volunteer", made as the operator makes it.
    func invitation(_ role: String) throws -> String {
        let invited = try BeaconBinary.run(["hub", "invite", "--\(role)", "--database", url])
        let line = try #require(invited.stdout.split(separator: "\n").first { $0.hasPrefix("Invitation for a \(role): ") },
                                "\(invited.stdout) \(invited.stderr)")
        return String(line.dropFirst("Invitation for a \(role): ".count))
    }

    /// A call on the hub's API with curl; the JSON it answered, if any.
    func call(_ arguments: [String]) throws -> Any? {
        let result = try TestData.run("/usr/bin/curl", ["-s"] + arguments)
        return try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }

    func stop() {
        HubCLITests.stop(server)
        database.stop()
        try? FileManager.default.removeItem(at: folder)
    }
}
