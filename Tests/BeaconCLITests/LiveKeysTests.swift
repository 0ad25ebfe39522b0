import BeaconTestSupport
import Foundation
import Testing

/// Live use in a real terminal: `script` gives `beacon find` a pseudo-terminal, and the test types keys into it.
/// Other keys are tested in the test process (BeaconRuntimeTests' TerminalKeysRunTests, FallRunTests).
@Suite(.serialized, .enabled(if: TestData.hasTool("script") || TestData.required, "script (util-linux) is not installed"))
struct LiveKeysTests {
    struct TerminalRun {
        var status: Int32
        /// Everything the terminal showed.
        var screen: String
    }

    /// What the terminal has shown so far, filled by a reading thread.
    final class Screen: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        private let ended = DispatchSemaphore(value: 0)

        init(reading handle: FileHandle) {
            Thread {
                while case let chunk = handle.availableData, !chunk.isEmpty { self.lock.withLock { self.data.append(chunk) } }
                self.ended.signal()
            }.start()
        }

        var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
        func waitForEnd() { ended.wait() }
    }

    /// `beacon` in a pseudo-terminal, with keys typed on cue.
    static func runInTerminal(_ arguments: [String], keys: [(cue: KeyCue, key: String)],
                              sourceLocation: SourceLocation = #_sourceLocation) throws -> TerminalRun {
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
        let screen = Screen(reading: output.fileHandleForReading)
        TypedKeys.type(keys, screen: { screen.text }, stillRunning: { process.isRunning },
                       write: { input.fileHandleForWriting.write(Data($0.utf8)) })
        screen.waitForEnd()
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        return TerminalRun(status: process.terminationStatus, screen: screen.text)
    }

    /// The stop key silences everything within one audio buffer: in the recording nothing sounds after the moment
    /// the key was handled (plus one 20 ms buffer), although beats were coming every few tenths of a second.
    @Test func stopSilencesEverythingAtOnce() throws {
        guard try BeaconBinary.canDetect(), let video = try FindCLITests.panVideo() else { return }
        let folder = try TestData.temporaryFolder("beacon-live-keys")
        defer { try? FileManager.default.removeItem(at: folder) }
        let wav = folder.appendingPathComponent("stopped.wav")
        let run = try Self.runInTerminal(["find", "cup", "--input", video.path, "--realtime", "--no-speech", "--wav", wav.path],
                                         keys: [(.after(3.0), "s")])
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
}
