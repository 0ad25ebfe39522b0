import BeaconAudio
import BeaconCore
import BeaconTestSupport
import Foundation
import Testing
@testable import BeaconRuntime
#if canImport(Glibc)
import Glibc
#endif

/// Scripted sessions of the assistant, run in the test process: typed commands as a script, every effect as a JSON
/// line on the transcript, real models on real photos. Each test keeps its settings and history in a folder of its
/// own. (`beacon assist` itself, as a user types it, is tested in BeaconCLITests.)
@Suite(.serialized) struct AssistantRunTests {
    typealias Effect = RunTestSupport.Effect

    struct Session {
        var transcript: TranscriptRecorder
        var effects: [Effect]
        var spoken: [Effect] { effects.filter { $0.effect == "speak" } }
        var said: [String] { spoken.compactMap(\.text) }
        var notes: String { transcript.notes.joined(separator: "\n") }
    }

    // MARK: Running the runtime as the binary would

    /// The lines of `text` one per call, then nil: what `beacon` read from a pipe (`printf 'explore\nquit\n' | …`).
    static func script(_ text: String) -> () -> String? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        var next = 0
        return {
            guard next < lines.count else { return nil }
            defer { next += 1 }
            return lines[next]
        }
    }

    /// Runs the assistant on `input` with `script` as the typed commands, JSON effects and no sound, in a fresh data
    /// folder that is removed afterwards.
    static func session(_ script: String, input: URL, configure: (inout AssistantRun) -> Void = { _ in }) throws -> Session {
        let folder = try TestData.temporaryFolder("beacon-assist")
        defer { try? FileManager.default.removeItem(at: folder) }
        var run = AssistantRun(input: input.path, json: true, silent: true, dataDirectory: folder.path)
        configure(&run)
        return try session(run, script: script)
    }

    static func session(_ run: AssistantRun, script: String) throws -> Session {
        let transcript = TranscriptRecorder()
        try run.run(composition: Composition(), transcript: transcript, script: Self.script(script))
        let effects = try transcript.lines.map { try JSONDecoder().decode(Effect.self, from: Data($0.utf8)) }
        return Session(transcript: transcript, effects: effects)
    }

    static let numberWords = ["Two": 2, "Three": 3, "Four": 4, "Five": 5, "Six": 6, "Seven": 7, "Eight": 8, "Nine": 9, "Ten": 10]

    /// People in a report: "Person, …" counts one, "Three people, …" three.
    static func people(in said: [String]) -> Int {
        said.reduce(0) { total, sentence in
            if sentence.hasPrefix("Person,") { return total + 1 }
            let words = sentence.split(separator: " ")
            if words.count > 1, words[1].hasPrefix("people") { return total + (numberWords[String(words[0])] ?? 0) }
            return total
        }
    }

    // MARK: Sessions

    @Test func exploreReportsTheBusAndThePeopleWithClockDirections() throws {
        guard RunTestSupport.canDetect(), let bus = TestData.image("bus.jpg") else { return }
        let session = try Self.session("explore\nwhat did you detect recently\nquit\n", input: bus)
        let said = session.said
        #expect(said.first == "Beacon ready.", "\(said)")
        #expect(said.contains("Exploring."), "\(said)")
        // Hazard warnings ("Caution: person, …") may come first; the report is the rest.
        let report = said.filter { $0.contains("o'clock") && !$0.hasPrefix("Caution") }
        #expect(report.contains { $0.hasPrefix("Bus,") }, "\(report)")
        #expect(Self.people(in: report) >= 3, "\(report)")
        // People and vehicles come first: the report never starts with a small thing.
        #expect(report.first.map { $0.hasPrefix("Bus") || $0.contains("erson") || $0.contains("eople") } ?? false, "\(report)")
        // Every item says where, on a clock face, and how far, as an estimate.
        for item in report { #expect(item.contains("about"), "\(item)") }
        let recently = try #require(said.first { $0.hasPrefix("Recently:") }, "\(said)")
        #expect(recently.contains("bus") && (recently.contains("person") || recently.contains("people")), "\(recently)")
        #expect(session.effects.contains { $0.effect == "history" && $0.label == "bus" })
        #expect(said.last == "Goodbye.")
    }

    @Test func findGuidesToTheCupAndStopSilencesIt() throws {
        guard RunTestSupport.canDetect(), let video = try RunTestSupport.panVideo() else { return }
        let session = try Self.session("find cup\nwait 4\nstop\nquit\n", input: video)
        #expect(session.effects.contains { $0.effect == "mode" && $0.mode == "find" && $0.target == "cup" })
        #expect(session.said.contains("Looking for cup."), "\(session.said)")
        let guided = session.effects.compactMap(\.cue).filter(\.locked)
        #expect(guided.count >= 20, "locked on \(guided.count) frames")
        #expect(session.said.contains { $0.hasPrefix("Cup, ") && $0.contains("o'clock") }, "\(session.said)")
        #expect(session.effects.contains { $0.effect == "earcon" && $0.earcon == "tick" })
        // Stop: everything is silenced at once, then "Stopped." and no beat after it.
        let stop = try #require(session.effects.firstIndex { $0.effect == "stop-all" && $0.time >= 3.9 })
        let stopTime = session.effects[stop].time
        let after = session.effects[stop...]
        #expect(after.contains { $0.effect == "speak" && $0.text == "Stopped." })
        #expect(!after.contains { $0.effect == "earcon" && $0.earcon == "tick" }, "a beat played after stop")
        #expect(!after.contains { $0.effect == "cue" }, "guidance went on after stop at \(stopTime) s")
    }

    @Test func readsThePagePhoto() throws {
        guard let page = TestData.image("page.png"), TestData.model("PP-OCRv6_det_small.onnx") != nil || TestData.required
        else { return }
        let session = try Self.session("read\nquit\n", input: page)
        #expect(session.said.contains("Reading."), "\(session.said)")
        #expect(session.said.contains("Region-based segmentation"), "\(session.said)")
        #expect(session.said.contains { $0.contains("markers of the coins") }, "\(session.said)")
        #expect(session.effects.contains { $0.effect == "mode" && $0.mode == "read" })
    }

    @Test func languageRussianMakesTheNextPhrasesRussian() throws {
        guard RunTestSupport.canDetect(), let photo = TestData.image("zidane.jpg") else { return }
        let session = try Self.session("language Russian\nhelp\nscan now\nquit\n", input: photo)
        let index = try #require(session.spoken.firstIndex { $0.language == "ru" }, "\(session.said)")
        let russian = session.spoken[index...]
        #expect(russian.count >= 3)
        for utterance in russian {
            #expect(utterance.language == "ru" && utterance.voice == "ru", "\(utterance)")
            #expect(utterance.text?.unicodeScalars.contains { (0x400...0x4FF).contains($0.value) } ?? false, "\(utterance)")
        }
        // The choice is kept: the store is told.
        #expect(session.effects.contains { $0.effect == "setting" && $0.setting == "language" && $0.value == "ru" })
    }

    @Test func helpAnswersInTheCurrentMode() throws {
        guard RunTestSupport.canDetect(), let photo = TestData.image("zidane.jpg") else { return }
        let session = try Self.session("help\nfind cup\nhelp\nstop\nhelp\nquit\n", input: photo)
        // Waiting for "scan now", finding, and stopped: each help is about where the person is.
        let said = session.said
        #expect(said.contains { $0.hasPrefix("On demand:") }, "\(said)")
        #expect(said.contains { $0.hasPrefix("Finding:") }, "\(said)")
        #expect(said.contains { $0.hasPrefix("Say find and an object") }, "\(said)")
    }

    @Test func badInputGetsOneSentenceAndTheSessionGoesOn() throws {
        guard RunTestSupport.canDetect(), let photo = TestData.image("zidane.jpg") else { return }
        let session = try Self.session("open the window\nfind unicorn\nconfidence 250\nalert me to dragons\nscan now\nquit\n",
                                       input: photo)
        let said = session.said
        #expect(said.contains("Unknown command; say help."), "\(said)")
        #expect(said.contains { $0.contains("unicorn") }, "\(said)")
        #expect(said.contains { $0.contains("dragons") }, "\(said)")
        #expect(said.contains { $0.contains("onfidence") && $0.contains("65") }, "\(said)")
        // The session went on: scan now answered with what is in the photo.
        #expect(said.contains { $0.hasPrefix("Person,") || $0.contains("people") }, "\(said)")
    }

    /// A photo that cannot be decoded stops the session before it starts, with one sentence naming the file.
    @Test func anUnreadablePhotoIsOneSentence() throws {
        let folder = try TestData.temporaryFolder("beacon-assist")
        defer { try? FileManager.default.removeItem(at: folder) }
        let broken = folder.appendingPathComponent("broken.jpg")
        try Data([0xFF, 0xD8, 0xFF, 0x00, 0x01]).write(to: broken)
        let run = AssistantRun(input: broken.path, silent: true, dataDirectory: folder.path)
        RunTestSupport.expectOneSentence(containing: "broken.jpg") { transcript in
            try run.run(composition: Composition(), transcript: transcript, script: Self.script("quit\n"))
        }
    }

    /// Spoken commands through the same session: the natural voice's speech played as the microphone, heard by
    /// Moonshine (Silero VAD finding the speech), always listening for "Beacon".
    @Test func spokenCommandsDriveTheSessionAndOtherSpeechIsRejected() throws {
        guard RunTestSupport.canDetect(), let bus = TestData.image("bus.jpg"),
              try RunTestSupport.spoken("Beacon.") != nil else { return }
        let folder = try TestData.temporaryFolder("beacon-voice")
        defer { try? FileManager.default.removeItem(at: folder) }
        var samples: [Int16] = []
        func silence(_ seconds: Double) { samples += [Int16](repeating: 0, count: Int(seconds * 16_000)) }
        func say(_ text: String) throws { samples += try RunTestSupport.spoken(text) ?? [] }
        // Conversation without the wake word is ignored; with it, a command acts and other words are refused once.
        silence(3); try say("I wonder what the weather will be like."); silence(2)
        try say("Beacon, explore."); silence(9)
        try say("Beacon, the kettle is boiling in the kitchen."); silence(3)
        try say("Beacon, what did you detect recently?"); silence(6)
        let recording = folder.appendingPathComponent("commands.wav")
        try WAVFile.write(PCMAudio(sampleRate: 16_000, samples: samples), to: recording)

        let run = AssistantRun(input: bus.path, microphoneFile: recording.path, alwaysListening: true, realtime: true,
                               json: true, silent: true, dataDirectory: folder.appendingPathComponent("data").path)
        let effects = try Self.session(run, script: "").effects
        let heard = effects.filter { $0.effect == "heard" }.compactMap(\.text).map { $0.lowercased() }
        #expect(heard.contains { $0.contains("explore") }, "\(heard)")
        #expect(heard.contains { $0.contains("what did you detect recently") }, "\(heard)")
        #expect(!heard.contains { $0.contains("weather") }, "speech without the wake word is not for Beacon: \(heard)")
        let said = effects.filter { $0.effect == "speak" }.compactMap(\.text)
        #expect(said.contains("Exploring."), "\(said)")
        #expect(said.contains { $0.hasPrefix("Bus,") }, "\(said)")
        #expect(said.filter { $0 == "Sorry, say that again." }.count == 1, "said \(said); heard \(heard)")
        #expect(said.contains { $0.hasPrefix("Recently:") && $0.contains("bus") }, "\(said)")
        // Nothing but the two commands changed the mode.
        #expect(effects.filter { $0.effect == "mode" }.compactMap(\.mode).filter { $0 == "explore" }.count == 1)
    }

    @Test func noMicrophoneIsOneSentenceAndTypingGoesOn() throws {
        guard let photo = TestData.image("zidane.jpg") else { return }
        let folder = try TestData.temporaryFolder("beacon-assist")
        defer { try? FileManager.default.removeItem(at: folder) }
        // No PulseAudio server at this address: the microphone cannot open. (libpulse reads the process environment.)
        let previous = getenv("PULSE_SERVER").map { String(cString: $0) }
        setenv("PULSE_SERVER", "unix:\(folder.path)/no-server", 1)
        defer { if let previous { setenv("PULSE_SERVER", previous, 1) } else { unsetenv("PULSE_SERVER") } }
        let run = AssistantRun(input: photo.path, microphone: "default", realtime: true, json: true, silent: true,
                               dataDirectory: folder.path)
        let session = try Self.session(run, script: "listen\n")
        #expect(session.notes.contains("No microphone; type commands instead."), "\(session.notes)")
        let said = session.said
        // Said after "Beacon ready." (a hazard may come between), and not twice for the talk command typed at once.
        #expect(said.first == "Beacon ready.", "\(said)")
        #expect(said.filter { $0 == "No microphone; type commands instead." }.count == 1, "\(said)")
    }
}

/// Keys in a live session, run in the test process: the session reads its keys from a pseudo-terminal of the test's
/// own (the runs' `keyboard`), and the test types keys into it on cue, as a person at the keyboard would. What the
/// terminal would have shown is the transcript (lines, then notes).
enum TypedTerminal {
    /// One typed session at a time, whichever suite runs it: their timings stay apart.
    private static let lock = NSLock()

    /// Runs `session` with a pseudo-terminal to read keys from and `keys` typed into it on cue; what it showed.
    static func run(keys: [(cue: KeyCue, key: String)],
                    _ session: (TranscriptRecorder, _ keyboard: Int32) throws -> Void) throws -> TranscriptRecorder {
        lock.lock()
        defer { lock.unlock() }
        let master = PTY.openpt(O_RDWR | O_NOCTTY)
        guard master >= 0, PTY.grantpt(master) == 0, PTY.unlockpt(master) == 0, let name = PTY.ptsname(master) else {
            throw POSIXError(.ENOTTY)
        }
        let terminal = open(name, O_RDWR | O_NOCTTY)
        guard terminal >= 0 else { throw POSIXError(.ENOTTY) }
        defer {
            close(terminal)
            // The key reader, if still waiting on the terminal, gets an error and ends.
            close(master)
        }
        let transcript = TranscriptRecorder()
        let finished = Finished()
        let typist = Thread {
            TypedKeys.type(keys, screen: { screen(transcript) }, stillRunning: { !finished.value }, write: { key in
                _ = key.utf8CString.withUnsafeBufferPointer { write(master, $0.baseAddress, $0.count - 1) }
            })
            finished.typistDone.signal()
        }
        typist.start()
        defer {
            finished.value = true
            finished.typistDone.wait()
        }
        try session(transcript, terminal)
        return transcript
    }

    /// The C library's pseudo-terminal calls, which Swift's Glibc module leaves out (they need _XOPEN_SOURCE).
    private enum PTY {
        nonisolated(unsafe) static let library = dlopen(nil, RTLD_NOW)
        static func function<T>(_ name: String, as type: T.Type) -> T { unsafeBitCast(dlsym(library, name), to: type) }
        static let openpt = function("posix_openpt", as: (@convention(c) (Int32) -> Int32).self)
        static let grantpt = function("grantpt", as: (@convention(c) (Int32) -> Int32).self)
        static let unlockpt = function("unlockpt", as: (@convention(c) (Int32) -> Int32).self)
        static let ptsname = function("ptsname", as: (@convention(c) (Int32) -> UnsafeMutablePointer<CChar>?).self)
    }

    /// Everything the terminal would have shown: the lines (standard output), then the notes (standard error).
    static func screen(_ transcript: TranscriptRecorder) -> String {
        (transcript.lines + transcript.notes).joined(separator: "\n")
    }

    private final class Finished: @unchecked Sendable {
        private let lock = NSLock()
        private var done = false
        let typistDone = DispatchSemaphore(value: 0)
        var value: Bool {
            get { lock.withLock { done } }
            set { lock.withLock { done = newValue } }
        }
    }
}

/// Single keys while guiding and reading, typed into a pseudo-terminal the run reads its keys from. (One such
/// test, with the `beacon` binary in a real terminal, stays in BeaconCLITests.)
@Suite(.serialized) struct TerminalKeysRunTests {
    @Test func pauseResumeWhereAndEscape() throws {
        guard RunTestSupport.canDetect(), let video = try RunTestSupport.panVideo() else { return }
        var run = GuidanceRun(input: video.path, camera: nil, silent: true, realtime: true)
        let transcript = try TypedTerminal.run(keys: [(.after(2.0), "p"), (.after(2.6), "p"), (.after(3.2), " "),
                                                      (.after(3.8), "\u{1B}")]) { transcript, keyboard in
            run.keyboard = keyboard
            try run.findObject("cup", detector: DetectorSettings(), composition: Composition(), transcript: transcript)
        }
        let screen = TypedTerminal.screen(transcript)
        #expect(screen.contains("says \"Paused.\""), "\(screen.suffix(800))")
        #expect(screen.contains("paused"))
        #expect(screen.contains("says \"Resumed.\""))
        #expect(screen.contains("Stopped at "), "Esc should stop beacon")
    }

    /// Reading the photographed page, keys typed as sentences appear: n skips to the next sentence, b goes back to
    /// the first (reading then pauses at its end), s stops at once, in the middle of it.
    @Test func readerKeysNextBackAndStop() throws {
        guard RunTestSupport.canRead(), let page = TestData.image("page.png") else { return }
        let folder = try TestData.temporaryFolder("beacon-read-keys")
        defer { try? FileManager.default.removeItem(at: folder) }
        let wav = folder.appendingPathComponent("read.wav")
        let heading = "Region-based segmentation", second = "Let us first determine markers of the coins and the background."
        var run = PageReadingRun(input: page.path, camera: nil, wav: wav.path, realtime: true)
        let transcript = try TypedTerminal.run(keys: [(.onScreen(heading, wait: 0.6), "n"), (.onScreen(second, wait: 1.0), "b"),
                                                      (.onScreen(heading, times: 2, wait: 0.6), "s")]) { transcript, keyboard in
            run.keyboard = keyboard
            try run.run(composition: Composition(), transcript: transcript)
        }
        let screen = TypedTerminal.screen(transcript)
        let lines = (transcript.lines + transcript.notes).map { $0.trimmingCharacters(in: .whitespaces) }
        let said = lines.filter { !$0.hasPrefix("Stopped at ") && !$0.isEmpty }
        #expect(said == [heading, second, heading], "\(screen)")
        let stopLine = try #require(lines.last { $0.hasPrefix("Stopped at ") }, "\(screen)")
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
