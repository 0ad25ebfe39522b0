import BeaconCore
import Foundation

/// Decodes JPEG, PNG and TIFF images, from a file or from memory, into tightly packed RGB frames.
///
/// The format is chosen by the file's first bytes, never by its name. Grayscale, palette and 16-bit PNGs come out
/// as 8-bit RGB; transparent parts are laid on white, the way a page shows them.
public struct ImageDecoder: Sendable {
    /// Pictures with more pixels than this are refused rather than risk running out of memory.
    public var maxPixels: Int

    public init(maxPixels: Int = 120_000_000) {
        self.maxPixels = maxPixels
    }

    /// The image in the file at `url`, as frame 0 at time 0.
    public func decode(contentsOf url: URL) throws(MediaError) -> Frame {
        let file = try InputFile(checking: url)
        return try decode(file.contents(), name: file.displayName)
    }

    /// The image in `data`; `name` is what error sentences call it.
    public func decode(_ data: Data, name: String) throws(MediaError) -> Frame {
        guard let format = ImageFormat(sniffing: data.prefix(ImageFormat.signatureLength)) else {
            throw data.isEmpty ? .emptyFile(name) : .notAnImage(name)
        }
        let limits = ImageLimits(maxPixels: maxPixels, name: name)
        // Data.withUnsafeBytes only rethrows untyped errors, so the typed error travels out in a Result.
        return try data.withUnsafeBytes { bytes in
            Result { () throws(MediaError) -> Frame in
                switch format {
                case .jpeg: try JPEGDecoder.decode(bytes, limits: limits)
                case .png: try PNGDecoder.decode(bytes, limits: limits)
                case .tiff: try TIFFDecoder.decode(bytes, limits: limits)
                }
            }
        }.get()
    }
}

/// The size check both decoders make after reading the header and before allocating pixels.
struct ImageLimits {
    let maxPixels: Int
    /// The image's display name, for the sentence.
    let name: String

    func check(width: Int, height: Int) throws(MediaError) {
        guard width > 0, height > 0 else { throw .damagedImage(name) }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        if overflow || pixels > maxPixels { throw .imageTooLarge(name, width: width, height: height) }
    }
}
