import BeaconCore

extension Frame {
    /// The pixels inside `region` (clipped to the frame) as a frame of their own, with this frame's timestamp
    /// and index. One allocation and one memory copy per row: tiles are cut every frame in search mode.
    public func cropped(to region: PixelRegion) -> Frame {
        let area = region.clipped(width: width, height: height)
        precondition(area.width > 0 && area.height > 0, "crop \(region) lies outside the \(width)x\(height) frame")
        let rowBytes = area.width * 3
        let sourceStride = width * 3
        let pixels = [UInt8](unsafeUninitializedCapacity: rowBytes * area.height) { target, initialized in
            rgb.withUnsafeBufferPointer { source in
                let from = source.baseAddress! + area.y * sourceStride + area.x * 3
                let to = target.baseAddress!
                for row in 0..<area.height {
                    (to + row * rowBytes).initialize(from: from + row * sourceStride, count: rowBytes)
                }
            }
            initialized = rowBytes * area.height
        }
        return Frame(width: area.width, height: area.height, rgb: pixels, timestamp: timestamp, index: index)
    }
}
