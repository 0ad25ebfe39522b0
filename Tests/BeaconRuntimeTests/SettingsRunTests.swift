import BeaconCore
import BeaconStore
import BeaconTestSupport
import Foundation
import Testing
@testable import BeaconRuntime

/// `beacon settings …` in the test process, each test with its own data folder. An invalid value as the user types
/// it, and the kill in the middle of a write (which needs a process to kill), stay with the binary in SettingsCLITests.
@Suite(.serialized) struct SettingsRunTests {
    /// `beacon settings ACTION --data-dir FOLDER`: what it printed (lines) and noted (notes).
    func settings(_ action: SettingsRun.Action, in folder: URL, environment: [String: String]? = nil) throws -> TranscriptRecorder {
        let transcript = TranscriptRecorder()
        let composition = environment.map { Composition(environment: ProcessInfo.processInfo.environment.merging($0) { $1 }) }
            ?? Composition()
        try SettingsRun(action, dataDirectory: environment == nil ? folder.path : nil).run(composition: composition,
                                                                                            transcript: transcript)
        return transcript
    }

    @Test func settingsSurviveARestart() throws {
        let folder = try TestData.temporaryFolder("beacon-settings")
        defer { try? FileManager.default.removeItem(at: folder) }
        let set = try settings(.set(key: "speech-speed", value: "fast"), in: folder)
        #expect(set.notes.isEmpty, "\(set.notes)")
        #expect(set.lines == ["Speech speed set to fast."])
        #expect(try settings(.set(key: "hazards", value: "bikes, dogs"), in: folder).lines == ["Hazards set to bicycle and dog."])
        #expect(try settings(.get(key: "speech-speed"), in: folder).lines == ["fast"])
        #expect(try settings(.get(key: "hazards"), in: folder).lines == ["bicycle, dog"])

        let list = try settings(.list(json: false), in: folder)
        #expect(list.lines.count == SettingKey.allCases.count)
        #expect(list.lines.contains("speech-speed = fast"))
        #expect(list.lines.contains("volume = 80"))
        #expect(list.notes.isEmpty)
        let json = try settings(.list(json: true), in: folder)
        #expect(json.lines.count == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.lines.joined().utf8)) as? [String: String])
        #expect(object["speech-speed"] == "fast")
        #expect(object.count == SettingKey.allCases.count)

        let reset = try settings(.reset(key: nil), in: folder)
        #expect(reset.lines == ["Settings back to defaults."])
        #expect(try settings(.get(key: "speech-speed"), in: folder).lines == ["normal"])
        // The folder may also come from the environment.
        let fromEnvironment = try settings(.get(key: "volume"), in: folder, environment: ["BEACON_DATA_DIR": folder.path])
        #expect(fromEnvironment.lines == ["80"])
    }

    /// The rest of an invalid value's story, after the refusal the binary test checks: unknown settings and labels
    /// are one sentence each, and what was stored stays.
    @Test func anInvalidValueIsOneSentenceAndTheOldValueStays() throws {
        let folder = try TestData.temporaryFolder("beacon-settings")
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try settings(.set(key: "volume", value: "60"), in: folder)
        var printed = ["(not run)"]
        RunTestSupport.expectOneSentence(containing: "Volume must be 0 to 100 percent in steps of 10; it stays 60.") { transcript in
            defer { printed = transcript.lines }
            try SettingsRun(.set(key: "volume", value: "250"), dataDirectory: folder.path).run(composition: Composition(),
                                                                                               transcript: transcript)
        }
        #expect(printed.isEmpty, "\(printed)")
        #expect(try settings(.get(key: "volume"), in: folder).lines == ["60"])

        RunTestSupport.expectOneSentence(containing: "Unknown setting \"colour\"; settings are language, scanning") { transcript in
            try SettingsRun(.set(key: "colour", value: "blue"), dataDirectory: folder.path).run(composition: Composition(),
                                                                                                transcript: transcript)
        }
        RunTestSupport.expectOneSentence(containing: "Unknown setting") { transcript in
            try SettingsRun(.get(key: "colour"), dataDirectory: folder.path).run(composition: Composition(), transcript: transcript)
        }
        RunTestSupport.expectOneSentence(containing: "\"stairs\" is not one") { transcript in
            try SettingsRun(.set(key: "hazards", value: "stairs"), dataDirectory: folder.path).run(composition: Composition(),
                                                                                                   transcript: transcript)
        }
        #expect(try settings(.get(key: "hazards"), in: folder).lines == ["person, bicycle, car, motorcycle, bus, truck, dog"])
    }

    @Test func anUnreadableSettingsFileIsSetAsideInOneSentence() throws {
        let folder = try TestData.temporaryFolder("beacon-settings")
        defer { try? FileManager.default.removeItem(at: folder) }
        let garbage = Data("these are not settings\n".utf8) + Data(repeating: 0xA5, count: 4000)
        try garbage.write(to: folder.appendingPathComponent("beacon.sqlite"))
        let list = try settings(.list(json: false), in: folder)
        #expect(list.lines.contains("volume = 80"))
        #expect(list.notes.count == 1, "\(list.notes)")
        #expect(list.notes.joined(separator: "\n").hasPrefix(
            "beacon: beacon.sqlite could not be read because it is not a database; starting with defaults"))
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".unreadable-") }
        #expect(kept.count == 1)
        #expect(kept.first?.wholeMatch(of: /beacon\.sqlite\.unreadable-\d{8}-\d{6}/) != nil)
        #expect(FileManager.default.contents(atPath: folder.appendingPathComponent(kept[0]).path) == garbage)
        // Said once: the fresh file reads.
        #expect(try settings(.list(json: false), in: folder).notes.isEmpty)
    }

    /// `settings stress`: one JSON line naming the two sets before the first save, and the file holds the last
    /// one saved. (Killing it in the middle of a write needs a process, in SettingsCLITests.)
    @Test func stressNamesBothSetsAndSavesThemInTurn() throws {
        let folder = try TestData.temporaryFolder("beacon-settings")
        defer { try? FileManager.default.removeItem(at: folder) }
        let stress = try settings(.stress(count: 3), in: folder)
        #expect(stress.lines.count == 1 && stress.notes.isEmpty, "\(stress.lines) \(stress.notes)")
        let pair = try #require(try JSONSerialization.jsonObject(with: Data(stress.lines.joined().utf8)) as? [[String: String]])
        #expect(pair == SettingsRun.stressPair.map(\.storedByName))
        #expect(pair.count == 2 && pair[0].count == SettingKey.allCases.count)
        let loaded = try SettingsStore(folder: folder).load()
        #expect(loaded.settings.storedByName == pair[0])
    }
}
