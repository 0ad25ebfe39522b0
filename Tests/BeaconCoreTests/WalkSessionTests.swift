import BeaconBench
import Foundation
import Testing
@testable import BeaconCore

/// Walk mode through the real assistant session: the walk command, then `.depth` events, and what is said, played
/// and felt.
@Suite struct WalkSessionTests {
    typealias Support = WalkTestSupport

    static func walking(_ settings: AssistantSettings = AssistantSettings()) -> AssistantSession {
        var session = AssistantSessionTests.started(settings)
        let spoken = AssistantSessionTests.run(.walk, on: &session, at: 2)
        #expect(spoken.map(\.text) == [session.phrasebook.say(WalkPhrases().walking)])
        #expect(session.mode == .walking)
        return session
    }

    /// Plays depth frames (from 10 s on) into the session; speech is reported finished right away.
    static func play(_ frames: [DepthSequences.Frame], on session: inout AssistantSession,
                     from start: Double = 10) -> [(time: Double, effect: AssistantEffect)] {
        var effects: [(Double, AssistantEffect)] = []
        for (index, frame) in frames.enumerated() {
            let time = start + frame.timestamp
            for effect in session.handle(.depth(frame.map, frame: index, timestamp: time)) { effects.append((time, effect)) }
            if session.arbiter.isSpeaking {
                for effect in session.handle(.speechFinished(timestamp: time + 0.01)) { effects.append((time, effect)) }
            }
        }
        return effects
    }

    static func spoken(_ effects: [(time: Double, effect: AssistantEffect)]) -> [Utterance] {
        effects.compactMap { if case .speak(let utterance) = $0.effect { utterance } else { nil } }
    }

    @Test func theWalkCommandSaysWalking() {
        var session = Self.walking()
        #expect(session.depthInterval == 1.0 / 30)
        #expect(AssistantSessionTests.run(.help, on: &session, at: 5).map(\.text).first?.hasPrefix("In walking:") == true)
        #expect(AssistantSessionTests.run(.stop, on: &session, at: 8).map(\.text) == ["Stopped."])
        #expect(session.mode == .idle && session.depthInterval == nil)
    }

    /// Walking into a wall: "Wall ahead, 1 metre.", then "Wall ahead, half a metre.", as hazards; the obstacle beat
    /// and its vibrations all along; each sentence once.
    @Test func aWallApproachedIsSaidAndFelt() {
        var session = Self.walking()
        let effects = Self.play(DepthSequences.wallApproach(renderer: Support.renderer()), on: &session)
        let words = Self.spoken(effects)
        let texts = words.map(\.text)
        #expect(texts.suffix(2) == ["Wall ahead, 1 metre.", "Wall ahead, half a metre."], "\(texts)")
        #expect(Set(texts).count == texts.count)
        #expect(words.suffix(2).allSatisfy { $0.priority == .hazard })
        let earcons = effects.compactMap { if case .earcon(let earcon, _) = $0.effect { earcon } else { nil } }
        let haptics = effects.compactMap { if case .haptic(let pattern) = $0.effect { pattern } else { nil } }
        #expect(earcons.count >= 3 && earcons.allSatisfy { $0.kind == .obstacle }, "\(earcons.count) beats")
        #expect(haptics.count == earcons.count)
        #expect(haptics.contains(WalkMonitor.haptic(for: .danger)))
        #expect(!texts.contains { $0.hasPrefix("Stairs") })
    }

    /// The same in Russian and Chinese: the phrasebook words the same messages.
    @Test(arguments: [(TextLanguage.russian, "Стена впереди, полметра."), (.chinese, "前方有墙，半米。")])
    func wallWordsInEveryLanguage(language: TextLanguage, last: String) {
        var settings = AssistantSettings()
        settings.language = language
        var session = Self.walking(settings)
        let texts = Self.spoken(Self.play(DepthSequences.wallApproach(renderer: Support.renderer(), from: 2.5),
                                          on: &session)).map(\.text)
        #expect(texts.last == last, "\(texts)")
    }

    @Test(arguments: [(StairDirection.up, "Stairs up ahead."), (.down, "Stairs down ahead.")])
    func stairsAreSaidWithTheirDoubleTap(direction: StairDirection, sentence: String) {
        var session = Self.walking()
        let frames = DepthSequences.walk(.stairs(direction, at: 3), renderer: Support.renderer(), speed: 1.2,
                                         frames: 30, rate: 15)
        let effects = Self.play(frames, on: &session)
        let texts = Self.spoken(effects).map(\.text)
        #expect(texts.filter { $0.hasPrefix("Stairs") } == [sentence], "\(texts)")
        #expect(effects.contains { $0.effect == .haptic(.stairs) })
        #expect(effects.contains { if case .earcon(let earcon, _) = $0.effect { earcon.kind == .stairs } else { false } })
    }

    @Test func earconsAndVibrationFollowTheSettings() {
        var settings = AssistantSettings()
        settings.earcons = false
        settings.haptics = false
        var session = Self.walking(settings)
        let effects = Self.play(Support.standing(.wall(at: 0.8), count: 10), on: &session)
        #expect(Self.spoken(effects).map(\.text) == ["Wall ahead, 1 metre."])
        #expect(!effects.contains { if case .earcon = $0.effect { true } else if case .haptic = $0.effect { true } else { false } })
    }

    /// Paused, depth is ignored and none is wanted; resumed, it is watched again. Other modes ignore depth.
    @Test func pauseStopsWatchingAndResumeStartsAgain() {
        var session = Self.walking()
        #expect(AssistantSessionTests.run(.pause, on: &session, at: 4).map(\.text) == ["Paused."])
        #expect(session.depthInterval == nil)
        let wall = Support.standing(.wall(at: 0.8), count: 10)
        #expect(Self.play(wall, on: &session).isEmpty)
        #expect(AssistantSessionTests.run(.resume, on: &session, at: 30).map(\.text) == ["Resumed."])
        #expect(Self.spoken(Self.play(wall, on: &session, from: 40)).map(\.text) == ["Wall ahead, 1 metre."])
        _ = AssistantSessionTests.run(.continuous, on: &session, at: 60)
        #expect(Self.play(wall, on: &session, from: 70).isEmpty)
    }

    /// The camera keeps still: the session asks for depth at half rate.
    @Test func aStillCameraHalvesTheDepthRate() {
        var session = Self.walking()
        for index in 0..<45 {
            _ = session.handle(.cameraMoved(.zero, frame: index, timestamp: 10 + Double(index) / 30))
        }
        #expect(session.depthInterval == 1.0 / 15)
        _ = session.handle(.cameraMoved(CameraMotion(dx: 0.05, dy: 0), frame: 46, timestamp: 11.6))
        #expect(session.depthInterval == 1.0 / 30)
    }

    /// The pose comes from the settings, which validate what is typed.
    @Test func cameraHeightAndPitchAreSettings() throws {
        var settings = AssistantSettings()
        try settings.set(.cameraHeight, to: "1.1 m", knownLabels: [])
        try settings.set(.cameraPitch, to: "25", knownLabels: [])
        #expect(settings.value(of: .cameraHeight) == "1.1" && settings.value(of: .cameraPitch) == "25")
        #expect(throws: InvalidSetting.self) { try settings.set(.cameraHeight, to: "4", knownLabels: []) }
        #expect(throws: InvalidSetting.self) { try settings.set(.cameraPitch, to: "level", knownLabels: []) }
        let session = AssistantSession(settings: settings)
        #expect(session.walkPose() == CameraPose(height: 1.1, pitchDegrees: 25))
        #expect(session.walkPose(measuredPitch: 31).pitchDegrees == 31)
    }
}
