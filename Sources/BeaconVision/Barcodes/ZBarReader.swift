import BeaconCore
import CZBar
import Foundation

/// Barcodes and QR codes in a picture, read by ZBar (EAN-13/8, UPC-A/E, Code 128, QR). One read is one look: a
/// still is looked at several ways (`looks(at:)`) and a code is believed once two looks agree (`BarcodeVote`).
///
/// ZBar's scanner keeps state between images, so one reader scans one picture at a time (a lock).
public final class ZBarReader: @unchecked Sendable {
    private let scanner: OpaquePointer
    private let lock = NSLock()

    static let symbologies: [(zbar_symbol_type_t, Barcode.Symbology)] = [
        (ZBAR_EAN13, .ean13), (ZBAR_EAN8, .ean8), (ZBAR_UPCA, .upcA), (ZBAR_UPCE, .upcE), (ZBAR_CODE128, .code128),
        (ZBAR_QRCODE, .qr),
    ]

    public init() {
        scanner = zbar_image_scanner_create()
        // Only the codes Beacon can say something about; the others (ISBN-10 from a book's EAN, Codabar …) only add
        // chances of a wrong read.
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_ENABLE, 0)
        for (symbology, _) in Self.symbologies { zbar_image_scanner_set_config(scanner, symbology, ZBAR_CFG_ENABLE, 1) }
    }

    deinit { zbar_image_scanner_destroy(scanner) }

    /// One code as ZBar read it in one picture.
    public struct Read: Sendable {
        public let code: Barcode
        /// How many of ZBar's scan lines read it.
        public let quality: Int
        /// Where the scan lines read it, in the picture's pixels (nil when ZBar gave no points).
        public let area: Area?
    }

    /// A rectangle in pixels.
    public struct Area: Sendable, Equatable {
        public var minX, minY, maxX, maxY: Double

        func overlaps(_ other: Area) -> Bool {
            minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY
        }

        func union(_ other: Area) -> Area {
            Area(minX: min(minX, other.minX), minY: min(minY, other.minY), maxX: max(maxX, other.maxX),
                 maxY: max(maxY, other.maxY))
        }
    }

    /// The codes ZBar reads in an 8-bit grey picture (`width * height` bytes, rows top to bottom).
    public func read(grey: [UInt8], width: Int, height: Int) -> [Read] {
        guard width > 0, height > 0, grey.count == width * height else { return [] }
        return lock.withLock {
            guard let image = zbar_image_create() else { return [] }
            defer { zbar_image_destroy(image) }
            zbar_image_set_format(image, 0x3030_3859) // "Y800": 8-bit grey
            zbar_image_set_size(image, UInt32(width), UInt32(height))
            return grey.withUnsafeBufferPointer { bytes -> [Read] in
                zbar_image_set_data(image, bytes.baseAddress, UInt(bytes.count), nil)
                guard zbar_scan_image(scanner, image) > 0 else { return [] }
                var reads: [Read] = []
                var symbol = zbar_image_first_symbol(image)
                while let current = symbol {
                    let type = zbar_symbol_get_type(current)
                    if let symbology = Self.symbologies.first(where: { $0.0 == type })?.1,
                       let data = zbar_symbol_get_data(current) {
                        let text = String(decoding: Data(bytes: data, count: Int(zbar_symbol_get_data_length(current))),
                                          as: UTF8.self)
                        var area: Area?
                        for point in 0..<zbar_symbol_get_loc_size(current) {
                            let x = Double(zbar_symbol_get_loc_x(current, point))
                            let y = Double(zbar_symbol_get_loc_y(current, point))
                            let here = Area(minX: x, minY: y, maxX: x, maxY: y)
                            area = area?.union(here) ?? here
                        }
                        reads.append(Read(code: Barcode(symbology: symbology, text: text),
                                          quality: Int(zbar_symbol_get_quality(current)), area: area))
                    }
                    symbol = zbar_symbol_next(current)
                }
                return reads
            }
        }
    }

    /// The codes two or more looks at a still picture agree on: as it is, turned half round, at three quarters of
    /// its size, and with its contrast stretched. Each look puts ZBar's scan lines across the bars in other
    /// places, so a misread of one look is rarely repeated by another.
    ///
    /// Two product numbers agreed on where one barcode is are two readings of it, and only one can be right: the
    /// one more scan lines read is kept (as ZBar itself weighs its scan lines), and when as many read each, neither.
    ///
    /// A product number only one look read is believed when `isKnown` says it is in the person's product list: a
    /// misread that passes the check digit and also lands on a product they keep is far less likely than a poor
    /// photo of a product they have.
    /// One look at the whole picture: what a moving camera's frame gets, as the next frames are the other looks.
    public func read(_ frame: Frame) -> [Read] {
        read(grey: Self.grey(frame), width: frame.width, height: frame.height)
    }

    public func readStill(_ frame: Frame, isKnown: (Barcode) -> Bool = { _ in false }) -> [Barcode] {
        var vote = BarcodeVote()
        var quality: [String: Int] = [:]
        var areas: [String: Area] = [:]
        for look in Self.looks(at: frame) {
            let reads = read(grey: look.grey, width: look.width, height: look.height)
            vote.add(reads.map(\.code))
            for read in reads {
                quality[read.code.identity, default: 0] += read.quality
                if let area = read.area.map(look.toPicture) {
                    areas[read.code.identity] = areas[read.code.identity]?.union(area) ?? area
                }
            }
        }
        let agreed = vote.agreed + vote.unconfirmed.filter { $0.symbology.isProductCode && isKnown($0) }
        return agreed.filter { code in
            guard code.symbology.isProductCode, let area = areas[code.identity] else { return true }
            let mine = quality[code.identity, default: 0]
            return !agreed.contains { other in
                guard other.identity != code.identity, other.symbology.isProductCode,
                      let theirs = areas[other.identity], theirs.overlaps(area) else { return false }
                return quality[other.identity, default: 0] >= mine
            }
        }
    }

    /// One way of looking at a picture, in grey.
    public struct Look: Sendable {
        public let grey: [UInt8]
        public let width: Int
        public let height: Int
        /// How the look was made from the picture: its scale, and whether it was turned half round.
        var scale = 1.0
        var turned = false

        /// A point of the look's, where it is in the picture.
        func toPicture(_ area: Area) -> Area {
            var area = Area(minX: area.minX / scale, minY: area.minY / scale, maxX: area.maxX / scale,
                            maxY: area.maxY / scale)
            if turned {
                let width = Double(self.width - 1), height = Double(self.height - 1)
                area = Area(minX: width - area.maxX, minY: height - area.maxY, maxX: width - area.minX,
                            maxY: height - area.minY)
            }
            return area
        }
    }

    static func looks(at frame: Frame) -> [Look] {
        let grey = Self.grey(frame)
        let whole = Look(grey: grey, width: frame.width, height: frame.height)
        return [whole, Look(grey: grey.reversed(), width: frame.width, height: frame.height, turned: true),
                scaled(whole, by: 0.75), stretched(whole)]
    }

    /// Rec. 601 luma.
    static func grey(_ frame: Frame) -> [UInt8] {
        var grey = [UInt8](repeating: 0, count: frame.width * frame.height)
        frame.rgb.withUnsafeBufferPointer { rgb in
            for index in grey.indices {
                let red = Int(rgb[3 * index]), green = Int(rgb[3 * index + 1]), blue = Int(rgb[3 * index + 2])
                grey[index] = UInt8(truncatingIfNeeded: (77 * red + 150 * green + 29 * blue) >> 8)
            }
        }
        return grey
    }

    /// Bilinear resampling to `factor` of the size.
    static func scaled(_ look: Look, by factor: Double) -> Look {
        let width = max(1, Int(Double(look.width) * factor)), height = max(1, Int(Double(look.height) * factor))
        var out = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            let sourceY = min(Double(look.height - 1), (Double(y) + 0.5) / factor - 0.5)
            let y0 = max(0, Int(sourceY)), y1 = min(look.height - 1, y0 + 1), fy = max(0, sourceY - Double(y0))
            for x in 0..<width {
                let sourceX = min(Double(look.width - 1), (Double(x) + 0.5) / factor - 0.5)
                let x0 = max(0, Int(sourceX)), x1 = min(look.width - 1, x0 + 1), fx = max(0, sourceX - Double(x0))
                func at(_ px: Int, _ py: Int) -> Double { Double(look.grey[py * look.width + px]) }
                let top = at(x0, y0) * (1 - fx) + at(x1, y0) * fx, bottom = at(x0, y1) * (1 - fx) + at(x1, y1) * fx
                out[y * width + x] = UInt8((top * (1 - fy) + bottom * fy).rounded())
            }
        }
        return Look(grey: out, width: width, height: height, scale: factor)
    }

    /// The darkest 1 % made black and the brightest 1 % white, the rest spread between: a dim or washed-out
    /// photo's bars get their full range.
    static func stretched(_ look: Look) -> Look {
        var histogram = [Int](repeating: 0, count: 256)
        for value in look.grey { histogram[Int(value)] += 1 }
        let tail = look.grey.count / 100
        var low = 0, high = 255, seen = 0
        while low < 255, seen + histogram[low] <= tail { seen += histogram[low]; low += 1 }
        seen = 0
        while high > 0, seen + histogram[high] <= tail { seen += histogram[high]; high -= 1 }
        guard high > low else { return look }
        let span = Double(high - low)
        let table = (0...255).map { UInt8(max(0, min(255, (Double($0 - low) / span * 255).rounded()))) }
        return Look(grey: look.grey.map { table[Int($0)] }, width: look.width, height: look.height)
    }
}
