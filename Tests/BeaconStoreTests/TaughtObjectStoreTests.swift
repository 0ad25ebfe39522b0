import BeaconCore
import Foundation
import GRDB
import Testing
@testable import BeaconStore

@Suite struct TaughtObjectStoreTests {
    /// A 1,280-value embedding whose bytes occur nowhere else: a slow wave with the seed in it.
    static func distinctive(_ seed: Float) -> [Float] {
        (0..<1280).map { index in sin(Float(index) * 0.37 + seed) * 0.05 + seed * 1e-3 }
    }

    @Test func viewsRoundTripExactly() throws {
        let folder = try StoreTestFolder()
        let store = try SettingsStore(folder: folder.url).taughtObjects
        let keys = [Self.distinctive(1), Self.distinctive(2)]
        let wallet = [Float](repeating: 0, count: 1279) + [1]
        let odd: [Float] = [-0.0, .leastNonzeroMagnitude, -.greatestFiniteMagnitude, 1.5, -2.25]
        let around = [Self.distinctive(3), Self.distinctive(4), Self.distinctive(5)]
        #expect(try store.add(name: "keys", lesson: TaughtLesson(views: keys, surroundings: around), at: testMoment) == "keys")
        try store.add(name: "wallet", embeddings: [wallet])
        try store.add(name: "odd", embeddings: [odd])
        let all = try store.all()
        #expect(all.map(\.name) == ["keys", "keys", "wallet", "odd"])
        #expect(all.map(\.embedding) == keys + [wallet, odd])
        #expect(all[3].embedding[0].sign == .minus)
        // The surroundings are kept apart from the views, and not counted as views.
        #expect(try store.surroundings().map(\.name) == ["keys", "keys", "keys"])
        #expect(try store.surroundings().map(\.embedding) == around)
        #expect(try store.names().map { "\($0.name) \($0.views)" } == ["keys 2", "wallet 1", "odd 1"])
        let taught = try store.taughtObjects()
        #expect(taught.objects.map { "\($0.name) \($0.views.count) \($0.surroundings.count)" } == ["keys 2 3", "wallet 1 0", "odd 1 0"])
        // Little-endian Float32, four bytes a value.
        #expect(Array(TaughtObjectStore.encode([1, -2])) == [0, 0, 0x80, 0x3F, 0, 0, 0, 0xC0])
    }

    @Test func namesAreTrimmedAndCompareWithoutCase() throws {
        let folder = try StoreTestFolder()
        let store = try SettingsStore(folder: folder.url).taughtObjects
        #expect(try store.add(name: "  My   Keys ", embeddings: [Self.distinctive(1)]) == "My Keys")
        #expect(try store.add(name: "my keys", embeddings: [Self.distinctive(2), Self.distinctive(3)]) == "My Keys")
        #expect(try store.add(name: "МОЙ КОШЕЛЁК", embeddings: [Self.distinctive(4)]) == "МОЙ КОШЕЛЁК")
        #expect(try store.names().map { "\($0.name) \($0.views)" } == ["My Keys 3", "МОЙ КОШЕЛЁК 1"])
        #expect(Set(try store.all().map(\.name)) == ["My Keys", "МОЙ КОШЕЛЁК"])
        #expect(try store.forget(name: "MY KEYS\n") == 3)
        #expect(try store.forget(name: "my keys") == 0)
        #expect(try store.forget(name: "мой кошелёк") == 1)
        #expect(try store.names().isEmpty && store.all().isEmpty)
    }

    @Test func unusableInputIsRefusedAndStoresNothing() throws {
        let folder = try StoreTestFolder()
        let store = try SettingsStore(folder: folder.url).taughtObjects
        #expect(throws: TaughtObjectError.noName) { try store.add(name: "  ", embeddings: [[1]]) }
        #expect(throws: TaughtObjectError.noViews(name: "keys")) { try store.add(name: "keys", embeddings: []) }
        #expect(throws: TaughtObjectError.unusableView(name: "keys")) { try store.add(name: "keys", embeddings: [[1, 2], [1]]) }
        #expect(throws: TaughtObjectError.unusableView(name: "keys")) { try store.add(name: "keys", embeddings: [[1, .nan]]) }
        #expect(throws: TaughtObjectError.unusableView(name: "keys")) { try store.add(name: "keys", embeddings: [[]]) }
        #expect(throws: TaughtObjectError.unusableView(name: "keys")) {
            try store.add(name: "keys", embeddings: [[1, 2]], surroundings: [[1, .infinity]])
        }
        #expect(try store.all().isEmpty)
        for error in [TaughtObjectError.noName, .noViews(name: "keys"), .unusableView(name: "keys")] {
            #expect(error.sentence.hasSuffix(".") && !error.sentence.dropLast().contains(". "))
        }
    }

    @Test func taughtObjectsSurviveReopening() throws {
        let folder = try StoreTestFolder()
        do {
            let store = try SettingsStore(folder: folder.url)
            try store.set(.speechSpeed, to: "fast")
            try store.taughtObjects.add(name: "Keys", embeddings: [Self.distinctive(1), Self.distinctive(2)])
            try store.taughtObjects.add(name: "mug", embeddings: [Self.distinctive(3)])
        }
        let reopened = try SettingsStore(folder: folder.url)
        #expect(reopened.setAside == nil)
        #expect(try reopened.settings().speechSpeed == .fast)
        #expect(try reopened.taughtObjects.names().map { "\($0.name) \($0.views)" } == ["Keys 2", "mug 1"])
        #expect(try reopened.taughtObjects.all().map(\.embedding) == [Self.distinctive(1), Self.distinctive(2), Self.distinctive(3)])
        #expect(try reopened.integrityCheck() == ["ok"])
    }

    @Test func aFileFromBeforeTaughtObjectsIsMigratedAndKeepsItsSettings() throws {
        let folder = try StoreTestFolder()
        do {
            let old = try DatabaseQueue(path: folder.file("beacon.sqlite").path, configuration: SQLiteFile.configuration)
            try SettingsStore.migrator.migrate(old, upTo: "v4-helpers-hub")
            try old.write { try $0.execute(sql: "INSERT INTO setting (key, value) VALUES ('language', 'ru')") }
            try old.close()
        }
        let store = try SettingsStore(folder: folder.url)
        #expect(store.setAside == nil)
        #expect(try store.settings().language == .russian)
        #expect(try store.database.read { try SettingsStore.migrator.completedMigrations($0) }.last == "v6-taught-surroundings")
        try store.taughtObjects.add(name: "keys", embeddings: [Self.distinctive(1)])
        #expect(try store.taughtObjects.names().count == 1)
    }

    @Test func viewsTaughtBeforeSurroundingsWereKeptStillTeach() throws {
        let folder = try StoreTestFolder()
        do {
            let old = try DatabaseQueue(path: folder.file("beacon.sqlite").path, configuration: SQLiteFile.configuration)
            try SettingsStore.migrator.migrate(old, upTo: "v5-taught-objects")
            try old.write {
                try $0.execute(sql: "INSERT INTO taught_views (name, name_key, embedding, created_at) VALUES ('Mug', 'mug', ?, 0)",
                               arguments: [TaughtObjectStore.encode(Self.distinctive(1))])
            }
            try old.close()
        }
        let store = try SettingsStore(folder: folder.url).taughtObjects
        #expect(try store.all().map(\.embedding) == [Self.distinctive(1)])
        #expect(try store.surroundings().isEmpty)
        #expect(try store.names().map { "\($0.name) \($0.views)" } == ["Mug 1"])
    }

    // MARK: - Forgetting removes the bytes

    /// How many of the embedding's 64-byte pieces occur in the folder's beacon.sqlite and its -wal. A 5,120-byte
    /// embedding spans SQLite pages (a 4,096-byte page holds part of it), so it is searched for in pieces.
    static func piecesFound(_ embedding: [Float], in folder: StoreTestFolder) -> Int {
        let bytes = TaughtObjectStore.encode(embedding)
        let files = ["beacon.sqlite", "beacon.sqlite-wal"].compactMap { folder.bytes($0) }
        return stride(from: 0, to: bytes.count, by: 64).filter { start in
            let piece = bytes.subdata(in: start..<min(bytes.count, start + 64))
            return files.contains { $0.range(of: piece) != nil }
        }.count
    }

    @Test func forgettingWipesTheEmbeddingFromTheFile() throws {
        let folder = try StoreTestFolder()
        let keys = Self.distinctive(7), wallet = Self.distinctive(9), hand = Self.distinctive(8)
        do {
            // Taught in an earlier session, so the views are in beacon.sqlite itself, not only in the log.
            let store = try SettingsStore(folder: folder.url)
            try store.taughtObjects.add(name: "keys", embeddings: [keys], surroundings: [hand])
            try store.taughtObjects.add(name: "wallet", embeddings: [wallet])
        }
        #expect(Self.piecesFound(keys, in: folder) >= 75, "the search finds the bytes while they are stored")
        #expect(Self.piecesFound(hand, in: folder) >= 75)
        let store = try SettingsStore(folder: folder.url)
        #expect(try store.taughtObjects.forget(name: "Keys") == 1)
        #expect(Self.piecesFound(keys, in: folder) == 0)
        #expect(Self.piecesFound(hand, in: folder) == 0, "its surroundings go with it")
        #expect(Self.piecesFound(wallet, in: folder) >= 75, "the other object is untouched")
        #expect(try store.taughtObjects.all().map(\.embedding) == [wallet])
        #expect(try store.integrityCheck() == ["ok"])
    }

    @Test func forgettingWhatWasJustTaughtLeavesNoTraceEither() throws {
        let folder = try StoreTestFolder()
        let store = try SettingsStore(folder: folder.url)
        let keys = Self.distinctive(11)
        try store.taughtObjects.add(name: "keys", embeddings: [keys, Self.distinctive(12)])
        #expect(Self.piecesFound(keys, in: folder) >= 75, "the new view is in the log or the file")
        #expect(try store.taughtObjects.forget(name: "keys") == 2)
        #expect(Self.piecesFound(keys, in: folder) == 0)
        #expect(Self.piecesFound(Self.distinctive(12), in: folder) == 0)
    }
}
