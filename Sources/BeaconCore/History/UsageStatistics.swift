import Foundation

/// How Beacon was used over some period: seconds in each mode (by the mode's name: "find", "read", "explore"…),
/// objects found and pages read. Sessions add their counts; a day's and all days' totals are sums of these.
public struct UsageStatistics: Sendable, Hashable, Codable {
    public var secondsByMode: [String: Double]
    public var objectsFound: Int
    public var pagesRead: Int

    public init(secondsByMode: [String: Double] = [:], objectsFound: Int = 0, pagesRead: Int = 0) {
        self.secondsByMode = secondsByMode
        self.objectsFound = objectsFound
        self.pagesRead = pagesRead
    }

    public static let zero = UsageStatistics()

    public var totalSeconds: Double { secondsByMode.values.reduce(0, +) }

    public var isEmpty: Bool { totalSeconds == 0 && objectsFound == 0 && pagesRead == 0 }

    /// These counts and another period's together.
    public func adding(_ other: UsageStatistics) -> UsageStatistics {
        UsageStatistics(secondsByMode: secondsByMode.merging(other.secondsByMode, uniquingKeysWith: +),
                        objectsFound: objectsFound + other.objectsFound, pagesRead: pagesRead + other.pagesRead)
    }

    public static func + (lhs: UsageStatistics, rhs: UsageStatistics) -> UsageStatistics { lhs.adding(rhs) }
}

/// A calendar day, "2025-06-01", in the time zone the person lives in: usage is counted per day so "today" means
/// their today. Made from a date and a time zone given by the caller; the core never reads the clock.
public struct UsageDay: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// "YYYY-MM-DD": sorts as the days do.
    public let key: String

    public init(_ date: Date, timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        key = Self.format(year: parts.year!, month: parts.month!, day: parts.day!)
    }

    /// A day from its key; nil unless it has the "YYYY-MM-DD" shape.
    public init?(key: String) {
        let parts = key.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              (1...12).contains(month), (1...31).contains(day),
              Self.format(year: year, month: month, day: day) == key else { return nil }
        self.key = key
    }

    private static func format(year: Int, month: Int, day: Int) -> String {
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }

    public var description: String { key }

    public static func < (lhs: UsageDay, rhs: UsageDay) -> Bool { lhs.key < rhs.key }
}

/// Today's usage and all of it, as asked for ("usage").
public struct UsageSummary: Sendable, Hashable, Codable {
    public var today: UsageStatistics
    public var all: UsageStatistics

    public init(today: UsageStatistics, all: UsageStatistics) {
        self.today = today
        self.all = all
    }

    /// The summary of per-day counts as of `today`.
    public init(days: [UsageDay: UsageStatistics], today: UsageDay) {
        self.today = days[today] ?? .zero
        all = days.values.reduce(.zero, +)
    }

    /// What is said: "Today: 12 minutes, 3 objects found, 1 pages read." then the same "In all", or "No usage yet."
    public func sentences(phrasebook: Phrasebook) -> [String] {
        let phrases = phrasebook.assistant
        guard !all.isEmpty else { return [phrasebook.say(phrases.noUsage)] }
        func values(_ usage: UsageStatistics) -> [String: String] {
            ["minutes": String(Int((usage.totalSeconds / 60).rounded())), "objects": String(usage.objectsFound),
             "pages": String(usage.pagesRead)]
        }
        return [phrasebook.say(phrases.usageToday, values(today)), phrasebook.say(phrases.usageAll, values(all))]
    }
}
