import BeaconAudio
import BeaconCore
import BeaconTestSupport
import Foundation
import Testing

@Suite("Microphones: PulseAudio and WAV files", .serialized)
struct MicrophoneTests {
    @Test("with no PulseAudio server, the microphone is one clear sentence and Beacon goes on with typing")
    func noServer() {
        #expect(throws: RecognitionError.noMicrophone) {
            try PulseAudioMicrophone(server: PulseAudioSinkTests.unreachableServer)
        }
        #expect(RecognitionError.noMicrophone.sentence == "No microphone; type commands instead.")
        #expect(RecognitionError.noMicrophone.sentence == AssistantPhrases().noMicrophone.english)
    }

    @Test("a private PulseAudio server: a source that does not exist is no microphone; the null sink's monitor records what is played",
          .enabled(if: PrivatePulseAudioServer.isInstalled || TestData.required,
                   "pulseaudio and pulseaudio-utils are not installed (scripts/setup.sh installs them)"))
    func recordsFromServer() throws {
        let server = try PrivatePulseAudioServer()
        defer { server.stop() }
        #expect(throws: RecognitionError.noMicrophone) {
            try PulseAudioMicrophone(server: server.server, device: "no_such_source")
        }

        let microphone = try PulseAudioMicrophone(server: server.server, device: "nullsink.monitor")
        let speaker = try PulseAudioSink(sampleRate: 16_000, channels: 1, server: server.server)
        try speaker.play(PCMAudio.tone(frequency: 440, seconds: 1, sampleRate: 16_000))

        var recorded: [Int16] = []
        while recorded.count < 2 * CommandRecognizer.sampleRate, let chunk = try microphone.read() {
            #expect(chunk.count == PulseAudioMicrophone.chunkSamples)
            recorded += chunk
        }
        try speaker.close()
        let loudest = recorded.map { abs(Int($0)) }.max() ?? 0
        #expect(recorded.count >= 2 * CommandRecognizer.sampleRate)
        #expect(loudest > 1_000, "the tone played on the null sink did not reach its monitor (peak \(loudest))")

        microphone.close()
        #expect(try microphone.read() == nil)
    }

    @Test("the WAV-file microphone delivers 16 kHz mono in 100 ms chunks, then trailing silence, then ends")
    func wavFile() throws {
        let folder = try TestData.temporaryFolder("beacon-mic")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("stereo.wav")
        // One second of stereo at 48 kHz, as a recorder might leave it.
        try WAVFile.write(PCMAudio.tone(frequency: 440, seconds: 1, sampleRate: 48_000).withChannels(2), to: url)

        let microphone = try WAVFileMicrophone(url: url, trailingSilence: 0.5)
        #expect(microphone.name == "stereo.wav")
        var chunks: [[Int16]] = []
        while let chunk = try microphone.read() { chunks.append(chunk) }
        #expect(chunks.count == 15)
        #expect(chunks.dropLast().allSatisfy { $0.count == WAVFileMicrophone.chunkSamples })
        #expect(chunks.last?.allSatisfy { $0 == 0 } == true)
        #expect(try microphone.read() == nil)
    }

    @Test("a missing WAV file is one sentence naming it")
    func missingFile() {
        let url = URL(fileURLWithPath: "/nonexistent/beacon/commands.wav")
        #expect(throws: AudioError.self) { try WAVFileMicrophone(url: url) }
    }
}
