import BeaconCore
import Foundation
import GRDB

/// An import that cannot be done as asked, told as one sentence. Nothing was changed.
public enum ProductImportError: UserFacingError, Equatable {
    case unreadable(URL, reason: String)
    case notAnExport(URL)
    case nothingKept(URL, country: String?)

    public var sentence: String {
        switch self {
        case let .unreadable(file, reason):
            "\(file.lastPathComponent) cannot be read: \(reason); nothing was imported."
        case let .notAnExport(file):
            "\(file.lastPathComponent) is not an Open Food Facts export (its first line has no code and product_name columns); nothing was imported."
        case let .nothingKept(file, country?):
            "No product in \(file.lastPathComponent) is sold in \(country); nothing was imported."
        case let .nothingKept(file, nil):
            "No product in \(file.lastPathComponent) has a usable barcode and a name; nothing was imported."
        }
    }
}

/// The person's product list, in `products.sqlite` in the data folder: what a barcode's number is, imported from an
/// Open Food Facts export. A file of its own, apart from `beacon.sqlite`: it can be millions of rows, another
/// import replaces rows, and losing it loses nothing the person made (it is set aside, like any unreadable file).
///
/// An import is one transaction: a kill or a bad line in the middle leaves the list as it was before, never half
/// replaced.
public struct ProductStore: Sendable {
    public static let fileName = "products.sqlite"

    public let file: URL
    /// The unreadable file this opening moved aside, if any.
    public let setAside: SetAsideFile?
    let database: DatabaseQueue

    /// Opens (or creates) `products.sqlite` in `folder`.
    public init(folder: URL, now: Date = Date()) throws(StoreError) {
        file = folder.appendingPathComponent(Self.fileName)
        let opened = try SQLiteFile.open(file, migrator: Self.migrator, now: now)
        database = opened.database
        setAside = opened.setAside
    }

    /// The product list in `folder` when one was ever imported, else nil (a lookup does not create the file).
    public static func existing(in folder: URL) throws(StoreError) -> ProductStore? {
        guard FileManager.default.fileExists(atPath: folder.appendingPathComponent(fileName).path) else { return nil }
        return try ProductStore(folder: folder)
    }

    /// The numbered migrations of `products.sqlite`, oldest first. Never edit one that has shipped: add the next.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-products") { db in
            try db.execute(sql: """
                CREATE TABLE product (
                    gtin TEXT PRIMARY KEY NOT NULL, name TEXT NOT NULL, brand TEXT NOT NULL, quantity TEXT NOT NULL,
                    allergens TEXT NOT NULL, import_id INTEGER NOT NULL) WITHOUT ROWID;
                CREATE TABLE product_import (
                    id INTEGER PRIMARY KEY, source TEXT NOT NULL, country TEXT, kept INTEGER NOT NULL,
                    left_out INTEGER NOT NULL, imported_at REAL NOT NULL, attribution TEXT NOT NULL);
                """)
        }
        return migrator
    }

    /// What one import did.
    public struct ImportSummary: Sendable, Equatable {
        public var source: String
        public var country: String?
        /// Products stored (a product already in the list is replaced by the newer line).
        public var kept: Int
        /// Lines left out: no product number a scan could match, no name, or another country.
        public var leftOut: Int
        public var importedAt: Date
        public var attribution: String
    }

    /// Imports an Open Food Facts export (tab-separated with a header line, gzip or not; comma-separated works
    /// too), keeping only products sold in `country` (an Open Food Facts tag, `OpenFoodFactsColumns.countryTag`)
    /// when one is given. All or nothing: on any failure nothing is changed.
    @discardableResult
    public func importOpenFoodFacts(_ export: URL, country: String? = nil, now: Date = Date()) throws -> ImportSummary {
        var summary = ImportSummary(source: export.lastPathComponent, country: country, kept: 0, leftOut: 0,
                                    importedAt: now, attribution: OpenFoodFactsColumns.attribution)
        try SQLiteFile.transaction(database, file: file) { db in
            try db.execute(sql: """
                INSERT INTO product_import (source, country, kept, left_out, imported_at, attribution)
                VALUES (?, ?, 0, 0, ?, ?)
                """, arguments: [summary.source, country, now.timeIntervalSince1970, summary.attribution])
            let importID = db.lastInsertedRowID
            let insert = try db.makeStatement(sql: """
                INSERT INTO product (gtin, name, brand, quantity, allergens, import_id) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (gtin) DO UPDATE SET name = excluded.name, brand = excluded.brand,
                    quantity = excluded.quantity, allergens = excluded.allergens, import_id = excluded.import_id
                """)
            var columns: OpenFoodFactsColumns?
            var separator: Character = "\t"
            do {
                try TextFileLines(file: export).forEach { line in
                    guard let known = columns else {
                        // The header says how fields are separated and where the columns are.
                        separator = line.contains("\t") ? "\t" : ","
                        columns = OpenFoodFactsColumns(header: OpenFoodFactsColumns.fields(line, separator: separator, limit: nil))
                        if columns == nil { throw ProductImportError.notAnExport(export) }
                        return
                    }
                    guard !line.isEmpty else { return }
                    switch known.product(OpenFoodFactsColumns.fields(line, separator: separator, limit: known.lastNeeded + 1), country: country) {
                    case let .kept(product):
                        try insert.execute(arguments: [product.gtin, product.name, product.brand, product.quantity,
                                                       product.allergens.joined(separator: ","), importID])
                        summary.kept += 1
                    case .leftOut:
                        summary.leftOut += 1
                    }
                }
            } catch let failure as TextFileLines.Failure {
                throw ProductImportError.unreadable(export, reason: failure.reason)
            }
            guard columns != nil else { throw ProductImportError.notAnExport(export) }
            guard summary.kept > 0 else { throw ProductImportError.nothingKept(export, country: country) }
            try db.execute(sql: "UPDATE product_import SET kept = ?, left_out = ? WHERE id = ?",
                           arguments: [summary.kept, summary.leftOut, importID])
        }
        return summary
    }

    /// The product with this 13-digit number, or nil.
    public func product(gtin: String) throws(StoreError) -> Product? {
        try read { db in
            try Row.fetchOne(db, sql: "SELECT gtin, name, brand, quantity, allergens FROM product WHERE gtin = ?",
                             arguments: [gtin]).map { row in
                let allergens: String = row["allergens"]
                return Product(gtin: row["gtin"], name: row["name"], brand: row["brand"], quantity: row["quantity"],
                               allergens: allergens.split(separator: ",").map(String.init))
            }
        }
    }

    /// How many products the list holds.
    public func count() throws(StoreError) -> Int {
        try read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM product") ?? 0 }
    }

    /// Every import, oldest first.
    public func imports() throws(StoreError) -> [ImportSummary] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT source, country, kept, left_out, imported_at, attribution FROM product_import ORDER BY id
                """).map { row in
                ImportSummary(source: row["source"], country: row["country"], kept: row["kept"], leftOut: row["left_out"],
                              importedAt: Date(timeIntervalSince1970: row["imported_at"]), attribution: row["attribution"])
            }
        }
    }

    private func read<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do { return try database.read(body) } catch { throw StoreError.cannotRead(file, reason: StoreError.reason(error)) }
    }
}
