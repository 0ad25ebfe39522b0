import Foundation

/// Where Beacon keeps the user's data: `--data-dir`, else $BEACON_DATA_DIR, else $XDG_DATA_HOME/beacon, else
/// ~/.local/share/beacon (the XDG base-directory rule: a relative XDG_DATA_HOME is ignored).
public enum DataFolder {
    public static func resolve(given: String? = nil, environment: [String: String]) -> URL {
        if let given, !given.isEmpty { return URL(fileURLWithPath: given) }
        if let folder = environment["BEACON_DATA_DIR"], !folder.isEmpty { return URL(fileURLWithPath: folder) }
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return URL(fileURLWithPath: data).appendingPathComponent("beacon")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".local/share/beacon")
    }

    /// Creates the folder (readable by the user only) when it is missing.
    static func create(_ folder: URL) throws(StoreError) {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw StoreError.folderUnusable(folder, reason: StoreError.reason(error))
        }
    }
}
