import BeaconAudio
import BeaconCore
import BeaconTestSupport
import Foundation
import Testing

@Suite("WAV files")
final class WAVFileSinkTests {
    let folder: URL

    init() throws { folder = try TestData.temporaryFolder("beacon-wav") }
    deinit { try? FileManager.default.removeItem(at: folder) }

    @Test("speech written through the sink reads back sample for sample")
    func roundTrip() throws {
        let speech = try EspeakSynthesizer().synthesize("Cup, centred.", voice: "en")
        let url = folder.appendingPathComponent("speech.wav")
        let sink = try WAVFileSink(url: url, sampleRate: speech.sampleRate, channels: 1)
        try sink.play(speech)
        try sink.close()

        #expect(try WAVFile.read(url).signature == speech.signature)
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        #expect(attributes[.size] as? Int == 44 + speech.samples.count * 2)
    }

    @Test("sox reads the file with the same rate, channels and duration",
          .enabled(if: TestData.hasTool("sox") || TestData.required, "sox is not installed (apt-get install sox)"))
    func soxAgrees() throws {
        let url = folder.appendingPathComponent("stereo.wav")
        let sink = try WAVFileSink(url: url, sampleRate: 48_000, channels: 2)
        try sink.play(.tone(frequency: 440, seconds: 0.75, sampleRate: 22_050))
        try sink.play(.tone(frequency: 440, seconds: 0.25, sampleRate: 48_000, channels: 2))
        try sink.close()

        let info = try TestData.run("sox", ["--i", url.path])
        #expect(info.status == 0, "sox --i failed: \(info.stderr)")
        #expect(info.stdout.contains("Channels       : 2"), "\(info.stdout)")
        #expect(info.stdout.contains("Sample Rate    : 48000"), "\(info.stdout)")
        #expect(info.stdout.contains("Precision      : 16-bit"), "\(info.stdout)")
        let seconds = try TestData.run("sox", ["--i", "-D", url.path]).stdout
        #expect(abs((Double(seconds.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) - 1.0) < 0.001, "sox says \(seconds) s")
    }

    @Test("audio in another format is converted to the file's format")
    func conversionOnWrite() throws {
        let tone = PCMAudio.tone(frequency: 440, seconds: 0.5, sampleRate: 22_050)
        let url = folder.appendingPathComponent("converted.wav")
        let sink = try WAVFileSink(url: url, sampleRate: 48_000, channels: 2)
        try sink.play(tone)
        try sink.close()

        let read = try WAVFile.read(url)
        #expect(read.signature == tone.converted(sampleRate: 48_000, channels: 2).signature)
        #expect(abs(read.zeroCrossingFrequency - 440) < 1)
    }

    @Test("the file only appears, or replaces an older one, once it is complete")
    func atomicReplacement() throws {
        let url = folder.appendingPathComponent("out.wav")
        let old = PCMAudio.tone(frequency: 300, seconds: 0.1, sampleRate: 16_000)
        try WAVFile.write(old, to: url)

        let new = PCMAudio.tone(frequency: 900, seconds: 0.3, sampleRate: 16_000)
        let sink = try WAVFileSink(url: url, sampleRate: 16_000)
        try sink.play(new)
        #expect(try WAVFile.read(url).signature == old.signature, "the old file must stay whole until close()")
        #expect(try folderContents().count == 2, "the new file is written beside it under a temporary name")
        try sink.close()

        #expect(try WAVFile.read(url).signature == new.signature)
        #expect(try folderContents() == ["out.wav"])
        try sink.close() // closing again does nothing
        #expect(throws: AudioError.sinkClosed(name: "out.wav")) { try sink.play(new) }
    }

    @Test("a sink dropped without close() leaves no partial file and the old file intact")
    func abandonedSink() throws {
        let url = folder.appendingPathComponent("keep.wav")
        let old = PCMAudio.tone(frequency: 300, seconds: 0.1, sampleRate: 16_000)
        try WAVFile.write(old, to: url)
        do {
            let sink = try WAVFileSink(url: url, sampleRate: 16_000)
            try sink.play(.tone(frequency: 900, seconds: 0.3, sampleRate: 16_000))
        }
        #expect(try folderContents() == ["keep.wav"])
        #expect(try WAVFile.read(url).signature == old.signature)
    }

    @Test("a folder that does not exist is one sentence naming it")
    func missingFolder() throws {
        let url = folder.appendingPathComponent("no/such/folder/out.wav")
        #expect(throws: AudioError.folderMissing(file: url)) { try WAVFileSink(url: url) }
        let sentence = AudioError.folderMissing(file: url).sentence
        #expect(sentence == "Cannot save out.wav because the folder \(url.deletingLastPathComponent().path) does not exist: create it or choose another folder.")

        let plainFile = folder.appendingPathComponent("not-a-folder")
        try Data("x".utf8).write(to: plainFile)
        let inside = plainFile.appendingPathComponent("out.wav")
        #expect(throws: AudioError.folderMissing(file: inside)) { try WAVFileSink(url: inside) }
    }

    @Test("a folder that cannot be written to is one sentence naming it")
    func unwritableFolder() throws {
        // Root may write anywhere a permission bit allows; sysfs refuses new files even to root.
        let readOnly: URL
        if getuid() == 0 {
            readOnly = URL(fileURLWithPath: "/sys")
        } else {
            readOnly = folder.appendingPathComponent("read-only")
            try FileManager.default.createDirectory(at: readOnly, withIntermediateDirectories: false,
                                                    attributes: [.posixPermissions: 0o555])
        }
        let url = readOnly.appendingPathComponent("out.wav")
        #expect(throws: AudioError.folderNotWritable(file: url)) { try WAVFileSink(url: url) }
        #expect(AudioError.folderNotWritable(file: url).sentence.hasSuffix("is not writable: choose a folder you can write to."))
    }

    @Test("the reader reads files sox made, plain and WAVE_FORMAT_EXTENSIBLE",
          .enabled(if: TestData.hasTool("sox") || TestData.required, "sox is not installed (apt-get install sox)"))
    func readsSoxFiles() throws {
        // sox writes a plain PCM header for mono and stereo, and WAVE_FORMAT_EXTENSIBLE for more channels.
        for channels in [1, 2, 3] {
            let url = folder.appendingPathComponent("sox-\(channels).wav")
            let made = try TestData.run("sox", ["-n", "-r", "16000", "-c", "\(channels)", "-b", "16", url.path,
                                                "synth", "0.5", "sine", "1000"])
            #expect(made.status == 0, "sox failed: \(made.stderr)")
            let audio = try WAVFile.read(url)
            #expect(audio.sampleRate == 16_000)
            #expect(audio.channels == channels)
            #expect(abs(audio.duration - 0.5) < 0.001)
            #expect(abs(audio.zeroCrossingFrequency - 1000) < 2, "\(channels) channels: \(audio.zeroCrossingFrequency) Hz")
        }
    }

    @Test("a file that is not 16-bit PCM WAV is refused with a reason",
          .enabled(if: TestData.hasTool("sox") || TestData.required, "sox is not installed (apt-get install sox)"))
    func refusesOtherFiles() throws {
        let deep = folder.appendingPathComponent("deep.wav")
        try TestData.run("sox", ["-n", "-r", "16000", "-c", "1", "-b", "24", deep.path, "synth", "0.1", "sine", "440"])
        #expect(throws: AudioError.notPCMWAV(file: deep, reason: "it has 24-bit samples")) { try WAVFile.read(deep) }

        let text = folder.appendingPathComponent("notes.wav")
        try Data("not a sound".utf8).write(to: text)
        #expect(throws: AudioError.notPCMWAV(file: text, reason: "no RIFF/WAVE header")) { try WAVFile.read(text) }

        let missing = folder.appendingPathComponent("missing.wav")
        #expect { try WAVFile.read(missing) } throws: { ($0 as? AudioError)?.sentence.hasPrefix("Cannot read \(missing.path)") == true }
    }

    private func folderContents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }
}
