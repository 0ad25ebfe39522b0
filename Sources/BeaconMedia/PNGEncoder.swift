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

    /// A PNG file's bytes for `width`×`height` RGB pixels, row by row (an icon served over HTTP).
    public static func encodeRGB(_ pixels: [UInt8], width: Int, height: Int) throws -> [UInt8] {
        precondition(pixels.count == width * height * 3)
        var image = header(width: width, height: height, format: UInt32(PNG_FORMAT_RGB))
        defer { png_image_free(&image) }
        return try pixels.withUnsafeBytes { source -> [UInt8] in
            // Asked once for the size, then written into a buffer of that size.
            var size = 0
            guard png_image_write_to_memory(&image, nil, &size, 0, source.baseAddress, 0, nil) != 0, size > 0 else {
                throw EncodeFailed()
            }
            var bytes = [UInt8](repeating: 0, count: size)
            let written = bytes.withUnsafeMutableBytes { output in
                png_image_write_to_memory(&image, output.baseAddress, &size, 0, source.baseAddress, 0, nil)
            }
            guard written != 0 else { throw EncodeFailed() }
            return Array(bytes.prefix(size))
        }
    }

    public struct EncodeFailed: UserFacingError {
        public var sentence: String { "A picture could not be made into a PNG." }
    }

    /// Grey, 16 bits a pixel, `values` row by row.
    public static func writeGray16(_ values: [UInt16], width: Int, height: Int, to url: URL) throws {
        precondition(values.count == width * height)
        try values.withUnsafeBytes { pixels in
            try write(pixels, width: width, height: height, format: UInt32(PNG_FORMAT_LINEAR_Y), to: url)
        }
    }

    private static func header(width: Int, height: Int, format: UInt32) -> png_image {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = format
        return image
    }

    private static func write(_ pixels: UnsafeRawBufferPointer, width: Int, height: Int, format: UInt32, to url: URL) throws {
        var image = header(width: width, height: height, format: format)
        defer { png_image_free(&image) }
        guard png_image_write_to_file(&image, url.path, 0, pixels.baseAddress, 0, nil) != 0 else {
            throw WriteFailed(path: url.path)
        }
    }
}
