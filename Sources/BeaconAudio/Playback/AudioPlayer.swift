import BeaconCore
import Foundation

/// Plays a `CueMixer` live: a dedicated thread renders fixed buffers and hands them to a sink, so the mixer's
/// timeline runs with the wall clock.
///
/// With a `DeviceAudioSink` (PulseAudio) the sink's blocking writes set the pace and its latency report maps the
/// timeline to what is heard now; after a `stopAll` the player also throws away what the device still holds, so the
/// stop is heard within about one buffer. Any other sink (a WAV file, nowhere) is paced by the system clock.
public final class AudioPlayer: @unchecked Sendable {
    /// 20 ms at 48 kHz: short enough for the stop key, long enough that the thread wakes only 50 times a second.
    public static let defaultBufferFrames = 960
    /// The server-side buffer to ask a PulseAudio sink for: three buffers, enough to ride out a scheduling hiccup.
    public static let suggestedDeviceLatency = 0.06

    public let mixer: CueMixer
    public let bufferFrames: Int
    /// Used only by the pump thread while it runs, and by `stop()` after it has ended.
    private let sink: any AudioSink

    private let lock = NSLock()
    private var thread: Thread?
    private var stopRequested = false
    private let pumpEnded = DispatchSemaphore(value: 0)
    /// Timeline seconds heard at a moment of the monotonic clock; `currentTime` runs on from there.
    private var heardAnchor: (timeline: Double, nanoseconds: UInt64)?
    private var renderedUntil = 0.0
    /// The latest `currentTime` given out: latency estimates jitter, and time must not run backwards.
    private var lastCurrentTime = 0.0
    private var pumpFailure: (any Error)?
    private var realTime = false

    /// - Parameters:
    ///   - sink: where the mix goes, in the mixer's format: `PulseAudioSink(sampleRate: 48_000, channels: 2,
    ///     latency: AudioPlayer.suggestedDeviceLatency)` for the speaker.
    ///   - bufferFrames: frames rendered per write.
    public init(mixer: CueMixer, sink: any AudioSink, bufferFrames: Int = AudioPlayer.defaultBufferFrames) {
        precondition(bufferFrames > 0, "a buffer must hold at least one frame")
        self.mixer = mixer
        self.sink = sink
        self.bufferFrames = bufferFrames
    }

    /// Starts the pump thread. Starting twice does nothing.
    public func start() {
        lock.lock()
        defer { lock.unlock() }
        guard thread == nil, !stopRequested else { return }
        renderedUntil = mixer.time
        lastCurrentTime = renderedUntil
        heardAnchor = (renderedUntil, Self.now())
        let thread = Thread { [self] in
            pump()
            pumpEnded.signal()
        }
        thread.name = "Beacon audio"
        thread.qualityOfService = .userInteractive
        self.thread = thread
        thread.start()
    }

    /// The timeline time being heard now: place a cue at `currentTime + d` to hear it `d` seconds from now.
    /// Anything placed before `mixer.time` (a buffer or so ahead of this) plays as soon as possible instead.
    public var currentTime: Double {
        lock.lock()
        defer { lock.unlock() }
        guard let anchor = heardAnchor else { return mixer.time }
        let elapsed = Double(Self.now() &- anchor.nanoseconds) / 1e9
        lastCurrentTime = max(lastCurrentTime, min(anchor.timeline + elapsed, renderedUntil))
        return lastCurrentTime
    }

    /// Why the pump stopped by itself (the device went away, say); nil while it runs or after a clean stop.
    public var failure: (any Error)? {
        lock.lock()
        defer { lock.unlock() }
        return pumpFailure
    }

    /// Whether the pump thread got real-time scheduling (it asks only when playing to a device).
    public var hasRealTimePriority: Bool {
        lock.lock()
        defer { lock.unlock() }
        return realTime
    }

    /// Stops the pump after its current buffer, then closes the sink, which waits until what was played is heard.
    /// Throws what made the pump fail, if it did, else what closing failed with. Stopping twice does nothing.
    public func stop() throws {
        lock.lock()
        let wasRunning = thread != nil && !stopRequested
        stopRequested = true
        lock.unlock()
        guard wasRunning else { return }
        pumpEnded.wait()
        let failure = self.failure
        try? sink.close()
        if let failure { throw failure }
    }

    private var shouldStop: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopRequested
    }

    private func pump() {
        let device = sink as? any DeviceAudioSink
        if device != nil {
            let granted = RealTimePriority.raiseCurrentThread()
            lock.withLock { realTime = granted }
        }
        var stopsSeen = mixer.stopCount
        let started = Self.now(), startTime = mixer.time
        do {
            while !shouldStop {
                let (buffer, stops) = mixer.renderCountingStops(frameCount: bufferFrames)
                if stops != stopsSeen {
                    stopsSeen = stops
                    try device?.discardBuffered()
                }
                try sink.play(buffer)
                let rendered = mixer.time
                if let device {
                    let heard = rendered - ((try? device.latency()) ?? 0)
                    record(rendered: rendered, heard: heard, at: Self.now())
                } else {
                    record(rendered: rendered, heard: startTime + Double(Self.now() &- started) / 1e9, at: Self.now())
                    sleepWhileAhead(rendered: rendered - startTime, since: started)
                }
            }
        } catch {
            lock.lock()
            pumpFailure = error
            lock.unlock()
        }
    }

    private func record(rendered: Double, heard: Double, at nanoseconds: UInt64) {
        lock.lock()
        renderedUntil = rendered
        heardAnchor = (min(heard, rendered), nanoseconds)
        lock.unlock()
    }

    /// Without a device to block on, keep at most two buffers ahead of the clock.
    private func sleepWhileAhead(rendered: Double, since started: UInt64) {
        let lead = 2 * Double(bufferFrames) / Double(mixer.sampleRate)
        let elapsed = Double(Self.now() &- started) / 1e9
        if rendered - elapsed > lead { Thread.sleep(forTimeInterval: rendered - elapsed - lead) }
    }

    private static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
}
