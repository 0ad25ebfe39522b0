import BeaconCore
import Foundation

/// Records sound into a 16-bit PCM WAV file, converting whatever it is given to the file's rate and channels.
///
/// The file appears under its name only when `close()` succeeds; until then an existing file of that name is
/// left as it was, and a sink dropped without `close()` deletes its partial file.
public final class WAVFileSink: AudioSink {
    public let url: URL
    public let sampleRate: Int
    public let channels: Int
    public var name: String { url.lastPathComponent }

    private var file: AtomicFileWriter?
    private var dataByteCount = 0

    /// Starts the file beside `url`. A missing or read-only folder is an `AudioError` right here, before any sound.
    public init(url: URL, sampleRate: Int = EspeakSynthesizer.sampleRate, channels: Int = 1) throws {
        precondition(sampleRate > 0 && (1...Int(UInt16.max)).contains(channels), "an impossible WAV format")
        self.url = url
        self.sampleRate = sampleRate
        self.channels = channels
        let file = try AtomicFileWriter(destination: url)
        // A placeholder header keeps the data at its final offset; close() fills in the sizes.
        try WAVHeader(sampleRate: sampleRate, channels: channels, dataByteCount: 0).bytes
            .withUnsafeBytes { try file.append($0) }
        self.file = file
    }

    public func play(_ audio: PCMAudio) throws {
        guard let file else { throw AudioError.sinkClosed(name: name) }
        let samples = audio.converted(sampleRate: sampleRate, channels: channels).samples
        guard dataByteCount + samples.count * 2 <= WAVHeader.maximumDataByteCount else {
            throw AudioError.fileWriteFailed(file: url, reason: "a WAV file cannot hold more than 4 GB")
        }
        try samples.withLittleEndianBytes { try file.append($0) }
        dataByteCount += samples.count * 2
    }

    /// Writes the final header and moves the file into place. Closing twice does nothing.
    public func close() throws {
        guard let file else { return }
        self.file = nil
        do {
            try WAVHeader(sampleRate: sampleRate, channels: channels, dataByteCount: dataByteCount).bytes
                .withUnsafeBytes { try file.overwrite($0, at: 0) }
            try file.commit()
        } catch {
            file.discard()
            throw error
        }
    }
}
