import Testing
@testable import BeaconCore

@Suite struct SpeechArbiterTests {
    func direction(_ text: String) -> Utterance { Utterance(text: text, priority: .guidance, category: "direction") }
    func state(_ text: String) -> Utterance { Utterance(text: text, priority: .stateChange, category: "found") }
    func hazard(_ text: String) -> Utterance { Utterance(text: text, priority: .hazard, category: "hazard") }
    func chatter(_ text: String) -> Utterance { Utterance(text: text, priority: .chatter, category: "chatter") }

    @Test func speaksWhenQuietAndQueuesWhileSpeaking() {
        var arbiter = SpeechArbiter()
        #expect(arbiter.offer(state("Cup, one o'clock."), timestamp: 0) == .speak)
        #expect(arbiter.offer(state("Bowl, eleven o'clock."), timestamp: 0.5) == .queue)
        #expect(arbiter.speechFinished(timestamp: 1.2)?.text == "Bowl, eleven o'clock.")
        #expect(arbiter.speechFinished(timestamp: 2.4) == nil)
        #expect(!arbiter.isSpeaking)
    }

    @Test func directionChangesAreAtLeastFourSecondsApart() {
        var arbiter = SpeechArbiter()
        #expect(arbiter.offer(direction("One o'clock."), timestamp: 0) == .speak)
        _ = arbiter.speechFinished(timestamp: 0.7)
        #expect(arbiter.offer(direction("Centred."), timestamp: 2) == .drop(.categoryCooldown))
        #expect(arbiter.offer(direction("Centred."), timestamp: 3.99) == .drop(.categoryCooldown))
        #expect(arbiter.offer(direction("Centred."), timestamp: 4) == .speak)
    }

    @Test func theSameTextIsNotRepeatedWithinSixSeconds() {
        var arbiter = SpeechArbiter()
        #expect(arbiter.offer(state("Cup, one o'clock."), timestamp: 0) == .speak)
        _ = arbiter.speechFinished(timestamp: 1)
        #expect(arbiter.offer(state("Cup, one o'clock."), timestamp: 5.9) == .drop(.repeatedTooSoon))
        #expect(arbiter.offer(state("Cup, one o'clock."), timestamp: 6) == .speak)
        // Identical to what is playing or waiting: merged, whatever its priority.
        #expect(arbiter.offer(state("Cup, one o'clock."), timestamp: 6.1) == .alreadyPending)
        #expect(arbiter.offer(state("Cup lost."), timestamp: 6.2) == .queue)
        #expect(arbiter.offer(state("Cup lost."), timestamp: 6.3) == .alreadyPending)
        #expect(arbiter.waiting.map(\.text) == ["Cup lost."])
    }

    @Test func guidanceNeverInterruptsAndOnlyTheNewestWaits() {
        var arbiter = SpeechArbiter()
        #expect(arbiter.offer(state("Cup, one o'clock."), timestamp: 0) == .speak)
        #expect(arbiter.offer(direction("Eleven o'clock."), timestamp: 0.2) == .queue)
        #expect(arbiter.offer(Utterance(text: "Twelve o'clock, up.", priority: .guidance, category: "tilt"), timestamp: 0.3) == .queue)
        #expect(arbiter.waiting.map(\.text) == ["Twelve o'clock, up."])
        // Guidance over guidance does not interrupt either, and chatter is simply not said.
        #expect(arbiter.speechFinished(timestamp: 1)?.text == "Twelve o'clock, up.")
        #expect(arbiter.offer(direction("Centred."), timestamp: 5.5) == .queue)
        #expect(arbiter.offer(chatter("Nice mug."), timestamp: 5.6) == .drop(.busy))
    }

    @Test func moreImportantSpeechInterruptsAtAWordBoundary() {
        var arbiter = SpeechArbiter()
        #expect(arbiter.offer(direction("One o'clock."), timestamp: 0) == .speak)
        #expect(arbiter.offer(state("Cup lost; last seen to your right."), timestamp: 0.2) == .interruptCurrent)
        // A hazard arriving before the interruption lands goes first, without a second interruption.
        #expect(arbiter.offer(hazard("Step down ahead."), timestamp: 0.25) == .queue)
        #expect(arbiter.waiting.map(\.text) == ["Step down ahead.", "Cup lost; last seen to your right."])
        #expect(arbiter.speechFinished(timestamp: 0.35)?.text == "Step down ahead.")
        // Nothing interrupts a hazard, not even the user asking.
        #expect(arbiter.offer(Utterance(text: "Cup, one o'clock.", priority: .stateChange, category: "answer", isRequested: true),
                              timestamp: 0.5) == .queue)
        #expect(arbiter.waiting.map(\.text) == ["Cup lost; last seen to your right.", "Cup, one o'clock."])
        #expect(arbiter.speechFinished(timestamp: 1.5)?.text == "Cup lost; last seen to your right.")
        // The user's request does interrupt a state change.
        #expect(arbiter.offer(Utterance(text: "Paused.", priority: .stateChange, category: "paused", isRequested: true),
                              timestamp: 1.6) == .interruptCurrent)
    }

    @Test func hazardsAreNeverDropped() {
        var arbiter = SpeechArbiter()
        #expect(arbiter.offer(hazard("Step down ahead."), timestamp: 0) == .speak)
        _ = arbiter.speechFinished(timestamp: 1)
        #expect(arbiter.offer(hazard("Step down ahead."), timestamp: 1.5) == .speak)
        #expect(arbiter.offer(hazard("Car on your left."), timestamp: 1.6) == .queue)
        var budgetless = SpeechArbiter.Configuration()
        budgetless.guidanceWordsPerMinute = 0
        var strict = SpeechArbiter(configuration: budgetless)
        #expect(strict.offer(hazard("Step down ahead."), timestamp: 0) == .speak)
        #expect(strict.offer(direction("One o'clock."), timestamp: 0) == .drop(.overBudget))
    }

    @Test func earconsAreDuckedUnderSpeech() {
        var arbiter = SpeechArbiter()
        #expect(arbiter.earconGain == 1)
        _ = arbiter.offer(state("Cup, one o'clock."), timestamp: 0)
        #expect(arbiter.earconGain == 0.3)
        _ = arbiter.speechFinished(timestamp: 1)
        #expect(arbiter.earconGain == 1)
    }

    @Test func guidanceAndChatterShareABudgetOfWordsPerMinute() {
        var arbiter = SpeechArbiter()
        var time = 0.0
        var said: [String] = []
        for text in ["One o'clock.", "Centred.", "Eleven o'clock.", "Twelve o'clock, down.", "One o'clock, up.",
                     "Centred.", "Eleven o'clock, up.", "One o'clock."] {
            if arbiter.offer(direction(text), timestamp: time) == .speak { said.append(text) }
            _ = arbiter.speechFinished(timestamp: time + 1)
            time += 6
        }
        #expect(wordCount(said) <= 12)
        #expect(said == ["One o'clock.", "Centred.", "Eleven o'clock.", "Twelve o'clock, down.", "One o'clock, up.", "Centred."])
        // State changes are outside the budget, and the window slides: a minute later guidance speaks again.
        #expect(arbiter.offer(state("Cup lost; last seen to your left."), timestamp: time) == .speak)
        _ = arbiter.speechFinished(timestamp: time + 1)
        #expect(arbiter.offer(direction("Eleven o'clock, down."), timestamp: 67) == .speak)
    }

    @Test func staleGuidanceIsDroppedWhenItsTurnComes() {
        var arbiter = SpeechArbiter()
        _ = arbiter.offer(state("Cup lost; last seen to your left, behind the big blue bowl."), timestamp: 0)
        #expect(arbiter.offer(direction("One o'clock."), timestamp: 0.5) == .queue)
        #expect(arbiter.speechFinished(timestamp: 3) == nil)
    }

    @Test func speechThatNeverReportsItsEndTimesOut() {
        var arbiter = SpeechArbiter()
        _ = arbiter.offer(state("Cup, one o'clock."), timestamp: 0)
        _ = arbiter.offer(state("Bowl, eleven o'clock."), timestamp: 0.1)
        // Three words: 2 s + 3 × 0.6 s.
        #expect(arbiter.poll(timestamp: 3.7) == nil)
        #expect(arbiter.poll(timestamp: 3.9)?.text == "Bowl, eleven o'clock.")
    }
}
