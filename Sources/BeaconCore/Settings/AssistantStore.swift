import Foundation

/// Where the assistant keeps what the user owns: settings, recent detections and usage. The seam between the
/// session's adapter and SQLite (BeaconStore's `UserData`); BeaconTestDoubles' `InMemoryAssistantStore` stands in for tests.
public protocol AssistantStore: Sendable {
    func settings() throws -> AssistantSettings
    func save(_ settings: AssistantSettings) throws
    /// Appends a detection to the history (and drops what is older than the retention setting).
    func record(_ detection: DetectionRecord) throws
    /// The last detections within the retention setting, newest first.
    func recentDetections(now: Date) throws -> RecentDetections
    func addUsage(_ usage: UsageStatistics, on day: UsageDay) throws
    func usage(today: UsageDay) throws -> UsageSummary
}
