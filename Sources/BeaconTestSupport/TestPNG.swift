import Foundation

/// Writes PNG files in plain Swift (stored, uncompressed deflate blocks), independent of libpng, so tests can make
/// colour frames and 16-bit depth frames and check Beacon's decoder against a writer it does not share code with.
public enum TestPNG {
    /// PNG colour types used here.
    public enum Kind {
        case rgb8([UInt8])
        case gray8([UInt8])
        case gray16([UInt16])
    }

    public static func write(_ kind: Kind, width: Int, height: Int, to url: URL) throws {
        let (bitDepth, colourType, rowBytes): (UInt8, UInt8, Int) = switch kind {
        case .rgb8: (8, 2, width * 3)
        case .gray8: (8, 0, width)
        case .gray16: (16, 0, width * 2)
        }
        var raw = [UInt8]()
        raw.reserveCapacity((rowBytes + 1) * height)
        for y in 0..<height {
            raw.append(0) // filter: none
            switch kind {
            case .rgb8(let pixels): raw += pixels[(y * rowBytes)..<((y + 1) * rowBytes)]
            case .gray8(let pixels): raw += pixels[(y * width)..<((y + 1) * width)]
            case .gray16(let values):
                for value in values[(y * width)..<((y + 1) * width)] { raw += [UInt8(value >> 8), UInt8(value & 0xFF)] }
            }
        }
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        file += chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [bitDepth, colourType, 0, 0, 0])
        file += chunk("IDAT", zlibStored(raw))
        file += chunk("IEND", [])
        try Data(file).write(to: url)
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, data.count - offset)
            let last: UInt8 = offset + count == data.count ? 1 : 0
            out += [last, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += data[offset..<(offset + count)]
            offset += count
        } while offset < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + bigEndian((b << 16) | a)
    }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in bytes { c = crcTable[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}

/// A made RGB-D recording in the TUM layout: a wall at 3 m, a box at 1.2 m filling the lower two thirds of the left
/// third, another at 2 m in the lower two thirds of the right third, and no reading over the top half of the top
/// right ninth (a window). Colour frames are 160×120 and depth frames are taken 5 ms after their colour frames.
public struct SyntheticRGBDRecording {
    public static let width = 160, height = 120
    /// The zones a 3×3 grid must find: rows top to bottom, each left, centre, right.
    public static let expectedZones: [[Double]] = [[3.0, 3.0, 3.0], [1.2, 3.0, 2.0], [1.2, 3.0, 2.0]]
    public static let colourTimes = [1305031102.175304, 1305031102.211214, 1305031102.243211]

    public let folder: URL

    /// Writes the recording into `folder` with depth in `unitsPerMetre` (1000: millimetres); `note` goes in
    /// depth.txt's header.
    public init(in folder: URL, unitsPerMetre: Double = 1000, note: String? = nil, frames: Int = 3) throws {
        self.folder = folder
        let manager = FileManager.default
        try manager.createDirectory(at: folder.appendingPathComponent("rgb"), withIntermediateDirectories: true)
        try manager.createDirectory(at: folder.appendingPathComponent("depth"), withIntermediateDirectories: true)
        var rgbList = "# color images\n# timestamp filename\n"
        var depthList = "# depth maps\n" + (note.map { "# \($0)\n" } ?? "") + "# timestamp filename\n"
        for time in Self.colourTimes.prefix(frames) {
            let colourName = String(format: "rgb/%.6f.png", time)
            let depthName = String(format: "depth/%.6f.png", time + 0.005)
            try TestPNG.write(.rgb8(Self.colour()), width: Self.width, height: Self.height,
                              to: folder.appendingPathComponent(colourName))
            try TestPNG.write(.gray16(Self.depth(unitsPerMetre: unitsPerMetre)), width: Self.width, height: Self.height,
                              to: folder.appendingPathComponent(depthName))
            rgbList += String(format: "%.6f %@\n", time, colourName)
            depthList += String(format: "%.6f %@\n", time + 0.005, depthName)
        }
        try rgbList.write(to: folder.appendingPathComponent("rgb.txt"), atomically: true, encoding: .utf8)
        try depthList.write(to: folder.appendingPathComponent("depth.txt"), atomically: true, encoding: .utf8)
    }

    /// Metres at a pixel; 0 for no reading.
    public static func metres(x: Int, y: Int) -> Double {
        let column = x * 3 / width, row = y * 3 / height
        if row == 0, column == 2, y < height / 6 { return 0 }
        if row > 0, column == 0 { return 1.2 }
        if row > 0, column == 2 { return 2.0 }
        return 3.0
    }

    static func depth(unitsPerMetre: Double) -> [UInt16] {
        (0..<(width * height)).map { UInt16((metres(x: $0 % width, y: $0 / width) * unitsPerMetre).rounded()) }
    }

    static func colour() -> [UInt8] {
        (0..<(width * height)).flatMap { index -> [UInt8] in
            switch metres(x: index % width, y: index / width) {
            case 1.2: [200, 60, 40]
            case 2.0: [40, 80, 200]
            case 0: [250, 250, 250]
            default: [140, 140, 130]
            }
        }
    }
}
