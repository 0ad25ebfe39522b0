import BeaconBench
import BeaconCore
import BeaconVision

/// Renders what the simulated camera sees: the crop of the scene's photo, cut with the tiled search's
/// `Frame.cropped(to:)`, with a plain grey surround where the view reaches beyond the photo.
public struct SceneRenderer: Sendable {
    public let photo: Frame
    /// The surround's grey level (the letterbox grey detectors are trained to ignore).
    public var surround: UInt8 = SceneRenderer.defaultSurround
    public static let defaultSurround: UInt8 = 114

    public init(photo: Frame) {
        self.photo = photo
    }

    public func render(_ crop: PixelRegion) -> Frame {
        let region = PixelRegion(x: crop.x, y: crop.y, width: crop.width, height: crop.height)
        let inside = region.clipped(width: photo.width, height: photo.height)
        if inside == region { return photo.cropped(to: region) }
        var pixels = [UInt8](repeating: surround, count: crop.width * crop.height * 3)
        if inside.width > 0 && inside.height > 0 {
            paste(photo.cropped(to: inside), into: &pixels, width: crop.width,
                  atX: inside.x - region.x, y: inside.y - region.y)
        }
        return Frame(width: crop.width, height: crop.height, rgb: pixels, timestamp: photo.timestamp, index: photo.index)
    }

    /// Copies `part` into a picture `width` pixels wide at (x, y), row by row.
    private func paste(_ part: Frame, into pixels: inout [UInt8], width: Int, atX x: Int, y: Int) {
        let rowBytes = part.width * 3
        pixels.withUnsafeMutableBufferPointer { target in
            part.rgb.withUnsafeBufferPointer { source in
                for row in 0..<part.height {
                    let to = target.baseAddress! + ((y + row) * width + x) * 3
                    to.update(from: source.baseAddress! + row * rowBytes, count: rowBytes)
                }
            }
        }
    }
}
