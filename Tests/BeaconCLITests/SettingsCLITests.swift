import BeaconCore
import BeaconRuntime
import BeaconStore
import BeaconTestSupport
import Foundation
import Testing

/// `beacon settings` as a user types it: an invalid value refused in one sentence; and the binary killed in the
/// middle of writing, which needs a process to kill. Everything else runs in the test process (SettingsRunTests).
@Suite(.serialized) struct SettingsCLITests {
    /// `beacon settings …` with its own data folder.
    func settings(_ arguments: [String], in folder: URL) throws -> BeaconBinary.Result {
        try BeaconBinary.run(["settings"] + arguments + ["--data-dir", folder.path])
    }

    /// A value the user types that is not valid: refused in one sentence with a non-zero exit, nothing printed.
    /// (Unknown settings and labels, and the old value staying, are checked in the test process: SettingsRunTests.)
    @Test func anInvalidValueIsOneSentenceAndTheOldValueStays() throws {
        let folder = try TestData.temporaryFolder("beacon-settings")
        defer { try? FileManager.default.removeItem(at: folder) }
        let refused = try settings(["set", "volume", "250"], in: folder)
        BeaconBinary.expectOneSentence(refused, containing: "Volume must be 0 to 100 percent in steps of 10; it stays 80.")
        #expect(refused.stdout.isEmpty)
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
