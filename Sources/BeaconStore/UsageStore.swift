import BeaconCore
import Foundation
import GRDB

/// Usage statistics per calendar day, in `beacon.sqlite`: seconds per mode, objects found, pages read. A session adds
/// its counts; nothing is ever overwritten, so two Beacons adding at once both count.
public struct UsageStore: Sendable {
    let database: DatabaseQueue
    let file: URL

    /// Adds a session's counts to `day`, in one transaction.
    public func add(_ usage: UsageStatistics, on day: UsageDay) throws(StoreError) {
        guard !usage.isEmpty else { return }
        do {
            try SQLiteFile.transaction(database, file: file) { db in
                for (mode, seconds) in usage.secondsByMode.sorted(by: { $0.key < $1.key }) where seconds > 0 {
                    try db.execute(sql: """
                        INSERT INTO usage_time (day, mode, seconds) VALUES (?, ?, ?)
                        ON CONFLICT (day, mode) DO UPDATE SET seconds = seconds + excluded.seconds
                        """, arguments: [day.key, mode, seconds])
                }
                if usage.objectsFound != 0 || usage.pagesRead != 0 {
                    try db.execute(sql: """
                        INSERT INTO usage_count (day, objects_found, pages_read) VALUES (?, ?, ?)
                        ON CONFLICT (day) DO UPDATE SET objects_found = objects_found + excluded.objects_found,
                                                        pages_read = pages_read + excluded.pages_read
                        """, arguments: [day.key, usage.objectsFound, usage.pagesRead])
                }
            }
        } catch let error as StoreError { throw error } catch {
            throw StoreError.cannotWrite(file, reason: StoreError.reason(error))
        }
    }

    /// Every day's counts. A row whose day is not a date (edited by hand) is left out.
    public func days() throws(StoreError) -> [UsageDay: UsageStatistics] {
        do {
            return try database.read { db in
                var days: [UsageDay: UsageStatistics] = [:]
                for row in try Row.fetchAll(db, sql: "SELECT day, mode, seconds FROM usage_time") {
                    guard let day = UsageDay(key: row["day"]) else { continue }
                    days[day, default: .zero].secondsByMode[row["mode"], default: 0] += row["seconds"] as Double
                }
                for row in try Row.fetchAll(db, sql: "SELECT day, objects_found, pages_read FROM usage_count") {
                    guard let day = UsageDay(key: row["day"]) else { continue }
                    days[day, default: .zero].objectsFound += row["objects_found"] as Int
                    days[day, default: .zero].pagesRead += row["pages_read"] as Int
                }
                return days
            }
        } catch {
            throw StoreError.cannotRead(file, reason: StoreError.reason(error))
        }
    }

    /// Today's and all-time usage.
    public func summary(today: UsageDay) throws(StoreError) -> UsageSummary {
        UsageSummary(days: try days(), today: today)
    }
}
