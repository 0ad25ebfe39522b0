import BeaconCore
import Foundation
import GRDB
import Testing
@testable import BeaconStore

@Suite struct HistoryStoreTests {
    // Five letters or more: a shorter word could turn up by chance in the random bytes of the ciphertext.
    static let labels = ["bicycle", "person", "cell phone", "toothbrush", "giraffe", "wine glass", "teddy bear", "fire hydrant",
                         "laptop", "umbrella", "traffic light", "stop sign"]

    func record(_ label: String, at seconds: Double, hour: Int = 2, distance: Double? = 1.5) -> DetectionRecord {
        DetectionRecord(label: label, confidence: 0.73, clockHour: hour, distance: distance,
                        time: testMoment.addingTimeInterval(seconds))
    }

    @Test func theHistoryFilesHoldNoReadableLabel() throws {
        let folder = try StoreTestFolder()
        let history = try HistoryStore(folder: folder.url)
        for (index, label) in Self.labels.enumerated() { try history.append(record(label, at: Double(index))) }
        // Both while the records are still in the WAL, and after they were checkpointed into the main file.
        var searched = 0
        for checkpointed in [false, true] {
            if checkpointed { try history.checkpoint() }
            for name in folder.names where name.hasPrefix("history.sqlite") {
                let bytes = try #require(folder.bytes(name))
                searched += bytes.count
                for label in Self.labels + ["BICYCLE", "Person"] {
                    // As UTF-8 (what SQLite stores text as here) and as UTF-16 little-endian, to be thorough.
                    let utf16 = Data(label.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
                    for encoding in [Data(label.utf8), utf16] {
                        #expect(bytes.range(of: encoding) == nil, "\(name) holds \(label)")
                    }
                }
            }
        }
        #expect(searched > 0)
        // And yet every record reads back.
        let recent = try history.recent(now: testMoment.addingTimeInterval(60), retentionDays: 7)
        #expect(recent.records.map(\.label) == Array(Self.labels.reversed().prefix(10)))
        #expect(recent.records.first == record("stop sign", at: 11))
    }

    @Test func sealedRecordsAllHaveOneLength() throws {
        let folder = try StoreTestFolder()
        let history = try HistoryStore(folder: folder.url)
        try history.append(record("dog", at: 0, hour: 1, distance: nil))
        try history.append(record("fire hydrant", at: 1, hour: 12, distance: 12.25))
        let lengths = try history.database.read { try Int.fetchAll($0, sql: "SELECT length(sealed) FROM detection") }
        #expect(Set(lengths).count == 1)
    }

    @Test func theKeyFileIsTheUsersAlone() throws {
        let folder = try StoreTestFolder()
        _ = try HistoryStore(folder: folder.url)
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.file("history.key").path)
        #expect(attributes[.posixPermissions] as? Int == 0o600)
        #expect(attributes[.size] as? Int == 32)
        #expect(folder.names.filter { $0.hasSuffix(".tmp") }.isEmpty)
    }

    @Test func theLastTenComeNewestFirst() throws {
        let folder = try StoreTestFolder()
        let history = try HistoryStore(folder: folder.url)
        // Written out of order: the order read is by time.
        for index in [3, 0, 14, 7, 1, 12, 5, 9, 2, 13, 6, 10, 4, 11, 8] {
            try history.append(record("cup", at: Double(index), hour: index % 12 + 1))
        }
        let recent = try history.recent(now: testMoment.addingTimeInterval(100), retentionDays: 1)
        #expect(recent.records.map(\.time) == (5...14).reversed().map { testMoment.addingTimeInterval(Double($0)) })
        #expect(try history.count() == 15)
    }

    @Test func retentionPurgesOlderRecords() throws {
        let folder = try StoreTestFolder()
        let history = try HistoryStore(folder: folder.url)
        let day = 86_400.0
        try history.append(record("dog", at: 0))
        try history.append(record("cup", at: 2 * day))
        try history.append(record("person", at: 3.5 * day))
        let now = testMoment.addingTimeInterval(4 * day)
        #expect(try history.recent(now: now, retentionDays: 3).records.map(\.label) == ["person", "cup"])
        #expect(try history.count() == 2, "the record older than the retention is deleted, not just hidden")
        #expect(try history.purge(before: now) == 2)
        #expect(try history.recent(now: now, retentionDays: 365).isEmpty)
    }

    @Test func historySurvivesReopening() throws {
        let folder = try StoreTestFolder()
        do { try HistoryStore(folder: folder.url).append(record("umbrella", at: 0)) }
        let history = try HistoryStore(folder: folder.url)
        #expect(history.setAside.isEmpty)
        #expect(try history.recent(now: testMoment, retentionDays: 1).records.map(\.label) == ["umbrella"])
    }

    /// A taught thing stays the person's own when read back ("your wallet, …"), and a record of the detector's
    /// stays the detector's.
    @Test func aTaughtThingIsRememberedAsTaught() throws {
        let folder = try StoreTestFolder()
        do {
            let history = try HistoryStore(folder: folder.url)
            var wallet = record("wallet", at: 0)
            wallet.isTaught = true
            try history.append(wallet)
            try history.append(record("umbrella", at: 1))
        }
        let records = try HistoryStore(folder: folder.url).recent(now: testMoment, retentionDays: 1).records
        #expect(records.map(\.label) == ["umbrella", "wallet"])
        #expect(records.map(\.isTaught) == [false, true])
    }

    @Test func historyWhoseKeyIsMissingIsSetAsideNotDeleted() throws {
        let folder = try StoreTestFolder()
        do { try HistoryStore(folder: folder.url).append(record("dog", at: 0)) }
        let original = try #require(folder.bytes("history.sqlite"))
        try FileManager.default.removeItem(at: folder.file("history.key"))

        let history = try HistoryStore(folder: folder.url, now: testMoment)
        #expect(history.setAside.map(\.reason) == [.keyMissing])
        let moved = try #require(history.setAside.first?.movedTo.lastPathComponent)
        #expect(moved == "history.sqlite" + SetAsideFile.suffix(at: testMoment))
        #expect(folder.bytes(moved) == original)
        #expect(try history.recent(now: testMoment, retentionDays: 1).isEmpty)
        // A new key, and new history that works.
        #expect(FileManager.default.fileExists(atPath: folder.file("history.key").path))
        try history.append(record("cup", at: 1))
        #expect(try history.recent(now: testMoment, retentionDays: 1).records.map(\.label) == ["cup"])
    }

    @Test func historySealedWithAnotherKeyIsSetAside() throws {
        let folder = try StoreTestFolder()
        do { try HistoryStore(folder: folder.url).append(record("dog", at: 0)) }
        try Data(repeating: 7, count: 32).write(to: folder.file("history.key"))
        let history = try HistoryStore(folder: folder.url, now: testMoment)
        #expect(history.setAside.map(\.reason) == [.keyMismatch])
        #expect(try history.recent(now: testMoment, retentionDays: 1).isEmpty)
    }

    @Test func aKeyFileThatIsNoKeyIsSetAsideWithTheHistoryItLocked() throws {
        let folder = try StoreTestFolder()
        do { try HistoryStore(folder: folder.url).append(record("dog", at: 0)) }
        let key = try #require(folder.bytes("history.key"))
        try (key + Data([0])).write(to: folder.file("history.key"))
        let history = try HistoryStore(folder: folder.url, now: testMoment)
        #expect(history.setAside.map(\.reason) == [.keyDamaged, .keyMissing])
        #expect(folder.bytes("history.key" + SetAsideFile.suffix(at: testMoment)) == key + Data([0]))
    }

    @Test func damagedHistoryIsSetAsideAndSettingsStay() throws {
        let folder = try StoreTestFolder()
        do {
            let data = try UserData(folder: folder.url)
            try data.settingsStore.set(.speechSpeed, to: "fastest")
            try data.record(record("dog", at: 0))
        }
        try Data(repeating: 0x55, count: 8192).write(to: folder.file("history.sqlite"))
        let data = try UserData(folder: folder.url, now: testMoment)
        #expect(data.historyWasUnreadable)
        #expect(!data.settingsWereUnreadable)
        #expect(data.setAside.map(\.reason) == [.notADatabase])
        #expect(try data.settings().speechSpeed == .fastest)
    }

    @Test func userDataRecordsWithTheRetentionSetting() throws {
        let folder = try StoreTestFolder()
        let data = try UserData(folder: folder.url)
        try data.settingsStore.set(.historyRetentionDays, to: "1")
        try data.record(record("dog", at: 0))
        try data.record(record("cup", at: 90_000))
        #expect(try data.history.count() == 1)
        #expect(try data.recentDetections(now: testMoment.addingTimeInterval(90_060)).records.map(\.label) == ["cup"])
        let sentence = try data.recentDetections(now: testMoment.addingTimeInterval(90_060))
            .sentence(now: testMoment.addingTimeInterval(90_060), phrasebook: Phrasebook())
        #expect(sentence == "Recently: cup, 1 minute ago.")
    }
}
