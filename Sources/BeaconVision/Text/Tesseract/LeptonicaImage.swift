import BeaconCore
import CTesseract

/// A Leptonica picture (`Pix`) owned by Swift: destroyed when the last reference goes.
/// Not thread-safe; used only inside the recogniser's lock.
final class LeptonicaImage {
    let pix: UnsafeMutablePointer<PIX>

    private init(taking pix: UnsafeMutablePointer<PIX>) { self.pix = pix }

    deinit {
        var owned: UnsafeMutablePointer<PIX>? = pix
        pixDestroy(&owned)
    }

    /// The frame as 8-bit grey (Rec. 601 luma), the form Tesseract binarises anyway; nil for an empty frame.
    ///
    /// Leptonica stores pixels in 32-bit words with the first pixel in the most significant byte, so on a
    /// little-endian machine the byte for pixel x of a row sits at byte offset `x ^ 3` (Leptonica's own
    /// SET_DATA_BYTE); rows are `wpl` words apart.
    static func grey(from frame: Frame) -> LeptonicaImage? {
        guard frame.width > 0, frame.height > 0,
              let pix = pixCreate(Int32(frame.width), Int32(frame.height), 8) else { return nil }
        let image = LeptonicaImage(taking: pix)
        let rowBytes = Int(pixGetWpl(pix)) * 4
        let target = UnsafeMutableRawPointer(pixGetData(pix)!).assumingMemoryBound(to: UInt8.self)
        let swizzle = UInt32(littleEndian: 1) == 1 ? 3 : 0
        frame.rgb.withUnsafeBufferPointer { rgb in
            for y in 0..<frame.height {
                let row = target + y * rowBytes
                var source = y * frame.width * 3
                for x in 0..<frame.width {
                    let luma = 77 * Int(rgb[source]) + 150 * Int(rgb[source + 1]) + 29 * Int(rgb[source + 2])
                    row[x ^ swizzle] = UInt8(truncatingIfNeeded: luma >> 8)
                    source += 3
                }
            }
        }
        return image
    }

    /// Evens out uneven lighting (a page lit from one side, a shadow) with Leptonica's background
    /// normalisation: on the photographed page it turned a lost left third of every line into correct prose
    /// (io-stack.md §7). Nil when Leptonica declines (a picture too small for its tiles).
    func normalizingBackground() -> LeptonicaImage? {
        pixBackgroundNormSimple(pix, nil, nil).map(LeptonicaImage.init(taking:))
    }

    /// The value Leptonica holds for pixel (x, y) of an 8-bit picture: for tests of the byte order.
    func greyValue(x: Int, y: Int) -> UInt8 {
        var value: UInt32 = 0
        pixGetPixel(pix, Int32(x), Int32(y), &value)
        return UInt8(truncatingIfNeeded: value)
    }
}
