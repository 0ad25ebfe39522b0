import Foundation
import GRDB

/// Opens one of Beacon's SQLite files the way all of them are opened: WAL, full sync, a busy timeout, an integrity
/// check and numbered migrations. A file that cannot be used as it is — not a database, damaged, or migrated by a
/// newer Beacon — is moved aside (never deleted) and a fresh one takes its place; the caller says so.
enum SQLiteFile {
    struct Opened {
        let database: DatabaseQueue
        let setAside: SetAsideFile?
    }

    /// Opens `file`, creating it when missing. Throws only what moving aside cannot help: a folder that cannot be
    /// written, a file held by another program beyond the timeout, a full disk.
    static func open(_ file: URL, migrator: DatabaseMigrator, now: Date) throws(StoreError) -> Opened {
        try DataFolder.create(file.deletingLastPathComponent())
        var reason = inspect(file, migrator: migrator)
        if reason == nil {
            switch try attempt(file, migrator: migrator) {
            case let .usable(database): return Opened(database: database, setAside: nil)
            case let .unusable(found): reason = found
            }
        }
        let moved = try SetAsideFile.move(file, reason: reason!, at: now)
        switch try attempt(file, migrator: migrator) {
        case let .usable(database): return Opened(database: database, setAside: moved)
        case .unusable: throw StoreError.cannotOpen(file, reason: "a fresh database could not be made")
        }
    }

    /// Why an existing file cannot be used, judged through a read-only connection: one that may write would, on
    /// closing, checkpoint the -wal into a file it could not read and delete the -wal, so the bytes set aside would
    /// no longer be the bytes found. Errors that say nothing about the file's contents are left to the real open.
    private static func inspect(_ file: URL, migrator: DatabaseMigrator) -> SetAsideFile.Reason? {
        let size = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? Int ?? 0
        guard size > 0 else { return nil }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(10)
        var database: DatabaseQueue?
        defer { try? database?.close() }
        do {
            let queue = try DatabaseQueue(path: file.path, configuration: configuration)
            database = queue
            return try check(queue, migrator: migrator)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB {
            return .notADatabase
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CORRUPT {
            return .damaged(error.message ?? "malformed")
        } catch {
            return nil
        }
    }

    private enum Attempt {
        case usable(DatabaseQueue)
        case unusable(SetAsideFile.Reason)
    }

    /// Opens for writing and migrates. The contents were inspected already; damage found only now (the file changed
    /// in between) still sends it aside rather than failing.
    private static func attempt(_ file: URL, migrator: DatabaseMigrator) throws(StoreError) -> Attempt {
        var database: DatabaseQueue?
        do {
            let queue = try DatabaseQueue(path: file.path, configuration: configuration)
            database = queue
            let unknown = try queue.read { try migrator.appliedIdentifiers($0) }.subtracting(migrator.migrations)
            guard unknown.isEmpty else {
                try? queue.close()
                return .unusable(.newerVersion(unknown.sorted()))
            }
            try migrate(queue, migrator: migrator)
            return .usable(queue)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB {
            try? database?.close()
            return .unusable(.notADatabase)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CORRUPT {
            try? database?.close()
            return .unusable(.damaged(error.message ?? "malformed"))
        } catch {
            try? database?.close()
            throw StoreError.cannotOpen(file, reason: StoreError.reason(error))
        }
    }

    static var configuration: Configuration {
        var configuration = Configuration()
        // Another Beacon (a second terminal, the server) may be writing; wait for it rather than fail.
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in
            // WAL: a writer killed mid-transaction leaves the last committed state readable, and readers never block
            // the writer. FULL sync: a commit is on disk before Beacon says "set", even across a power cut; writes
            // are rare enough (a setting, a detection announced) that the fsync costs nothing anyone hears.
            let mode = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
            guard mode == "wal" else { throw DatabaseError(message: "WAL mode is not available here") }
            try db.execute(sql: "PRAGMA synchronous = FULL")
            // Deleted rows are overwritten, so history past its retention is gone from the file, not in free pages.
            try db.execute(sql: "PRAGMA secure_delete = ON")
        }
        return configuration
    }

    /// Why the file cannot be used as it is, or nil when it can.
    private static func check(_ database: DatabaseQueue, migrator: DatabaseMigrator) throws -> SetAsideFile.Reason? {
        try database.inDatabase { db in
            let problems = try String.fetchAll(db, sql: "PRAGMA integrity_check")
            guard problems == ["ok"] else { return .damaged(problems.prefix(3).joined(separator: "; ")) }
            let unknown = try migrator.appliedIdentifiers(db).subtracting(migrator.migrations).sorted()
            return unknown.isEmpty ? nil : .newerVersion(unknown)
        }
    }

    /// Runs `body` in one immediate transaction: it takes the write lock before reading, so what it reads is what it
    /// replaces, and two Beacons writing at once cannot undo each other. SQLite's errors become `StoreError`; errors
    /// `body` throws (a refused setting) pass through, after the rollback.
    static func transaction<T>(_ database: DatabaseQueue, file: URL, _ body: (Database) throws -> T) throws -> T {
        do {
            return try database.writeWithoutTransaction { db in
                var result: T?
                try db.inTransaction(.immediate) {
                    result = try body(db)
                    return .commit
                }
                return result!
            }
        } catch let error as DatabaseError {
            throw StoreError.cannotWrite(file, reason: StoreError.reason(error))
        }
    }

    /// Runs the pending migrations. Two Beacons opening a new file at once may both find a migration pending; the
    /// second one's then fails ("table already exists") and is rolled back, so it looks again, and finds it done.
    private static func migrate(_ database: DatabaseQueue, migrator: DatabaseMigrator) throws {
        var applied = try database.read { try migrator.appliedIdentifiers($0) }
        while true {
            do {
                return try migrator.migrate(database)
            } catch {
                let now = try database.read { try migrator.appliedIdentifiers($0) }
                guard now.count > applied.count else { throw error }
                applied = now
            }
        }
    }
}
