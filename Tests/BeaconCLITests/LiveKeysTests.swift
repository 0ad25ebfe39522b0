import BeaconTestSupport
import Foundation
import Testing

/// Live use in a real terminal: `script` gives `beacon find` a pseudo-terminal, and the test types keys into it.
@Suite(.serialized, .enabled(if: TestData.hasTool("script") || TestData.required, "script (util-linux) is not installed"))
struct LiveKeysTests {
    /// When a key is typed: so long after the start, or `wait` seconds after the screen showed a text a number of times.
    enum KeyCue {
        case after(Double)
        case onScreen(String, times: Int = 1, wait: Double = 0)
    }

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
        let started = Date()
        for (cue, key) in keys {
            switch cue {
            case .after(let seconds):
                let wait = seconds - Date().timeIntervalSince(started)
                if wait > 0 { Thread.sleep(forTimeInterval: wait) }
            case .onScreen(let text, let times, let wait):
                let deadline = Date().addingTimeInterval(60)
                while screen.text.components(separatedBy: text).count - 1 < times, process.isRunning, Date() < deadline {
                    Thread.sleep(forTimeInterval: 0.02)
                }
                Thread.sleep(forTimeInterval: wait)
            }
            input.fileHandleForWriting.write(Data(key.utf8))
        }
        screen.waitForEnd()
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        return TerminalRun(status: process.terminationStatus, screen: screen.text)
    }

    /// The stop key silences everything within one audio buffer: in the recording nothing sounds after the moment
    /// the key was handled (plus one 20 ms buffer), although beats were coming every few tenths of a second.
    @Test func stopSilencesEverythingAtOnce() throws {
        guard try BeaconBinary.canDetect(), let video = try FindCLITests.panVideo() else { return }
        let wav = video.deletingLastPathComponent().appendingPathComponent("stopped.wav")
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

    @Test func pauseResumeWhereAndEscape() throws {
        guard try BeaconBinary.canDetect(), let video = try FindCLITests.panVideo() else { return }
        let run = try Self.runInTerminal(["find", "cup", "--input", video.path, "--realtime", "--silent"],
                                         keys: [(.after(2.0), "p"), (.after(2.6), "p"), (.after(3.2), " "), (.after(3.8), "\u{1B}")])
        #expect(run.status == 0)
        #expect(run.screen.contains("says \"Paused.\""), "\(run.screen.suffix(800))")
        #expect(run.screen.contains("paused"))
        #expect(run.screen.contains("says \"Resumed.\""))
        #expect(run.screen.contains("Stopped at "), "Esc should stop beacon")
    }

    /// `beacon read` on the photographed page, keys typed as sentences appear: n skips to the next sentence, b goes
    /// back to the first (reading then pauses at its end), s stops at once, in the middle of it.
    @Test func readerKeysNextBackAndStop() throws {
        guard try TextCLITests.canRead(), let page = TestData.image("page.png") else { return }
        let folder = try TestData.temporaryFolder("beacon-read-keys")
        let wav = folder.appendingPathComponent("read.wav")
        let heading = "Region-based segmentation", second = "Let us first determine markers of the coins and the background."
        let run = try Self.runInTerminal(["read", "--input", page.path, "--realtime", "--wav", wav.path],
                                         keys: [(.onScreen(heading, wait: 0.6), "n"), (.onScreen(second, wait: 1.0), "b"),
                                                (.onScreen(heading, times: 2, wait: 0.6), "s")])
        #expect(run.status == 0, "\(run.screen.suffix(800))")
        let lines = run.screen.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        let said = lines.filter { !$0.hasPrefix("Stopped at ") && !$0.isEmpty }
        #expect(said == [heading, second, heading], "\(run.screen)")
        let stopLine = try #require(lines.last { $0.hasPrefix("Stopped at ") }, "\(run.screen)")
        let stopTime = try #require(Double(stopLine.dropFirst("Stopped at ".count).dropLast(3)), "\(stopLine)")
        // Each sentence is heard for a while before its key; the heading is still being said when s comes (it takes
        // over a second), and nothing sounds after the stop but what one 20 ms buffer already held.
        #expect(stopTime > 2, "the keys came \(stopTime) s into the reading")
        let audio = try InterleavedAudio.readWAV(wav)
        let loud = audio.samples.lastIndex { abs(Int($0)) > 300 } ?? 0
        let lastSound = Double(loud / audio.channels) / Double(audio.sampleRate)
        print("read keys: stop at \(stopTime) s, last sound at \(lastSound) s, recording \(audio.duration) s")
        #expect(lastSound > stopTime - 0.1, "the heading was being said when s came")
        #expect(lastSound <= stopTime + 0.04, "sound until \(lastSound) s after a stop at \(stopTime) s")
    }
}
