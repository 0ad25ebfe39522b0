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
