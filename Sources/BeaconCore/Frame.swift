/// One picture from a source: tightly packed RGB, 8 bits a channel, rows top to bottom.
public struct Frame: Sendable {
    public let width: Int
    public let height: Int
    /// `width * height * 3` bytes, R G B.
    public let rgb: [UInt8]
    /// Seconds since the source started (presentation time for videos, 0 for still images).
    public let timestamp: Double
    /// Index of the frame in its source, counting from 0.
    public let index: Int

    public init(width: Int, height: Int, rgb: [UInt8], timestamp: Double = 0, index: Int = 0) {
        precondition(rgb.count == width * height * 3, "RGB buffer does not match \(width)x\(height)")
        self.width = width
        self.height = height
        self.rgb = rgb
        self.timestamp = timestamp
        self.index = index
    }
}

/// Anything that yields frames: an image file, a video file, a camera, a phone over the network.
///
/// Pull-based and single-consumer: the engine asks for the next frame when it is ready for one. A live source
/// (a camera) returns its newest frame and drops what the consumer was too slow for; a file source returns
/// every frame in order.
public protocol FrameSource: AnyObject {
    /// What the source is, for messages ("coffee-pan.mp4", "camera /dev/video0").
    var name: String { get }
    /// The next frame, or nil when the source has ended.
    func nextFrame() throws -> Frame?
}

/// A source whose frames arrive as they happen (a camera, a phone, a file played at its own pace): a live loop takes
/// them as they come instead of pacing them itself.
public protocol LiveFrameSource: FrameSource {}

extension Frame {
    /// Visits an even grid of at most `columns` × `rows` pixels, each at the middle of its cell, with its position
    /// and R G B: a whole picture's statistics (its brightness, the colour of its light) without every pixel.
    /// Returns how many pixels were visited.
    @discardableResult
    func forEachSample(columns: Int, rows: Int, _ body: (_ x: Int, _ y: Int, _ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Void) -> Int {
        forEachSample(x0: 0, y0: 0, x1: width, y1: height, columns: columns, rows: rows, body)
    }

    /// The same over the pixels x0..<x1, y0..<y1 (inside the frame): a patch's or a car body's colour.
    @discardableResult
    func forEachSample(x0: Int, y0: Int, x1: Int, y1: Int, columns: Int, rows: Int,
                       _ body: (_ x: Int, _ y: Int, _ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Void) -> Int {
        let columns = min(columns, x1 - x0), rows = min(rows, y1 - y0)
        guard columns > 0, rows > 0 else { return 0 }
        rgb.withUnsafeBufferPointer { rgb in
            for row in 0..<rows {
                let y = y0 + (2 * row + 1) * (y1 - y0) / (2 * rows)
                for column in 0..<columns {
                    let x = x0 + (2 * column + 1) * (x1 - x0) / (2 * columns)
                    let offset = (y * width + x) * 3
                    body(x, y, rgb[offset], rgb[offset + 1], rgb[offset + 2])
                }
            }
        }
        return columns * rows
    }
}
