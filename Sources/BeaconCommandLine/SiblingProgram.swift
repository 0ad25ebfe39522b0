import Foundation

/// Beacon's programs are installed and built side by side (`beacon`, `beacon-bench`): each finds the other in its
/// own folder, so a checkout's `.build/release` and an installed `bin` work the same way.
public enum SiblingProgram {
    /// The running program's file. Linux's /proc/self/exe names it even when the shell found it on the PATH, where
    /// the first argument is only its name.
    public static var running: URL {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: path)
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    }

    /// The program `name` in the running program's folder, when it is there and can be run.
    public static func named(_ name: String) -> URL? {
        let url = running.deletingLastPathComponent().appendingPathComponent(name)
        return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
    }
}
