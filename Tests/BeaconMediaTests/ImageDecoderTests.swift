import BeaconCore
import BeaconMedia
import BeaconTestSupport
import Foundation
import Testing

@Suite("Decoding JPEG, PNG and TIFF pictures")
struct ImageDecoderTests {
    static let sharedPhotos: [(name: String, width: Int, height: Int)] = [
        ("astronaut.png", 512, 512), ("bus.jpg", 810, 1080), ("chelsea.png", 451, 300),
        ("coffee.png", 600, 400), ("motorcycle_left.png", 741, 500), ("motorcycle_right.png", 741, 500),
        ("page.png", 384, 191), ("rocket.jpg", 640, 427), ("text.png", 448, 172), ("zidane.jpg", 1280, 720),
    ]

    @Test("Every shared photo decodes at its real size", arguments: sharedPhotos)
    func decodesSharedPhoto(photo: (name: String, width: Int, height: Int)) throws {
        guard let url = Fixtures.photo(photo.name) else { return }
        let frame = try ImageDecoder().decode(contentsOf: url)
        #expect(frame.width == photo.width)
        #expect(frame.height == photo.height)
        #expect(frame.rgb.count == photo.width * photo.height * 3)
        #expect(frame.index == 0 && frame.timestamp == 0)
    }

    /// The real scan in ../shared/testdata/pages: bi-level, CCITT Group 4, big-endian TIFF, as archives of
    /// scanned pages hold them.
    static var scannedPage: URL? {
        let url = TestData.pagesFolder.appendingPathComponent("8071_093.3B.tif")
        if FileManager.default.fileExists(atPath: url.path) { return url }
        Fixtures.skip("the scanned page \(url.path) is missing")
        return nil
    }

    @Test("A bi-level G4 TIFF scan decodes at its size to the pixels ffmpeg decodes")
    func tiffScanMatchesFFmpeg() throws {
        guard let url = Self.scannedPage else { return }
        let frame = try ImageDecoder().decode(contentsOf: url)
        #expect(frame.width == 3312 && frame.height == 2550)
        // Bi-level: nothing but black and white, and a page is mostly white.
        #expect(frame.rgb.allSatisfy { $0 == 0 || $0 == 255 })
        #expect(frame.rgb.lazy.filter { $0 == 255 }.count > frame.rgb.count / 2)
        guard Fixtures.hasFFmpeg else { return }
        #expect(frame.rgb == (try Fixtures.ffmpegRGB(of: url)))
    }

    @Test("PNG pixels are byte-for-byte what ffmpeg decodes",
          arguments: ["coffee.png", "astronaut.png", "chelsea.png", "motorcycle_left.png", "page.png", "text.png"])
    func pngMatchesFFmpeg(name: String) throws {
        guard let url = Fixtures.photo(name), Fixtures.hasFFmpeg else { return }
        let frame = try ImageDecoder().decode(contentsOf: url)
        let reference = try Fixtures.ffmpegRGB(of: url)
        #expect(frame.rgb == reference)
    }

    @Test("JPEG pixels are within rounding of ffmpeg's decode", arguments: ["bus.jpg", "rocket.jpg", "zidane.jpg"])
    func jpegCloseToFFmpeg(name: String) throws {
        guard let url = Fixtures.photo(name), Fixtures.hasFFmpeg else { return }
        let frame = try ImageDecoder().decode(contentsOf: url)
        let reference = try Fixtures.ffmpegRGB(of: url)
        try #require(reference.count == frame.rgb.count)
        let difference = Fixtures.meanAbsoluteDifference(frame.rgb, reference)
        #expect(difference < 1.5, "mean absolute difference \(difference)")
    }

    @Test("Grayscale PNGs come out as RGB with equal channels", arguments: ["page.png", "text.png"])
    func grayscaleExpandsToRGB(name: String) throws {
        guard let url = Fixtures.photo(name) else { return }
        let frame = try ImageDecoder().decode(contentsOf: url)
        var equal = true
        var distinctLevels = Set<UInt8>()
        for pixel in stride(from: 0, to: frame.rgb.count, by: 3) {
            let red = frame.rgb[pixel]
            equal = equal && red == frame.rgb[pixel + 1] && red == frame.rgb[pixel + 2]
            distinctLevels.insert(red)
        }
        #expect(equal)
        #expect(distinctLevels.count > 16, "a real scan has many gray levels")
    }

    @Test("The format comes from the bytes, not the file name")
    func formatBySignature() throws {
        guard let png = Fixtures.photo("coffee.png"), let jpeg = Fixtures.photo("bus.jpg") else { return }
        let scratch = try ScratchFolder()
        let pngNamedJPEG = scratch.file("really-a-png.jpg"), jpegNamedPNG = scratch.file("really-a-jpeg.png")
        try FileManager.default.copyItem(at: png, to: pngNamedJPEG)
        try FileManager.default.copyItem(at: jpeg, to: jpegNamedPNG)
        let decoder = ImageDecoder()
        #expect(try decoder.decode(contentsOf: pngNamedJPEG).rgb == decoder.decode(contentsOf: png).rgb)
        #expect(try decoder.decode(contentsOf: jpegNamedPNG).rgb == decoder.decode(contentsOf: jpeg).rgb)
    }

    @Test("Decoding from memory gives the same pixels as from the file")
    func decodesFromMemory() throws {
        guard let url = Fixtures.photo("chelsea.png") else { return }
        let decoder = ImageDecoder()
        let fromMemory = try decoder.decode(Data(contentsOf: url), name: "chelsea.png")
        #expect(fromMemory.rgb == (try decoder.decode(contentsOf: url)).rgb)
    }

    @Test("Palette and 16-bit PNGs are expanded to 8-bit RGB")
    func paletteAndDeepPNGs() throws {
        guard let url = Fixtures.photo("coffee.png"), Fixtures.hasFFmpeg else { return }
        let scratch = try ScratchFolder()
        let palette = scratch.file("palette.png"), deep = scratch.file("deep.png")
        try Fixtures.ffmpeg(["-i", url.path, "-pix_fmt", "pal8", palette.path])
        try Fixtures.ffmpeg(["-i", url.path, "-pix_fmt", "rgb48be", deep.path])
        let decoder = ImageDecoder()
        #expect(try decoder.decode(contentsOf: palette).rgb == Fixtures.ffmpegRGB(of: palette))
        // rgb48 made from 8-bit data holds v * 257. libpng brings it back through its gamma tables, which may
        // round one step down, but must not treat it as linear light (that would brighten mid-tones by up to 70).
        let fromDeep = try decoder.decode(contentsOf: deep).rgb, fromEight = try decoder.decode(contentsOf: url).rgb
        try #require(fromDeep.count == fromEight.count)
        #expect(zip(fromDeep, fromEight).allSatisfy { abs(Int($0) - Int($1)) <= 1 })
    }

    @Test("Transparent PNG pixels are laid on white")
    func transparencyOnWhite() throws {
        guard Fixtures.hasFFmpeg else { return }
        let scratch = try ScratchFolder()
        let clear = scratch.file("clear.png")
        try Fixtures.ffmpeg(["-f", "lavfi", "-i", "color=c=black@0.0:s=16x8,format=rgba", "-frames:v", "1",
                             "-pix_fmt", "rgba", clear.path])
        let frame = try ImageDecoder().decode(contentsOf: clear)
        #expect(frame.width == 16 && frame.height == 8)
        #expect(frame.rgb.allSatisfy { $0 == 255 })
    }
}
