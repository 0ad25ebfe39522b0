import BeaconAudio
import BeaconCore
import BeaconTestSupport
import Foundation
import Testing

@Suite("Live playback through a PulseAudio server", .serialized)
struct AudioPlayerTests {
    static let pulseAvailable = PrivatePulseAudioServer.isInstalled || TestData.required

    /// A player on a private server's null sink, with parec recording what it plays.
    private struct Rig {
        let server: PrivatePulseAudioServer
        let recording: URL
        let recorder: SpawnedProcess
        let mixer = CueMixer()
        let player: AudioPlayer

        init() throws {
            server = try PrivatePulseAudioServer()
            recording = server.folder.appendingPathComponent("heard.wav")
            recorder = try server.startRecording(to: recording, sampleRate: 48_000, channels: 2)
            let sink = try #require(AudioOutput.liveDevice(server: server.server))
            player = AudioPlayer(mixer: mixer, sink: sink)
        }

        /// Waits until the player hears timeline time `time`.
        func wait(until time: Double) {
            while player.currentTime < time { Thread.sleep(forTimeInterval: 0.01) }
        }

        /// Stops the player and the recorder, and returns what was heard.
        func finish() throws -> InterleavedAudio {
            try player.stop()
            Thread.sleep(forTimeInterval: 0.3) // let the monitor deliver the last block to parec
            recorder.signal(SIGINT)
            recorder.wait()
            defer { server.stop() }
            return try InterleavedAudio.readWAV(recording)
        }
    }

    @Test("ticks scheduled on the live timeline are heard on the server, spaced and panned as scheduled",
          .enabled(if: pulseAvailable, "pulseaudio and pulseaudio-utils are not installed (scripts/setup.sh installs them)"))
    func ticksReachServer() throws {
        let rig = try Rig()
        rig.player.start()
        rig.wait(until: 0.2)
        let origin = rig.player.currentTime
        let times = (0..<6).map { origin + 0.3 + Double($0) * 0.25 }
        for (index, time) in times.enumerated() {
            #expect(rig.mixer.schedule(Earcon(kind: .tick, pan: index.isMultiple(of: 2) ? -1 : 1), at: time))
        }
        rig.wait(until: times.last! + 0.3)
        let heard = try rig.finish()

        let beats = BeatAnalysis.beats(in: heard, threshold: 0.003)
        #expect(beats.count == times.count, "heard beats at \(beats.map(\.time))")
        for interval in BeatAnalysis.intervals(beats) {
            #expect(abs(interval - 0.25) < 0.002, "interval \(interval) s")
        }
        for (index, beat) in beats.enumerated() {
            #expect(index.isMultiple(of: 2) ? beat.leftShare > 0.95 : beat.rightShare > 0.95, "beat \(index): \(beat.balance)")
            #expect(abs(beat.duration - 0.030) < 0.003, "beat \(index) lasts \(beat.duration) s")
        }
        print("PulseAudio live (real-time priority: \(rig.player.hasRealTimePriority)): intervals \(BeatAnalysis.intervals(beats).map { ($0 * 10_000).rounded() / 10 }) ms")
    }

    // The mixer's own promise (the next buffer is silent) is proven sample by sample in CueMixerTests; this
    // measures the whole path, where the server adds its buffer (`suggestedDeviceLatency`) at most.
    @Test("the stop key silences the speaker within the device's short buffer and one mixer buffer",
          .enabled(if: pulseAvailable, "pulseaudio and pulseaudio-utils are not installed (scripts/setup.sh installs them)"))
    func stopAllReachesSpeakerQuickly() throws {
        let rig = try Rig()
        rig.player.start()
        rig.wait(until: 0.2)
        // A continuous sound, so the moment it stops can be read off the recording.
        let start = rig.player.currentTime + 0.2
        rig.mixer.speak(.tone(frequency: 440, seconds: 3, sampleRate: 48_000, amplitude: 0.3), at: start)
        rig.wait(until: start + 1)
        rig.mixer.stopAll()
        let pressedAt = rig.player.currentTime
        rig.wait(until: pressedAt + 0.5)
        let heard = try rig.finish()

        // The recording's clock is the timeline's, shifted: the tone's onset gives the shift.
        // A loaded machine can underrun the server mid-tone, splitting the sound into pieces: the onset is the first
        // piece's start, the end the last piece's end.
        let pieces = BeatAnalysis.beats(in: heard, threshold: 0.003, minimumGap: 0.1)
        let first = try #require(pieces.first), last = try #require(pieces.last)
        let shift = first.time - start
        let stoppedAfter = last.time + last.duration - shift - pressedAt
        #expect(last.time + last.duration - first.time > 0.9)
        let bound = AudioPlayer.suggestedDeviceLatency + Double(rig.player.bufferFrames) / 48_000
        #expect(stoppedAfter < bound, "sound went on for \(stoppedAfter * 1000) ms after the stop")
        #expect(stoppedAfter > -0.03, "sound ended \(-stoppedAfter * 1000) ms before the stop was pressed")
        print("PulseAudio live: silent \(stoppedAfter * 1000) ms after stopAll (buffer \(rig.player.bufferFrames) frames)")
    }

    @Test("with no server to reach there is no live device")
    func noLiveDevice() {
        let device = AudioOutput.liveDevice(server: PulseAudioSinkTests.unreachableServer)
        #expect(device == nil)
    }

    @Test("with a sink that does not block, the player keeps to the system clock")
    func clockPacedSink() throws {
        let sink = NullSink()
        let player = AudioPlayer(mixer: CueMixer(), sink: sink)
        let clock = ContinuousClock(), begun = clock.now
        player.start()
        Thread.sleep(forTimeInterval: 0.5)
        let heard = player.currentTime
        let rendered = player.mixer.time
        try player.stop()
        let elapsed = (clock.now - begun) / .seconds(1)
        #expect(abs(heard - 0.5) < 0.05, "currentTime \(heard) s after 0.5 s")
        #expect(rendered - heard < 0.1, "rendered \(rendered) s, heard \(heard) s")
        #expect(sink.discardedSeconds <= elapsed + 0.05)
        try player.stop() // twice does nothing
    }

    @Test("a sink that fails stops the pump, and stop() reports why")
    func failingSink() throws {
        let player = AudioPlayer(mixer: CueMixer(), sink: FailingSink())
        player.start()
        let deadline = Date().addingTimeInterval(2)
        while player.failure == nil && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(player.failure as? AudioError == .audioDeviceFailed(reason: "unplugged"))
        #expect(throws: AudioError.audioDeviceFailed(reason: "unplugged")) { try player.stop() }
    }
}

/// Takes three buffers, then fails as an unplugged device would.
private final class FailingSink: AudioSink {
    let name = "failing"
    private var played = 0

    func play(_ audio: PCMAudio) throws {
        played += 1
        if played > 3 { throw AudioError.audioDeviceFailed(reason: "unplugged") }
    }

    func close() throws {}
}
