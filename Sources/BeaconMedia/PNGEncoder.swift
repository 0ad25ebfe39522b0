import BeaconCore
import CPNG
import Foundation

/// Writes PNG files through libpng's simplified API: colour pictures (false-colour depth for a sighted helper) and
/// 16-bit grey depth (recordings the tests make).
public enum PNGEncoder {
    public struct WriteFailed: UserFacingError {
        public let path: String
        public var sentence: String { "Cannot write \(path): check the folder exists and you may write there." }
    }

    public static func writeRGB(_ frame: Frame, to url: URL) throws {
        try frame.rgb.withUnsafeBytes { pixels in
            try write(pixels, width: frame.width, height: frame.height, format: UInt32(PNG_FORMAT_RGB), to: url)
        }
    }

    /// Grey, 16 bits a pixel, `values` row by row.
    public static func writeGray16(_ values: [UInt16], width: Int, height: Int, to url: URL) throws {
        precondition(values.count == width * height)
        try values.withUnsafeBytes { pixels in
            try write(pixels, width: width, height: height, format: UInt32(PNG_FORMAT_LINEAR_Y), to: url)
        }
    }

    private static func write(_ pixels: UnsafeRawBufferPointer, width: Int, height: Int, format: UInt32, to url: URL) throws {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = format
        defer { png_image_free(&image) }
        guard png_image_write_to_file(&image, url.path, 0, pixels.baseAddress, 0, nil) != 0 else {
            throw WriteFailed(path: url.path)
        }
    }
}
