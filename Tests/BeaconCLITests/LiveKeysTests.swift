import BeaconTestSupport
import Foundation
import Testing

/// Live use in a real terminal: tmux runs `beacon find`, send-keys presses keys, capture-pane reads the screen.
@Suite(.serialized, .enabled(if: TestData.hasTool("tmux") || TestData.required, "tmux is not installed"))
struct LiveKeysTests {
    final class Session {
        let name = "beacon-test-\(UUID().uuidString.prefix(8))"
        init(command: String) throws {
            // The test runner blocks signals, and children inherit that mask; a tmux server started that way dies at
            // once. A two-line trampoline clears the mask before it becomes tmux.
            let unblocked = "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); os.execvp('tmux', sys.argv[1:])"
            let started = try TestData.run("python3", ["-c", unblocked, "tmux", "new-session", "-d", "-s", name, "-x", "160",
                                                       "-y", "40", "-c", FileManager.default.currentDirectoryPath, command])
            #expect(started.status == 0, "\(started.stderr)")
        }
        func press(_ key: String) throws { _ = try TestData.run("tmux", ["send-keys", "-t", name, key]) }
        func screen() throws -> String { try TestData.run("tmux", ["capture-pane", "-p", "-t", name]).stdout }
        var isRunning: Bool { (try? TestData.run("tmux", ["has-session", "-t", name]).status == 0) ?? false }
        /// Waits for the program to end; false if it is still running after `seconds`.
        func waitForExit(seconds: Double) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline { if !isRunning { return true }; Thread.sleep(forTimeInterval: 0.05) }
            return false
        }
        deinit { _ = try? TestData.run("tmux", ["kill-session", "-t", name]) }
    }

    /// The stop key silences everything within one audio buffer: in the recording nothing sounds after the moment
    /// the key was handled (plus one 20 ms buffer), although beats were coming every few tenths of a second.
    @Test func stopSilencesEverythingAtOnce() throws {
        guard try BeaconBinary.canDetect(), let video = try FindCLITests.panVideo() else { return }
        let folder = video.deletingLastPathComponent()
        let wav = folder.appendingPathComponent("stopped.wav"), log = folder.appendingPathComponent("stderr.txt")
        let session = try Session(command: "'\(BeaconBinary.url.path)' find cup --input '\(video.path)' --realtime "
            + "--no-speech --wav '\(wav.path)' 2>'\(log.path)'")
        Thread.sleep(forTimeInterval: 2.5) // the cup is near the middle by now: beats come fast
        #expect(try session.screen().contains("cup "), "the guidance lines should be on screen")
        try session.press("s")
        #expect(session.waitForExit(seconds: 3), "beacon kept running after the stop key")
        let message = try String(contentsOf: log, encoding: .utf8)
        let stopTime = try #require(Double(message.split(separator: " ").dropFirst(2).first?.dropLast(2) ?? ""),
                                    "stderr: \(message)")
        let audio = try InterleavedAudio.readWAV(wav)
        let beats = BeatAnalysis.beats(in: audio)
        #expect(beats.count >= 4, "guidance was beeping before the stop")
        let lastSound = beats.map { $0.time + $0.duration }.max() ?? 0
        #expect(lastSound <= stopTime + 0.02, "sound until \(lastSound) s after a stop at \(stopTime) s")
        #expect(audio.duration > stopTime, "the recording goes on, silent, after the stop")
    }

    @Test func pauseAndWhereIsItAnswerAtOnce() throws {
        guard try BeaconBinary.canDetect(), let video = try FindCLITests.panVideo() else { return }
        let session = try Session(command: "'\(BeaconBinary.url.path)' find cup --input '\(video.path)' --realtime --silent")
        Thread.sleep(forTimeInterval: 1.5)
        try session.press("p")
        Thread.sleep(forTimeInterval: 0.5)
        let paused = try session.screen()
        #expect(paused.contains("says \"Paused.\""), "\(paused)")
        try session.press("p")
        Thread.sleep(forTimeInterval: 0.5)
        #expect(try session.screen().contains("says \"Resumed.\""))
        try session.press("Space")
        Thread.sleep(forTimeInterval: 0.5)
        try session.press("Escape")
        #expect(session.waitForExit(seconds: 3), "Esc should stop beacon")
    }
}
