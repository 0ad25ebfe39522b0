import BeaconCore
import BeaconStore
import BeaconTestSupport
import Foundation
import Testing

@Suite(.serialized) struct SettingsCLITests {
    /// `beacon settings …` with its own data folder.
    func settings(_ arguments: [String], in folder: URL) throws -> BeaconBinary.Result {
        try BeaconBinary.run(["settings"] + arguments + ["--data-dir", folder.path])
    }

    @Test func settingsSurviveARestart() throws {
        let folder = try TestData.temporaryFolder("beacon-settings")
        defer { try? FileManager.default.removeItem(at: folder) }
        let set = try settings(["set", "speech-speed", "fast"], in: folder)
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stdout == "Speech speed set to fast.\n")
        #expect(try settings(["set", "hazards", "bikes,", "dogs"], in: folder).stdout == "Hazards set to bicycle and dog.\n")
        #expect(try settings(["get", "speech-speed"], in: folder).stdout == "fast\n")
        #expect(try settings(["get", "hazards"], in: folder).stdout == "bicycle, dog\n")

        let list = try settings(["list"], in: folder)
        #expect(list.status == 0)
        #expect(list.lines.count == SettingKey.allCases.count)
        #expect(list.lines.contains("speech-speed = fast"))
        #expect(list.lines.contains("volume = 80"))
        #expect(list.stderr.isEmpty)
        let json = try settings(["list", "--json"], in: folder)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: String])
        #expect(object["speech-speed"] == "fast")
        #expect(object.count == SettingKey.allCases.count)

        let reset = try settings(["reset"], in: folder)
        #expect(reset.stdout == "Settings back to defaults.\n")
        #expect(try settings(["get", "speech-speed"], in: folder).stdout == "normal\n")
        // The folder may also come from the environment.
        let fromEnvironment = try BeaconBinary.run(["settings", "get", "volume"], environment: ["BEACON_DATA_DIR": folder.path])
        #expect(fromEnvironment.stdout == "80\n")
    }

    @Test func anInvalidValueIsOneSentenceAndTheOldValueStays() throws {
        let folder = try TestData.temporaryFolder("beacon-settings")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try settings(["set", "volume", "60"], in: folder).status == 0)
        let refused = try settings(["set", "volume", "250"], in: folder)
        BeaconBinary.expectOneSentence(refused, containing: "Volume must be 0 to 100 percent in steps of 10; it stays 60.")
        #expect(refused.stdout.isEmpty)
        #expect(try settings(["get", "volume"], in: folder).stdout == "60\n")

        let unknown = try settings(["set", "colour", "blue"], in: folder)
        BeaconBinary.expectOneSentence(unknown, containing: "Unknown setting \"colour\"; settings are language, scanning")
        BeaconBinary.expectOneSentence(try settings(["get", "colour"], in: folder), containing: "Unknown setting")
        BeaconBinary.expectOneSentence(try settings(["set", "hazards", "stairs"], in: folder),
                                       containing: "\"stairs\" is not one")
        #expect(try settings(["get", "hazards"], in: folder).stdout == "person, bicycle, car, motorcycle, bus, truck, dog\n")
    }

    @Test func anUnreadableSettingsFileIsSetAsideInOneSentence() throws {
        let folder = try TestData.temporaryFolder("beacon-settings")
        defer { try? FileManager.default.removeItem(at: folder) }
        let garbage = Data("these are not settings\n".utf8) + Data(repeating: 0xA5, count: 4000)
        try garbage.write(to: folder.appendingPathComponent("beacon.sqlite"))
        let list = try settings(["list"], in: folder)
        #expect(list.status == 0)
        #expect(list.lines.contains("volume = 80"))
        let note = list.stderr.split(separator: "\n")
        #expect(note.count == 1, "\(list.stderr)")
        #expect(list.stderr.hasPrefix("beacon: beacon.sqlite could not be read because it is not a database; starting with defaults"))
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".unreadable-") }
        #expect(kept.count == 1)
        #expect(kept.first?.wholeMatch(of: /beacon\.sqlite\.unreadable-\d{8}-\d{6}/) != nil)
        #expect(FileManager.default.contents(atPath: folder.appendingPathComponent(kept[0]).path) == garbage)
        // Said once: the fresh file reads.
        #expect(try settings(["list"], in: folder).stderr.isEmpty)
    }

    /// Kills `beacon settings stress` with SIGKILL at moments spread over its writes, and after each kill checks the
    /// file: readable, sound, never set aside, and holding exactly one of the two settings it was writing (or, when
    /// killed before its first save, the defaults) — never a mixture.
    @Test func aKillInTheMiddleOfWritingLosesNothing() throws {
        let folder = try TestData.temporaryFolder("beacon-settings-kill")
        defer { try? FileManager.default.removeItem(at: folder) }
        let delays: [Double] = [-1, 0, 0.002, 0.007, 0.013, 0.031, 0.055, 0.09, 0.14, 0.2, 0.33]
        var seen: [String: Int] = [:]
        for delay in delays {
            let process = Process()
            process.executableURL = BeaconBinary.url
            process.arguments = ["settings", "stress", "--count", "100000000", "--data-dir", folder.path]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            var pair: [[String: String]]?
            if delay >= 0 {
                // Wait for the line that says the file is open, then let it write for `delay` seconds.
                var line = Data()
                while !line.contains(UInt8(ascii: "\n")) {
                    let chunk = output.fileHandleForReading.availableData
                    if chunk.isEmpty { break }
                    line += chunk
                }
                pair = try JSONSerialization.jsonObject(with: line) as? [[String: String]]
                Thread.sleep(forTimeInterval: delay)
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal, "the writer ran to the end before it was killed")

            let store = try SettingsStore(folder: folder)
            #expect(store.setAside == nil, "killed after \(delay) s: the file was set aside")
            #expect(try store.integrityCheck() == ["ok"])
            let loaded = try store.load()
            #expect(loaded.rejected.isEmpty, "\(loaded.rejected)")
            let now = loaded.settings.storedByName
            if let pair {
                #expect(now == pair[0] || now == pair[1] || now == AssistantSettings().storedByName,
                        "killed after \(delay) s, the settings are a mixture: \(now)")
                seen[now == pair[0] ? "first" : now == pair[1] ? "second" : "defaults", default: 0] += 1
            }
            let list = try settings(["list"], in: folder)
            #expect(list.status == 0 && list.stderr.isEmpty, "\(list.stderr)")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(!names.contains { $0.contains("unreadable") }, "\(names)")
        print("settings after each kill: \(seen)")
    }
}

extension AssistantSettings {
    var storedByName: [String: String] { Dictionary(uniqueKeysWithValues: stored.map { ($0.key.rawValue, $0.value) }) }
}
