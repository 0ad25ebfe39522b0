import Foundation

/// Finds the models installed with Beacon: `<prefix>/share/beacon/models` beside `<prefix>/bin/beacon`, where
/// `make install` puts the models the machine had.
///
/// The folder is found from the executable itself, with symbolic links resolved (a link in ~/bin to
/// /opt/beacon/bin/beacon finds /opt/beacon/share/beacon/models), never from the working directory, so an installed
/// Beacon finds its models from any folder. A build in a checkout finds none: no `share` folder sits beside the
/// folders SwiftPM builds into.
public enum InstalledModelsFolder {
    /// `../share/beacon/models` from the folder of `executable` (links resolved), when that folder exists.
    public static func beside(executable: URL) -> URL? {
        let models = executable.resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("../share/beacon/models", isDirectory: true).standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: models.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return nil
        }
        return models
    }

    /// The installed models folder of the running program, when it has one.
    public static func ofRunningProgram() -> URL? {
        runningExecutable.flatMap(beside(executable:))
    }

    /// The running program's file. Linux's /proc/self/exe names it even when the shell found `beacon` on the PATH
    /// (its first argument is then only "beacon", which would be taken as a file in the working directory).
    public static var runningExecutable: URL? {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: path)
        }
        return Bundle.main.executableURL
    }
}
