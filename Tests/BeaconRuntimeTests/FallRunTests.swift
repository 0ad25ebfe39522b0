import BeaconBench
import BeaconCore
import BeaconTestSupport
import Foundation
import Testing
@testable import BeaconRuntime

/// Falls in an assistant session run in the test process: a generated fall in an IMU file, the settings' webhook on
/// a loopback server, the session scripted on its own clock. (`--imu -` refused at the command line stays in
/// BeaconCLITests.)
@Suite(.serialized) struct FallRunTests {
    typealias Effect = RunTestSupport.Effect

    static let question = "Did you fall? Say 'I'm OK' or press any key."

    /// Runs the assistant on a photo with `imu` as the IMU file and the webhook set in a fresh data folder.
    static func session(script: String, imu: String, format: String, webhook: String) throws
        -> (transcript: TranscriptRecorder, effects: [Effect])? {
        guard RunTestSupport.canDetect(), let photo = TestData.image("bus.jpg") else { return nil }
        let folder = try TestData.temporaryFolder("beacon-falls")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try Composition().settingsStore(dataDirectory: folder.path)
        for (key, value) in [("emergency-webhook", webhook), ("emergency-location", "55.7558, 37.6173")] {
            _ = try store.set(try #require(SettingKey(rawValue: key)), to: value)
        }
        let file = folder.appendingPathComponent("imu.\(format)")
        try imu.write(to: file, atomically: true, encoding: .utf8)
        let run = AssistantRun(input: photo.path, json: true, silent: true, dataDirectory: folder.path, imu: file.path)
        let transcript = TranscriptRecorder()
        try run.run(composition: Composition(), transcript: transcript, script: AssistantRunTests.script(script))
        let effects = try transcript.lines.map { try JSONDecoder().decode(Effect.self, from: Data($0.utf8)) }
        return (transcript, effects)
    }

    /// The fall, 2 s into the file, and when the detector finds it (on the file's clock, which the session takes).
    static func fall() -> (recording: IMURecording, foundAt: Double) {
        let recording = IMUSequences.recording("fall forward", seed: 1).delayed(by: 2)
        var detector = FallDetector()
        for sample in recording.samples {
            if let found = detector.add(sample) { return (recording, found.timestamp - recording.samples[0].timestamp) }
        }
        preconditionFailure("the generated fall is no fall to the detector")
    }

    @Test func unansweredTheQuestionIsFollowedByOnePostAndTheBystanderSentence() throws {
        let server = try LoopbackWebhook()
        try server.start()
        defer { server.stop() }
        let (recording, foundAt) = Self.fall()
        // A line that does not parse is one sentence; the stream goes on.
        var lines = recording.jsonLines.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.insert("{\"t\": \"soon\"}", at: 3)
        guard let (transcript, effects) = try Self.session(script: "wait \(Int(foundAt) + 25)\n", imu: lines.joined(separator: "\n"),
                                                         format: "jsonl", webhook: server.url) else { return }
        #expect(effects.contains { $0.effect == "show" && $0.text == "IMU line 4 skipped: \"t\" is not a number." })
        let asked = try #require(effects.firstIndex { $0.effect == "speak" && $0.text == Self.question })
        #expect(abs(effects[asked].time - foundAt) < 0.2)
        let sent = try #require(effects.firstIndex { $0.effect == "emergency-send" })
        #expect(sent > asked)
        #expect(abs(effects[sent].time - effects[asked].time - 10) < 0.2)
        #expect(effects[sent].value == server.url && effects[sent].label == "fall" && effects[sent].fall == 1)
        let bystanders = effects.enumerated().filter { $0.element.effect == "speak" && $0.element.text?.hasPrefix("This person may have fallen") == true }
        #expect(bystanders.first.map { $0.offset > sent } == true)
        #expect(bystanders.count >= 2)
        for (earlier, later) in zip(bystanders, bystanders.dropFirst()) {
            #expect(abs(later.element.time - earlier.element.time - 10) < 0.2)
        }
        #expect(effects.filter { $0.effect == "emergency-send" }.count == 1)
        // The POST arrived, once, with the place from the settings and a map link.
        let received = server.wait(for: 1)
        #expect(received.count == 1)
        #expect(received.first?["kind"] as? String == "fall")
        let text = received.first?["text"] as? String ?? ""
        #expect(text.hasPrefix("Beacon: a fall was detected") && text.contains("openstreetmap.org/?mlat=55.7558"), "\(text)")
        // The sender notes the delivery (standard error in a terminal); it may come just after the session ends.
        let delivered = "beacon: emergency message (fall) for fall 1 delivered."
        let deadline = Date().addingTimeInterval(10)
        while !transcript.notes.contains(delivered), Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        #expect(transcript.notes.contains(delivered), "\(transcript.notes)")
    }

    @Test func imOKTypedWithin10SecondsSendsNothing() throws {
        let server = try LoopbackWebhook()
        try server.start()
        defer { server.stop() }
        let (recording, foundAt) = Self.fall()
        guard let (_, effects) = try Self.session(script: "wait \(Int(foundAt) + 1)\nI'm OK\nwait 25\n", imu: recording.csv,
                                                format: "csv", webhook: server.url) else { return }
        let asked = try #require(effects.first { $0.effect == "speak" && $0.text == Self.question })
        let cancelled = try #require(effects.first { $0.effect == "speak" && $0.text == "Alarm cancelled." })
        #expect(cancelled.time - asked.time < 10)
        #expect(!effects.contains { $0.effect.hasPrefix("emergency") })
        #expect(!effects.contains { $0.text?.hasPrefix("This person") == true })
        Thread.sleep(forTimeInterval: 0.3)
        #expect(server.bodies.isEmpty)
    }

    /// Live, at a terminal: the IMU file plays at its own pace, and any key ("x", which is no command) answers.
    @Test func anyKeyCancelsTheAlarmInALiveSession() throws {
        guard RunTestSupport.canDetect(), let photo = TestData.image("bus.jpg") else { return }
        let server = try LoopbackWebhook()
        try server.start()
        defer { server.stop() }
        let folder = try TestData.temporaryFolder("beacon-falls-live")
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try Composition().settingsStore(dataDirectory: folder.path)
            .set(try #require(SettingKey(rawValue: "emergency-webhook")), to: server.url)
        let file = folder.appendingPathComponent("imu.csv")
        try Self.fall().recording.csv.write(to: file, atomically: true, encoding: .utf8)
        var run = AssistantRun(input: photo.path, microphone: "none", realtime: true, silent: true,
                               dataDirectory: folder.path, imu: file.path)
        let transcript = try TypedTerminal.run(keys: [(.onScreen(Self.question, wait: 1), "x"),
                                                      (.onScreen("Alarm cancelled.", wait: 0.5), "q")]) { transcript, keyboard in
            run.keyboard = keyboard
            try run.run(composition: Composition(), transcript: transcript)
        }
        let screen = TypedTerminal.screen(transcript)
        #expect(screen.contains("Alarm cancelled."), "\(screen.suffix(800))")
        #expect(!screen.contains("This person may have fallen"))
        #expect(server.bodies.isEmpty)
    }
}
