#if canImport(Glibc)
import Glibc
#endif
import BeaconModels
import Foundation

/// The terminal's transcript: results on standard output, notes on standard error, each written at once so pipes
/// and screen readers see them as they come.
public struct StandardStreams: Transcript {
    public init() {}

    public func line(_ text: String) {
        StandardStreams.write(text + "\n", to: STDOUT_FILENO)
    }

    public func note(_ text: String) {
        StandardStreams.write(text + "\n", to: STDERR_FILENO)
    }
}

extension StandardStreams {
    /// Writes all of `text` to `descriptor`. When the reader has gone (a closed pipe: `beacon … | head -1`), the
    /// program ends as `cat` does, by SIGPIPE, with no message and nothing half-done left behind: whatever it
    /// keeps is written as it goes. Other failures (a full disk) lose the line, never the program.
    public static func write(_ text: String, to descriptor: Int32) {
        write(bytes: Array(text.utf8), to: descriptor)
    }

    public static func write(bytes: [UInt8], to descriptor: Int32) {
        var bytes = bytes[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written > 0 {
                bytes = bytes.dropFirst(written)
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                if written < 0 && errno == EPIPE { endAsAClosedPipeDoes() }
                return
            }
        }
    }

    /// The default end of a process whose reader went away. Some libraries in the process ignore SIGPIPE (so a
    /// socket's peer closing is an error, not an end); the terminal's streams restore the default and raise it.
    public static func endAsAClosedPipeDoes() -> Never {
        signal(SIGPIPE, SIG_DFL)
        raise(SIGPIPE)
        _exit(128 + SIGPIPE)
    }
}

extension ConsoleProgressReporter {
    /// Writes to standard error, as a bar when standard error is a terminal.
    public static func standardError() -> ConsoleProgressReporter {
        let style: Style = isatty(STDERR_FILENO) == 1 ? .bar : .percentLines
        return ConsoleProgressReporter(style: style) { text in StandardStreams.write(text, to: STDERR_FILENO) }
    }
}
