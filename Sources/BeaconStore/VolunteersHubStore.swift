import Foundation
import GRDB

/// The volunteers' hub this person joined (`beacon volunteers join`), in `beacon.sqlite`: its address and the token the
/// invitation gave. The token is kept as it is, not as a digest: Beacon must show it to the hub on every call. One hub
/// at a time; joining another replaces it.
public struct VolunteersHubStore: Sendable {
    let database: DatabaseQueue
    let file: URL

    public struct Membership: Sendable, Equatable {
        public var url: String
        public var token: String
        public var name: String
        public var language: String

        public init(url: String, token: String, name: String, language: String) {
            self.url = url
            self.token = token
            self.name = name
            self.language = language
        }
    }

    public func membership() throws(StoreError) -> Membership? {
        do {
            return try database.read { db in
                try Row.fetchOne(db, sql: "SELECT url, token, name, language FROM helpers_hub WHERE id = 1").map {
                    Membership(url: $0["url"], token: $0["token"], name: $0["name"], language: $0["language"])
                }
            }
        } catch {
            throw StoreError.cannotRead(file, reason: StoreError.reason(error))
        }
    }

    public func save(_ membership: Membership, at date: Date = Date()) throws(StoreError) {
        do {
            try SQLiteFile.transaction(database, file: file) { db in
                try db.execute(sql: """
                    INSERT OR REPLACE INTO helpers_hub (id, url, token, name, language, joined_at) VALUES (1, ?, ?, ?, ?, ?)
                    """, arguments: [membership.url, membership.token, membership.name, membership.language,
                                     date.timeIntervalSince1970])
            }
        } catch let error as StoreError { throw error } catch {
            throw StoreError.cannotWrite(file, reason: StoreError.reason(error))
        }
    }

    public func forget() throws(StoreError) {
        do {
            try SQLiteFile.transaction(database, file: file) { db in try db.execute(sql: "DELETE FROM helpers_hub") }
        } catch let error as StoreError { throw error } catch {
            throw StoreError.cannotWrite(file, reason: StoreError.reason(error))
        }
    }
}
