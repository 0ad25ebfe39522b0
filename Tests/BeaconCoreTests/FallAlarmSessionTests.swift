import BeaconBench
import Foundation
import Testing
@testable import BeaconCore

/// The assistant after a suspected fall, driven by recorded IMU samples and `.tick` events on the session's clock:
/// the question, 10 s to answer, then the emergency message once and a sentence for bystanders every 10 s, until
/// "I'm OK" (said, typed or a key), stop, or a bystander cancels.
@Suite struct FallAlarmSessionTests {
    static let question = "Did you fall? Say 'I'm OK' or press any key."
    static let webhook = "http://127.0.0.1:9/beacon"

    static func settings(webhook: String? = webhook, location: String? = "12 Oak Street, flat 3") -> AssistantSettings {
        var settings = AssistantSettings()
        if let webhook { try! settings.set(.emergencyWebhook, to: webhook, knownLabels: ObjectVocabulary.coco) }
        if let location { try! settings.set(.emergencyLocation, to: location, knownLabels: ObjectVocabulary.coco) }
        return settings
    }

    /// A session that has started and has been given one fall; returns every effect of the fall's samples and when
    /// the question was asked.
    static func fallen(_ settings: AssistantSettings = settings(), mode: AssistantCommand? = nil)
        -> (session: AssistantSession, effects: [AssistantEffect], askedAt: Double) {
        var session = AssistantSessionTests.started(settings)
        if let mode { _ = AssistantSessionTests.run(mode, on: &session, at: 1) }
        var effects: [AssistantEffect] = []
        var askedAt = -1.0
        for sample in IMUSequences.recording("fall forward", seed: 1).delayed(by: 2).samples {
            let produced = session.handle(.falls(.motion(sample)))
            if askedAt < 0, AssistantSessionTests.said(produced).contains(where: { $0.priority == .hazard }) {
                askedAt = sample.timestamp
            }
            effects += produced
        }
        return (session, effects, askedAt)
    }

    /// Ticks every 0.1 s from `start` to `end`, finishing each utterance after 3 s; every effect.
    static func tick(_ session: inout AssistantSession, from start: Double, to end: Double) -> [(Double, AssistantEffect)] {
        var effects: [(Double, AssistantEffect)] = []
        var speakingSince: Double?
        for step in 0...Int(((end - start) * 10).rounded()) {
            let time = start + Double(step) / 10
            if let since = speakingSince, time - since >= 3 {
                speakingSince = nil
                effects += session.handle(.speechFinished(timestamp: time)).map { (time, $0) }
            }
            let produced = session.handle(.tick(timestamp: time))
            if !AssistantSessionTests.said(produced).isEmpty { speakingSince = time }
            effects += produced.map { (time, $0) }
        }
        return effects
    }

    static func sent(_ effects: [(Double, AssistantEffect)]) -> [(Double, EmergencyMessage)] {
        effects.compactMap { time, effect in
            if case .emergency(.send(let message, _)) = effect { (time, message) } else { nil }
        }
    }

    static func spoken(_ effects: [(Double, AssistantEffect)]) -> [(Double, String)] {
        effects.compactMap { time, effect in if case .speak(let utterance) = effect { (time, utterance.text) } else { nil } }
    }

    @Test func aFallStopsEverythingAndAsksFirst() {
        let (session, effects, askedAt) = Self.fallen(mode: .read)
        #expect(askedAt > 2)
        #expect(effects.contains(.stopAll))
        #expect(effects.contains(.stopEngine(.pageReader)))
        #expect(session.mode == .idle)
        let question = AssistantSessionTests.said(effects).first { $0.text == Self.question }
        #expect(question?.priority == .hazard)
        #expect(session.fallAlarmIsActive)
        #expect(effects.contains { if case .show(let line) = $0 { line.hasPrefix("Fall suspected: drop to ") } else { false } })
    }

    @Test func withoutAnAnswerTheMessageGoesOnceAndBystandersHearEvery10Seconds() throws {
        var (session, _, askedAt) = Self.fallen()
        let effects = Self.tick(&session, from: askedAt + 0.1, to: askedAt + 45)
        let sent = Self.sent(effects)
        #expect(sent.count == 1)
        let (sentAt, message) = try #require(sent.first)
        #expect(abs(sentAt - (askedAt + 10)) < 0.15)
        #expect(message.kind == .fall && message.fall == 1)
        #expect(message.location?.text == "12 Oak Street, flat 3")
        #expect(message.text == "Beacon: a fall was detected and there was no answer for 10 seconds. Location: 12 Oak Street, flat 3.")
        #expect(message.time == AssistantSessionTests.start.addingTimeInterval(sentAt))
        let bystanders = Self.spoken(effects).filter { $0.1.hasPrefix("This person may have fallen") }.map(\.0)
        #expect(bystanders.count == 4, "\(bystanders)")
        for (earlier, later) in zip(bystanders, bystanders.dropFirst()) { #expect(abs(later - earlier - 10) < 0.15) }
        #expect(abs(bystanders[0] - sentAt) < 0.15)
    }

    @Test func deliveryIsSaidAndTheBystanderSentenceSaysTheContactKnows() {
        var (session, _, askedAt) = Self.fallen()
        _ = Self.tick(&session, from: askedAt + 0.1, to: askedAt + 12)
        let heard = session.handle(.falls(.delivery(.delivered(fall: 1, kind: .fall), timestamp: askedAt + 12.1)))
        #expect(heard.contains(.show("Emergency message for fall 1 delivered.")))
        let later = Self.spoken(Self.tick(&session, from: askedAt + 12.2, to: askedAt + 25)).map(\.1)
        #expect(later.contains("Emergency message sent."), "\(later)")
        #expect(later.contains { $0.contains("Their contact has been told.") }, "\(later)")
    }

    @Test func aFailingNetworkIsSaidOnceAndTheSessionGoesOn() {
        var (session, _, askedAt) = Self.fallen()
        _ = Self.tick(&session, from: askedAt + 0.1, to: askedAt + 11)
        let failing = EmergencyDelivery.failing(fall: 1, sentence: "Emergency message not delivered to x: refused.")
        var effects = session.handle(.falls(.delivery(failing, timestamp: askedAt + 11.1))).map { (askedAt + 11.1, $0) }
        effects += session.handle(.falls(.delivery(failing, timestamp: askedAt + 11.2))).map { (askedAt + 11.2, $0) }
        effects += Self.tick(&session, from: askedAt + 11.3, to: askedAt + 30)
        #expect(Self.spoken(effects).filter { $0.1 == "Emergency message not sent yet; still trying." }.count == 1)
        #expect(session.fallAlarmIsActive)
    }

    // MARK: - Cancelling

    /// "I'm OK" said (the recogniser's words through the parser), typed, or any key (the live loop sends `.imOK`).
    @Test(arguments: ["I'm OK", "i am okay", "im ok", "я в порядке", "我没事", "cancel", "stop"])
    func anAnswerWithin10SecondsCancelsAndNothingIsSent(_ words: String) throws {
        var (session, _, askedAt) = Self.fallen()
        var effects = Self.tick(&session, from: askedAt + 0.1, to: askedAt + 5)
        guard case .command(let command) = CommandParser().parse(words) else {
            Issue.record("\(words) is no command")
            return
        }
        effects += session.handle(.command(command, timestamp: askedAt + 5.05)).map { (askedAt + 5.05, $0) }
        effects += Self.tick(&session, from: askedAt + 5.1, to: askedAt + 40)
        #expect(Self.sent(effects).isEmpty)
        #expect(Self.spoken(effects).map(\.1).contains("Alarm cancelled."))
        #expect(!Self.spoken(effects).contains { $0.1.hasPrefix("This person") })
        #expect(!session.fallAlarmIsActive)
    }

    @Test func aKeyCancelsToo() {
        var (session, _, askedAt) = Self.fallen()
        // TerminalKeys' "q" would quit; during an alarm the live loop turns every key into `.imOK`.
        let effects = session.handle(.command(.imOK, timestamp: askedAt + 2))
        #expect(AssistantSessionTests.said(effects).map(\.text) == ["Alarm cancelled."])
        #expect(Self.sent(Self.tick(&session, from: askedAt + 2.1, to: askedAt + 20)).isEmpty)
    }

    @Test func cancellingAfterTheMessageStopsTheBystanderLoopAndSendsAnAllClear() throws {
        var (session, _, askedAt) = Self.fallen()
        _ = Self.tick(&session, from: askedAt + 0.1, to: askedAt + 11)
        _ = session.handle(.falls(.delivery(.delivered(fall: 1, kind: .fall), timestamp: askedAt + 11.05)))
        let effects = session.handle(.command(.imOK, timestamp: askedAt + 15))
        let withdrawn = try #require(effects.compactMap { effect -> EmergencyMessage? in
            if case .emergency(.withdraw(1, let allClear, Self.webhook)) = effect { allClear } else { nil }
        }.first)
        #expect(withdrawn.kind == .allClear)
        #expect(AssistantSessionTests.said(effects).map(\.text) == ["Alarm cancelled; sending an all-clear."])
        let after = Self.tick(&session, from: askedAt + 15.1, to: askedAt + 50)
        #expect(!Self.spoken(after).contains { $0.1.hasPrefix("This person") })
        #expect(Self.sent(after).isEmpty)
    }

    @Test func sayingHelpSendsAtOnce() {
        var (session, _, askedAt) = Self.fallen()
        let effects = session.handle(.command(.help, timestamp: askedAt + 3)).map { (askedAt + 3, $0) }
        #expect(Self.sent(effects).count == 1)
        #expect(Self.sent(Self.tick(&session, from: askedAt + 3.1, to: askedAt + 30)).isEmpty)
    }

    @Test func withoutAWebhookHelpIsCalledAloud() {
        var (session, _, askedAt) = Self.fallen(Self.settings(webhook: nil))
        let effects = Self.tick(&session, from: askedAt + 0.1, to: askedAt + 15)
        #expect(Self.sent(effects).isEmpty)
        let said = Self.spoken(effects).map(\.1)
        #expect(said.contains("No emergency contact set; calling for help aloud."))
        #expect(said.contains { $0.hasPrefix("This person may have fallen") })
    }

    @Test func whileTheAlarmRunsNothingElseSpeaks() {
        var (session, _, askedAt) = Self.fallen()
        let effects = session.handle(.detections([AssistantSessionTests.person(0.5)], frame: 1, timestamp: askedAt + 1))
        #expect(effects.isEmpty)
    }

    @Test func aFalseAlarmKeepsTheNextSuspicionQuietFor30Seconds() {
        var alarm = FallAlarm()
        #expect(alarm.fallSuspected(at: 10) == [.ask(fall: 1)])
        #expect(alarm.cancel(at: 12) == [.cancelled(fall: 1, helpWasCalled: false)])
        #expect(alarm.fallSuspected(at: 30).isEmpty)
        #expect(alarm.fallSuspected(at: 43) == [.ask(fall: 2)])
    }

    @Test func imOKWithNoAlarmSaysSo() {
        var session = AssistantSessionTests.started()
        #expect(AssistantSessionTests.run(.imOK, on: &session, at: 2).map(\.text) == ["No alarm to cancel."])
    }

    @Test func aRussianSpeakerHearsRussian() {
        var settings = Self.settings()
        settings.language = .russian
        var (session, effects, askedAt) = Self.fallen(settings)
        #expect(AssistantSessionTests.said(effects).contains { $0.text.hasPrefix("Вы упали?") })
        let later = Self.tick(&session, from: askedAt + 0.1, to: askedAt + 15)
        #expect(Self.spoken(later).contains { $0.1.hasPrefix("Этот человек, возможно, упал") })
        #expect(Self.sent(later).first?.1.text.hasPrefix("Beacon: обнаружено падение") == true)
    }

    @Test func aLocationSourceOutranksTheSettingsAndALineThatDoesNotParseIsShown() {
        var session = AssistantSessionTests.started(Self.settings())
        _ = session.handle(.falls(.location(EmergencyLocation(latitude: 55.7558, longitude: 37.6173), timestamp: 1)))
        let refused = IMULineError(line: 7, problem: "it is not a JSON object")
        #expect(session.handle(.falls(.unreadableMotion(refused, timestamp: 1))) == [.show("IMU line 7 skipped: it is not a JSON object.")])
        for sample in IMUSequences.recording("fall sideways", seed: 2).delayed(by: 2).samples {
            _ = session.handle(.falls(.motion(sample)))
        }
        let effects = session.handle(.command(.help, timestamp: 20))
        let message = effects.compactMap { if case .emergency(.send(let message, _)) = $0 { message } else { nil } }.first
        #expect(message?.location?.latitude == 55.7558)
        #expect(message?.text.contains("openstreetmap.org/?mlat=55.7558&mlon=37.6173") == true)
    }

    // MARK: - Settings

    @Test func theEmergencySettingsAreValidated() {
        var settings = AssistantSettings()
        #expect(throws: InvalidSetting.self) { try settings.set(.emergencyWebhook, to: "ftp://x/y", knownLabels: []) }
        #expect(throws: InvalidSetting.self) { try settings.set(.emergencyWebhook, to: "not a url", knownLabels: []) }
        #expect(throws: InvalidSetting.self) { try settings.set(.emergencyLocation, to: "95.1, 10", knownLabels: []) }
        #expect(throws: InvalidSetting.self) {
            try settings.set(.emergencyLocation, to: String(repeating: "x", count: 201), knownLabels: [])
        }
        try? settings.set(.emergencyWebhook, to: "https://example.org/hook?key=1", knownLabels: [])
        #expect(settings.value(of: .emergencyWebhook) == "https://example.org/hook?key=1")
        try? settings.set(.emergencyLocation, to: "55.75, 37.62", knownLabels: [])
        #expect(settings.emergencyLocation?.latitude == 55.75 && settings.emergencyLocation?.longitude == 37.62)
        try? settings.set(.emergencyWebhook, to: "none", knownLabels: [])
        #expect(settings.emergencyWebhook == nil && settings.value(of: .emergencyWebhook) == "none")
        let restored = AssistantSettings(stored: settings.stored.reduce(into: [:]) { $0[$1.key.rawValue] = $1.value },
                                         knownLabels: [])
        #expect(restored == settings)
    }
}
