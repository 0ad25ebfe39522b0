import BeaconCore
import Foundation

/// Everything Beacon keeps for a person, opened together from one data folder: what the session's adapter uses
/// through `AssistantStore`.
public struct UserData: AssistantStore {
    public let folder: URL
    public let settingsStore: SettingsStore
    public let history: HistoryStore
    public var usage: UsageStore { settingsStore.usage }

    /// Opens the settings and history in `folder` (see `DataFolder.resolve`), creating what is missing and moving
    /// aside, never deleting, what cannot be read.
    public init(folder: URL, knownLabels: [String] = ObjectVocabulary.coco, now: Date = Date()) throws(StoreError) {
        self.folder = folder
        settingsStore = try SettingsStore(folder: folder, knownLabels: knownLabels, now: now)
        history = try HistoryStore(folder: folder, now: now)
    }

    /// Every file this opening moved aside.
    public var setAside: [SetAsideFile] { (settingsStore.setAside.map { [$0] } ?? []) + history.setAside }

    /// True when the settings could not be read and defaults are in use: say `AssistantPhrases.settingsUnreadable`.
    public var settingsWereUnreadable: Bool { settingsStore.setAside != nil }

    /// True when earlier history could not be read (damaged, or its key is gone) and was set aside.
    public var historyWasUnreadable: Bool { !history.setAside.isEmpty }

    public func settings() throws -> AssistantSettings { try settingsStore.settings() }

    public func save(_ settings: AssistantSettings) throws { try settingsStore.save(settings) }

    public func record(_ detection: DetectionRecord) throws {
        let retention = try settingsStore.settings().historyRetentionDays
        try history.purge(before: RecentDetections.cutoff(now: detection.time, retentionDays: retention))
        try history.append(detection)
    }

    public func recentDetections(now: Date) throws -> RecentDetections {
        try history.recent(now: now, retentionDays: try settingsStore.settings().historyRetentionDays)
    }

    public func addUsage(_ usage: UsageStatistics, on day: UsageDay) throws { try self.usage.add(usage, on: day) }

    public func usage(today: UsageDay) throws -> UsageSummary { try usage.summary(today: today) }
}
