import Foundation

/// Where the runtime tells what happened: lines a person or a script reads (what is said, cues, JSON records) and
/// notes beside them (errors as one sentence, echoed commands). Given to each part that reports, never reached
/// through a global, so a test reads the same lines a terminal shows.
public protocol Transcript: Sendable {
    /// A line of results (standard output in a terminal).
    func line(_ text: String)
    /// A note beside the results (standard error in a terminal).
    func note(_ text: String)
}

extension Transcript {
    /// One value as one JSON line, keys sorted so lines can be compared.
    public func json<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        line(String(decoding: try encoder.encode(value), as: UTF8.self))
    }
}

/// A transcript kept in memory: what a run reported, for whoever started it in process (tests, and a caller that
/// shows the lines elsewhere) to read afterwards.
public final class KeptTranscript: Transcript, @unchecked Sendable {
    private let lock = NSLock()
    private var kept: (lines: [String], notes: [String]) = ([], [])

    public init() {}

    public func line(_ text: String) { lock.withLock { kept.lines.append(text) } }
    public func note(_ text: String) { lock.withLock { kept.notes.append(text) } }

    public var lines: [String] { lock.withLock { kept.lines } }
    public var notes: [String] { lock.withLock { kept.notes } }
}
