import BeaconCore
import Foundation
import GRDB

/// A taught object that cannot be stored as given, told as one sentence.
public enum TaughtObjectError: UserFacingError, Equatable {
    case noName
    case noViews(name: String)
    case unusableView(name: String)

    public var sentence: String {
        switch self {
        case .noName:
            "A taught object needs a name; nothing was taught."
        case let .noViews(name):
            "No views of \(name) were given; nothing was taught."
        case let .unusableView(name):
            "A view of \(name) is not a usable embedding (empty, not finite, or of another length than the others); nothing was taught."
        }
    }
}

/// The objects this person taught Beacon ("teach my keys"), in `beacon.sqlite`: each view is a name and an image
/// embedding, never a picture. A row is one view (`taught_views`: id, name, name_key, embedding, created_at,
/// surrounding) or, with `surrounding` set, one piece of a teaching picture around the thing (`TaughtLesson`); the
/// embedding is Float32 little-endian. The table is made by `SettingsStore.migrator` ("v5-taught-objects",
/// "v6-taught-surroundings").
///
/// Names compare trimmed, with runs of spaces as one, and ignoring case ("My Keys" is "my  keys "): `name_key` holds
/// that folded form, and every view of one object keeps the spelling it was first taught with.
///
/// Forgetting removes the bytes, not just the rows. Every connection to the file runs with `secure_delete` on
/// (`SQLiteFile.configuration`), so SQLite zeroes a deleted row's cell and the overflow pages an embedding spans
/// (5,120 bytes is more than a 4,096-byte page) as it frees them; that costs nothing at this size and, unlike VACUUM,
/// neither rewrites the whole file nor needs room for a second copy of it. In WAL mode, though, those zeroed pages
/// first land in beacon.sqlite-wal, while the main file (and older WAL frames) still hold the embedding, so `forget`
/// then checkpoints with TRUNCATE: the zeroed pages are copied over the old ones in beacon.sqlite and the WAL is
/// emptied.
public struct TaughtObjectStore: Sendable {
    let database: DatabaseQueue
    let file: URL

    /// A name as it is shown: trimmed, each run of white space one space.
    public static func displayName(_ name: String) -> String {
        name.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The form names are compared in.
    public static func key(_ name: String) -> String { displayName(name).lowercased() }

    /// Adds views of an object and their surroundings, in one transaction, and returns the name they are kept
    /// under: the spelling the object was first taught with, or `name` tidied when it is new. Invalid input throws
    /// `TaughtObjectError` and stores nothing; a failed write throws `StoreError`.
    @discardableResult
    public func add(name: String, embeddings: [[Float]], surroundings: [[Float]] = [], at date: Date = Date()) throws -> String {
        let shown = Self.displayName(name)
        guard !shown.isEmpty else { throw TaughtObjectError.noName }
        guard let length = embeddings.first?.count else { throw TaughtObjectError.noViews(name: shown) }
        guard length > 0, (embeddings + surroundings).allSatisfy({ $0.count == length && $0.allSatisfy(\.isFinite) }) else {
            throw TaughtObjectError.unusableView(name: shown)
        }
        let key = Self.key(shown)
        return try SQLiteFile.transaction(database, file: file) { db in
            let kept = try String.fetchOne(db, sql: "SELECT name FROM taught_views WHERE name_key = ? ORDER BY id LIMIT 1",
                                           arguments: [key]) ?? shown
            let rows = embeddings.map { ($0, false) } + surroundings.map { ($0, true) }
            for (embedding, surrounding) in rows {
                try db.execute(sql: """
                    INSERT INTO taught_views (name, name_key, embedding, created_at, surrounding) VALUES (?, ?, ?, ?, ?)
                    """, arguments: [kept, key, Self.encode(embedding), date.timeIntervalSince1970, surrounding])
            }
            return kept
        }
    }

    /// Adds what a teaching kept (`add(name:embeddings:surroundings:at:)`).
    @discardableResult
    public func add(name: String, lesson: TaughtLesson, at date: Date = Date()) throws -> String {
        try add(name: name, embeddings: lesson.views, surroundings: lesson.surroundings, at: date)
    }

    /// Every view, in the order they were taught. A row whose blob is not whole floats (edited by hand) is left out.
    public func all() throws(StoreError) -> [(name: String, embedding: [Float])] {
        try rows(surrounding: false)
    }

    /// Every view's surroundings, in the order they were taught (left out like `all()`'s rows).
    public func surroundings() throws(StoreError) -> [(name: String, embedding: [Float])] {
        try rows(surrounding: true)
    }

    /// Everything taught, ready to name what pictures show.
    public func taughtObjects(configuration: TaughtObjects.Configuration = .init()) throws(StoreError) -> TaughtObjects {
        TaughtObjects(views: try all(), surroundings: try surroundings(), configuration: configuration)
    }

    /// The taught objects and how many views each has, in the order they were first taught.
    public func names() throws(StoreError) -> [(name: String, views: Int)] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT MIN(name) AS name, COUNT(*) AS views FROM taught_views WHERE NOT surrounding
                GROUP BY name_key ORDER BY MIN(id)
                """).map { (name: $0["name"], views: $0["views"]) }
        }
    }

    private func rows(surrounding: Bool) throws(StoreError) -> [(name: String, embedding: [Float])] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT name, embedding FROM taught_views WHERE surrounding = ? ORDER BY id",
                             arguments: [surrounding]).compactMap { row in
                let name: String = row["name"]
                return Self.decode(row["embedding"]).map { (name: name, embedding: $0) }
            }
        }
    }

    /// Forgets an object: removes its views and their surroundings and wipes their bytes from the file (see the
    /// type's comment). Returns how many views were removed, 0 when no object has that name.
    @discardableResult
    public func forget(name: String) throws(StoreError) -> Int {
        let key = Self.key(name)
        let removed: Int
        do {
            removed = try SQLiteFile.transaction(database, file: file) { db in
                let views = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM taught_views WHERE name_key = ? AND NOT surrounding",
                                             arguments: [key]) ?? 0
                try db.execute(sql: "DELETE FROM taught_views WHERE name_key = ?", arguments: [key])
                return views
            }
        } catch let error as StoreError { throw error } catch {
            throw StoreError.cannotWrite(file, reason: StoreError.reason(error))
        }
        if removed > 0 { wipeLog() }
        return removed
    }

    /// Copies the log's pages (the zeroed ones included) into beacon.sqlite and empties the log. Another Beacon
    /// reading at this moment can make it give up after the busy timeout; the rows are gone either way, and the next
    /// checkpoint (SQLite makes one as the log grows, and when the last connection closes) overwrites the old pages.
    private func wipeLog() {
        _ = try? database.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
    }

    // MARK: - Embeddings as bytes

    static func encode(_ embedding: [Float]) -> Data {
        var data = Data(capacity: embedding.count * 4)
        for value in embedding {
            withUnsafeBytes(of: value.bitPattern.littleEndian) { data.append(contentsOf: $0) }
        }
        return data
    }

    static func decode(_ data: Data?) -> [Float]? {
        guard let data, !data.isEmpty, data.count % 4 == 0 else { return nil }
        let bytes = [UInt8](data)
        return stride(from: 0, to: bytes.count, by: 4).map { offset in
            let bits = UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
                | UInt32(bytes[offset + 3]) << 24
            return Float(bitPattern: bits)
        }
    }

    private func read<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do { return try database.read(body) } catch { throw StoreError.cannotRead(file, reason: StoreError.reason(error)) }
    }
}
