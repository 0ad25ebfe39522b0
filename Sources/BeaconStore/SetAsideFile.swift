import Foundation

/// A file Beacon could not use and moved aside, untouched, under a timestamped name beside it; nothing is deleted,
/// so the data can still be recovered by hand (or by a newer Beacon, when the file came from one).
public struct SetAsideFile: Sendable, Hashable {
    public enum Reason: Sendable, Hashable {
        /// Not an SQLite database at all.
        case notADatabase
        /// SQLite reports damage; the detail is SQLite's own words.
        case damaged(String)
        /// Written by a newer Beacon: it holds changes this build does not know (their identifiers).
        case newerVersion([String])
        /// Encrypted history whose key file is missing or holds another key: it cannot be read.
        case keyMissing
        case keyMismatch
        /// A key file that is not a 256-bit key.
        case keyDamaged
    }

    public let original: URL
    /// Where it is now: `NAME.unreadable-YYYYMMDD-HHMMSS` (its -wal and -shm moved with it, suffix kept).
    public let movedTo: URL
    public let reason: Reason

    public var reasonText: String {
        switch reason {
        case .notADatabase: "it is not a database"
        case let .damaged(detail): "it is damaged (\(detail))"
        case .newerVersion: "it was written by a newer Beacon"
        case .keyMissing: "its key file is missing"
        case .keyMismatch: "its key file holds another key"
        case .keyDamaged: "it is not a 256-bit key"
        }
    }

    /// One sentence for the terminal: what could not be read, why, and where it is kept.
    public var sentence: String {
        "\(original.lastPathComponent) could not be read because \(reasonText); starting with defaults, "
            + "and the old file is kept as \(movedTo.path)."
    }

    /// The suffix for a file set aside at `time`, in local time so it matches what `ls -l` shows.
    static func suffix(at time: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = .current
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return ".unreadable-" + formatter.string(from: time)
    }

    /// SQLite's companions of a database file: whatever of these exists belongs with it.
    static let companions = ["-wal", "-shm", "-journal"]

    /// Renames `file` (and its companions) aside. The companions go first: a -wal left behind beside a fresh database
    /// of the same name would be replayed into it.
    static func move(_ file: URL, reason: Reason, at time: Date, companions: [String] = companions) throws(StoreError) -> SetAsideFile {
        let manager = FileManager.default
        var target = file.path + suffix(at: time)
        var attempt = 1
        // Two set-asides in one second (or a name already taken) get -2, -3…: never overwrite.
        while ([""] + companions).contains(where: { manager.fileExists(atPath: target + $0) }) {
            attempt += 1
            target = file.path + suffix(at: time) + "-\(attempt)"
        }
        do {
            for companion in companions where manager.fileExists(atPath: file.path + companion) {
                try manager.moveItem(atPath: file.path + companion, toPath: target + companion)
            }
            try manager.moveItem(atPath: file.path, toPath: target)
        } catch {
            throw StoreError.cannotSetAside(file, reason: StoreError.reason(error))
        }
        return SetAsideFile(original: file, movedTo: URL(fileURLWithPath: target), reason: reason)
    }
}
