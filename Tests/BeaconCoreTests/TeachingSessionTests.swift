import Foundation
import Testing
@testable import BeaconCore

/// The guided teaching of a person's thing, and taught things in the assistant: what is kept, what is said and when,
/// what is stored and forgotten, and a taught thing found and named like any other.
@Suite struct TeachingSessionTests {
    typealias Support = AssistantSessionTests

    /// A unit embedding pointing mostly along axis `index` (different indices: cosine about 0).
    static func embedding(_ index: Int, tilt: Float = 0) -> [Float] {
        var vector = [Float](repeating: 0, count: 16)
        vector[index] = 1
        vector[(index + 1) % 16] = tilt
        return TaughtObjects.normalised(vector)
    }

    static let middle = NormalizedRect(x: 0.25, y: 0.2, width: 0.5, height: 0.6)

    /// A view whose one surrounding piece points along axis 15 − `index`.
    static func view(_ index: Int, region: NormalizedRect = middle, sharpness: Double = 100) -> TeachingView {
        TeachingView(region: region, embedding: embedding(index), sharpness: sharpness, surroundings: [embedding(15 - index)])
    }

    /// What teaching keeps of the views with these indices: their embeddings and their surroundings.
    static func lesson(_ indices: [Int]) -> TaughtLesson {
        TaughtLesson(views: indices.map { embedding($0) }, surroundings: indices.map { embedding(15 - $0) })
    }

    @Test func threeHeldViewsThenTwoPlacedOnesAfterAPauseFinishTheTeaching() {
        var teaching = TeachingSession(name: "keys", at: 0)
        #expect(teaching.add(Self.view(0), at: 1) == [.kept(count: 1)])
        #expect(teaching.add(Self.view(1), at: 2) == [.kept(count: 2)])
        #expect(teaching.add(Self.view(2), at: 3) == [.kept(count: 3), .askToPlace])
        // Putting it down takes a moment: views in the pause are not looked at.
        #expect(teaching.add(Self.view(3), at: 5) == [])
        #expect(teaching.add(Self.view(4), at: 7.5) == [.kept(count: 4)])
        let last = teaching.add(Self.view(5), at: 8)
        // The view in the pause is not kept, nor its surroundings.
        #expect(last == [.kept(count: 5), .finished(Self.lesson([0, 1, 2, 4, 5]))])
        #expect(teaching.add(Self.view(6), at: 9) == [])
    }

    @Test func viewsNotKeptAreSaidWhyAtMostOnceEveryFewSeconds() {
        var teaching = TeachingSession(name: "keys", at: 0)
        #expect(teaching.add(Self.view(0), at: 1) == [.kept(count: 1)])
        #expect(teaching.add(Self.view(0), at: 1.5) == [.remark(.sameAsBefore)])
        // Within the cooldown nothing more is said, whatever the reason.
        #expect(teaching.add(Self.view(1, region: NormalizedRect(x: 0.45, y: 0.45, width: 0.1, height: 0.1)), at: 2) == [])
        let tiny = NormalizedRect(x: 0.45, y: 0.45, width: 0.1, height: 0.1)
        #expect(teaching.add(Self.view(1, region: tiny), at: 6) == [.remark(.tooSmall)])
        #expect(teaching.add(Self.view(1, region: NormalizedRect(x: 0, y: 0, width: 1, height: 0.9)), at: 10.5) == [.remark(.cutOff)])
        // Blur is judged against the sharpest view so far (the same camera).
        #expect(teaching.add(Self.view(1, sharpness: 20), at: 15) == [.remark(.blurred)])
        #expect(teaching.add(Self.view(1, sharpness: 60), at: 16) == [.kept(count: 2)])
    }

    /// The runtime asks before embedding a view's surroundings; what is refused then is refused when it comes.
    @Test func aViewThatWouldNotBeKeptIsKnownBeforeItsSurroundingsAreTaken() {
        var teaching = TeachingSession(name: "keys", at: 0)
        let tiny = NormalizedRect(x: 0.45, y: 0.45, width: 0.1, height: 0.1)
        #expect(teaching.wouldKeep(Self.middle, embedding: Self.embedding(0), sharpness: 100))
        #expect(!teaching.wouldKeep(tiny, embedding: Self.embedding(0), sharpness: 100))
        let asked = teaching
        _ = teaching.add(Self.view(0), at: 1)
        #expect(!teaching.wouldKeep(Self.middle, embedding: Self.embedding(0), sharpness: 100), "the same view again")
        #expect(!teaching.wouldKeep(Self.middle, embedding: Self.embedding(1), sharpness: 20), "blurred")
        #expect(teaching.wouldKeep(Self.middle, embedding: Self.embedding(1), sharpness: 60))
        // Asked before the first view was kept, the same view was welcome; judged after, it is not.
        #expect(asked.wouldKeep(Self.middle, embedding: Self.embedding(0), sharpness: 100))
        #expect(teaching.add(TeachingView(region: Self.middle, embedding: Self.embedding(0), sharpness: 100), at: 6)
                == [.remark(.sameAsBefore)])
        _ = teaching.finish()
        #expect(!teaching.wouldKeep(Self.middle, embedding: Self.embedding(2), sharpness: 100), "finished")
    }

    @Test func timeRunningOutEndsWithWhatWasKeptOrNothing() {
        var some = TeachingSession(name: "keys", at: 0)
        _ = some.add(Self.view(0), at: 1)
        #expect(some.tick(at: 30) == [])
        #expect(some.tick(at: 60) == [.finished(Self.lesson([0]))])
        var none = TeachingSession(name: "keys", at: 0)
        #expect(none.tick(at: 61) == [.nothingLearned])
    }

    // MARK: In the assistant

    static func said(_ effects: [AssistantEffect]) -> [String] { Support.said(effects).map(\.text) }

    static func taught(_ effects: [AssistantEffect]) -> [TaughtEffect] {
        effects.compactMap { if case .taught(let effect) = $0 { effect } else { nil } }
    }

    /// Runs events, letting every utterance finish at once; returns what was said and asked.
    static func feed(_ session: inout AssistantSession, _ events: [AssistantEvent]) -> [AssistantEffect] {
        var effects: [AssistantEffect] = []
        for event in events {
            effects += session.handle(event)
            while session.arbiter.isSpeaking { effects += session.handle(.speechFinished(timestamp: 0)) }
        }
        return effects
    }

    @Test func teachingInTheAssistantIsGuidedStoredAndAnnounced() {
        var session = Support.started()
        let started = Self.feed(&session, [.command(.teach("my keys"), timestamp: 1)])
        #expect(session.mode == .teaching("keys"))
        #expect(Self.taught(started) == [.watchViews(true)])
        #expect(Self.said(started) == ["Teaching keys. Hold it up in front of the camera and turn it slowly."])
        #expect(!session.isSettled, "a script waits for the teaching to end")

        var effects: [AssistantEffect] = []
        for (index, time) in [(0, 2.0), (1, 3.0), (2, 4.0), (3, 9.0), (4, 10.0)] {
            effects += Self.feed(&session, [.taught(.view(Self.view(index)), timestamp: time)])
        }
        #expect(Self.said(effects) == ["Now put it down somewhere else and point the camera at it."])
        #expect(effects.filter { if case .earcon(let earcon, _) = $0 { earcon.kind == .found } else { false } }.count == 5)
        #expect(Self.taught(effects) == [.watchViews(false), .store(name: "keys", lesson: Self.lesson(Array(0...4)))])
        #expect(session.mode == .onDemandScanning)

        let stored = Self.feed(&session, [.taught(.stored(name: "keys", views: 5), timestamp: 10.1),
                                          .taught(.learned([TaughtSummary(name: "keys", views: 5)]), timestamp: 10.1)])
        #expect(Self.said(stored) == ["Keys learned from 5 views."])
        #expect(Self.said(Self.feed(&session, [.command(.whatHaveYouLearned, timestamp: 12)])) == ["Learned: keys, 5 views."])
    }

    @Test func stopWhileTeachingKeepsWhatWasLearnedAndForgettingIsAnswered() {
        var session = Support.started()
        _ = Self.feed(&session, [.command(.teach("wallet"), timestamp: 1), .taught(.view(Self.view(0)), timestamp: 2),
                                 .taught(.view(Self.view(1)), timestamp: 3)])
        let stopped = Self.feed(&session, [.command(.stop, timestamp: 4)])
        #expect(Self.taught(stopped) == [.watchViews(false), .store(name: "wallet", lesson: Self.lesson([0, 1]))])
        #expect(session.mode == .idle)

        let forget = Self.feed(&session, [.command(.forget("my glasses"), timestamp: 5)])
        #expect(Self.taught(forget) == [.forget(name: "glasses")])
        let answer = Self.feed(&session, [.taught(.forgotten(name: "glasses", removed: false), timestamp: 5.1)])
        #expect(Self.said(answer) == ["Nothing called glasses was learned."])
        #expect(Self.said(Self.feed(&session, [.command(.whatHaveYouLearned, timestamp: 6)]))
                == ["Nothing learned yet; say teach my keys."])
    }

    @Test func aTeachingThatRunsOutOfTimeOnFramesKeepsWhatItHas() {
        var session = Support.started()
        _ = Self.feed(&session, [.command(.teach("keys"), timestamp: 1), .taught(.view(Self.view(0)), timestamp: 2)])
        #expect(Self.taught(Self.feed(&session, [.frame(index: 1, timestamp: 30)])).isEmpty)
        let late = Self.feed(&session, [.frame(index: 2, timestamp: 61.5)])
        #expect(Self.taught(late) == [.watchViews(false), .store(name: "keys", lesson: Self.lesson([0]))])
        #expect(session.mode == .onDemandScanning)
    }

    @Test func aTaughtThingIsFoundByItsNameAndSaidAsTheirs() {
        var session = Support.started()
        _ = Self.feed(&session, [.taught(.learned([TaughtSummary(name: "mug", views: 4)]), timestamp: 0.5)])
        let looking = Self.feed(&session, [.command(.findObject("my mug"), timestamp: 1)])
        let target = SearchTarget(label: "mug", classIndex: TaughtObjects.detectionClass)
        #expect(session.mode == .findingObject(target))
        #expect(Self.said(looking) == ["Looking for your mug."])

        // Another taught thing in view is not the mug; the mug itself is guided to.
        let box = NormalizedRect(x: 0.7, y: 0.4, width: 0.15, height: 0.2)
        let wallet = Detection(classIndex: TaughtObjects.detectionClass, label: "wallet", confidence: 0.8, box: box)
        var effects: [AssistantEffect] = []
        for frame in 0..<5 {
            effects += Self.feed(&session, [.frame(index: frame, timestamp: 1 + Double(frame) / 10),
                                            .detections([wallet], frame: frame, timestamp: 1 + Double(frame) / 10)])
        }
        #expect(!session.isGuiding)
        let mug = Detection(classIndex: TaughtObjects.detectionClass, label: "mug", confidence: 0.8, box: box)
        for frame in 5..<15 {
            effects += Self.feed(&session, [.frame(index: frame, timestamp: 1 + Double(frame) / 10),
                                            .detections([mug], frame: frame, timestamp: 1 + Double(frame) / 10)])
        }
        #expect(session.isGuiding)
        #expect(Self.said(effects).contains { $0.hasPrefix("Your mug, ") && $0.contains("o'clock") }, "\(Self.said(effects))")
    }

    @Test func scanNowNamesATaughtThingAsThePersonsOwn() {
        var session = Support.started()
        _ = Self.feed(&session, [.taught(.learned([TaughtSummary(name: "keys", views: 5)]), timestamp: 0.5),
                                 .frame(index: 1, timestamp: 1)])
        let asked = Self.feed(&session, [.command(.scanNow, timestamp: 1.1)])
        #expect(asked.contains(.examine(frame: 1)))
        let keys = Detection(classIndex: TaughtObjects.detectionClass, label: "keys", confidence: 0.8,
                             box: NormalizedRect(x: 0.75, y: 0.45, width: 0.1, height: 0.1))
        let report = Self.feed(&session, [.detections([keys], frame: 1, timestamp: 1.2, examined: true)])
        #expect(Self.said(report) == ["Your keys, one o'clock."], "\(Self.said(report))")
    }

    @Test func aReportNamesTaughtThingsAsThePersonsOwnInEachLanguage() {
        var book = Phrasebook()
        #expect(book.objectName("keys", isTaught: true) == "your keys")
        #expect(book.counted("keys", count: 2, isTaught: true) == "your keys")
        #expect(book.objectName("cup") == "cup")
        #expect(book.objectName("blue_foam_ball", isTaught: true) == "your blue foam ball")
        book.language = .chinese
        #expect(book.objectName("keys", isTaught: true) == "你的keys")
        book.language = .russian
        #expect(book.objectName("keys", isTaught: true) == "keys, ваш предмет")
    }

    /// A screen that offers the person's things (the phone's Find screen) hears of them when they change, not
    /// every time the store reports them.
    @Test func thePersonsThingsAreToldWhenTheyChange() {
        var session = Support.started()
        func told(_ things: [TaughtSummary]) -> [[String]] {
            Self.feed(&session, [.taught(.learned(things), timestamp: 1)]).compactMap {
                if case .yourThings(let names) = $0 { names } else { nil }
            }
        }
        #expect(told([]) == [], "nothing taught, nothing to tell")
        #expect(told([TaughtSummary(name: "keys", views: 5)]) == [["keys"]])
        #expect(told([TaughtSummary(name: "keys", views: 7)]) == [], "more views of the same things")
        #expect(told([TaughtSummary(name: "keys", views: 7), TaughtSummary(name: "mug", views: 3)]) == [["keys", "mug"]])
        #expect(told([]) == [[]], "all forgotten")
    }

    @Test func whatWasLearnedAgreesWithEachCountInEachLanguage() {
        var book = Phrasebook()
        let things = [TaughtSummary(name: "keys", views: 1), TaughtSummary(name: "mug", views: 4)]
        #expect(TaughtPhrases().learnedList(things, in: book) == "Learned: keys, 1 view; mug, 4 views.")
        book.language = .russian
        #expect(TaughtPhrases().learnedList(things, in: book) == "Запомнено: keys, 1 вид; mug, 4 вида.")
        #expect(TaughtPhrases().learnedList([TaughtSummary(name: "mug", views: 5)], in: book) == "Запомнено: mug, 5 видов.")
    }

    /// A person who taught "my cup" hears "your cup" for it, and "cup" for the detector's cups — explore, scan and
    /// "what did you detect recently" alike; a cup the detector sees is nobody's in particular.
    @Test func aTaughtNameThatIsAlsoADetectorClassIsTheirsOnlyWhenItIsTheirs() {
        var session = Support.started()
        _ = Self.feed(&session, [.taught(.learned([TaughtSummary(name: "cup", views: 5)]), timestamp: 0.5),
                                 .frame(index: 1, timestamp: 1)])
        _ = Self.feed(&session, [.command(.scanNow, timestamp: 1.1)])
        let mine = Detection(classIndex: TaughtObjects.detectionClass, label: "cup", confidence: 0.8,
                             box: NormalizedRect(x: 0.75, y: 0.45, width: 0.1, height: 0.1))
        let anyCup = Detection(classIndex: 41, label: "cup", confidence: 0.9,
                               box: NormalizedRect(x: 0.1, y: 0.45, width: 0.1, height: 0.1))
        let report = Self.said(Self.feed(&session, [.detections([mine, anyCup], frame: 1, timestamp: 1.2, examined: true)]))
        #expect(report.contains("Your cup, one o'clock."), "\(report)")
        #expect(report.contains { $0.hasPrefix("Cup, ") && $0.contains("eleven o'clock") }, "\(report)")
        let recent = Self.said(Self.feed(&session, [.command(.recentDetections, timestamp: 2)]))
        let sentence = recent.joined()
        #expect(sentence.components(separatedBy: "cup").count == 3, "\(recent)")
        #expect(sentence.components(separatedBy: "your cup").count == 2, "\(recent)")
    }
}
