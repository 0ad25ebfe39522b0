import BeaconAudio
import BeaconCore
import BeaconMedia
import Foundation

/// Everything the live loop reacts to, in arrival order: new frames from the source's thread, finished detections
/// from the detector's thread and depth maps from the depth thread. The loop waits here, so a detection becomes a cue the moment it is
/// ready rather than when the next frame happens to arrive.
public final class LiveInbox: @unchecked Sendable {
    public enum Item {
        case frame(Frame, arrival: Double)
        case detections(DetectorWorker.Result)
        /// A depth map (or why there is none) for a frame, from the assistant's depth thread.
        case depth(DepthWorker.Result)
        /// The lines read in a frame, for short text, from the text thread.
        case textLines(TextWorker.Result)
        case ended
        case failed(Error)
        /// A typed line or a key's command, for the assistant.
        case line(String)
        case command(AssistantCommand)
        /// A page read on a thread of its own.
        case page(PageText)
        /// A car checked for find my ride on a thread of its own.
        case ride(RideEvent)
        /// A view of the thing being taught, taken on a thread of its own (or why none could be).
        case teachingView(Result<TeachingView, any Error>)
        /// What the voice thread heard (a command, a rejection, the end of the microphone).
        case voice(VoiceInput.Event)
        /// The person went away (a phone disconnected): the session ends now, settled or not.
        case hangUp
    }

    public init() {}

    private let condition = NSCondition()
    private var items: [Item] = []
    private var closed = false
    /// Thins the source's frames to the pace limits' share; the pump sees every frame, so it judges by timestamps.
    private var pacer = FramePacer()
    private var skipped = 0

    public func post(_ item: Item) {
        condition.withLock {
            guard !closed else { return }
            // Only the newest unhandled frame matters; older ones waiting here are dropped, never queued.
            if case .frame = item { items.removeAll { if case .frame = $0 { true } else { false } } }
            items.append(item)
            condition.broadcast()
        }
    }

    /// The next item, waiting up to `timeout` seconds; nil when nothing came (so keys are still read).
    public func next(timeout: Double) -> Item? {
        condition.withLock {
            let deadline = Date().addingTimeInterval(timeout)
            while items.isEmpty { if !condition.wait(until: deadline) { return nil } }
            return items.removeFirst()
        }
    }

    /// Hands on this share of the source's frames from now on (1: all of them).
    public func limitFrameRate(to factor: Double) {
        condition.withLock { pacer.factor = factor }
    }

    /// Frames the pump left out to keep to the frame rate limit.
    public var skippedFrames: Int { condition.withLock { skipped } }

    /// Whether the frame fits the frame rate limit; counts it as skipped when it does not.
    private func admits(_ frame: Frame) -> Bool {
        condition.withLock {
            let admitted = pacer.admits(timestamp: frame.timestamp)
            if !admitted { skipped += 1 }
            return admitted
        }
    }

    /// Stops accepting items; the threads feeding it wind down on their own.
    public func close() {
        condition.withLock { closed = true }
    }

    public var isClosed: Bool { condition.withLock { closed } }

    /// Pulls frames from `source` on a thread of its own until it ends, fails, or the inbox closes; frames beyond the
    /// frame rate limit are dropped here, before anything spends time on them.
    public func pump(_ source: FrameSource) {
        nonisolated(unsafe) let owned = source // moves to the pump thread; nothing else touches it from here on
        let thread = Thread { [self] in
            do {
                while !isClosed, let frame = try owned.nextFrame() {
                    if admits(frame) { post(.frame(frame, arrival: Monotonic.seconds())) }
                }
                post(.ended)
            } catch {
                post(.failed(error))
            }
        }
        thread.name = "beacon-frames"
        thread.start()
    }
}
