import BeaconCore
import CTurboJPEG

/// RGB frames to JPEG through TurboJPEG: the photos a volunteers' hub shows its volunteers.
public enum JPEGEncoder {
    /// The frame as a baseline JPEG of this quality (1–100), 4:2:0 like a camera's.
    public static func encode(_ frame: Frame, quality: Int = 80) throws(MediaError) -> [UInt8] {
        guard let handle = tjInitCompress() else { throw .cannotEncode("the JPEG encoder could not start") }
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        defer { if let output { tjFree(output) } }
        let status = frame.rgb.withUnsafeBufferPointer { pixels in
            tjCompress2(handle, pixels.baseAddress, Int32(frame.width), 0, Int32(frame.height), Int32(TJPF_RGB.rawValue),
                        &output, &size, Int32(TJSAMP_420.rawValue), Int32(min(100, max(1, quality))), 0)
        }
        guard status == 0, let output, size > 0 else {
            let reason = tjGetErrorStr2(handle).map { String(cString: $0) } ?? "unknown"
            throw .cannotEncode(reason)
        }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }
}
