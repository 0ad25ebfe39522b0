import Foundation
import Testing
@testable import BeaconCore

@Suite struct TextSentenceSegmenterTests {
    let segmenter = SentenceSegmenter()

    func split(_ text: String) -> [String] { segmenter.sentences(in: text) }

    /// Lines of a page, each `spacing` below the previous one and 0.03 tall.
    func page(_ texts: [String], top: Double = 0.1, spacing: Double = 0.04) -> [TextLine] {
        texts.enumerated().map { index, text in
            Lines.line(text, x: 0.1, y: top + Double(index) * spacing, width: 0.8, height: 0.03)
        }
    }

    @Test func splitsAtSentenceEnds() {
        #expect(split("The door is open. Come in! Are you there? Yes…") ==
                ["The door is open.", "Come in!", "Are you there?", "Yes…"])
    }

    @Test func keepsRunsOfMarksAndClosingQuotesWithTheSentence() {
        #expect(split("Really?! She said \"Stop.\" Then (quietly.) Next... Done") ==
                ["Really?!", "She said \"Stop.\"", "Then (quietly.)", "Next...", "Done"])
        #expect(split("Он сказал: «Стой!» Мы остановились.") == ["Он сказал: «Стой!»", "Мы остановились."])
    }

    @Test func doesNotSplitAfterEnglishAbbreviations() {
        #expect(split("Mr. Smith met Dr. Jones on St. Mark's Rd. at 9 a.m. and left.") ==
                ["Mr. Smith met Dr. Jones on St. Mark's Rd. at 9 a.m. and left."])
        #expect(split("Bring fruit, e.g. Apples, i.e. Fresh ones. Then go.") == ["Bring fruit, e.g. Apples, i.e. Fresh ones.", "Then go."])
        #expect(split("See No. 5 and p. 12 vs. the rest.") == ["See No. 5 and p. 12 vs. the rest."])
        #expect(split("J. Smith and J. R. R. Tolkien wrote. U.S. Army too.") == ["J. Smith and J. R. R. Tolkien wrote.", "U.S. Army too."])
        #expect(split("Pi is 3.14 today. Version 2.0.1 is out.") == ["Pi is 3.14 today.", "Version 2.0.1 is out."])
    }

    @Test func someAbbreviationsEndASentenceBeforeACapital() {
        #expect(split("Pens, paper, etc. We open at 9 a.m. The shop closes.") == ["Pens, paper, etc.", "We open at 9 a.m.", "The shop closes."])
        #expect(split("Pens, paper, etc. and more.") == ["Pens, paper, etc. and more."])
        #expect(split("No. I will not.") == ["No.", "I will not."])
    }

    @Test func doesNotSplitAfterRussianAbbreviations() {
        #expect(split("Это т.е. пример. Дом на ул. Ленина, д. 5, кв. 12.") == ["Это т.е. пример.", "Дом на ул. Ленина, д. 5, кв. 12."])
        #expect(split("Яблоки, груши и т.д. Потом овощи.") == ["Яблоки, груши и т.д.", "Потом овощи."])
        #expect(split("Яблоки, груши и т. п. Потом овощи и т. е. всё.") == ["Яблоки, груши и т. п.", "Потом овощи и т. е. всё."])
        #expect(split("Он живёт в г. Москва. Это было в 2020 г. Потом он уехал.") ==
                ["Он живёт в г. Москва.", "Это было в 2020 г.", "Потом он уехал."])
        #expect(split("Автор А. С. Пушкин. См. стр. 5.") == ["Автор А. С. Пушкин.", "См. стр. 5."])
    }

    @Test func splitsChineseWithoutSpaces() {
        #expect(split("今天天气很好。我们去公园吧！你来吗？好的。") == ["今天天气很好。", "我们去公园吧！", "你来吗？", "好的。"])
        #expect(split("他说：“走吧。”然后走了。") == ["他说：“走吧。”", "然后走了。"])
    }

    @Test func aSmallLetterAfterTheMarkContinuesTheSentence() {
        #expect(split("Wait... what is that? Approx. three hours.") == ["Wait... what is that?", "Approx. three hours."])
        #expect(split("«Стой!» — крикнул он.") == ["«Стой!» — крикнул он."])
    }

    @Test func joinsLinesAndHyphenatedWords() {
        let lines = page(["Sentence segmen-", "tation joins lines", "into sentences. The", "Jean-", "Paul text ends here."])
        #expect(segmenter.sentences(in: lines) ==
                ["Sentence segmentation joins lines into sentences.", "The Jean-Paul text ends here."])
        let russian = page(["Распознава-", "ние текста."])
        #expect(segmenter.sentences(in: russian) == ["Распознавание текста."])
        let chinese = page(["今天天气", "很好。"])
        #expect(segmenter.sentences(in: chinese) == ["今天天气很好。"])
    }

    @Test func aTallGapBetweenLinesEndsTheSentence() {
        // Heading, then a paragraph 0.03 below: 0.1 + 0.03 + 0.03 gap.
        var lines = page(["Chapter One", "It was a dark night", "and it rained."], spacing: 0.04)
        lines[1] = Lines.line("It was a dark night", x: 0.1, y: 0.2, width: 0.8, height: 0.03)
        lines[2] = Lines.line("and it rained.", x: 0.1, y: 0.24, width: 0.8, height: 0.03)
        #expect(segmenter.sentences(in: lines) == ["Chapter One", "It was a dark night and it rained."])
        // A gap just under the limit joins.
        let close = [Lines.line("Chapter One", y: 0.1, height: 0.03), Lines.line("continues", y: 0.149, height: 0.03)]
        #expect(segmenter.sentences(in: close) == ["Chapter One continues"])
    }

    @Test func theNextColumnEndsTheSentence() {
        let lines = [Lines.line("left column ends", x: 0.05, y: 0.9, width: 0.4, height: 0.03),
                     Lines.line("right column starts", x: 0.55, y: 0.1, width: 0.4, height: 0.03)]
        #expect(segmenter.sentences(in: lines) == ["left column ends", "right column starts"])
    }

    @Test func linesModeKeepsEachLine() {
        let lines = page(["EXIT", "  ", "Platform 3", "Выход в город"])
        let units = ReadingUnit.units(from: lines, mode: .lines)
        #expect(units.map(\.text) == ["EXIT", "Platform 3", "Выход в город"])
        #expect(units.map(\.language) == [.english, .english, .russian])
    }

    @Test func unitsCarryTheirLanguage() {
        let lines = page(["Hello there, everyone. Привет всем.", "你好。 2024."])
        let units = ReadingUnit.units(from: lines, mode: .sentences)
        #expect(units.map(\.text) == ["Hello there, everyone.", "Привет всем.", "你好。", "2024."])
        // A unit without letters takes the language of the whole text (here English, which has the most letters).
        #expect(units.map(\.language) == [.english, .russian, .chinese, .english])
        #expect(ReadingUnit.units(from: [], mode: .sentences).isEmpty)
    }
}

@Suite struct TextSpeechPreparationTests {
    let preparation = SpeechTextPreparation()

    @Test func guillemetsBecomeCommas() {
        #expect(preparation.prepare("Он читал «Войну и мир» вечером.") == "Он читал, Войну и мир, вечером.")
        #expect(preparation.prepare("Он сказал «привет».") == "Он сказал, привет.")
        #expect(preparation.prepare("«Война и мир» — роман.") == "Война и мир, — роман.")
    }

    @Test func aLoneCapitalIsSpokenAsALetter() {
        #expect(preparation.prepare("Gate A is open.") == "Gate A, is open.")
        #expect(preparation.prepare("Корпус В находится здесь.") == "Корпус В, находится здесь.")
    }

    @Test func wordsThatAreLettersStayWords() {
        #expect(preparation.prepare("A cat sat where I sat.") == "A cat sat where I sat.")
        #expect(preparation.prepare("В Москве тепло.") == "В Москве тепло.")
        #expect(preparation.prepare("This is Plan A.") == "This is Plan A.")
        #expect(preparation.prepare("J. Smith, Row B, seat 4.") == "J. Smith, Row B, seat 4.")
        #expect(preparation.prepare("ВХОД В ЗДАНИЕ") == "ВХОД В ЗДАНИЕ")
        #expect(preparation.prepare("PUSH A BUTTON") == "PUSH A BUTTON")
    }
}
