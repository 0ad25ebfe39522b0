import BeaconCore
import Foundation

/// Pictures of codes and what each one holds, from a folder's manifest.csv (columns `file`, `expected_text` and
/// `gtin`; `symbology` optional), as ../shared/testdata/barcodes has them.
public struct BarcodeSet: Sendable {
    public struct Picture: Sendable {
        public let file: URL
        public let symbology: String
        public let expectedText: String
        /// The 13-digit product number, for EAN and UPC; nil for a QR code.
        public let gtin: String?

        /// Whether `code` is this picture's code: the same product number, or the same text.
        public func isExpected(_ code: Barcode) -> Bool {
            // The manifest writes an EAN-8's number as its 8 digits; a GTIN-13 pads it with zeros.
            if let gtin, let read = code.gtin { return read == String(repeating: "0", count: max(0, 13 - gtin.count)) + gtin }
            return code.text == expectedText
        }
    }

    public let folder: URL
    public let pictures: [Picture]

    public struct ManifestError: Error, Sendable {
        public let sentence: String
    }

    public init(folder: URL) throws {
        let manifest = folder.appendingPathComponent("manifest.csv")
        guard let text = try? String(contentsOf: manifest, encoding: .utf8) else {
            throw ManifestError(sentence: "No manifest.csv in \(folder.path): it lists each picture and its code.")
        }
        let rows = CSV.rows(text)
        guard let header = rows.first, let file = header.firstIndex(of: "file"),
              let expected = header.firstIndex(of: "expected_text") else {
            throw ManifestError(sentence: "\(manifest.path) needs the columns file and expected_text.")
        }
        let symbology = header.firstIndex(of: "symbology"), gtin = header.firstIndex(of: "gtin")
        func field(_ row: [String], _ column: Int?) -> String { column.flatMap { $0 < row.count ? row[$0] : nil } ?? "" }
        self.folder = folder
        pictures = rows.dropFirst().compactMap { row in
            guard row.count > max(file, expected), !row[file].isEmpty else { return nil }
            let number = field(row, gtin)
            return Picture(file: folder.appendingPathComponent(row[file]), symbology: field(row, symbology),
                           expectedText: row[expected], gtin: number.isEmpty ? nil : number)
        }
    }

    /// The pictures of one half of the folders' files (0 or 1) by a fixed hash of the name, so whatever is chosen
    /// on one half is measured on the other.
    public func half(_ index: Int) -> [Picture] {
        pictures.filter { picture in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            let name = picture.file.deletingLastPathComponent().lastPathComponent + "/" + picture.file.lastPathComponent
            for byte in name.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01b3
            }
            return Int(hash >> 63) == index
        }
    }
}

/// How a reader did on a set: pictures whose code it read, codes it read that are not there, pictures where it
/// read nothing.
public struct BarcodeScore: Sendable, Equatable {
    public private(set) var pictures = 0
    public private(set) var right = 0
    public private(set) var wrongCodes = 0
    public private(set) var unread = 0
    public private(set) var wrong: [String] = []

    public init() {}

    public mutating func add(_ picture: BarcodeSet.Picture, read codes: [Barcode]) {
        pictures += 1
        if codes.contains(where: picture.isExpected) { right += 1 } else if codes.isEmpty { unread += 1 }
        for code in codes where !picture.isExpected(code) {
            wrongCodes += 1
            let name = picture.file.deletingLastPathComponent().lastPathComponent + "/" + picture.file.lastPathComponent
            wrong.append("\(name): read \(code.text), is \(picture.expectedText)")
        }
    }

    /// Two scores as one.
    public func merged(with other: BarcodeScore) -> BarcodeScore {
        var sum = self
        sum.pictures += other.pictures
        sum.right += other.right
        sum.wrongCodes += other.wrongCodes
        sum.unread += other.unread
        sum.wrong += other.wrong
        return sum
    }
}
