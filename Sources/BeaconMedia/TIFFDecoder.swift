import BeaconCore
import CLeptonica

/// TIFF to RGB through Leptonica (which reads it with libtiff): page scanners and archives of scans write TIFF,
/// often bi-level with CCITT Group 4 compression, which neither libjpeg-turbo nor libpng reads. The first page of
/// a multi-page file is taken.
enum TIFFDecoder {
    static func decode(_ bytes: UnsafeRawBufferPointer, limits: ImageLimits) throws(MediaError) -> Frame {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), !bytes.isEmpty else {
            throw .damagedImage(limits.name)
        }
        // Leptonica (and libtiff through it) would print its own lines about a damaged file to standard error,
        // beside Beacon's one sentence; its messages are for developers, so they go nowhere (idempotent).
        leptSetStderrHandler { _ in }
        // The size is checked from the header before any pixels are allocated.
        var format: Int32 = 0, width: Int32 = 0, height: Int32 = 0, bits: Int32 = 0, samples: Int32 = 0, mapped: Int32 = 0
        guard pixReadHeaderMem(base, bytes.count, &format, &width, &height, &bits, &samples, &mapped) == 0 else {
            throw .damagedImage(limits.name)
        }
        try limits.check(width: Int(width), height: Int(height))
        var read = pixReadMem(base, bytes.count)
        defer { pixDestroy(&read) }
        guard read != nil else { throw .damagedImage(limits.name) }
        // Every depth and colour map as 32-bit RGBA words, red in the most significant byte.
        var converted = pixConvertTo32(read)
        defer { pixDestroy(&converted) }
        guard let colour = converted else { throw .damagedImage(limits.name) }
        let w = Int(pixGetWidth(colour)), h = Int(pixGetHeight(colour)), wordsPerRow = Int(pixGetWpl(colour))
        guard w == Int(width), h == Int(height), let data = pixGetData(colour) else { throw .damagedImage(limits.name) }
        let rgb = [UInt8](unsafeUninitializedCapacity: w * h * 3) { buffer, initialized in
            var target = 0
            for y in 0..<h {
                let row = data + y * wordsPerRow
                for x in 0..<w {
                    let word = row[x]
                    buffer[target] = UInt8(truncatingIfNeeded: word >> 24)
                    buffer[target + 1] = UInt8(truncatingIfNeeded: word >> 16)
                    buffer[target + 2] = UInt8(truncatingIfNeeded: word >> 8)
                    target += 3
                }
            }
            initialized = w * h * 3
        }
        return Frame(width: w, height: h, rgb: rgb)
    }
}
