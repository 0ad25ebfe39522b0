import BeaconCore

/// Grey frames with the timestamps of a camera at `framesPerSecond`, handed out as fast as they are asked for: a
/// camera for tests of pacing and pumping, where what the pictures show does not matter.
public final class RecordedFrames: FrameSource {
    public let name = "recorded"
    public let count: Int
    private let width: Int
    private let height: Int
    private let framesPerSecond: Double
    private var next = 0

    public init(count: Int, width: Int = 64, height: Int = 48, framesPerSecond: Double = 30) {
        self.count = count
        self.width = width
        self.height = height
        self.framesPerSecond = framesPerSecond
    }

    /// The frame a camera like this gives at `index`.
    public static func frame(_ index: Int, width: Int = 64, height: Int = 48, framesPerSecond: Double = 30) -> Frame {
        Frame(width: width, height: height, rgb: [UInt8](repeating: 128, count: width * height * 3),
              timestamp: Double(index) / framesPerSecond, index: index)
    }

    public func nextFrame() throws -> Frame? {
        guard next < count else { return nil }
        defer { next += 1 }
        return Self.frame(next, width: width, height: height, framesPerSecond: framesPerSecond)
    }
}
