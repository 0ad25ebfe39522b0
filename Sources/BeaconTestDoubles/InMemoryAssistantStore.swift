import BeaconCore
import Foundation

/// An `AssistantStore` that keeps everything in memory, for tests of code that persists.
public final class InMemoryAssistantStore: AssistantStore, @unchecked Sendable {
    // Guarded by `lock`: the store may be called from the session's thread and a test's at once.
    private let lock = NSLock()
    private var current: AssistantSettings
    private var history: [DetectionRecord] = []
    private var days: [UsageDay: UsageStatistics] = [:]

    public init(settings: AssistantSettings = AssistantSettings()) {
        current = settings
    }

    public func settings() -> AssistantSettings { lock.withLock { current } }

    public func save(_ settings: AssistantSettings) { lock.withLock { current = settings } }

    public func record(_ detection: DetectionRecord) {
        lock.withLock {
            let cutoff = RecentDetections.cutoff(now: detection.time, retentionDays: current.historyRetentionDays)
            history = history.filter { $0.time >= cutoff } + [detection]
        }
    }

    public func recentDetections(now: Date) -> RecentDetections {
        lock.withLock { RecentDetections(history).retained(now: now, retentionDays: current.historyRetentionDays) }
    }

    public func addUsage(_ usage: UsageStatistics, on day: UsageDay) {
        lock.withLock { days[day, default: .zero] = days[day, default: .zero] + usage }
    }

    public func usage(today: UsageDay) -> UsageSummary {
        lock.withLock { UsageSummary(days: days, today: today) }
    }
}
