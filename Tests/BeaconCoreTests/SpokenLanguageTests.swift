import Testing
@testable import BeaconCore

/// Sessions speak the person's language: guidance, text search, the reader and the vocabulary's answers, each
/// utterance marked so the adapter picks that language's voice. English stays as it always was.
@Suite struct SpokenLanguageTests {
    func spoken(_ effects: [GuidanceEffect]) -> [Utterance] {
        effects.compactMap { effect in
            if case .speak(let utterance) = effect { return utterance }
            return nil
        }
    }

    /// The cup found right of the middle, then lost off the left edge.
    func foundAndLost(in language: TextLanguage) -> [Utterance] {
        var configuration = GuidanceConfiguration()
        configuration.language = language
        var driver = SessionDriver(configuration: configuration)
        driver.start()
        for index in 0..<30 { driver.frame(index, detections: index % 3 == 0 ? [Cups.at(0.75)] : nil) }
        for index in 30..<90 { driver.frame(index, detections: index % 3 == 0 ? [] : nil) }
        return spoken(driver.log.map(\.effect))
    }

    @Test func guidanceSpeaksRussianInTheRussianVoice() {
        let said = foundAndLost(in: .russian)
        #expect(said.map(\.text) == ["Ищу: чашка.", "Чашка, примерно полметра, на час.", "Чашка: больше не вижу; последний раз справа."])
        #expect(said.allSatisfy { $0.language == .russian && $0.voice(default: "en") == "ru" })
    }

    @Test func guidanceSpeaksChineseInTheMandarinVoice() {
        let said = foundAndLost(in: .chinese)
        #expect(said.map(\.text) == ["正在寻找杯子。", "杯子，大约半米，一点钟方向。", "杯子不见了；最后在右边。"])
        #expect(said.allSatisfy { $0.voice(default: "en") == "cmn-latn-pinyin" })
    }

    /// English utterances carry no language, so the voice the person chose (en-us, say) still speaks them.
    @Test func englishKeepsTheChosenVoice() {
        let said = foundAndLost(in: .english)
        #expect(said.map(\.text) == ["Looking for cup.", "Cup, about half a metre, one o'clock.", "Cup lost; last seen to your right."])
        #expect(said.allSatisfy { $0.language == nil && $0.voice(default: "en-us") == "en-us" })
    }

    @Test func directionsAreSpokenInTheLanguageButComparedInEnglish() {
        var model = CueModel()
        model.phrases = GuidancePhrases(language: .russian)
        let above = model.cue(for: TargetState(label: "cup", isVisible: true, position: NormalizedPoint(x: 0.5, y: 0.2)),
                              previous: nil)
        #expect(above.directionWords == "twelve o'clock, up")
        #expect(above.spokenDirection == "на двенадцать часов, выше")
        #expect(above.words == "Чашка, на двенадцать часов, выше.")
        model.phrases = GuidancePhrases(language: .chinese)
        let centred = model.cue(for: TargetState(label: "cup", isVisible: true, position: .centre, distance: 2.4),
                                previous: nil)
        #expect(centred.directionWords == "centred")
        #expect(centred.words == "杯子，两米半，正中间。")
        let english = CueModel().cue(for: TargetState(label: "cup", isVisible: true, position: .centre), previous: nil)
        #expect(english.spokenDirection == english.directionWords)
    }

    @Test func keysAnswerInTheLanguage() {
        var configuration = GuidanceConfiguration()
        configuration.language = .russian
        configuration.pauseAfter = 60
        var session = GuidanceSession(configuration: configuration)
        _ = session.handle(.start(Cups.target, timestamp: 0))
        _ = session.handle(.speechFinished(timestamp: 1))
        #expect(spoken(session.handle(.key(.whereIsIt, timestamp: 2))).map(\.text) == ["Ищу: чашка; пока не вижу."])
        _ = session.handle(.speechFinished(timestamp: 3))
        let paused = spoken(session.handle(.frame(index: 1, timestamp: 61)))
        #expect(paused.map(\.text) == ["Поиск приостановлен через одну минуту. Нажмите p, чтобы продолжить."])
        _ = session.handle(.speechFinished(timestamp: 65))
        #expect(spoken(session.handle(.key(.pauseResume, timestamp: 66))).map(\.text) == ["Продолжаю."])
    }

    @Test func textSearchNamesTheTextAsGiven() {
        var session = GuidanceSession(configuration: .textSearch(language: .russian))
        let search = TextSearch(query: TextQuery("ВЫХОД")!)
        #expect(spoken(session.handle(.start(search.target, timestamp: 0))).map(\.text) == ["Ищу текст ВЫХОД."])
        let chinese = GuidancePhrases(language: .chinese, targetKind: .text)
        #expect(chinese.keepTurning("EXIT") == "EXIT不在视野内；请继续转动。")
        #expect(GuidanceConfiguration.textSearch().cues.phrases.lookingFor("EXIT") == "Looking for the text EXIT.")
    }

    @Test func theReaderSaysItsOwnMessagesInTheLanguage() {
        var configuration = ReaderSession.Configuration()
        configuration.fallbackLanguage = .russian
        var reader = ReaderSession(configuration: configuration)
        let effects = reader.handle(.start([], ifEmpty: .noText))
        #expect(effects == [.speak(ReaderUtterance(id: 1, text: "Текст не найден.", language: .russian, rate: 1))])
        var chinese = ReaderSession.Configuration()
        chinese.fallbackLanguage = .chinese
        var fast = ReaderSession(configuration: chinese)
        #expect(fast.handle(.key(.toggleSpeed)) == [.speak(ReaderUtterance(id: 1, text: "快速。", language: .chinese, rate: 1.5))])
    }

    @Test func theVocabularyAnswersInTheLanguage() {
        let vocabulary = ObjectVocabulary()
        let keys = vocabulary.resolve("ключи")
        #expect(vocabulary.answer(for: "ключи", keys, in: .russian)
            == "Beacon пока не видит: ключи; вместо этого можно искать: рюкзак или сумка.")
        #expect(vocabulary.answer(for: "钥匙", vocabulary.resolve("钥匙"), in: .chinese) == "Beacon还看不到钥匙；可以改为寻找背包或手提包。")
        #expect(vocabulary.answer(for: "cupp", vocabulary.resolve("cupp"), in: .russian)
            == "Beacon не знает слова «cupp»; может быть, чашка?")
    }
}
