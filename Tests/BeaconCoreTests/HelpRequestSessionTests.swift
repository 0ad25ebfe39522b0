import Foundation
import Testing
@testable import BeaconCore

/// Asking a volunteers' hub from the assistant, over recorded events: what is sent, said and guided to.
@Suite struct HelpRequestSessionTests {
    typealias Support = AssistantSessionTests

    static func helpers(_ effects: [AssistantEffect]) -> [VolunteersEffect] {
        effects.compactMap { if case .helpers(let effect) = $0 { effect } else { nil } }
    }

    /// A session asking for help with `thing` since time 1, its "Asking for help." finished.
    static func asking(_ thing: String = "my keys", settings: AssistantSettings = AssistantSettings()) -> AssistantSession {
        var session = Support.started(settings)
        _ = Support.run(.askForHelp(thing), on: &session, at: 1)
        return session
    }

    /// Frames at 10 a second from `from` to `to`, the camera turning `dx` a frame; everything they caused.
    static func frames(_ session: inout AssistantSession, from: Int, to: Int, dx: Double = 0) -> [AssistantEffect] {
        var effects: [AssistantEffect] = []
        for index in from...to {
            let time = Double(index) / 10
            if dx != 0 { effects += session.handle(.cameraMoved(CameraMotion(dx: dx, dy: 0), frame: index, timestamp: time)) }
            effects += session.handle(.frame(index: index, timestamp: time))
            if case .speak = effects.last { effects += session.handle(.speechFinished(timestamp: time)) }
        }
        return effects
    }

    @Test func askingOpensTheRequestInThePersonsLanguageAndSaysSo() {
        var session = Support.started()
        let effects = session.handle(.command(.askForHelp("my keys"), timestamp: 1))
        #expect(Self.helpers(effects) == [.ask(object: "keys", language: .english)])
        #expect(Support.said(effects).map(\.text) == ["Asking for help."])
        #expect(session.mode == .askingForHelp("keys"))

        var russian = AssistantSettings()
        russian.language = .russian
        var other = Support.started(russian)
        let asked = other.handle(.command(.askForHelp("ключи"), timestamp: 1))
        #expect(Self.helpers(asked) == [.ask(object: "ключи", language: .russian)])
        #expect(Support.said(asked).map(\.text) == ["Прошу помощи."])
    }

    @Test func aPhotoGoesOutEveryTwoSecondsAndNoMoreThanThirty() {
        var session = Self.asking()
        let first = Self.helpers(Self.frames(&session, from: 10, to: 60))
        // Frames 1.0 … 6.0 s: photos at 1.0, 3.0, 5.0.
        #expect(first == [.sendPhoto(frame: 10), .sendPhoto(frame: 30), .sendPhoto(frame: 50)])
        let later = Self.helpers(Self.frames(&session, from: 61, to: 800))
        #expect(later.count == 27, "\(later.count) more photos")
    }

    @Test func nobodyTakingItForFortySecondsIsSaidAndATakerOnce() {
        var session = Self.asking()
        let early = Support.said(Self.frames(&session, from: 10, to: 400))
        #expect(early.map(\.text) == [])
        let late = Support.said(Self.frames(&session, from: 401, to: 420))
        #expect(late.map(\.text) == ["No helper yet; still asking."])
        #expect(Support.said(session.handle(.helpers(.taken, timestamp: 42.1))).map(\.text) == ["A helper is looking."])
        _ = session.handle(.speechFinished(timestamp: 43))
        #expect(Support.said(session.handle(.helpers(.taken, timestamp: 43.1))).isEmpty)
        #expect(Support.said(Self.frames(&session, from: 431, to: 900)).map(\.text) == [])
    }

    @Test func theMarkIsCarriedByTheCameraSinceItsPhotoAndGuidedTo() {
        var session = Self.asking("my keys")
        // Photo of frame 10; the camera then turns so everything moves left by 0.01 a frame for 20 frames.
        _ = Self.frames(&session, from: 10, to: 10)
        _ = session.handle(.helpers(.photoSent(photo: 1, frame: 10), timestamp: 1.05))
        let turning = Self.frames(&session, from: 11, to: 30, dx: -0.01)
        #expect(Support.said(turning).isEmpty)
        let marked = session.handle(.helpers(.marked(.point(photo: 1, x: 0.8, y: 0.5)), timestamp: 3.05))
        #expect(Self.helpers(marked) == [.follow(point: NormalizedPoint(x: 0.8, y: 0.5), photoFrame: 10)])
        let spot = try! #require(session.markedSpot)
        #expect(abs(spot.x - 0.6) < 1e-9)
        // Guided: a few frames of holding it and "Keys, two o'clock." as a found object is said.
        let guided = Self.frames(&session, from: 31, to: 40)
        let words = Support.said(guided).map(\.text)
        #expect(words.first?.hasPrefix("Keys") == true, "\(words)")
        #expect(!words.contains { $0.contains("metre") }, "a mark has no size to judge a distance by: \(words)")
        #expect(guided.contains { if case .earcon = $0 { true } else { false } })
        #expect(session.isGuiding)
        // The patch found a little further right: the aim moves there.
        _ = session.handle(.helpers(.markSeen(NormalizedPoint(x: 0.62, y: 0.5), frame: 41), timestamp: 4.1))
        #expect(session.markedSpot == NormalizedPoint(x: 0.62, y: 0.5))
    }

    @Test func aMarkOutOfViewSaysWhichWayToTurn() {
        var session = Self.asking()
        _ = Self.frames(&session, from: 10, to: 10)
        _ = session.handle(.helpers(.photoSent(photo: 1, frame: 10), timestamp: 1.05))
        // The person turned right since: the marked spot is off the picture's left edge.
        _ = Self.frames(&session, from: 11, to: 20, dx: -0.06)
        let said = Support.said(session.handle(.helpers(.marked(.point(photo: 1, x: 0.3, y: 0.5)), timestamp: 2.05)))
        #expect(said.map(\.text) == ["Marked: to your left."], "\(said.map(\.text))")
    }

    @Test func notInPhotoAndTheHelpersWordsAreSaid() {
        var session = Self.asking()
        #expect(Support.said(session.handle(.helpers(.marked(.notInPhoto(photo: 1)), timestamp: 2))).map(\.text)
                == ["Not in that photo; keep turning."])
        _ = session.handle(.speechFinished(timestamp: 3))
        #expect(Support.said(session.handle(.helpers(.marked(.message("It is on the shelf by the door.")), timestamp: 4))).map(\.text)
                == ["Helper says: It is on the shelf by the door."])
    }

    @Test func foundItStopSharingAndStopEachCloseTheRequest() {
        for (command, words) in [(AssistantCommand.foundIt, "Good; request closed."),
                                 (.stopSharing, "Sharing stopped; request closed."), (.stop, "Stopped.")] {
            var session = Self.asking()
            let effects = session.handle(.command(command, timestamp: 5))
            #expect(Self.helpers(effects) == [.close], "\(command)")
            #expect(Support.said(effects).map(\.text) == [words])
            #expect(Self.helpers(Self.frames(&session, from: 60, to: 100)).isEmpty, "no photo after \(command)")
        }
        var idle = Support.started()
        #expect(Support.run(.foundIt, on: &idle, at: 2).map(\.text) == ["No request for help is open."])
    }

    @Test func theHubEndingOrFailingIsSaidAndScanningGoesOn() {
        var session = Self.asking()
        let closed = session.handle(.helpers(.closed, timestamp: 5))
        #expect(Support.said(closed).map(\.text) == ["The request was closed."])
        #expect(Self.helpers(closed).isEmpty, "closed already: nothing to close")
        #expect(session.mode == .onDemandScanning)

        var lonely = Self.asking()
        let failed = lonely.handle(.helpers(.failed(.notJoined), timestamp: 1.5))
        #expect(Support.said(failed).map(\.text) == ["No volunteers' hub joined; use beacon volunteers join first."])
        #expect(lonely.mode == .onDemandScanning)
    }
}
