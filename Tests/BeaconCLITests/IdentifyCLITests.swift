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
        let result = try BeaconBinary.run(["identify", fake.path, misread.path])
        BeaconBinary.expectOneSentence(result, containing: "label.png")
        #expect(result.stdout == "38.png: Barcode 9 780201 752847.\n", "\(result.stdout)")
    }
}
