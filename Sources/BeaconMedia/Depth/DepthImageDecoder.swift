import BeaconCore
import CPNG
import Foundation

/// 16-bit grey PNG depth, the way RGB-D cameras record it, into metres. 0 stays 0 (no reading).
public struct DepthImageDecoder: Sendable {
    /// What one metre is in the file's units: 1000 for millimetres (RealSense, Azure Kinect, the issue's
    /// convention), 5000 for the TUM RGB-D benchmark's own recordings.
    public var unitsPerMetre: Double

    public init(unitsPerMetre: Double = RGBDRecording.millimetres) {
        self.unitsPerMetre = unitsPerMetre
    }

    public func decode(contentsOf url: URL, timestamp: Double = 0) throws -> DepthMap {
        let file = try InputFile(checking: url)
        let data = try file.contents()
        let name = file.displayName
        let (width, height, raw) = try data.withUnsafeBytes { bytes in
            try Self.decodeRaw(bytes, name: name)
        }
        let scale = Float(1 / unitsPerMetre)
        return DepthMap(width: width, height: height, metres: raw.map { Float($0) * scale }, timestamp: timestamp)
    }

    /// Whether the file is a 16-bit grey PNG (a depth camera's frame) rather than a photo, from its header alone.
    public static func isDepthImage(_ url: URL) throws -> Bool {
        // The PNG signature (8 bytes), the IHDR chunk's length and type (8), width and height (8), then bit depth
        // and colour type.
        let header = try InputFile(checking: url).prefix(26)
        guard header.count == 26, ImageFormat(sniffing: header) == .png else { return false }
        return header[24] == 16 && header[25] == 0
    }

    /// The raw 16-bit values, row by row. Refuses 8-bit and colour pictures: read as depth they would be nonsense.
    static func decodeRaw(_ bytes: UnsafeRawBufferPointer, name: String) throws -> (Int, Int, [UInt16]) {
        guard ImageFormat(sniffing: bytes.prefix(ImageFormat.signatureLength)) == .png else {
            throw MediaError.notAnImage(name)
        }
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        defer { png_image_free(&image) }
        guard png_image_begin_read_from_memory(&image, bytes.baseAddress, bytes.count) != 0 else {
            throw MediaError.damagedImage(name)
        }
        let width = Int(image.width), height = Int(image.height)
        try ImageLimits(maxPixels: 120_000_000, name: name).check(width: width, height: height)
        if image.format & UInt32(PNG_FORMAT_FLAG_COLOR) != 0 { throw DepthInputError.colourNotDepth(name) }
        guard image.format & UInt32(PNG_FORMAT_FLAG_LINEAR) != 0 else { throw DepthInputError.notSixteenBit(name) }
        // Linear grey out of a 16-bit grey file without a gamma chunk is a plain copy: libpng treats 16-bit data
        // as linear unless told otherwise.
        image.format = UInt32(PNG_FORMAT_LINEAR_Y)
        let count = width * height
        let values = try [UInt16](unsafeUninitializedCapacity: count) { buffer, initialized in
            guard png_image_finish_read(&image, nil, buffer.baseAddress, 0, nil) != 0 else {
                throw MediaError.damagedImage(name)
            }
            initialized = count
        }
        return (width, height, values)
    }
}
