import Foundation
import GRDB

/// The phones paired with `beacon serve`, in `beacon.sqlite`: only the SHA-256 digest of each phone's token, so a
/// copy of the file lets nobody in, and a paired phone stays paired when Beacon restarts.
public struct PairedPhoneStore: Sendable {
    let database: DatabaseQueue
    let file: URL

    /// Every paired phone's token digest.
    public func digests() throws(StoreError) -> Set<String> {
        do {
            return try database.read { db in Set(try String.fetchAll(db, sql: "SELECT digest FROM paired_phone")) }
        } catch {
            throw StoreError.cannotRead(file, reason: StoreError.reason(error))
        }
    }

    /// Keeps a newly paired phone's digest, in one transaction.
    public func add(digest: String, at date: Date = Date()) throws(StoreError) {
        do {
            try SQLiteFile.transaction(database, file: file) { db in
                try db.execute(sql: "INSERT OR IGNORE INTO paired_phone (digest, paired_at) VALUES (?, ?)",
                               arguments: [digest, date.timeIntervalSince1970])
            }
        } catch let error as StoreError { throw error } catch {
            throw StoreError.cannotWrite(file, reason: StoreError.reason(error))
        }
    }

    /// Forgets every paired phone: each must pair again with a new code.
    public func forgetAll() throws(StoreError) {
        do {
            try SQLiteFile.transaction(database, file: file) { db in try db.execute(sql: "DELETE FROM paired_phone") }
        } catch let error as StoreError { throw error } catch {
            throw StoreError.cannotWrite(file, reason: StoreError.reason(error))
        }
    }
}
