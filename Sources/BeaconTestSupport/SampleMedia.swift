import Foundation

/// The sample media `make run` and the setup script make from real photos (scripts/make-samples.sh: the coffee pan;
/// scripts/make-text-samples.sh: signs, pages and the text pan), made once per test process into temporary folders
/// that are removed when the process exits.
public enum SampleMedia {
    public struct Made: Sendable {
        public var folder: URL
        public var status: Int32
        public var stderr: String
    }

    /// The folder holding coffee-pan.mp4.
    public static func pan() throws -> Made { try madePan.get() }

    /// The folder holding the text samples (text-pan.mp4, sign-*.png, columns-*.png, …).
    public static func text() throws -> Made { try madeText.get() }

    private static let madePan = Result { try make("make-samples.sh", label: "beacon-samples") }
    private static let madeText = Result { try make("make-text-samples.sh", label: "beacon-text-samples") }

    private static func make(_ script: String, label: String) throws -> Made {
        let folder = try TestData.temporaryFolder(label)
        removeAtExit(folder)
        let path = TestData.packageRoot.appendingPathComponent("scripts/\(script)").path
        let made = try TestData.run("bash", [path], environment: ["BEACON_SAMPLES": folder.path])
        return Made(folder: folder, status: made.status, stderr: made.stderr)
    }

    private static let lock = NSLock()
    /// The folders to remove at exit; changed under `lock`.
    nonisolated(unsafe) private static var madeFolders: [String] = []

    private static func removeAtExit(_ folder: URL) {
        lock.withLock {
            if madeFolders.isEmpty {
                atexit {
                    for path in SampleMedia.madeFolders { try? FileManager.default.removeItem(atPath: path) }
                }
            }
            madeFolders.append(folder.path)
        }
    }
}
