import BeaconCore
import CPNG

/// PNG to RGB through libpng's simplified API, straight into the frame's own buffer.
enum PNGDecoder {
    /// Where transparent pixels are laid: white, as on a page or a web browser, so dark drawings stay visible.
    private static let background = png_color(red: 255, green: 255, blue: 255)

    static func decode(_ bytes: UnsafeRawBufferPointer, limits: ImageLimits) throws(MediaError) -> Frame {
        let name = limits.name
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        // Frees libpng's state on every path; harmless when libpng already did so after an error.
        defer { png_image_free(&image) }

        guard png_image_begin_read_from_memory(&image, bytes.baseAddress, bytes.count) != 0 else {
            throw .damagedImage(name)
        }
        let width = Int(image.width), height = Int(image.height)
        try limits.check(width: width, height: height)

        // Untagged 16-bit PNGs are sRGB in practice (browsers and FFmpeg read them so); libpng would assume linear
        // light and brighten every mid-tone. Set after begin_read, which clears the flags.
        image.flags |= UInt32(PNG_IMAGE_FLAG_16BIT_sRGB)
        // RGB expands grayscale, palette and 16-bit images and removes alpha against the background.
        image.format = UInt32(PNG_FORMAT_RGB)
        let count = beacon_png_image_size(&image)
        guard count == width * height * 3 else { throw .damagedImage(name) }
        var background = Self.background
        let rgb = try [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized throws(MediaError) in
            guard png_image_finish_read(&image, &background, buffer.baseAddress, 0, nil) != 0 else {
                throw .damagedImage(name)
            }
            initialized = count
        }
        return Frame(width: width, height: height, rgb: rgb)
    }
}
