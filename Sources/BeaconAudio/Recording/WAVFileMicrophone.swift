import BeaconCore
import Foundation

/// A recording played as if it were the microphone (`--microphone-file`): scripted sessions and tests feed
/// recorded speech through the same path as live voice.
public final class WAVFileMicrophone: Microphone, @unchecked Sendable {
    public static let chunkSamples = CommandRecognizer.sampleRate / 10

    public let name: String
    private let samples: [Int16]
    private let realTime: Bool
    private var position = 0
    private var started: ContinuousClock.Instant?
    private let lock = NSLock()
    private var closeRequested = false

    /// - Parameters:
    ///   - url: a 16-bit PCM WAV file at any rate and channel count (converted to 16 kHz mono).
    ///   - realTime: deliver chunks at the pace they were recorded, as a live microphone does; otherwise as fast
    ///     as they are read.
    ///   - trailingSilence: seconds of silence after the recording, so the last utterance ends as it would live.
    public convenience init(url: URL, realTime: Bool = false, trailingSilence: Double = 1) throws {
        try self.init(audio: WAVFile.read(url), name: url.lastPathComponent, realTime: realTime,
                      trailingSilence: trailingSilence)
    }

    public init(audio: PCMAudio, name: String = "recording", realTime: Bool = false, trailingSilence: Double = 1) {
        self.name = name
        self.realTime = realTime
        let mono = audio.converted(sampleRate: CommandRecognizer.sampleRate, channels: 1)
        samples = mono.samples + [Int16](repeating: 0, count: Int(trailingSilence * Double(CommandRecognizer.sampleRate)))
    }

    public func read() throws -> [Int16]? {
        guard !lock.withLock({ closeRequested }), position < samples.count else { return nil }
        if realTime {
            let clock = ContinuousClock()
            let start = started ?? clock.now
            started = start
            let due = start + .seconds(Double(position) / Double(CommandRecognizer.sampleRate))
            if due > clock.now { Thread.sleep(forTimeInterval: Self.seconds(due - clock.now)) }
        }
        let end = min(position + Self.chunkSamples, samples.count)
        defer { position = end }
        return Array(samples[position..<end])
    }

    public func close() {
        lock.withLock { closeRequested = true }
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
