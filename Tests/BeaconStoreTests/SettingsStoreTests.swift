import BeaconCore
import Foundation
import GRDB
import Testing
@testable import BeaconStore

@Suite struct SettingsStoreTests {
    static let allMigrations = ["v1-settings", "v2-usage", "v3-paired-phones", "v4-helpers-hub", "v5-taught-objects",
                                "v6-taught-surroundings"]

    @Test func settingsSurviveClosingAndReopening() throws {
        let folder = try StoreTestFolder()
        do {
            let store = try SettingsStore(folder: folder.url)
            #expect(store.setAside == nil)
            #expect(try store.settings() == AssistantSettings())
            try store.set(.speechSpeed, to: "fast")
            try store.set(.hazards, to: "bikes, dogs")
            try store.set(.confidence, to: "70%")
        }
        let reopened = try SettingsStore(folder: folder.url)
        let settings = try reopened.settings()
        #expect(settings.speechSpeed == .fast)
        #expect(settings.hazards == ["bicycle", "dog"])
        #expect(settings.confidence == 0.7)
        #expect(settings.volume == 80)
        #expect(reopened.setAside == nil)
        #expect(folder.names.allSatisfy { !$0.contains("unreadable") })
    }

    @Test func theVolunteersHubJoinedIsKeptUntilLeft() throws {
        let folder = try StoreTestFolder()
        let membership = VolunteersHubStore.Membership(url: "https://hub.example.org:8444/", token: "t0ken", name: "Ann",
                                                    language: "ru")
        do {
            let store = try SettingsStore(folder: folder.url)
            #expect(try store.volunteersHub.membership() == nil)
            try store.volunteersHub.save(membership)
            // Joining another hub replaces the first: one hub at a time.
            try store.volunteersHub.save(membership)
        }
        let reopened = try SettingsStore(folder: folder.url)
        #expect(try reopened.volunteersHub.membership() == membership)
        try reopened.volunteersHub.forget()
        #expect(try SettingsStore(folder: folder.url).volunteersHub.membership() == nil)
    }

    @Test func theFileIsInWALModeAndSound() throws {
        let folder = try StoreTestFolder()
        let store = try SettingsStore(folder: folder.url)
        #expect(try store.database.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") } == "wal")
        #expect(try store.integrityCheck() == ["ok"])
        #expect(store.file.lastPathComponent == "beacon.sqlite")
    }

    @Test func anInvalidValueChangesNothing() throws {
        let folder = try StoreTestFolder()
        let store = try SettingsStore(folder: folder.url)
        try store.set(.volume, to: "60")
        #expect(throws: InvalidSetting(key: .volume, given: "250",
                                       sentence: "Volume must be 0 to 100 percent in steps of 10; it stays 60.")) {
            try store.set(.volume, to: "250")
        }
        #expect(try store.settings().volume == 60)
    }

    @Test func resetPutsDefaultsBackAndKeepsRowsThisBuildDoesNotKnow() throws {
        let folder = try StoreTestFolder()
        let store = try SettingsStore(folder: folder.url)
        var settings = AssistantSettings()
        settings.volume = 40
        settings.earcons = false
        try store.save(settings)
        // A setting a newer Beacon added (no migration needed for a new key): never removed by this one.
        try store.database.write { try $0.execute(sql: "INSERT INTO setting (key, value) VALUES ('colour', 'blue')") }
        try store.reset(.volume)
        #expect(try store.settings().volume == 80)
        #expect(try store.settings().earcons == false)
        try store.reset()
        #expect(try store.settings() == AssistantSettings())
        try store.save(settings)
        #expect(try store.database.read { try String.fetchOne($0, sql: "SELECT value FROM setting WHERE key = 'colour'") } == "blue")
    }

    @Test func aStoredValueThatIsNotValidIsReportedAndKeepsItsDefault() throws {
        let folder = try StoreTestFolder()
        let store = try SettingsStore(folder: folder.url)
        try store.set(.speechSpeed, to: "slow")
        try store.database.write { try $0.execute(sql: "INSERT INTO setting (key, value) VALUES ('volume', 'loud')") }
        let loaded = try store.load()
        #expect(loaded.settings.volume == 80)
        #expect(loaded.settings.speechSpeed == .slow)
        #expect(loaded.rejected.map(\.key) == [.volume])
        // The bad row is left for a person to see; setting the key replaces it.
        try store.set(.volume, to: "50")
        #expect(try store.load().rejected.isEmpty)
    }

    // MARK: - Migrations

    @Test func migrationsRunInOrderOnAnEmptyFile() throws {
        let folder = try StoreTestFolder()
        try Data().write(to: folder.file("beacon.sqlite"))
        let store = try SettingsStore(folder: folder.url)
        #expect(store.setAside == nil)
        #expect(SettingsStore.migrator.migrations == Self.allMigrations)
        let (completed, tables) = try store.database.read { db in
            (try SettingsStore.migrator.completedMigrations(db),
             try ["setting", "usage_time", "usage_count"].filter { try db.tableExists($0) })
        }
        #expect(completed == Self.allMigrations)
        #expect(tables == ["setting", "usage_time", "usage_count"])
    }

    @Test func aVersionOneFileIsMigratedAndKeepsItsSettings() throws {
        let folder = try StoreTestFolder()
        let path = folder.file("beacon.sqlite").path
        do {
            // The file as the first version left it: settings only.
            let old = try DatabaseQueue(path: path, configuration: SQLiteFile.configuration)
            try SettingsStore.migrator.migrate(old, upTo: "v1-settings")
            try old.write { try $0.execute(sql: "INSERT INTO setting (key, value) VALUES ('language', 'ru')") }
            #expect(try old.read { try $0.tableExists("usage_time") } == false)
            try old.close()
        }
        let store = try SettingsStore(folder: folder.url)
        #expect(store.setAside == nil)
        #expect(try store.settings().language == .russian)
        let day = UsageDay(testMoment, timeZone: TimeZone(identifier: "UTC")!)
        try store.usage.add(UsageStatistics(secondsByMode: ["find": 30], objectsFound: 1), on: day)
        #expect(try store.usage.summary(today: day).today.objectsFound == 1)
        #expect(try store.database.read { try SettingsStore.migrator.completedMigrations($0) } == Self.allMigrations)
    }

    // MARK: - Files that cannot be read

    /// Checks that `beacon.sqlite` was set aside under its timestamped name with its bytes intact, and that a fresh
    /// file with defaults took its place.
    func expectSetAside(_ folder: StoreTestFolder, original: Data, _ store: SettingsStore,
                        sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expectedName = "beacon.sqlite" + SetAsideFile.suffix(at: testMoment)
        #expect(store.setAside?.movedTo.lastPathComponent == expectedName, sourceLocation: sourceLocation)
        #expect(expectedName.wholeMatch(of: /beacon\.sqlite\.unreadable-\d{8}-\d{6}/) != nil, sourceLocation: sourceLocation)
        #expect(folder.bytes(expectedName) == original, "the unreadable file's bytes are kept", sourceLocation: sourceLocation)
        #expect(try store.settings() == AssistantSettings(), sourceLocation: sourceLocation)
        #expect(try store.integrityCheck() == ["ok"], sourceLocation: sourceLocation)
        // The fresh file works.
        try store.set(.volume, to: "30")
        #expect(try store.settings().volume == 30, sourceLocation: sourceLocation)
    }

    @Test func aFileThatIsNotADatabaseIsSetAsideNotDeleted() throws {
        let folder = try StoreTestFolder()
        let garbage = Data((0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: folder.file("beacon.sqlite"))
        let store = try SettingsStore(folder: folder.url, now: testMoment)
        #expect(store.setAside?.reason == .notADatabase)
        try expectSetAside(folder, original: garbage, store)
    }

    @Test func aTruncatedDatabaseIsSetAsideNotDeleted() throws {
        let folder = try StoreTestFolder()
        do {
            let store = try SettingsStore(folder: folder.url)
            try store.set(.language, to: "zh")
            // Enough rows to span many pages, so cutting the file loses some of them.
            for day in 1...28 {
                for mode in ["find", "read", "explore", "find-text", "navigate"] {
                    try store.usage.add(UsageStatistics(secondsByMode: [mode + String(repeating: "x", count: 200): 60]),
                                        on: UsageDay(key: "2025-02-\(day < 10 ? "0" : "")\(day)")!)
                }
            }
        }
        // Closing the last connection checkpoints the WAL into the file.
        let path = folder.file("beacon.sqlite").path
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        let whole = try #require(folder.bytes("beacon.sqlite"))
        #expect(whole.count > 16_384)
        let truncated = whole.prefix(whole.count / 2 + 100)
        try truncated.write(to: folder.file("beacon.sqlite"))

        let store = try SettingsStore(folder: folder.url, now: testMoment)
        guard case .damaged = store.setAside?.reason else {
            Issue.record("reason was \(String(describing: store.setAside?.reason))")
            return
        }
        try expectSetAside(folder, original: Data(truncated), store)
    }

    @Test func aDatabaseFromANewerBeaconIsSetAsideNotDeleted() throws {
        let folder = try StoreTestFolder()
        do {
            let store = try SettingsStore(folder: folder.url)
            try store.set(.language, to: "ru")
            try store.database.write {
                try $0.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v9-from-the-future')")
            }
        }
        let original = try #require(folder.bytes("beacon.sqlite"))
        let store = try SettingsStore(folder: folder.url, now: testMoment)
        #expect(store.setAside?.reason == .newerVersion(["v9-from-the-future"]))
        try expectSetAside(folder, original: original, store)
    }

    @Test func aWALBesideAnUnreadableFileMovesWithIt() throws {
        let folder = try StoreTestFolder()
        let garbage = Data(repeating: 0x42, count: 4096)
        try garbage.write(to: folder.file("beacon.sqlite"))
        try Data("not a wal".utf8).write(to: folder.file("beacon.sqlite-wal"))
        let store = try SettingsStore(folder: folder.url, now: testMoment)
        let moved = try #require(store.setAside?.movedTo)
        #expect(folder.bytes(moved.lastPathComponent + "-wal") == Data("not a wal".utf8))
        #expect(try store.settings() == AssistantSettings())
    }

    @Test func twoSetAsidesInOneSecondDoNotOverwriteEachOther() throws {
        let folder = try StoreTestFolder()
        try Data(repeating: 1, count: 2048).write(to: folder.file("beacon.sqlite"))
        let first = try SettingsStore(folder: folder.url, now: testMoment).setAside
        for name in ["beacon.sqlite", "beacon.sqlite-wal", "beacon.sqlite-shm"] {
            try? FileManager.default.removeItem(at: folder.file(name))
        }
        try Data(repeating: 2, count: 2048).write(to: folder.file("beacon.sqlite"))
        let second = try SettingsStore(folder: folder.url, now: testMoment).setAside
        #expect(first?.movedTo != second?.movedTo)
        #expect(folder.bytes(try #require(first).movedTo.lastPathComponent) == Data(repeating: 1, count: 2048))
        #expect(folder.bytes(try #require(second).movedTo.lastPathComponent) == Data(repeating: 2, count: 2048))
    }

    @Test func aFolderThatCannotBeWrittenIsAnErrorAndNothingIsMoved() throws {
        guard getuid() != 0 else { return }  // root writes anywhere; the permission cannot be tested as root
        let folder = try StoreTestFolder()
        let locked = folder.file("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o500])
        defer { chmod(locked.path, 0o700) }
        #expect(throws: StoreError.self) { try SettingsStore(folder: locked.appendingPathComponent("beacon")) }
    }

    // MARK: - Usage

    @Test func usageAddsUpPerDayAndSurvivesReopening() throws {
        let folder = try StoreTestFolder()
        let utc = TimeZone(identifier: "UTC")!
        let today = UsageDay(testMoment, timeZone: utc), yesterday = UsageDay(testMoment - 86_400, timeZone: utc)
        do {
            let usage = try SettingsStore(folder: folder.url).usage
            try usage.add(UsageStatistics(secondsByMode: ["find": 100, "read": 50], objectsFound: 2), on: yesterday)
            try usage.add(UsageStatistics(secondsByMode: ["find": 20], objectsFound: 1, pagesRead: 3), on: today)
            try usage.add(UsageStatistics(secondsByMode: ["find": 10]), on: today)
        }
        let summary = try SettingsStore(folder: folder.url).usage.summary(today: today)
        #expect(summary.today == UsageStatistics(secondsByMode: ["find": 30], objectsFound: 1, pagesRead: 3))
        #expect(summary.all == UsageStatistics(secondsByMode: ["find": 130, "read": 50], objectsFound: 3, pagesRead: 3))
    }

    @Test func theDataFolderFollowsXDG() {
        #expect(DataFolder.resolve(environment: ["HOME": "/home/ann"]).path == "/home/ann/.local/share/beacon")
        #expect(DataFolder.resolve(environment: ["HOME": "/home/ann", "XDG_DATA_HOME": "/data"]).path == "/data/beacon")
        #expect(DataFolder.resolve(environment: ["HOME": "/home/ann", "XDG_DATA_HOME": "relative"]).path
                == "/home/ann/.local/share/beacon")
        #expect(DataFolder.resolve(environment: ["HOME": "/h", "BEACON_DATA_DIR": "/tmp/b"]).path == "/tmp/b")
        #expect(DataFolder.resolve(given: "/x", environment: ["BEACON_DATA_DIR": "/tmp/b"]).path == "/x")
    }
}
