import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Receives a download's progress. Calls for one download arrive one at a time, in order.
public protocol DownloadProgressObserver: Sendable {
    func downloadStarted(fileName: String, from url: URL, expectedBytes: Int64?)
    func downloadAdvanced(fileName: String, receivedBytes: Int64, expectedBytes: Int64?)
    func downloadFinished(fileName: String, receivedBytes: Int64)
}

/// Shows download progress as text: a redrawn bar on a terminal, or a plain line at every 10% otherwise
/// (so logs and CI output stay readable and short).
public final class ConsoleProgressReporter: DownloadProgressObserver, @unchecked Sendable {
    public enum Style: Sendable {
        /// One line redrawn in place with "\r".
        case bar
        /// "name: 10%", "name: 20%", … one line each.
        case percentLines
    }

    private let style: Style
    private let write: @Sendable (String) -> Void
    // Guards the fields below; the observer may be shared by downloads on different queues.
    private let lock = NSLock()
    private var lastShownPercent = -1
    private var lastShownBytes: Int64 = -1

    public init(style: Style, write: @escaping @Sendable (String) -> Void) {
        self.style = style
        self.write = write
    }

    public func downloadStarted(fileName: String, from url: URL, expectedBytes: Int64?) {
        lock.withLock {
            lastShownPercent = -1
            lastShownBytes = -1
        }
        let size = expectedBytes.map { " (\(Self.megabytes($0)))" } ?? ""
        write("Downloading \(fileName)\(size) from \(url.absoluteString)\n")
    }

    public func downloadAdvanced(fileName: String, receivedBytes: Int64, expectedBytes: Int64?) {
        guard let text = lock.withLock({ render(fileName: fileName, received: receivedBytes, expected: expectedBytes) })
        else { return }
        write(text)
    }

    public func downloadFinished(fileName: String, receivedBytes: Int64) {
        // A bar leaves the cursor at the end of its line; end it, but only if one was drawn.
        let drewBar = lock.withLock { style == .bar && (lastShownPercent >= 0 || lastShownBytes >= 0) }
        if drewBar { write("\n") }
    }

    /// The text to show for this much progress, or nil when nothing visible changed. Call with the lock held.
    private func render(fileName: String, received: Int64, expected: Int64?) -> String? {
        guard let expected, expected > 0 else {
            // Unknown length: a byte count, redrawn at most every 0.1 MB, on a terminal only.
            guard style == .bar, received - lastShownBytes >= 100_000 || lastShownBytes < 0 else { return nil }
            lastShownBytes = received
            return "\r\(fileName) \(Self.megabytes(received))"
        }
        let percent = Int(min(100, received * 100 / expected))
        switch style {
        case .bar:
            guard percent != lastShownPercent else { return nil }
            lastShownPercent = percent
            let width = 30
            let filled = percent * width / 100
            let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
            return "\r\(fileName) [\(bar)] \(String(format: "%3d", percent))%  \(Self.megabytes(received)) of \(Self.megabytes(expected))"
        case .percentLines:
            // Every 10% step crossed gets its own line, even when one chunk crosses several.
            let step = percent / 10 * 10
            let first = max(10, lastShownPercent / 10 * 10 + 10)
            guard step >= first else { return nil }
            lastShownPercent = step
            return stride(from: first, through: step, by: 10).map { "\(fileName): \($0)%\n" }.joined()
        }
    }

    static func megabytes(_ bytes: Int64) -> String {
        String(format: "%.1f MB", Double(bytes) / 1_000_000)
    }
}
