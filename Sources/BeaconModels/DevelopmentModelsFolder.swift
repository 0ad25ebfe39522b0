import Foundation

/// Finds the development models folder: `../shared/models` beside a checkout of Beacon.
///
/// A checkout is a folder holding Package.swift. Starting from the running executable (which SwiftPM puts under
/// `<checkout>/.build/…`) and then from the current directory, each folder upwards is tried; the first checkout
/// whose sibling `shared/models` exists wins. An installed `beacon` far from any checkout finds none, as intended
/// (it finds its models with `InstalledModelsFolder`).
public enum DevelopmentModelsFolder {
    /// Tries the executable's location first (works from any working directory), then the current directory.
    public static func find(executable: URL?, currentDirectory: URL) -> URL? {
        if let executable, let found = beside(checkoutAbove: executable.resolvingSymlinksInPath()) { return found }
        return beside(checkoutAbove: currentDirectory)
    }

    /// `../shared/models` beside the nearest checkout at or above `start`, when that folder exists.
    public static func beside(checkoutAbove start: URL) -> URL? {
        let fileManager = FileManager.default
        var path = start.standardizedFileURL.path
        while true {
            if fileManager.fileExists(atPath: path + "/Package.swift") {
                let models = URL(fileURLWithPath: path).deletingLastPathComponent()
                    .appendingPathComponent("shared/models", isDirectory: true)
                var isDirectory: ObjCBool = false
                if fileManager.fileExists(atPath: models.path, isDirectory: &isDirectory), isDirectory.boolValue {
                    return models.standardizedFileURL
                }
            }
            let parent = (path as NSString).deletingLastPathComponent
            if parent == path || parent.isEmpty { return nil }
            path = parent
        }
    }
}
