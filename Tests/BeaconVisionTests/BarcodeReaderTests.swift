import BeaconBench
import BeaconCore
import BeaconMedia
import BeaconTestSupport
import BeaconVision
import Foundation
import Testing

/// ZBar through `ZBarReader` on ZXing's real phone photos of barcodes and QR codes (../shared/testdata/barcodes),
/// against zbarimg's own results on the same files (baseline.csv).
@Suite struct BarcodeReaderTests {
    static func set() throws -> BarcodeSet? {
        guard FileManager.default.fileExists(atPath: TestData.barcodesFolder.appendingPathComponent("manifest.csv").path) else {
            if TestData.required { Issue.record("\(TestData.barcodesFolder.path) is missing") }
            return nil
        }
        return try BarcodeSet(folder: TestData.barcodesFolder)
    }

    /// zbarimg's right reads at 0° (baseline.csv) among `pictures`.
    static func zbarimgRight(_ pictures: [BarcodeSet.Picture], in set: BarcodeSet) throws -> Int {
        let rows = CSV.rows(try String(contentsOf: set.folder.appendingPathComponent("baseline.csv"), encoding: .utf8))
        let header = try #require(rows.first)
        let file = try #require(header.firstIndex(of: "file")), verdict = try #require(header.firstIndex(of: "zbarimg_0"))
        let right = Set(rows.dropFirst().filter { $0.count > verdict && $0[verdict].hasPrefix("correct") }.map { $0[file] })
        return pictures.filter { right.contains($0.file.deletingLastPathComponent().lastPathComponent + "/" + $0.file.lastPathComponent) }.count
    }

    /// Each half of the photos: at least as many read right as zbarimg reads, and no wrong code said (zbarimg
    /// prints two wrong codes on these photos, one of them beside the right one).
    @Test func readsAsManyAsZbarimgAndNoWrongCode() throws {
        guard let set = try Self.set() else { return }
        let reader = ZBarReader()
        let decoder = ImageDecoder()
        for half in 0...1 {
            let pictures = set.half(half)
            var score = BarcodeScore()
            for picture in pictures { score.add(picture, read: reader.readStill(try decoder.decode(contentsOf: picture.file))) }
            let zbarimg = try Self.zbarimgRight(pictures, in: set)
            print("barcodes, half \(half): \(score.right)/\(score.pictures) right, \(score.wrongCodes) wrong; zbarimg \(zbarimg)")
            #expect(score.right >= zbarimg, "half \(half)")
            #expect(score.wrong.isEmpty, "\(score.wrong)")
        }
    }

    /// A photo with no code in it reads as nothing.
    @Test func aPhotoWithoutACodeReadsNothing() throws {
        guard let photo = TestData.image("zidane.jpg") else {
            if TestData.required { Issue.record("zidane.jpg is missing") }
            return
        }
        #expect(ZBarReader().readStill(try ImageDecoder().decode(contentsOf: photo)).isEmpty)
    }
}
