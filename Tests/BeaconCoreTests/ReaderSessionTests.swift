import Testing
@testable import BeaconCore

/// Plays the speech adapter for the reader: remembers what was handed to speech and reports back on it.
struct ReaderDriver {
    var session: ReaderSession
    private(set) var effects: [ReaderEffect] = []
    /// The newest utterance handed to speech.
    private(set) var lastUtterance: ReaderUtterance?

    init(configuration: ReaderSession.Configuration = ReaderSession.Configuration()) {
        session = ReaderSession(configuration: configuration)
    }

    @discardableResult
    mutating func send(_ event: ReaderEvent) -> [ReaderEffect] {
        let produced = session.handle(event)
        effects += produced
        for case .speak(let utterance) in produced { lastUtterance = utterance }
        return produced
    }

    @discardableResult
    mutating func press(_ key: ReaderKey) -> [ReaderEffect] { send(.key(key)) }

    /// The newest utterance was said to its end.
    @discardableResult
    mutating func finish() -> [ReaderEffect] { send(.speechFinished(utterance: lastUtterance!.id)) }

    /// The newest utterance reached the word that starts with `word`.
    mutating func reach(_ word: String) {
        let text = Array(lastUtterance!.text)
        let offset = (0...(text.count - word.count)).first { String(text[$0..<($0 + word.count)]) == word }!
        send(.speechProgress(utterance: lastUtterance!.id, characterOffset: offset))
    }

    /// Reads to the end, saying every unit in full; the texts spoken on the way.
    mutating func readToTheEnd() -> [String] {
        var spoken: [String] = []
        while session.phase == .reading {
            spoken.append(lastUtterance!.text)
            finish()
        }
        return spoken
    }
}

extension [ReaderEffect] {
    var spoken: [String] { compactMap { if case .speak(let utterance) = $0 { utterance.text } else { nil } } }
    var earcons: [Earcon.Kind] { compactMap { if case .earcon(let earcon) = $0 { earcon.kind } else { nil } } }
}

@Suite struct ReaderSessionTests {
    let units = ["First sentence here.", "Second one.", "Third and last."].map { ReadingUnit(text: $0, language: .english) }

    func started() -> ReaderDriver {
        var driver = ReaderDriver()
        driver.send(.start(units))
        return driver
    }

    @Test func readsEveryUnitBetweenTheStartAndEndEarcons() {
        var driver = ReaderDriver()
        let first = driver.send(.start(units))
        #expect(first.earcons == [.start])
        #expect(first.spoken == ["First sentence here."])
        #expect(driver.readToTheEnd() == ["First sentence here.", "Second one.", "Third and last."])
        #expect(driver.effects.earcons == [.start, .end])
        #expect(driver.session.phase == .finished)
    }

    @Test func eachUnitIsSpokenInItsLanguageAtTheNormalRate() {
        var driver = ReaderDriver()
        driver.send(.start([ReadingUnit(text: "Привет.", language: .russian), ReadingUnit(text: "你好。", language: .chinese),
                            ReadingUnit(text: "42.", language: nil)]))
        var languages = [driver.lastUtterance!.language]
        driver.finish()
        languages.append(driver.lastUtterance!.language)
        driver.finish()
        languages.append(driver.lastUtterance!.language)
        #expect(languages == [.russian, .chinese, .english])
        #expect(driver.lastUtterance!.rate == 1)
    }

    @Test func theSpokenTextIsWhatTheSynthesizerGets() {
        var driver = ReaderDriver()
        driver.send(.start(ReadingUnit.units(from: [Lines.line("Gate A is open.")], mode: .sentences)))
        #expect(driver.lastUtterance?.text == "Gate A, is open.")
    }

    @Test func aPageOfUnreadableTextSaysWhichScriptsBeaconReads() {
        var driver = ReaderDriver()
        let effects = driver.send(.start([], ifEmpty: .unreadableText))
        #expect(effects.spoken == ["The text here is in a script Beacon cannot read yet; it reads English, Russian and Chinese."])
        #expect(effects.earcons.isEmpty)
        #expect(driver.session.phase == .idle)
    }

    /// What PP-OCRv6 made of the rendered signs and photos (see `EmptyPage.isEvidence`).
    @Test func unreadableTextTakesTwoLinesOrOneInAForeignScript() {
        func region(_ reason: UnreadableText.Reason, _ text: String, _ confidence: Double) -> UnreadableText {
            UnreadableText(reason: reason, quad: Quad(NormalizedRect(x: 0.1, y: 0.1, width: 0.5, height: 0.1)),
                           text: text, confidence: confidence)
        }
        #expect(EmptyPage(unreadable: []) == .noText)
        #expect(EmptyPage(unreadable: [region(.unsure, "8", 0.65)]) == .noText) // coffee.png
        #expect(EmptyPage(unreadable: [region(.blank, "", 0)]) == .noText)
        #expect(EmptyPage(unreadable: [region(.unsure, "017V", 0.62), region(.unsure, "DI'N Y'", 0.65)]) == .unreadableText)
        #expect(EmptyPage(unreadable: [region(.blank, "", 0), region(.blank, "", 0)]) == .unreadableText)
        #expect(EmptyPage(unreadable: [region(.unknownScript, "Kαλημρα σα", 0.91)]) == .unreadableText)
        // Under-read lines were read in part, so they do not make a page unreadable.
        #expect(EmptyPage(unreadable: [region(.underRead, "3,2%", 0.84), region(.underRead, "+2 +6", 0.85)]) == .noText)
    }

    @Test func foreignLettersAreThoseOfNoScriptBeaconReads() {
        #expect(TextLanguage.foreignLetterShare(in: "Kαλημρα σα") == 8.0 / 9) // a Latin K and eight Greek letters
        #expect(TextLanguage.foreignLetterShare(in: "שלום") == 1)
        #expect(TextLanguage.foreignLetterShare(in: "Молоко, milk, 牛奶") == 0)
        #expect(TextLanguage.foreignLetterShare(in: "15.03.2026") == 0)
        #expect(TextLanguage.detect(in: "Kαλημρα σα") == .english) // by its one Latin letter: why detection alone cannot tell
    }

    @Test func noTextSaysSoWithoutEarcons() {
        var driver = ReaderDriver()
        let effects = driver.send(.start([]))
        #expect(effects.spoken == ["No text found."])
        #expect(effects.earcons.isEmpty)
        #expect(driver.session.phase == .idle)
        #expect(driver.finish().isEmpty)
        #expect(driver.press(.next).isEmpty)
    }

    @Test func nextInterruptsAndReadsTheNextUnit() {
        var driver = started()
        let effects = driver.press(.next)
        #expect(effects == [.interruptSpeech, .speak(driver.lastUtterance!)])
        #expect(effects.spoken == ["Second one."])
        // The interrupted first utterance reports its end late: ignored, reading stays on the second unit.
        #expect(driver.send(.speechFinished(utterance: 1)).isEmpty)
        #expect(driver.session.currentUnit == 1)
        #expect(driver.readToTheEnd() == ["Second one.", "Third and last."])
    }

    @Test func nextOnTheLastUnitEndsTheText() {
        var driver = started()
        driver.press(.next)
        driver.press(.next)
        let effects = driver.press(.next)
        #expect(effects == [.interruptSpeech, .earcon(Earcon(kind: .end))])
        #expect(driver.session.phase == .finished)
        #expect(driver.press(.next) == [.earcon(Earcon(kind: .end))])
    }

    @Test func backReadsThePreviousUnitAndPausesAtItsEnd() {
        var driver = started()
        driver.finish()                     // now on "Second one."
        let back = driver.press(.back)
        #expect(back.first == .interruptSpeech)
        #expect(back.spoken == ["First sentence here."])
        #expect(driver.finish().isEmpty)    // the end of the unit gone back to: a pause, not the next unit
        #expect(driver.session.phase == .paused)
        // Space goes on with the unit after it.
        #expect(driver.press(.pauseResume).spoken == ["Second one."])
        #expect(driver.readToTheEnd() == ["Second one.", "Third and last."])
    }

    @Test func backCanBeSetToContinueReading() {
        var configuration = ReaderSession.Configuration()
        configuration.pausesAfterBack = false
        var driver = ReaderDriver(configuration: configuration)
        driver.send(.start(units))
        driver.finish()
        driver.press(.back)
        #expect(driver.finish().spoken == ["Second one."])
    }

    @Test func backAtTheFirstUnitRestartsItAfterTheStartEarcon() {
        var driver = started()
        let effects = driver.press(.back)
        #expect(effects == [.interruptSpeech, .earcon(Earcon(kind: .start)), .speak(driver.lastUtterance!)])
        #expect(effects.spoken == ["First sentence here."])
    }

    @Test func backAfterTheEndReadsTheLastUnit() {
        var driver = started()
        _ = driver.readToTheEnd()
        #expect(driver.press(.back).spoken == ["Third and last."])
        #expect(driver.finish().isEmpty)
        #expect(driver.session.phase == .paused)
        #expect(driver.press(.pauseResume) == [.earcon(Earcon(kind: .end))])
    }

    @Test func pauseResumesAtTheStartOfTheWordBeingSaid() {
        var driver = started()
        driver.reach("ntence")              // mid-word: snapped back to the word's start
        #expect(driver.press(.pauseResume) == [.interruptSpeech])
        #expect(driver.session.phase == .paused)
        // The interrupted utterance reports its end: ignored, still paused.
        #expect(driver.finish().isEmpty)
        #expect(driver.session.phase == .paused)
        #expect(driver.press(.pauseResume).spoken == ["sentence here."])
        // Progress in the remainder counts from where it started; a second pause resumes at "here".
        driver.reach("here")
        driver.press(.pauseResume)
        #expect(driver.press(.pauseResume).spoken == ["here."])
        #expect(driver.readToTheEnd() == ["here.", "Second one.", "Third and last."])
    }

    @Test func pauseBeforeAnyProgressRestartsTheUnit() {
        var driver = started()
        driver.press(.pauseResume)
        #expect(driver.press(.pauseResume).spoken == ["First sentence here."])
    }

    @Test func hanTextResumesAtTheCharacter() {
        var driver = ReaderDriver()
        driver.send(.start([ReadingUnit(text: "今天天气很好。", language: .chinese)]))
        driver.reach("气")
        driver.press(.pauseResume)
        #expect(driver.press(.pauseResume).spoken == ["气很好。"])
    }

    @Test func nextWhilePausedReadsTheNextUnit() {
        var driver = started()
        driver.press(.pauseResume)
        #expect(driver.press(.next).spoken == ["Second one."])
        #expect(driver.session.phase == .reading)
    }

    @Test func speedSwitchesAtOnceFromTheCurrentWord() {
        var driver = started()
        driver.reach("here")
        let effects = driver.press(.toggleSpeed)
        #expect(effects.first == .interruptSpeech)
        #expect(driver.lastUtterance?.text == "here.")
        #expect(driver.lastUtterance?.rate == 1.5)
        driver.finish()
        #expect(driver.lastUtterance?.text == "Second one.")
        #expect(driver.lastUtterance?.rate == 1.5)
        driver.press(.toggleSpeed)
        #expect(driver.lastUtterance?.rate == 1)
    }

    @Test func speedWhilePausedIsConfirmedInWords() {
        var driver = started()
        driver.press(.pauseResume)
        let effects = driver.press(.toggleSpeed)
        #expect(effects.spoken == ["Fast."])
        #expect(driver.session.phase == .paused)
        #expect(driver.press(.pauseResume).spoken == ["First sentence here."])
        #expect(driver.lastUtterance?.rate == 1.5)
    }

    @Test func stopSilencesEverythingAndIgnoresWhatItCaused() {
        var driver = started()
        driver.reach("here")
        #expect(driver.press(.stop) == [.stopAll])
        #expect(driver.session.phase == .idle)
        #expect(driver.finish().isEmpty)
        #expect(driver.send(.speechProgress(utterance: driver.lastUtterance!.id, characterOffset: 3)).isEmpty)
        #expect(driver.press(.next).isEmpty)
        #expect(driver.press(.pauseResume).isEmpty)
        #expect(driver.press(.back).isEmpty)
    }

    @Test func aNewTextReplacesTheOldOne() {
        var driver = started()
        let old = driver.lastUtterance!.id
        let effects = driver.send(.start([ReadingUnit(text: "New text.", language: .english)]))
        #expect(effects.first == .stopAll)
        #expect(effects.spoken == ["New text."])
        #expect(driver.send(.speechFinished(utterance: old)).isEmpty)
        #expect(driver.readToTheEnd() == ["New text."])
    }

    @Test func spaceAtTheEndStartsOver() {
        var driver = started()
        _ = driver.readToTheEnd()
        let effects = driver.press(.pauseResume)
        #expect(effects.earcons == [.start])
        #expect(effects.spoken == ["First sentence here."])
    }
}
