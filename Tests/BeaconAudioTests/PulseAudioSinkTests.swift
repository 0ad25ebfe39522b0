import BeaconAudio
import BeaconCore
import BeaconTestSupport
import Foundation
import Testing

@Suite("PulseAudio playback", .serialized)
struct PulseAudioSinkTests {
    static let unreachableServer = "unix:/nonexistent/beacon-test/native"

    @Test("with no server to reach, the sink says how to go on and the default output is nil")
    func noServer() {
        #expect(throws: AudioError.noAudioDevice) { try PulseAudioSink(server: Self.unreachableServer) }
        #expect(AudioError.noAudioDevice.sentence
            == "No audio device is reachable: use --wav FILE to record the speech, or start PulseAudio.")
        #expect(AudioOutput.defaultDevice(server: Self.unreachableServer) == nil)
    }

    @Test("a 1 kHz tone played through the sink is heard on the server's null sink",
          .enabled(if: PrivatePulseAudioServer.isInstalled || TestData.required,
                   "pulseaudio and pulseaudio-utils are not installed (scripts/setup.sh installs them)"))
    func toneReachesServer() throws {
        let server = try PrivatePulseAudioServer()
        defer { server.stop() }
        let recording = server.folder.appendingPathComponent("heard.wav")
        let recorder = try server.startRecording(to: recording, sampleRate: 48_000)

        // Played at espeak-ng's rate, as speech is; the server resamples for the null sink.
        let tone = PCMAudio.tone(frequency: 1_000, seconds: 0.5, sampleRate: EspeakSynthesizer.sampleRate)
        let sink = try PulseAudioSink(sampleRate: EspeakSynthesizer.sampleRate, channels: 1, server: server.server)
        let clock = ContinuousClock()
        let elapsed = try clock.measure {
            try sink.play(tone)
            try sink.close()
        }
        Thread.sleep(forTimeInterval: 0.5) // let the monitor deliver the last block to parec
        recorder.signal(SIGINT)
        recorder.wait()

        let heard = try WAVFile.read(recording).trimmingSilence(threshold: 0.05)
        #expect(abs(heard.zeroCrossingFrequency - 1_000) < 10, "heard \(heard.zeroCrossingFrequency) Hz")
        #expect(abs(heard.duration - tone.duration) < 0.05, "heard \(heard.duration) s of a \(tone.duration) s tone")
        #expect(abs(heard.rms - tone.rms) < 0.05, "heard RMS \(heard.rms), played \(tone.rms)")
        print("PulseAudio null sink: play + drain of 0.5 s took \(elapsed); heard \(heard.duration) s at \(heard.zeroCrossingFrequency) Hz")
    }

    @Test("the default output finds a running server; an unknown device is a fault, not a missing server",
          .enabled(if: PrivatePulseAudioServer.isInstalled || TestData.required,
                   "pulseaudio and pulseaudio-utils are not installed (scripts/setup.sh installs them)"))
    func defaultOutputAndUnknownDevice() throws {
        let server = try PrivatePulseAudioServer()
        defer { server.stop() }
        let output = try #require(AudioOutput.defaultDevice(server: server.server))
        #expect(output.name == "PulseAudio at \(server.server)")
        try output.close()
        try output.close() // closing twice does nothing
        #expect(throws: AudioError.sinkClosed(name: output.name)) { try output.play(PCMAudio(sampleRate: 22_050)) }

        #expect { try PulseAudioSink(server: server.server, device: "no-such-sink") } throws: { error in
            guard case .audioDeviceFailed = error as? AudioError else { return false }
            return true
        }
    }

    @Test("the null sink takes anything and counts it")
    func nullSink() throws {
        let sink = NullSink()
        try sink.play(.silence(seconds: 0.25, sampleRate: 22_050))
        try sink.play(.tone(frequency: 440, seconds: 0.5, sampleRate: 48_000, channels: 2))
        try sink.close()
        #expect(abs(sink.discardedSeconds - 0.75) < 0.001)
    }
}
