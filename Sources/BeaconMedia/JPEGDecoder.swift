import BeaconCore
import CTurboJPEG

/// JPEG to RGB through TurboJPEG, straight into the frame's own buffer.
enum JPEGDecoder {
    static func decode(_ bytes: UnsafeRawBufferPointer, limits: ImageLimits) throws(MediaError) -> Frame {
        let name = limits.name
        guard let jpeg = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { throw .emptyFile(name) }
        let size = UInt(bytes.count)
        guard let handle = tjInitDecompress() else { throw .damagedImage(name) }
        defer { tjDestroy(handle) }

        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        guard tjDecompressHeader3(handle, jpeg, size, &width, &height, &subsampling, &colorspace) == 0 else {
            throw .damagedImage(name)
        }
        // TurboJPEG cannot turn CMYK into RGB, and would say so only after decoding.
        if colorspace == TJCS_CMYK.rawValue || colorspace == TJCS_YCCK.rawValue {
            throw .unsupportedImage(name, detail: "CMYK")
        }
        try limits.check(width: Int(width), height: Int(height))

        let count = Int(width) * Int(height) * 3
        let rgb = try [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized throws(MediaError) in
            // Pitch 0 means tightly packed rows. LIMITSCANS refuses progressive files built to take forever.
            let status = tjDecompress2(handle, jpeg, size, buffer.baseAddress, width, 0, height,
                                       TJPF_RGB.rawValue, TJFLAG_LIMITSCANS)
            if status != 0 && !isHarmlessWarning(handle) { throw .damagedImage(name) }
            initialized = count
        }
        return Frame(width: Int(width), height: Int(height), rgb: rgb)
    }

    /// TurboJPEG reports libjpeg's warnings as failures, but only after decoding what it could. Nearly all of them
    /// mean missing or corrupt picture data ("Premature end of JPEG file" on a file cut short would leave a
    /// grey lower half that a blind user cannot see), so they are errors. The exception is stray bytes between
    /// segments, which some cameras write and which leave every pixel intact.
    private static func isHarmlessWarning(_ handle: tjhandle) -> Bool {
        guard tjGetErrorCode(handle) == TJERR_WARNING.rawValue, let message = tjGetErrorStr2(handle) else {
            return false
        }
        return String(cString: message).contains("extraneous bytes before marker")
    }
}
