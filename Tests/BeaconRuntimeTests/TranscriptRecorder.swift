import BeaconRuntime
import Foundation

/// A transcript that keeps what the runtime reported, for tests to read.
final class TranscriptRecorder: Transcript, @unchecked Sendable {
    private let lock = NSLock()
    private var kept: (lines: [String], notes: [String]) = ([], [])

    func line(_ text: String) { lock.withLock { kept.lines.append(text) } }
    func note(_ text: String) { lock.withLock { kept.notes.append(text) } }

    var lines: [String] { lock.withLock { kept.lines } }
    var notes: [String] { lock.withLock { kept.notes } }
}
