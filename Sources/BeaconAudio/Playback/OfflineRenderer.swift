import BeaconCore

/// Renders a `CueMixer`'s timeline as fast as the CPU allows into a sink (a WAV file for `--wav`), so a recording
/// of a video's guidance lines up with the video's timestamps sample for sample.
///
/// Drive it with the video: for each frame, place that frame's cues (`schedule`, `speak`), then
/// `renderToSink(until:)` the next frame's timestamp; at the end, `finish()`.
public final class OfflineRenderer {
    /// 100 ms at 48 kHz: big buffers, few writes.
    public static let defaultBufferFrames = 4_800

    public let mixer: CueMixer
    public let sink: any AudioSink
    public let bufferFrames: Int

    /// - Parameter sink: takes the mix in the mixer's format, e.g. `WAVFileSink(url:, sampleRate: 48_000, channels: 2)`.
    public init(mixer: CueMixer, sink: any AudioSink, bufferFrames: Int = OfflineRenderer.defaultBufferFrames) {
        precondition(bufferFrames > 0, "a buffer must hold at least one frame")
        self.mixer = mixer
        self.sink = sink
        self.bufferFrames = bufferFrames
    }

    /// Renders the timeline from `mixer.time` up to `time` (to the nearest frame) into the sink.
    /// A time already rendered does nothing.
    public func renderToSink(until time: Double) throws {
        let target = Int((time * Double(mixer.sampleRate)).rounded())
        var remaining = target - Int((mixer.time * Double(mixer.sampleRate)).rounded())
        while remaining > 0 {
            let count = min(remaining, bufferFrames)
            try sink.play(mixer.render(frameCount: count))
            remaining -= count
        }
    }

    /// Renders until everything placed has sounded, plus `tail` seconds of silence, and closes the sink.
    public func finish(tail: Double = 0) throws {
        try renderToSink(until: mixer.endOfScheduledSound + max(0, tail))
        try sink.close()
    }
}
