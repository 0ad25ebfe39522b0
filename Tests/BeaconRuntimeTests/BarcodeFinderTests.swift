import BeaconBench
import BeaconCore
import BeaconMedia
import BeaconTestSupport
import BeaconVision
import Foundation
import Testing

/// Where the camera should aim before a code reads: real phone photos of codes (ZXing's) and real photos without one.
/// The finder's thresholds were chosen on the even-numbered photos of each set; these are the odd-numbered ones.
@Suite struct BarcodeFinderTests {
    @Test func barsAreFoundWhereZBarReadsThemAndNotInPhotosWithoutCodes() throws {
        let folder = TestData.barcodesFolder
        let manifestFile = folder.appendingPathComponent("manifest.csv")
        guard FileManager.default.fileExists(atPath: manifestFile.path) else {
            try #require(!TestData.required, "the barcode photos are missing: \(folder.path)")
            return
        }
        let finder = BarcodeFinder()
        let reader = ZBarReader()
        // The manifest's order, QR codes left out: the thresholds were chosen on the even places of this list.
        let oneDimensional = try BarcodeSet(folder: folder).pictures.filter { $0.symbology != "QR-Code" }
        var found = 0, onTheCode = 0, read = 0, tried = 0
        for (index, picture) in oneDimensional.enumerated() where index % 2 == 1 {
            tried += 1
            let frame = try ImageDecoder().decode(Data(contentsOf: picture.file), name: picture.file.lastPathComponent)
            let sighting = finder.find(in: frame)
            if sighting != nil { found += 1 }
            guard let area = reader.read(frame).compactMap(\.area).first else { continue }
            read += 1
            let code = NormalizedRect(x: area.minX / Double(frame.width), y: area.minY / Double(frame.height),
                                      width: max(0.01, (area.maxX - area.minX) / Double(frame.width)),
                                      height: max(0.01, (area.maxY - area.minY) / Double(frame.height)))
            if let sighting, sighting.box.intersectionArea(code) > 0 { onTheCode += 1 }
        }
        print("BarcodeFinder: bars found in \(found) of \(tried) photos with a one-dimensional code, over the code ZBar read in \(onTheCode) of \(read)")
        #expect(found * 10 >= tried * 9)
        #expect(onTheCode * 10 >= read * 9)

        var withoutCodes: [URL] = []
        let root = TestData.imagesFolder.deletingLastPathComponent()
        for sub in ["images", "cars", "pages"] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(sub).path)) ?? []
            withoutCodes += names.sorted().filter { [".jpg", ".png", ".tif"].contains(where: $0.hasSuffix) && !$0.hasPrefix("motorcycle_disp") }
                .map { root.appendingPathComponent(sub).appendingPathComponent($0) }
        }
        var falses: [String] = []
        var looked = 0
        for (index, file) in withoutCodes.enumerated() where index % 2 == 1 {
            guard let frame = try? ImageDecoder().decode(Data(contentsOf: file), name: file.lastPathComponent) else { continue }
            looked += 1
            if finder.find(in: frame) != nil { falses.append(file.lastPathComponent) }
        }
        print("BarcodeFinder: bars found in \(falses.count) of \(looked) photos without a code: \(falses)")
        #expect(looked >= 10)
        #expect(falses.count * 10 <= looked)
    }
}
