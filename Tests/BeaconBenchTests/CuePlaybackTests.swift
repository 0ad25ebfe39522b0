@testable import BeaconBench
import Testing
@testable import BeaconCore

/// The simulated adapters and what the person makes of the cues.
@Suite struct CuePlaybackTests {
    @Test func speechTakesItsWordsAtTheSpeakingRate() throws {
        var speech = SpeechPlayback(wordsPerSecond: 2.5)
        speech.start(Utterance(text: "Cup, one o'clock.", priority: .stateChange, category: "found"), at: 1)
        #expect(speech.finish(by: 2.1) == nil)
        let ended = speech.finish(by: 2.5)
        let finished = try #require(ended)
        #expect(abs(finished.time - 2.2) < 1e-9)
        #expect(finished.heard?.text == "Cup, one o'clock.")
        #expect(speech.finish(by: 10) == nil)
    }

    @Test func anInterruptionStopsAtTheNextWordBoundaryUnheard() throws {
        var speech = SpeechPlayback(wordsPerSecond: 2)
        speech.start(Utterance(text: "one two three four five six", priority: .guidance, category: "x"), at: 0)
        speech.interrupt(at: 1.2)
        let ended = speech.finish(by: 3)
        let finished = try #require(ended)
        #expect(finished.time == 1.5)
        #expect(finished.heard == nil)
    }

    @Test func vibrationPlaysPatternsInTurnAndTheNewestWaitingWins() throws {
        var motor = HapticPlayback()
        let left = HapticPattern(milliseconds: [40, 300]), right = HapticPattern(milliseconds: [150, 300])
        #expect(motor.queue(left, at: 0) == 0)
        #expect(motor.queue(left, at: 0.1) == nil)
        #expect(motor.queue(right, at: 0.2) == nil)
        #expect(motor.next(by: 0.3) == nil)
        let started = motor.next(by: 0.4)
        let next = try #require(started)
        #expect(abs(next.time - 0.34) < 1e-9 && next.pattern == right)
        #expect(motor.next(by: 2) == nil)
    }

    @Test func feelsTheHapticScheme() {
        let scheme = HapticScheme()
        #expect(FeltVibration(scheme.pattern(for: Direction(horizontal: .left), distanceFromCentre: 0.3)) == .left)
        #expect(FeltVibration(scheme.pattern(for: Direction(horizontal: .right), distanceFromCentre: 0.05)) == .right)
        #expect(FeltVibration(scheme.pattern(for: Direction(horizontal: .right), distanceFromCentre: 0.45)) == .right)
        #expect(FeltVibration(scheme.pattern(for: Direction(vertical: .up), distanceFromCentre: 0.3)) == .up)
        #expect(FeltVibration(scheme.pattern(for: Direction(vertical: .down), distanceFromCentre: 0.3)) == .down)
        #expect(FeltVibration(scheme.pattern(for: Direction(), distanceFromCentre: 0)) == .centred)
    }

    @Test func hearsTheGuidancePhrases() {
        let phrases = GuidancePhrases()
        let found = HeardWords(phrases.found("cup", direction: "eleven o'clock, up"))
        #expect(found.clockHours == -1 && found.vertical == 1 && !found.saysCentred)
        #expect(HeardWords(phrases.direction("two o'clock")).clockHours == 2)
        #expect(HeardWords(phrases.direction("centred")).saysCentred)
        #expect(HeardWords(phrases.lost("cup", lastSeen: NormalizedPoint(x: 0.1, y: 0.5))).lastSeenSide == -1)
        #expect(HeardWords(phrases.lost("cup", lastSeen: NormalizedPoint(x: 0.9, y: 0.5))).lastSeenSide == 1)
        #expect(HeardWords(phrases.keepTurning("cup")).saysKeepTurning)
        #expect(!HeardWords(phrases.lookingFor("cup")).saysKeepTurning)
    }

    @Test func earconsBecomeBeatsExceptTheOnesThatSayNothingOfWhere() {
        #expect(Percept(Earcon(kind: .tick, pan: 0.3, pitch: -0.2)) == .beat(pan: 0.3, pitch: -0.2, centred: false))
        #expect(Percept(Earcon(kind: .centred)) == .beat(pan: 0, pitch: 0, centred: true))
        #expect(Percept(Earcon(kind: .lost, pan: -0.6)) == .lost(pan: -0.6))
        #expect(Percept(Earcon(kind: .start)) == nil)
    }
}
