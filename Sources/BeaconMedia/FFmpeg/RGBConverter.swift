import CFFmpeg

/// Converts decoded frames of any pixel format to packed RGB24 with libswscale, keeping one scaler context for
/// as long as the frames keep their size and format.
///
/// A class because it owns a C handle; one instance is used by one thread at a time.
final class RGBConverter {
    private var scaler: OpaquePointer?
    /// What `scaler` was last set up for, so its colour tables are rebuilt only when the input changes (a new
    /// size or format may also have given a new scaler, which starts with default tables).
    private var configuredFor: InputDescription?
    /// Spare bytes past the last row, in case a SIMD path of libswscale stores a few bytes beyond a packed row.
    private static let tailPadding = 64

    private struct InputDescription: Equatable {
        var width: Int32, height: Int32, format: Int32
        var colorspace: AVColorSpace, range: AVColorRange
    }

    deinit { sws_freeContext(scaler) }

    /// The frame's pixels as tightly packed RGB, or nil when libswscale cannot convert its format.
    func rgb(from frame: UnsafePointer<AVFrame>) -> [UInt8]? {
        let width = frame.pointee.width, height = frame.pointee.height
        guard width > 0, height > 0,
              let scaler = sws_getCachedContext(scaler, width, height, AVPixelFormat(frame.pointee.format),
                                                width, height, AV_PIX_FMT_RGB24, SWS_BILINEAR, nil, nil, nil)
        else { return nil }
        self.scaler = scaler
        applyColorimetry(of: frame, to: scaler)

        let rowBytes = Int(width) * 3
        let count = rowBytes * Int(height)
        var converted = false
        // libswscale writes straight into the array's storage: no intermediate buffer, no copy.
        let rgb = [UInt8](unsafeUninitializedCapacity: count + Self.tailPadding) { buffer, initialized in
            var destination: [UnsafeMutablePointer<UInt8>?] = [buffer.baseAddress, nil, nil, nil]
            var destinationStrides: [Int32] = [Int32(rowBytes), 0, 0, 0]
            let rows = withUnsafePointer(to: frame.pointee.data) { planes in
                withUnsafePointer(to: frame.pointee.linesize) { strides in
                    planes.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { planes in
                        strides.withMemoryRebound(to: Int32.self, capacity: 8) { strides in
                            sws_scale(scaler, planes, strides, 0, height, &destination, &destinationStrides)
                        }
                    }
                }
            }
            converted = rows == height
            initialized = converted ? count : 0
        }
        return converted ? rgb : nil
    }

    /// Uses the frame's own matrix (BT.709 for most phone and HD video) and range when it states them; otherwise
    /// libswscale's defaults (BT.601, and full range for the JPEG-style formats) stand.
    private func applyColorimetry(of frame: UnsafePointer<AVFrame>, to scaler: OpaquePointer) {
        let colorspace = frame.pointee.colorspace, range = frame.pointee.color_range
        let input = InputDescription(width: frame.pointee.width, height: frame.pointee.height,
                                     format: frame.pointee.format, colorspace: colorspace, range: range)
        if input == configuredFor { return }
        configuredFor = input
        guard colorspace != AVCOL_SPC_UNSPECIFIED || range != AVCOL_RANGE_UNSPECIFIED,
              colorspace != AVCOL_SPC_RGB else { return }
        let matrix = colorspace == AVCOL_SPC_UNSPECIFIED ? SWS_CS_DEFAULT : Int32(colorspace.rawValue)
        let fullRangeSource: Int32 = range == AVCOL_RANGE_JPEG || isFullRangeFormat(frame.pointee.format) ? 1 : 0
        // Brightness 0, contrast and saturation 1.0 in 16.16 fixed point: only the matrix and range change.
        _ = sws_setColorspaceDetails(scaler, sws_getCoefficients(matrix), fullRangeSource,
                                     sws_getCoefficients(SWS_CS_DEFAULT), 1, 0, 1 << 16, 1 << 16)
    }

    private func isFullRangeFormat(_ format: Int32) -> Bool {
        [AV_PIX_FMT_YUVJ420P, AV_PIX_FMT_YUVJ422P, AV_PIX_FMT_YUVJ444P, AV_PIX_FMT_YUVJ440P, AV_PIX_FMT_YUVJ411P]
            .contains { $0.rawValue == format }
    }
}
