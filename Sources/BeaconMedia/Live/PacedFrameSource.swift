import BeaconCore
import Foundation

/// Plays a file source in real time, like a camera: frames become available at their timestamps, and a consumer
/// that is too slow gets the newest one (earlier ones are dropped, never queued).
public final class PacedFrameSource: LiveFrameSource, @unchecked Sendable {
    public let name: String
    private let slot = NewestValueSlot<Frame, any Error>()

    public init(_ source: FrameSource) {
        name = source.name
        // The wrapped source moves to the playing thread; nothing else touches it from here on.
        nonisolated(unsafe) let owned = source
        let thread = Thread { [slot] in Self.play(owned, into: slot) }
        thread.name = "beacon-paced-source"
        thread.start()
    }

    deinit { stop() }

    /// Stops playing: `nextFrame()` returns nil from now on, and the playing thread ends at its next frame.
    public func stop() {
        slot.end(discardingWaiting: true)
    }

    public func nextFrame() throws -> Frame? {
        switch slot.take() {
        case .value(let frame): return frame
        case .ended(let failure?): throw failure
        case .ended(nil), .timedOut: return nil
        }
    }

    private static func play(_ source: FrameSource, into slot: NewestValueSlot<Frame, any Error>) {
        let start = DispatchTime.now().uptimeNanoseconds
        do {
            while let frame = try source.nextFrame() {
                let due = start + UInt64(max(0, frame.timestamp) * 1e9)
                let now = DispatchTime.now().uptimeNanoseconds
                if due > now { Thread.sleep(forTimeInterval: Double(due - now) / 1e9) }
                if slot.hasEnded { return }
                slot.publish(frame)
            }
            slot.end()
        } catch {
            slot.end(error)
        }
    }
}
