import Foundation
import BeaconTestDoubles
import Testing
@testable import BeaconCore

@Suite struct HistoryAndUsageTests {
    let start = Date(timeIntervalSince1970: 1_750_000_000)

    func record(_ label: String, at seconds: Double, hour: Int = 12) -> DetectionRecord {
        DetectionRecord(label: label, confidence: 0.8, clockHour: hour, distance: 2, time: start.addingTimeInterval(seconds))
    }

    @Test func keepsTheLastTenNewestFirst() {
        var recent = RecentDetections()
        for index in 0..<15 { recent.add(record("cup", at: Double(index))) }
        #expect(recent.records.count == 10)
        #expect(recent.records.first?.time == start.addingTimeInterval(14))
        #expect(recent.records.last?.time == start.addingTimeInterval(5))
        // Order given does not matter.
        let shuffled = RecentDetections([record("a", at: 3), record("b", at: 9), record("c", at: 1)])
        #expect(shuffled.records.map(\.label) == ["b", "a", "c"])
    }

    @Test func retentionDropsWhatIsOlderThanTheDaysKept() {
        let day = 86_400.0
        let recent = RecentDetections([record("old", at: 0), record("edge", at: day), record("new", at: 2.5 * day)])
        let now = start.addingTimeInterval(3 * day)
        #expect(recent.retained(now: now, retentionDays: 2).records.map(\.label) == ["new", "edge"])
        #expect(recent.retained(now: now, retentionDays: 1).records.map(\.label) == ["new"])
        #expect(recent.retained(now: now, retentionDays: 7).records.count == 3)
    }

    @Test func recentDetectionsAreSpokenWithHowLongAgo() {
        let recent = RecentDetections([record("cup", at: 0), record("chair", at: 175)])
        let now = start.addingTimeInterval(180)
        #expect(recent.sentence(now: now, phrasebook: Phrasebook()) == "Recently: chair, 5 seconds ago; cup, 3 minutes ago.")
        #expect(recent.sentence(now: now, phrasebook: Phrasebook(language: .russian)).hasPrefix("Недавно: стул, 5 секунд назад"))
        #expect(RecentDetections().sentence(now: now, phrasebook: Phrasebook()) == "No recent detections.")
    }

    @Test func eachThingIsNamedOnceAtItsNewestSighting() {
        // A find records the cup each time it is found again; the person wants where it was last, once.
        let recent = RecentDetections([record("cup", at: 10), record("chair", at: 60), record("cup", at: 120),
                                       record("cup", at: 170)])
        let now = start.addingTimeInterval(180)
        #expect(recent.sentence(now: now, phrasebook: Phrasebook()) == "Recently: cup, 10 seconds ago; chair, 2 minutes ago.")
    }

    @Test func oneClassSeenAtOneMomentIsOneCountedItem() {
        let recent = RecentDetections([record("bus", at: 170), record("person", at: 170), record("person", at: 170),
                                       record("person", at: 170), record("person", at: 100)])
        let now = start.addingTimeInterval(180)
        #expect(recent.sentence(now: now, phrasebook: Phrasebook())
            == "Recently: bus, 10 seconds ago; three people, 10 seconds ago.")
    }

    @Test func usageAddsUpPerModeAndSplitsTodayFromAll() {
        let morning = UsageStatistics(secondsByMode: ["find": 120, "read": 60], objectsFound: 2, pagesRead: 1)
        let evening = UsageStatistics(secondsByMode: ["find": 60, "explore": 30], objectsFound: 1)
        let both = morning + evening
        #expect(both.secondsByMode == ["find": 180, "read": 60, "explore": 30])
        #expect(both.objectsFound == 3 && both.pagesRead == 1)
        #expect(both.totalSeconds == 270)

        let utc = TimeZone(identifier: "UTC")!
        let today = UsageDay(start, timeZone: utc)
        let yesterday = UsageDay(start.addingTimeInterval(-86_400), timeZone: utc)
        #expect(today.key == "2025-06-15")
        #expect(yesterday < today)
        let summary = UsageSummary(days: [today: evening, yesterday: morning], today: today)
        #expect(summary.today == evening)
        #expect(summary.all == both)
        #expect(summary.sentences(phrasebook: Phrasebook()) == [
            "Today: 2 minutes, 1 object found, 0 pages read.", "In all: 5 minutes, 3 objects found, 1 page read.",
        ])
        #expect(UsageSummary(days: [:], today: today).sentences(phrasebook: Phrasebook()) == ["No usage yet."])
    }

    @Test func usageDaysFollowTheGivenTimeZone() {
        // 23:30 UTC on 14 June is already 15 June in Moscow.
        let late = Date(timeIntervalSince1970: 1_749_943_800)
        #expect(UsageDay(late, timeZone: TimeZone(identifier: "UTC")!).key == "2025-06-14")
        #expect(UsageDay(late, timeZone: TimeZone(identifier: "Europe/Moscow")!).key == "2025-06-15")
        #expect(UsageDay(key: "2025-06-15")?.key == "2025-06-15")
        #expect(UsageDay(key: "2025-6-15") == nil)
        #expect(UsageDay(key: "yesterday") == nil)
    }

    @Test func theInMemoryStoreKeepsWhatItIsGiven() throws {
        let store = InMemoryAssistantStore()
        var settings = AssistantSettings()
        settings.historyRetentionDays = 1
        store.save(settings)
        store.record(record("cup", at: 0))
        store.record(record("dog", at: 90_000))
        #expect(store.recentDetections(now: start.addingTimeInterval(90_001)).records.map(\.label) == ["dog"])
        let day = UsageDay(start, timeZone: TimeZone(identifier: "UTC")!)
        store.addUsage(UsageStatistics(pagesRead: 2), on: day)
        store.addUsage(UsageStatistics(pagesRead: 1), on: day)
        #expect(store.usage(today: day).today.pagesRead == 3)
    }
}
