import BeaconCore
import Foundation
import GRDB

/// Settings and usage, in `beacon.sqlite` in the data folder.
///
/// A setting is a row (key, canonical text). Only keys this build knows are ever written or removed, so a row a
/// newer Beacon added survives an older one. Every change is one transaction: a `kill -9` at any moment leaves each
/// setting at its old or its new value.
public struct SettingsStore: Sendable {
    public static let fileName = "beacon.sqlite"

    public let file: URL
    /// The labels hazards, ignored and priority are checked against (the detector's classes).
    public let knownLabels: [String]
    /// The unreadable file this opening moved aside, if any: the caller says "Settings could not be read; starting
    /// with defaults." (`AssistantPhrases.settingsUnreadable`).
    public let setAside: SetAsideFile?
    let database: DatabaseQueue

    /// Opens (or creates) `beacon.sqlite` in `folder`; `now` names a file set aside.
    public init(folder: URL, knownLabels: [String] = ObjectVocabulary.coco, now: Date = Date()) throws(StoreError) {
        file = folder.appendingPathComponent(Self.fileName)
        self.knownLabels = knownLabels
        let opened = try SQLiteFile.open(file, migrator: Self.migrator, now: now)
        database = opened.database
        setAside = opened.setAside
    }

    /// The numbered migrations of `beacon.sqlite`, oldest first. Never edit one that has shipped: add the next.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-settings") { db in
            try db.execute(sql: "CREATE TABLE setting (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL) WITHOUT ROWID")
        }
        migrator.registerMigration("v2-usage") { db in
            try db.execute(sql: """
                CREATE TABLE usage_time (
                    day TEXT NOT NULL, mode TEXT NOT NULL, seconds REAL NOT NULL,
                    PRIMARY KEY (day, mode)) WITHOUT ROWID;
                CREATE TABLE usage_count (
                    day TEXT PRIMARY KEY NOT NULL, objects_found INTEGER NOT NULL, pages_read INTEGER NOT NULL
                ) WITHOUT ROWID;
                """)
        }
        migrator.registerMigration("v3-paired-phones") { db in
            try db.execute(sql: "CREATE TABLE paired_phone (digest TEXT PRIMARY KEY NOT NULL, paired_at REAL NOT NULL) WITHOUT ROWID")
        }
        migrator.registerMigration("v4-helpers-hub") { db in
            try db.execute(sql: """
                CREATE TABLE helpers_hub (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    url TEXT NOT NULL, token TEXT NOT NULL, name TEXT NOT NULL, language TEXT NOT NULL,
                    joined_at REAL NOT NULL)
                """)
        }
        migrator.registerMigration("v5-taught-objects") { db in
            try db.execute(sql: """
                CREATE TABLE taught_views (
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL, name_key TEXT NOT NULL, embedding BLOB NOT NULL, created_at REAL NOT NULL);
                CREATE INDEX taught_views_by_name ON taught_views (name_key);
                """)
        }
        migrator.registerMigration("v6-taught-surroundings") { db in
            // Pieces of the teaching pictures around the thing, which it must not be taken for; older views have none.
            try db.execute(sql: "ALTER TABLE taught_views ADD COLUMN surrounding BOOLEAN NOT NULL DEFAULT 0")
        }
        return migrator
    }

    /// The settings, with any stored value that is not valid (say, edited by hand) at its default and reported.
    public func load() throws(StoreError) -> (settings: AssistantSettings, rejected: [InvalidSetting]) {
        let rows = try read { db in try Self.rows(db) }
        return AssistantSettings.restored(from: rows, knownLabels: knownLabels)
    }

    public func settings() throws(StoreError) -> AssistantSettings { try load().settings }

    /// Validates and stores one setting in a single transaction, returning the settings as they now are. An invalid
    /// value throws `InvalidSetting` and changes nothing; a failed write throws `StoreError`.
    @discardableResult
    public func set(_ key: SettingKey, to text: String) throws -> AssistantSettings {
        try write { db in
            // Read and write in one immediate transaction so two Beacons setting at once cannot undo each other.
            var settings = AssistantSettings.restored(from: try Self.rows(db), knownLabels: knownLabels).settings
            try settings.set(key, to: text, knownLabels: knownLabels)
            try Self.upsert([key: settings.value(of: key)], db)
            return settings
        }
    }

    /// Stores every setting, in one transaction.
    public func save(_ settings: AssistantSettings) throws(StoreError) {
        try mapped { try write { db in try Self.upsert(settings.stored, db) } }
    }

    /// Puts every setting (or one) back to its default, by removing what was stored for it.
    public func reset(_ key: SettingKey? = nil) throws(StoreError) {
        let keys = key.map { [$0] } ?? SettingKey.allCases
        try mapped {
            try write { db in
                for key in keys { try db.execute(sql: "DELETE FROM setting WHERE key = ?", arguments: [key.rawValue]) }
            }
        }
    }

    /// SQLite's own check of the file: ["ok"] when sound.
    public func integrityCheck() throws(StoreError) -> [String] {
        try read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
    }

    /// Usage statistics, kept in the same file.
    public var usage: UsageStore { UsageStore(database: database, file: file) }
    public var pairedPhones: PairedPhoneStore { PairedPhoneStore(database: database, file: file) }
    public var volunteersHub: VolunteersHubStore { VolunteersHubStore(database: database, file: file) }
    /// The objects this person taught Beacon, as embeddings.
    public var taughtObjects: TaughtObjectStore { TaughtObjectStore(database: database, file: file) }

    // MARK: - Rows

    static func rows(_ db: Database) throws -> [String: String] {
        var rows: [String: String] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT key, value FROM setting") { rows[row["key"]] = row["value"] }
        return rows
    }

    static func upsert(_ values: [SettingKey: String], _ db: Database) throws {
        for (key, value) in values.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            try db.execute(sql: "INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                           arguments: [key.rawValue, value])
        }
    }

    // MARK: - Transactions

    func read<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do { return try database.read(body) } catch { throw StoreError.cannotRead(file, reason: StoreError.reason(error)) }
    }

    /// One immediate transaction (`SQLiteFile.transaction`); `InvalidSetting` passes through.
    func write<T>(_ body: (Database) throws -> T) throws -> T {
        try SQLiteFile.transaction(database, file: file, body)
    }

    private func mapped(_ body: () throws -> Void) throws(StoreError) {
        do { try body() } catch let error as StoreError { throw error } catch {
            throw StoreError.cannotWrite(file, reason: StoreError.reason(error))
        }
    }
}
