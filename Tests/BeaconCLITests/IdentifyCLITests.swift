import BeaconTestSupport
import Foundation
import Testing

/// `beacon identify` as a user types it, on ZXing's real phone photos of codes.
@Suite struct IdentifyCLITests {
    static func photo(_ path: String) -> URL? {
        let url = TestData.barcodesFolder.appendingPathComponent(path)
        guard FileManager.default.fileExists(atPath: url.path) else {
            if TestData.required { Issue.record("\(url.path) is missing") }
            return nil
        }
        return url
    }

    /// One JSON object a picture: the EAN-13, the UPC-E with its 13-digit product number, the QR code's text,
    /// and null for a photo with no code.
    @Test func printsEachPicturesCodeAsJSON() throws {
        guard let ean = Self.photo("ean13-1/1.png"), let upce = Self.photo("upce-2/01.png"),
              let qr = Self.photo("qrcode-3/10.png"), let none = TestData.image("zidane.jpg") else { return }
        let result = try BeaconBinary.run(["identify", "--json", ean.path, upce.path, qr.path, none.path])
        #expect(result.status == 0, "\(result.stderr)")
        let objects = result.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(objects.count == 4, "\(result.stdout)")
        guard objects.count == 4 else { return }
        let codes = objects.map { $0["barcode"] as? [String: Any] }
        #expect(codes[0]?["gtin"] as? String == "8413000065504")
        #expect(codes[1]?["symbology"] as? String == "UPC-E" && codes[1]?["gtin"] as? String == "0050968000093")
        #expect(codes[2]?["symbology"] as? String == "QR" && codes[2]?["text"] as? String == "MECARD:N:Google 411,;TEL:18665881077;;")
        #expect(objects[3]["barcode"] is NSNull, "no code is null: \(objects[3])")
        #expect(objects[0]["image"] as? String == ean.path)
    }

    /// A photo ZBar misreads once (zbarimg prints 4182208752847) is said right, grouped as printed; a file that is
    /// no picture is one sentence, and the others are still read.
    @Test func saysTheCodeAndABadFileIsOneSentence() throws {
        guard let misread = Self.photo("ean13-1/38.png") else { return }
        let folder = try TestData.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fake = folder.appendingPathComponent("label.png")
        try Data("not a picture".utf8).write(to: fake)
        let result = try BeaconBinary.run(["identify", fake.path, misread.path, "--data-dir", folder.path])
        BeaconBinary.expectOneSentence(result, containing: "label.png")
        #expect(result.stdout.hasPrefix("38.png: Barcode 9 780201 752847; not in your product list. "), "\(result.stdout)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("products.sqlite").path),
                "identifying made a product list")
    }

    /// An Open Food Facts export (tab-separated, gzip, more columns than Beacon keeps) imported for one country:
    /// the product of the photographed code is then named, the licence is said, and a product sold elsewhere or
    /// with no product number a scan can match is left out.
    @Test func anImportedProductIsNamedWhenItsCodeIsPhotographed() throws {
        guard let photo = Self.photo("ean13-1/1.png") else { return }
        let folder = try TestData.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let export = folder.appendingPathComponent("products.csv")
        let lines = [
            "code\turl\tproduct_name\tbrands\tquantity\tcountries_tags\tallergens\tenergy_100g",
            "8413000065504\thttps://example.org\tAceitunas rellenas\tLa Española,Acesur\t350 g\ten:spain,en:france\ten:fish\t800",
            "5449000039231\t\tCola\tSomething\t330 ml\ten:germany\t\t180",
            "12345\t\tLoose apples\tShop\t\ten:spain\t\t50",
        ]
        try (lines.joined(separator: "\n") + "\n").write(to: export, atomically: true, encoding: .utf8)
        _ = try TestData.run("/bin/gzip", ["-f", export.path])
        let imported = try BeaconBinary.run(["products", "import", export.path + ".gz", "--country", "es", "--data-dir", folder.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.hasPrefix("1 product sold in Spain kept, 2 left out; 1 in your list."), "\(imported.stdout)")
        #expect(imported.stdout.contains("Open Database License"), "\(imported.stdout)")

        let identified = try BeaconBinary.run(["identify", photo.path, "--data-dir", folder.path])
        #expect(identified.status == 0, "\(identified.stderr)")
        #expect(identified.stdout.hasPrefix("1.png: La Española Aceitunas rellenas, 350 g. "), "\(identified.stdout)")
        let json = try BeaconBinary.run(["identify", "--json", photo.path, "--data-dir", folder.path])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let product = try #require(object["product"] as? [String: Any], "\(json.stdout)")
        #expect(product["allergens"] as? [String] == ["fish"])
        #expect(object["light"] is [String: Any] && object["colour"] is [String: Any], "\(json.stdout)")

        let listed = try BeaconBinary.run(["products", "--data-dir", folder.path])
        #expect(listed.stdout.hasPrefix("1 product in your list.\nproducts.csv.gz (Spain): 1 kept, imported "), "\(listed.stdout)")
        #expect(listed.stdout.contains("Open Food Facts"), "\(listed.stdout)")
    }

    /// A file that is not an export, and an export cut short, are one sentence each and change nothing.
    @Test func aBadExportIsOneSentenceAndChangesNothing() throws {
        let folder = try TestData.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = folder.appendingPathComponent("good.tsv")
        try "code\tproduct_name\tbrands\n8413000065504\tAceitunas\tLa Española\n".write(to: good, atomically: true, encoding: .utf8)
        #expect(try BeaconBinary.run(["products", "import", good.path, "--data-dir", folder.path]).status == 0)

        let notExport = folder.appendingPathComponent("notes.txt")
        try "shopping\nmilk\n".write(to: notExport, atomically: true, encoding: .utf8)
        BeaconBinary.expectOneSentence(try BeaconBinary.run(["products", "import", notExport.path, "--data-dir", folder.path]),
                                       containing: "not an Open Food Facts export")

        // A gzip file cut in half: the lines before the cut are not kept either.
        let big = folder.appendingPathComponent("big.tsv")
        var text = "code\tproduct_name\n"
        for index in 0..<20000 { text += "\(String(format: "%012d", index))\tThing \(index)\n" }
        try text.write(to: big, atomically: true, encoding: .utf8)
        _ = try TestData.run("/bin/gzip", ["-f", big.path])
        let whole = try Data(contentsOf: URL(fileURLWithPath: big.path + ".gz"))
        let cut = folder.appendingPathComponent("cut.tsv.gz")
        try whole.prefix(whole.count / 2).write(to: cut)
        BeaconBinary.expectOneSentence(try BeaconBinary.run(["products", "import", cut.path, "--data-dir", folder.path]),
                                       containing: "nothing was imported")
        let listed = try BeaconBinary.run(["products", "--data-dir", folder.path])
        #expect(listed.stdout.hasPrefix("1 product in your list."), "\(listed.stdout)")
    }
}
