import BeaconTestSupport
import Foundation
import Testing

/// Scripted sessions of the assistant: typed commands through a pipe, every effect as a JSON line, real models on
/// real photos. Each test keeps its settings and history in a folder of its own.
@Suite(.serialized) struct AssistCLITests {
    struct Effect: Decodable {
        var time: Double
        var effect: String
        var text: String?
        var language: String?
        var voice: String?
        var earcon: String?
        var mode: String?
        var target: String?
        var label: String?
        var setting: String?
        var value: String?
        var cue: Cue?
    }

    struct Cue: Decodable {
        var locked: Bool
        var direction: String?
    }

    struct Session {
        var result: BeaconBinary.Result
        var effects: [Effect]
        var spoken: [Effect] { effects.filter { $0.effect == "speak" } }
        var said: [String] { spoken.compactMap(\.text) }
    }

    /// Runs `beacon assist` on `input` with `script` piped in, in a fresh data folder that is removed afterwards.
    static func session(_ script: String, input: URL, extra: [String] = []) throws -> Session {
        let folder = try TestData.temporaryFolder("beacon-assist")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try BeaconBinary.run(["assist", "--input", input.path, "--json", "--silent", "--data-dir", folder.path] + extra,
                                          input: script)
        let effects = try result.lines.map { try JSONDecoder().decode(Effect.self, from: Data($0.utf8)) }
        return Session(result: result, effects: effects)
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

    @Test func exploreReportsTheBusAndThePeopleWithClockDirections() throws {
        guard try BeaconBinary.canDetect(), let bus = TestData.image("bus.jpg") else { return }
        let session = try Self.session("explore\nwhat did you detect recently\nquit\n", input: bus)
        #expect(session.result.status == 0, "\(session.result.stderr)")
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
        guard try BeaconBinary.canDetect(), let video = try FindCLITests.panVideo() else { return }
        defer { try? FileManager.default.removeItem(at: video.deletingLastPathComponent()) }
        let session = try Self.session("find cup\nwait 4\nstop\nquit\n", input: video)
        #expect(session.result.status == 0, "\(session.result.stderr)")
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
        #expect(session.result.status == 0, "\(session.result.stderr)")
        #expect(session.said.contains("Reading."), "\(session.said)")
        #expect(session.said.contains("Region-based segmentation"), "\(session.said)")
        #expect(session.said.contains { $0.contains("markers of the coins") }, "\(session.said)")
        #expect(session.effects.contains { $0.effect == "mode" && $0.mode == "read" })
    }

    @Test func languageRussianMakesTheNextPhrasesRussian() throws {
        guard try BeaconBinary.canDetect(), let photo = TestData.image("zidane.jpg") else { return }
        let session = try Self.session("language Russian\nhelp\nscan now\nquit\n", input: photo)
        #expect(session.result.status == 0, "\(session.result.stderr)")
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
        guard try BeaconBinary.canDetect(), let photo = TestData.image("zidane.jpg") else { return }
        let session = try Self.session("help\nfind cup\nhelp\nstop\nhelp\nquit\n", input: photo)
        #expect(session.result.status == 0, "\(session.result.stderr)")
        // Waiting for "scan now", finding, and stopped: each help is about where the person is.
        let said = session.said
        #expect(said.contains { $0.hasPrefix("On demand:") }, "\(said)")
        #expect(said.contains { $0.hasPrefix("Finding:") }, "\(said)")
        #expect(said.contains { $0.hasPrefix("Say find and an object") }, "\(said)")
    }

    @Test func badInputGetsOneSentenceAndTheSessionGoesOn() throws {
        guard try BeaconBinary.canDetect(), let photo = TestData.image("zidane.jpg") else { return }
        let session = try Self.session("open the window\nfind unicorn\nconfidence 250\nalert me to dragons\nscan now\nquit\n",
                                       input: photo)
        #expect(session.result.status == 0, "\(session.result.stderr)")
        let said = session.said
        #expect(said.contains("Unknown command; say help."), "\(said)")
        #expect(said.contains { $0.contains("unicorn") }, "\(said)")
        #expect(said.contains { $0.contains("dragons") }, "\(said)")
        #expect(said.contains { $0.contains("onfidence") && $0.contains("50") }, "\(said)")
        // The session went on: scan now answered with what is in the photo.
        #expect(said.contains { $0.hasPrefix("Person,") || $0.contains("people") }, "\(said)")
    }

    @Test func noCameraIsOneSentence() throws {
        let result = try BeaconBinary.run(["assist", "--silent", "--camera", "/dev/video9"], input: "quit\n")
        BeaconBinary.expectOneSentence(result, containing: "No camera at /dev/video9")
    }

    @Test func anUnreadablePhotoIsOneSentence() throws {
        let folder = try TestData.temporaryFolder("beacon-assist")
        defer { try? FileManager.default.removeItem(at: folder) }
        let broken = folder.appendingPathComponent("broken.jpg")
        try Data([0xFF, 0xD8, 0xFF, 0x00, 0x01]).write(to: broken)
        let result = try BeaconBinary.run(["assist", "--silent", "--input", broken.path, "--data-dir", folder.path],
                                          input: "quit\n")
        BeaconBinary.expectOneSentence(result, containing: "broken.jpg")
    }

    /// Spoken commands through the same session: espeak-ng speech played as the microphone, real PocketSphinx.
    @Test func spokenCommandsDriveTheSessionAndOtherSpeechIsRejected() throws {
        let model = "/usr/share/pocketsphinx/model/en-us/en-us/mdef"
        guard FileManager.default.fileExists(atPath: model), TestData.hasTool("sox"), TestData.hasTool("espeak-ng") else {
            #expect(!TestData.required, "PocketSphinx, sox or espeak-ng is missing")
            return
        }
        guard try BeaconBinary.canDetect(), let bus = TestData.image("bus.jpg") else { return }
        let folder = try TestData.temporaryFolder("beacon-voice")
        defer { try? FileManager.default.removeItem(at: folder) }
        var parts: [String] = []
        func silence(_ seconds: Double) throws {
            let path = folder.appendingPathComponent("silence-\(parts.count).wav").path
            _ = try TestData.run("/usr/bin/env", ["sox", "-n", "-r", "22050", "-b", "16", "-c", "1", path, "trim", "0", "\(seconds)"])
            parts.append(path)
        }
        func say(_ text: String) throws {
            let path = folder.appendingPathComponent("speech-\(parts.count).wav").path
            _ = try TestData.run("/usr/bin/env", ["espeak-ng", "-v", "en-us", "-w", path, text])
            parts.append(path)
        }
        // Conversation without the wake word is ignored; with it, a command acts and other words are refused once.
        try silence(3); try say("I wonder what the weather will be like."); try silence(2)
        try say("Beacon, explore."); try silence(9)
        try say("Beacon, the kettle is boiling in the kitchen."); try silence(3)
        try say("Beacon, what did you detect recently?"); try silence(6)
        let recording = folder.appendingPathComponent("commands.wav").path
        _ = try TestData.run("/usr/bin/env", ["sox"] + parts + [recording])

        let result = try BeaconBinary.run(["assist", "--input", bus.path, "--realtime", "--microphone-file", recording,
                                           "--always-listening", "--json", "--silent",
                                           "--data-dir", folder.appendingPathComponent("data").path], input: "")
        #expect(result.status == 0, "\(result.stderr)")
        let effects = try result.lines.map { try JSONDecoder().decode(Effect.self, from: Data($0.utf8)) }
        let heard = effects.filter { $0.effect == "heard" }.compactMap(\.text)
        #expect(heard.contains("beacon explore"), "\(heard)")
        #expect(heard.contains("beacon what did you detect recently"), "\(heard)")
        #expect(!heard.contains { $0.contains("weather") }, "speech without the wake word is not for Beacon: \(heard)")
        let said = effects.filter { $0.effect == "speak" }.compactMap(\.text)
        #expect(said.contains("Exploring."), "\(said)")
        #expect(said.contains { $0.hasPrefix("Bus,") }, "\(said)")
        #expect(said.filter { $0 == "Sorry, say that again." }.count == 1, "\(said)")
        #expect(said.contains { $0.hasPrefix("Recently:") && $0.contains("bus") }, "\(said)")
        // Nothing but the two commands changed the mode.
        #expect(effects.filter { $0.effect == "mode" }.compactMap(\.mode).filter { $0 == "explore" }.count == 1)
    }

    @Test func noMicrophoneIsOneSentenceAndTypingGoesOn() throws {
        guard let photo = TestData.image("zidane.jpg") else { return }
        let folder = try TestData.temporaryFolder("beacon-assist")
        defer { try? FileManager.default.removeItem(at: folder) }
        // No PulseAudio server at this address: the microphone cannot open.
        let result = try BeaconBinary.run(["assist", "--input", photo.path, "--realtime", "--microphone", "default",
                                           "--json", "--silent", "--data-dir", folder.path],
                                          environment: ["PULSE_SERVER": "unix:\(folder.path)/no-server"],
                                          input: "listen\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("No microphone; type commands instead."), "\(result.stderr)")
        let said = try result.lines.map { try JSONDecoder().decode(Effect.self, from: Data($0.utf8)) }
            .filter { $0.effect == "speak" }.compactMap(\.text)
        // Said after "Beacon ready." (a hazard may come between), and not twice for the talk command typed at once.
        #expect(said.first == "Beacon ready.", "\(said)")
        #expect(said.filter { $0 == "No microphone; type commands instead." }.count == 1, "\(said)")
    }
}
