import Foundation
import Testing
@testable import BeaconCore

/// The assistant over recorded event streams: what it says and does for each input, with no engines and no clock.
@Suite struct AssistantSessionTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// A session that has started, with what it said so far finished.
    static func started(_ settings: AssistantSettings = AssistantSettings()) -> AssistantSession {
        var session = AssistantSession(settings: settings)
        _ = session.handle(.started(timestamp: 0, startedAt: start))
        _ = session.handle(.speechFinished(timestamp: 1))
        return session
    }

    static func said(_ effects: [AssistantEffect]) -> [Utterance] {
        effects.compactMap { if case .speak(let utterance) = $0 { utterance } else { nil } }
    }

    /// Runs a command and lets everything it says finish, one utterance a second; returns every utterance.
    static func run(_ command: AssistantCommand, on session: inout AssistantSession, at time: Double) -> [Utterance] {
        var spoken = said(session.handle(.command(command, timestamp: time)))
        var clock = time
        while session.arbiter.isSpeaking, clock < time + 60 {
            clock += 1
            spoken += said(session.handle(.speechFinished(timestamp: clock)))
        }
        return spoken
    }

    static func person(_ midX: Double, height: Double = 0.5) -> Detection {
        Detection(classIndex: 0, label: "person", confidence: 0.9,
                  box: NormalizedRect(x: midX - height * 0.15, y: 0.3, width: height * 0.3, height: height))
    }

    static func chair(_ midX: Double) -> Detection {
        Detection(classIndex: 56, label: "chair", confidence: 0.9, box: NormalizedRect(x: midX - 0.1, y: 0.5, width: 0.2, height: 0.3))
    }

    @Test func startsReadyInTheChosenScanningMode() {
        var session = AssistantSession()
        let effects = session.handle(.started(timestamp: 0, startedAt: Self.start))
        #expect(Self.said(effects).map(\.text) == ["Beacon ready."])
        #expect(effects.contains(.modeChanged(.onDemandScanning)))
        #expect(effects.contains(.startEngine(.objectDetector)))
    }

    @Test func everyChangeOfModeIsSaidInAFewWords() {
        var session = Self.started()
        #expect(Self.run(.read, on: &session, at: 2).map(\.text) == ["Reading."])
        #expect(session.mode == .reading)
        #expect(Self.run(.findObject("my mug"), on: &session, at: 5).map(\.text) == ["Looking for cup."])
        #expect(session.mode == .findingObject(SearchTarget(label: "cup", classIndex: 41)))
        #expect(Self.run(.explore, on: &session, at: 8).map(\.text) == ["Exploring."])
        #expect(Self.run(.stop, on: &session, at: 11).map(\.text) == ["Stopped."])
        #expect(session.mode == .idle)
        #expect(Self.run(.continuous, on: &session, at: 14).map(\.text) == ["Continuous scanning."])
    }

    @Test func stopSilencesEverythingAtOnce() {
        var session = Self.started()
        _ = Self.run(.findObject("cup"), on: &session, at: 2)
        let effects = session.handle(.command(.stop, timestamp: 5))
        let stopAll = effects.firstIndex(of: .stopAll)
        let speech = effects.firstIndex { if case .speak = $0 { true } else { false } }
        #expect(stopAll != nil && speech != nil && stopAll! < speech!, "\(effects)")
        #expect(effects.contains(.stopEngine(.objectDetector)))
    }

    @Test func continuousScanningAnnouncesAnObjectOnceWhileItStays() {
        var session = Self.started()
        _ = Self.run(.continuous, on: &session, at: 1)
        var announced: [String] = []
        for frame in 0..<40 {
            let time = 20 + Double(frame) * 0.2
            announced += Self.said(session.handle(.detections([Self.chair(0.3)], frame: frame,
                                                              timestamp: time))).map(\.text)
            announced += Self.said(session.handle(.speechFinished(timestamp: time + 0.1))).map(\.text)
        }
        #expect(announced == ["Chair, about 4 metres, twelve o'clock."], "\(announced)")
    }

    @Test func hazardsAreSpokenEvenWhilePausedAndOutrankWhatIsBeingSaid() {
        var session = Self.started()
        _ = Self.run(.pause, on: &session, at: 1)
        #expect(session.isPaused)
        var hazards: [Utterance] = []
        var effects: [AssistantEffect] = []
        for frame in 0..<5 {
            let produced = session.handle(.detections([Self.person(0.8)], frame: frame, timestamp: 10 + Double(frame) * 0.2))
            effects += produced
            hazards += Self.said(produced).filter { $0.priority == .hazard }
        }
        #expect(hazards.map(\.text) == ["Caution: person, about 4 metres, one o'clock."], "\(hazards.map(\.text))")
        #expect(effects.contains { if case .earcon(let earcon, _) = $0 { earcon.kind == .hazard } else { false } })
        #expect(effects.contains(.haptic(.hazard)))
    }

    @Test func languageRussianMakesTheNextPhrasesRussianAndPersists() {
        var session = Self.started()
        let effects = session.handle(.command(.language(.russian), timestamp: 2))
        #expect(effects.contains(.persistSetting(.language, "ru")))
        let confirmation = Self.said(effects)
        #expect(confirmation.first?.language == .russian)
        _ = session.handle(.speechFinished(timestamp: 3))
        let help = Self.run(.help, on: &session, at: 4)
        #expect(help.first?.language == .russian)
        #expect(help.first?.text.unicodeScalars.contains { (0x400...0x4FF).contains($0.value) } == true)
    }

    @Test func helpAnswersAboutTheCurrentMode() {
        var session = Self.started()
        let idle = Self.run(.help, on: &session, at: 2).map(\.text)
        _ = Self.run(.findObject("cup"), on: &session, at: 5)
        let finding = Self.run(.help, on: &session, at: 8).map(\.text)
        _ = session.handle(.page([ReadingUnit(text: "One sentence.")], ifEmpty: .noText, timestamp: 9))
        #expect(idle != finding && !idle.isEmpty && !finding.isEmpty)
        #expect(idle.first == HelpPhrases().onDemandScanning.english)
        #expect(finding.first == HelpPhrases().findObject.english)
    }

    @Test func helpOnAPhoneNamesItsButtonsNotTheTerminalsKeys() {
        var configuration = AssistantSession.Configuration()
        configuration.controls = .phone
        var session = AssistantSession(configuration: configuration)
        _ = session.handle(.started(timestamp: 0, startedAt: Self.start))
        _ = session.handle(.speechFinished(timestamp: 1))
        let idle = Self.run(.help, on: &session, at: 2).map(\.text)
        _ = Self.run(.findObject("cup"), on: &session, at: 5)
        let finding = Self.run(.help, on: &session, at: 8).map(\.text)
        #expect(idle.first?.contains("Tap Find") == true, "\(idle)")
        #expect(finding.first?.contains("tap Find again") == true, "\(finding)")
        for sentence in idle + finding {
            #expect(!sentence.contains("press") && !sentence.contains("space") && !sentence.contains(" p "), "\(sentence)")
        }
    }

    @Test func aPageIsReadThroughTheSameArbiterSentenceBySentence() {
        var session = Self.started()
        _ = Self.run(.read, on: &session, at: 1)
        let units = ["First sentence.", "Second sentence.", "Third sentence."].map { ReadingUnit(text: $0) }
        var spoken = Self.said(session.handle(.page(units, ifEmpty: .noText, timestamp: 3))).map(\.text)
        var clock = 3.0
        while session.mode == .reading, clock < 30 {
            clock += 1
            spoken += Self.said(session.handle(.speechFinished(timestamp: clock))).map(\.text)
        }
        #expect(spoken == units.map(\.text), "\(spoken)")
        #expect(session.mode == .onDemandScanning, "reading ends by itself and goes back to scanning")
    }

    /// "Read" by voice or on the phone takes the page again while its central block is in doubt, as `beacon read`
    /// does: a blurred picture (lines read at 0.3) is not read, the next sharp one is; three doubtful ones in a row
    /// end in the surest of them, and a capture that gives up after a doubtful one reads that one.
    @Test func aDoubtfulPageIsCapturedAgainAndTheSurestIsRead() {
        let clustering = CentralBlockClustering()
        func selection(_ confidence: Double, lines: Int = 8) -> CentralBlockSelection {
            clustering.select(from: PageLayouts.lines("L", count: lines, left: 0.1, right: 0.9, top: 0.2, confidence: confidence))
        }
        func page(_ text: String) -> [ReadingUnit] { [ReadingUnit(text: text)] }
        func capturesAgain(_ effects: [AssistantEffect]) -> Bool { effects.contains(.startEngine(.pageReader)) }

        var session = Self.started()
        _ = Self.run(.read, on: &session, at: 1)
        let blurred = session.handle(.page(page("Blurred."), ifEmpty: .noText, selection: selection(0.3), timestamp: 3))
        #expect(capturesAgain(blurred) && Self.said(blurred).isEmpty, "\(blurred)")
        let sharp = session.handle(.page(page("Sharp."), ifEmpty: .noText, selection: selection(0.95), timestamp: 4))
        #expect(!capturesAgain(sharp))
        #expect(Self.said(sharp).map(\.text) == ["Sharp."])

        var doubtful = Self.started()
        _ = Self.run(.read, on: &doubtful, at: 1)
        var last: [AssistantEffect] = []
        for (index, (text, confidence, lines)) in [("First.", 0.2, 8), ("Second.", 0.35, 8), ("Third.", 0.3, 10)].enumerated() {
            last = doubtful.handle(.page(page(text), ifEmpty: .noText, selection: selection(confidence, lines: lines),
                                         timestamp: 3 + Double(index)))
            #expect(capturesAgain(last) == (index < 2), "capture \(index + 1): \(last)")
        }
        #expect(Self.said(last).map(\.text) == ["Second."], "the surest of three doubtful pictures")

        var gaveUp = Self.started()
        _ = Self.run(.read, on: &gaveUp, at: 1)
        _ = gaveUp.handle(.page(page("Blurred."), ifEmpty: .noText, selection: selection(0.3), timestamp: 3))
        #expect(Self.said(gaveUp.handle(.pageNotCaptured(timestamp: 9))).map(\.text) == ["Blurred."])
    }

    @Test func refusalsAreOneSentenceAndTheOldValueStays() {
        var session = Self.started()
        #expect(Self.run(.confidence(0.99), on: &session, at: 1).map(\.text) == ["Not changed: confidence stays 65 percent."])
        #expect(session.settings.confidence == 0.65)
        #expect(Self.run(.alertMe("dragons"), on: &session, at: 5).first?.text.contains("dragons") == true)
        let unknown = session.handle(.unknownInput(.unknown("open the window"), timestamp: 9))
        #expect(Self.said(unknown).map(\.text) == ["Unknown command; say help."])
    }

    @Test func speechThatIsNoCommandGetsOneApologyUntilACommandGetsThrough() {
        var session = Self.started()
        #expect(Self.said(session.handle(.speechRejected(timestamp: 1))).map(\.text) == ["Sorry, say that again."])
        _ = session.handle(.speechFinished(timestamp: 2))
        #expect(Self.said(session.handle(.speechRejected(timestamp: 3))).isEmpty)
        _ = Self.run(.help, on: &session, at: 4)
        #expect(Self.said(session.handle(.speechRejected(timestamp: 20))).map(\.text) == ["Sorry, say that again."])
    }

    @Test func whatWasSeenIsRememberedAndToldBack() {
        var session = Self.started()
        #expect(Self.run(.recentDetections, on: &session, at: 1).map(\.text) == ["No recent detections."])
        _ = session.handle(.frame(index: 0, timestamp: 2))
        _ = Self.run(.scanNow, on: &session, at: 2)
        let effects = session.handle(.detections([Self.person(0.5, height: 0.3)], frame: 0, timestamp: 2.5, examined: true))
        #expect(effects.contains { if case .recordDetection(let record) = $0 { record.label == "person" } else { false } })
        _ = session.handle(.speechFinished(timestamp: 10))
        let recent = Self.run(.recentDetections, on: &session, at: 12).map(\.text)
        #expect(recent.first?.hasPrefix("Recently: person") == true, "\(recent)")
    }

    @Test func pushToTalkWithoutAMicrophoneSaysToType() {
        var session = Self.started()
        #expect(Self.run(.listen, on: &session, at: 1).map(\.text) == ["No microphone; type commands instead."])
    }

    @Test func batterySaverByCommandHalvesThePaceAndSaysSoOnce() {
        var session = Self.started()
        let effects = session.handle(.command(.batterySaver(true), timestamp: 1))
        #expect(effects.contains(.persistSetting(.batterySaver, "on")))
        let pace = effects.compactMap { if case .setPace(let limits) = $0 { limits } else { nil } }
        #expect(pace.first?.frameRateFactor == 0.5)
        #expect(Self.said(effects).count == 1)
    }
}
