import BeaconCore
import Crypto
import Foundation
import GRDB

/// Recent detections, encrypted, in `history.sqlite` beside its key file `history.key`.
///
/// A file of its own so that what was seen never shares a file with anything stored in clear, and so history that
/// cannot be read (its key lost) is set aside whole while settings stay. Each row is a time in clear (for retention and
/// order) and the sealed record (`HistoryCipher`); rows are deleted with secure_delete on (`SQLiteFile`), so a purged
/// record's bytes are overwritten, not left in free pages.
public struct HistoryStore: Sendable {
    public static let fileName = "history.sqlite"
    public static let keyFileName = "history.key"

    public let file: URL
    public let keyFile: URL
    /// What this opening moved aside: a history file that was damaged or cannot be read with the key here, a key
    /// file that is not a key. Empty when everything opened as it was.
    public let setAside: [SetAsideFile]
    let database: DatabaseQueue
    let cipher: HistoryCipher

    /// Opens (or creates) the history in `folder`, making a key when there is none.
    public init(folder: URL, now: Date = Date()) throws(StoreError) {
        file = folder.appendingPathComponent(Self.fileName)
        keyFile = folder.appendingPathComponent(Self.keyFileName)
        try DataFolder.create(folder)
        var setAside: [SetAsideFile] = []

        var key: SymmetricKey?
        switch try HistoryKey.load(keyFile) {
        case let .key(loaded): key = loaded
        case .missing: key = nil
        case .damaged: setAside.append(try SetAsideFile.move(keyFile, reason: .keyDamaged, at: now, companions: []))
        }

        var opened = try SQLiteFile.open(file, migrator: Self.migrator, now: now)
        if let moved = opened.setAside { setAside.append(moved) }

        // History sealed with a key that is not here cannot be read: set it aside whole and start a new one.
        if let check = try Self.keyCheck(opened.database, file: file) {
            let reason: SetAsideFile.Reason? = switch key {
            case nil: .keyMissing
            case let key?: HistoryCipher(key: key).opensCheck(check) ? nil : .keyMismatch
            }
            if let reason {
                try? opened.database.close()
                setAside.append(try SetAsideFile.move(file, reason: reason, at: now))
                opened = try SQLiteFile.open(file, migrator: Self.migrator, now: now)
            }
        }
        let cipher: HistoryCipher
        if let key { cipher = HistoryCipher(key: key) } else { cipher = HistoryCipher(key: try HistoryKey.create(keyFile)) }
        if try Self.keyCheck(opened.database, file: file) == nil {
            do {
                let check = try cipher.sealCheck()
                try SQLiteFile.transaction(opened.database, file: file) { db in
                    try db.execute(sql: "INSERT OR IGNORE INTO key_check (id, sealed) VALUES (1, ?)", arguments: [check])
                }
            } catch let error as StoreError { throw error } catch {
                throw StoreError.cannotWrite(file, reason: StoreError.reason(error))
            }
        }
        database = opened.database
        self.cipher = cipher
        self.setAside = setAside
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-history") { db in
            try db.execute(sql: """
                CREATE TABLE key_check (id INTEGER PRIMARY KEY CHECK (id = 1), sealed BLOB NOT NULL);
                CREATE TABLE detection (id INTEGER PRIMARY KEY, time REAL NOT NULL, sealed BLOB NOT NULL);
                CREATE INDEX detection_time ON detection (time);
                """)
        }
        return migrator
    }

    private static func keyCheck(_ database: DatabaseQueue, file: URL) throws(StoreError) -> Data? {
        do { return try database.read { try Data.fetchOne($0, sql: "SELECT sealed FROM key_check WHERE id = 1") } } catch {
            throw StoreError.cannotRead(file, reason: StoreError.reason(error))
        }
    }

    /// Appends a detection, sealed.
    public func append(_ record: DetectionRecord) throws(StoreError) {
        try write { db in
            try db.execute(sql: "INSERT INTO detection (time, sealed) VALUES (?, ?)",
                           arguments: [record.time.timeIntervalSince1970, try cipher.seal(record)])
        }
    }

    /// Deletes the detections from before `cutoff`; returns how many went.
    @discardableResult
    public func purge(before cutoff: Date) throws(StoreError) -> Int {
        try write { db in
            try db.execute(sql: "DELETE FROM detection WHERE time < ?", arguments: [cutoff.timeIntervalSince1970])
            return db.changesCount
        }
    }

    /// The last ten detections within `retentionDays` of `now`, newest first, after purging older ones. A row that
    /// does not open (altered by hand) is skipped, not deleted.
    public func recent(now: Date, retentionDays: Int) throws(StoreError) -> RecentDetections {
        let cutoff = RecentDetections.cutoff(now: now, retentionDays: retentionDays)
        try purge(before: cutoff)
        do {
            let rows = try database.read { db in
                try Row.fetchAll(db, sql: "SELECT time, sealed FROM detection WHERE time >= ? ORDER BY time DESC, id DESC LIMIT ?",
                                 arguments: [cutoff.timeIntervalSince1970, RecentDetections.capacity * 2])
            }
            let records = rows.compactMap { row in
                cipher.open(row["sealed"], time: Date(timeIntervalSince1970: row["time"]))
            }
            return RecentDetections(records)
        } catch {
            throw StoreError.cannotRead(file, reason: StoreError.reason(error))
        }
    }

    /// How many detections are stored.
    public func count() throws(StoreError) -> Int {
        do { return try database.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM detection") ?? 0 } } catch {
            throw StoreError.cannotRead(file, reason: StoreError.reason(error))
        }
    }

    /// Makes sure everything written is in the main file (a WAL checkpoint), as before a backup; tests use it too.
    public func checkpoint() throws(StoreError) {
        do { try database.writeWithoutTransaction { try $0.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") } } catch {
            throw StoreError.cannotWrite(file, reason: StoreError.reason(error))
        }
    }

    private func write<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try SQLiteFile.transaction(database, file: file, body)
        } catch let error as StoreError { throw error } catch {
            throw StoreError.cannotWrite(file, reason: StoreError.reason(error))
        }
    }
}
