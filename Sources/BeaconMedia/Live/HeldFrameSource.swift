import BeaconCore
import Foundation

/// A source that never runs dry: when the wrapped one ends (a photo after its one frame, a video at its end), the
/// last picture is held, as a camera left pointing at the same place would show it, at `interval` seconds a frame.
/// The assistant keeps listening after a file ends, and explore or read still get pictures to work on.
public final class HeldFrameSource: FrameSource {
    public let name: String
    private let source: FrameSource
    private let interval: Double
    private var last: Frame?
    public private(set) var sourceEnded = false

    public init(_ source: FrameSource, interval: Double = 0.1) {
        self.source = source
        self.name = source.name
        self.interval = interval
    }

    public func nextFrame() throws -> Frame? {
        if !sourceEnded, let frame = try source.nextFrame() {
            last = frame
            return frame
        }
        sourceEnded = true
        guard let previous = last else { return nil }
        let held = Frame(width: previous.width, height: previous.height, rgb: previous.rgb,
                         timestamp: previous.timestamp + interval, index: previous.index + 1)
        last = held
        return held
    }
}
