import BeaconTestSupport
import Foundation
import Testing

/// Live use in a real terminal: `script` gives `beacon find` a pseudo-terminal, and the test types keys into it.
@Suite(.serialized, .enabled(if: TestData.hasTool("script") || TestData.required, "script (util-linux) is not installed"))
struct LiveKeysTests {
    /// `beacon` in a pseudo-terminal, with keys typed at given moments; returns everything the terminal showed.
    static func runInTerminal(_ arguments: [String], keys: [(after: Double, key: String)]) throws -> (status: Int32, screen: String) {
        let command = ([BeaconBinary.url.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        // The test runner blocks signals and children inherit that mask; `script` needs them, so a one-line
        // trampoline clears the mask before it becomes `script`.
        let unblocked = "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); os.execvp('script', sys.argv[1:])"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", unblocked, "script", "-qfec", command, "/dev/null"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let started = Date()
        for (after, key) in keys {
            let wait = after - Date().timeIntervalSince(started)
            if wait > 0 { Thread.sleep(forTimeInterval: wait) }
            input.fileHandleForWriting.write(Data(key.utf8))
        }
        let screen = output.fileHandleForReading.readDataToEndOfFile()
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: screen, as: UTF8.self))
    }

    /// The stop key silences everything within one audio buffer: in the recording nothing sounds after the moment
    /// the key was handled (plus one 20 ms buffer), although beats were coming every few tenths of a second.
    @Test func stopSilencesEverythingAtOnce() throws {
        guard try BeaconBinary.canDetect(), let video = try FindCLITests.panVideo() else { return }
        let wav = video.deletingLastPathComponent().appendingPathComponent("stopped.wav")
        let run = try Self.runInTerminal(["find", "cup", "--input", video.path, "--realtime", "--no-speech", "--wav", wav.path],
                                         keys: [(3.0, "s")])
        #expect(run.status == 0, "\(run.screen.suffix(500))")
        #expect(run.screen.contains("cup one o'clock"), "the guidance lines should be on screen")
        let stopLine = try #require(run.screen.split(whereSeparator: \.isNewline).last { $0.hasPrefix("Stopped at ") })
        let stopTime = try #require(Double(stopLine.dropFirst("Stopped at ".count).dropLast(3)), "\(stopLine)")
        let audio = try InterleavedAudio.readWAV(wav)
        let beats = BeatAnalysis.beats(in: audio)
        #expect(beats.filter { $0.time < stopTime }.count >= 3, "guidance was beeping before the stop")
        let lastSound = beats.map { $0.time + $0.duration }.max() ?? 0
        #expect(lastSound <= stopTime + 0.02, "sound until \(lastSound) s after a stop at \(stopTime) s")
        #expect(audio.duration > stopTime, "the recording goes on, silent, after the stop")
        #expect(!run.screen.contains(String(format: "%6.2f s", 5.5)), "guidance went on after the stop")
    }

    @Test func pauseResumeWhereAndEscape() throws {
        guard try BeaconBinary.canDetect(), let video = try FindCLITests.panVideo() else { return }
        let run = try Self.runInTerminal(["find", "cup", "--input", video.path, "--realtime", "--silent"],
                                         keys: [(2.0, "p"), (2.6, "p"), (3.2, " "), (3.8, "\u{1B}")])
        #expect(run.status == 0)
        #expect(run.screen.contains("says \"Paused.\""), "\(run.screen.suffix(800))")
        #expect(run.screen.contains("paused"))
        #expect(run.screen.contains("says \"Resumed.\""))
        #expect(run.screen.contains("Stopped at "), "Esc should stop beacon")
    }
}
