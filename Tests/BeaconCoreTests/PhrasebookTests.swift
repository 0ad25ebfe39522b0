import Foundation
import Testing
@testable import BeaconCore

/// One template of one table, named for test output ("GuidancePhrases.targetLost").
struct NamedTemplate: Sendable, CustomTestStringConvertible {
    let table: String
    let name: String
    let template: PhraseTemplate

    var testDescription: String { "\(table).\(name)" }

    static let all: [NamedTemplate] = Phrasebook.tables.flatMap { table in
        table.templates.map { NamedTemplate(table: String(describing: type(of: table)), name: $0.name, template: $0.template) }
    }
}

/// Every phrase a person hears is in every language, and the pieces with grammar (clock hours, distances, durations,
/// counts) are right in each.
@Suite struct PhrasebookTests {
    // MARK: - Every template of every table

    @Test func theTablesHaveTemplates() {
        #expect(NamedTemplate.all.count > 100)
        for table in Phrasebook.tables { #expect(!table.templates.isEmpty, "\(type(of: table)) has no templates") }
    }

    @Test(arguments: NamedTemplate.all)
    func everyLanguageIsThereWithTheSamePlaceholders(_ phrase: NamedTemplate) {
        let template = phrase.template
        for language in TextLanguage.allCases {
            let text = template.text(in: language)
            #expect(!text.trimmingCharacters(in: .whitespaces).isEmpty, "\(language.name) is empty")
            #expect(!template.fixedText(in: language).contains { $0 == "{" || $0 == "}" }, "\(language.name): a brace is not closed: \(text)")
            #expect(template.placeholders(in: language) == template.placeholders(in: .english),
                    "\(language.name) has \(template.placeholders(in: language).sorted()), English \(template.placeholders(in: .english).sorted())")
            for selector in template.pluralSelectors(in: language) {
                #expect(selector.forms.count == language.pluralFormCount,
                        "\(language.name) {\(selector.name):…} lists \(selector.forms.count) forms, not \(language.pluralFormCount)")
            }
        }
    }

    /// Russian is in Cyrillic and Chinese in Han characters, with no English left in them: only the product's name
    /// and single letters, which are keys on the keyboard (and must be keys Beacon has).
    @Test(arguments: NamedTemplate.all)
    func russianAndChineseAreInTheirOwnScripts(_ phrase: NamedTemplate) {
        let template = phrase.template
        let hasWords = template.fixedText(in: .english).contains(where: \.isLetter)
        // The words a template says itself: its text and the forms its plural selectors choose from.
        func said(in language: TextLanguage) -> String {
            ([template.fixedText(in: language)] + template.pluralSelectors(in: language).flatMap(\.forms))
                .joined(separator: " ")
        }
        let russian = said(in: .russian), chinese = said(in: .chinese)
        if hasWords {
            #expect(russian.unicodeScalars.contains { (0x0400...0x04FF).contains($0.value) }, "no Cyrillic: \(template.russian)")
            #expect(chinese.unicodeScalars.contains(where: isHan), "no Han characters: \(template.chinese)")
        }
        for (language, text) in [(TextLanguage.russian, russian), (.chinese, chinese)] {
            for word in Self.latinWords(in: text) where word != "Beacon" {
                #expect(word.count == 1, "\(language.name) has the English word \"\(word)\": \(template.text(in: language))")
                if word.count == 1 {
                    #expect(CommandTable.keys[Character(word)] != nil, "\(language.name) names \"\(word)\", which is no key")
                }
            }
        }
    }

    /// A sentence (English starting with a capital) ends in "." or "?", and so do its translations (。or ？); a
    /// fragment ("close", "one o'clock", "about {distance}") ends in none of them, in any language. A single
    /// capitalised word with no full stop is a name ("English"), a fragment too.
    @Test(arguments: NamedTemplate.all)
    func sentencesEndAsSentencesInEveryLanguage(_ phrase: NamedTemplate) {
        let template = phrase.template
        let english = template.english
        let isName = !english.contains(" ") && !english.hasSuffix(".")
        let isSentence = (english.first.map { $0.isUppercase } ?? false) && !isName
        if isSentence { #expect(english.hasSuffix(".") || english.hasSuffix("?"), "a sentence without a full stop: \(english)") }
        let endsEnglish = english.hasSuffix(".") || english.hasSuffix("?")
        let endsRussian = template.russian.hasSuffix(".") || template.russian.hasSuffix("?")
        let endsChinese = template.chinese.hasSuffix("。") || template.chinese.hasSuffix("？")
        #expect(endsRussian == endsEnglish, "Russian ends differently: \(template.russian)")
        #expect(endsChinese == endsEnglish, "Chinese ends differently: \(template.chinese)")
        #expect(!template.chinese.contains("."), "Chinese uses a Western full stop: \(template.chinese)")
    }

    static func latinWords(in text: String) -> [String] {
        text.split(whereSeparator: { !($0.isASCII && $0.isLetter) }).map(String.init)
    }

    // MARK: - Plural forms

    @Test func russianNumbersTakeTheRightForm() {
        let volume = AssistantPhrases().volume
        let expected = [1: "процент", 2: "процента", 4: "процента", 5: "процентов", 11: "процентов", 12: "процентов",
                        14: "процентов", 20: "процентов", 21: "процент", 22: "процента", 25: "процентов", 100: "процентов",
                        101: "процент", 111: "процентов"]
        for (count, word) in expected {
            #expect(volume.render(in: .russian, ["percent": String(count)]) == "Громкость \(count) \(word).")
        }
        #expect(volume.render(in: .english, ["percent": "1"]) == "Volume 1 percent.")
        #expect(AssistantPhrases().agoSeconds.render(in: .english, ["object": "Cup", "count": "1"]) == "Cup, 1 second ago")
        #expect(AssistantPhrases().agoSeconds.render(in: .english, ["object": "Cup", "count": "7"]) == "Cup, 7 seconds ago")
        let book = Phrasebook(language: .russian)
        #expect(book.say(AssistantPhrases().agoMinutes, ["object": "Чашка", "count": book.number(1, feminineAccusative: true)])
            == "Чашка, одну минуту назад")
        #expect(book.say(AssistantPhrases().agoMinutes, ["object": "Чашка", "count": book.number(2, feminineAccusative: true)])
            == "Чашка, две минуты назад")
    }

    @Test func aMissingValueShowsInsteadOfVanishing() {
        #expect(AssistantPhrases().volume.render(in: .russian) == "Громкость {percent} {percent:процент|процента|процентов}.")
        #expect(GuidancePhrases().searchStarted.render(in: .english) == "Looking for {object}.")
    }

    // MARK: - Object names

    @Test(arguments: ObjectVocabulary.coco)
    func everyClassHasARussianAndAChineseNameThatFindsIt(_ label: String) {
        let vocabulary = ObjectVocabulary()
        for language in [TextLanguage.russian, .chinese] {
            let name = Phrasebook(language: language).objectName(label)
            #expect(name != label, "\(label) has no \(language.name) name")
            // What Beacon calls a thing, a person can ask for by that name.
            #expect(vocabulary.classIndex(for: name).map { vocabulary.labels[$0] } == label,
                    "\(language.name) \"\(name)\" does not find \(label)")
        }
    }

    @Test func countsAreSaidInEachLanguage() {
        #expect(Phrasebook(language: .english).counted("chair", count: 2) == "two chairs")
        #expect(Phrasebook(language: .english).counted("person", count: 12) == "12 people")
        #expect(Phrasebook(language: .russian).counted("chair", count: 3) == "стул, 3")
        #expect(Phrasebook(language: .chinese).counted("chair", count: 2) == "两个椅子")
        #expect(Phrasebook(language: .chinese).counted("cup", count: 1) == "杯子")
        #expect(Phrasebook(language: .russian).list(["стул", "стол", "чашка"]) == "стул, стол и чашка")
        #expect(Phrasebook(language: .chinese).alternatives(["背包", "手提包"]) == "背包或手提包")
    }

    // MARK: - Directions, distances, durations

    @Test func everyClockHourInEveryLanguage() {
        let russian = ["на час", "на два часа", "на три часа", "на четыре часа", "на пять часов", "на шесть часов",
                       "на семь часов", "на восемь часов", "на девять часов", "на десять часов", "на одиннадцать часов",
                       "на двенадцать часов"]
        let chinese = ["一点钟方向", "两点钟方向", "三点钟方向", "四点钟方向", "五点钟方向", "六点钟方向", "七点钟方向",
                       "八点钟方向", "九点钟方向", "十点钟方向", "十一点钟方向", "十二点钟方向"]
        for hour in 1...12 {
            let direction = ClockDirection(hour: hour)
            #expect(Phrasebook(language: .english).clock(direction) == direction.words)
            #expect(Phrasebook(language: .russian).clock(direction) == russian[hour - 1])
            #expect(Phrasebook(language: .chinese).clock(direction) == chinese[hour - 1])
        }
        #expect(ClockDirection(hour: 11).words == "eleven o'clock")
    }

    @Test(arguments: [
        (0.2, "half a metre", "полметра", "半米"),
        (0.5, "half a metre", "полметра", "半米"),
        (1.0, "1 metre", "1 метр", "1米"),
        (1.4, "1.5 metres", "полтора метра", "一米半"),
        (2.0, "2 metres", "2 метра", "两米"),
        (2.6, "2.5 metres", "2 с половиной метра", "两米半"),
        (3.4, "3 metres", "3 метра", "3米"),
        (4.6, "5 metres", "5 метров", "5米"),
        (11.2, "11 metres", "11 метров", "11米"),
        (21.0, "21 metres", "21 метр", "21米"),
        (22.0, "22 metres", "22 метра", "22米"),
    ])
    func distancesInEveryLanguage(metres: Double, english: String, russian: String, chinese: String) {
        #expect(Phrasebook(language: .english).distance(metres, approximate: false) == english)
        #expect(Phrasebook(language: .russian).distance(metres, approximate: false) == russian)
        #expect(Phrasebook(language: .chinese).distance(metres, approximate: false) == chinese)
    }

    @Test func estimatesAreSaidAsEstimates() {
        #expect(Phrasebook(language: .english).distance(2, approximate: true) == "about 2 metres")
        #expect(Phrasebook(language: .russian).distance(5, approximate: true) == "примерно 5 метров")
        #expect(Phrasebook(language: .chinese).distance(2, approximate: true) == "大约两米")
    }

    /// Guidance rounds to half metres at every distance (a depth sensor's reading), where estimates round to metres.
    @Test func guidanceSaysHalfMetresBeyondThree() {
        #expect(GuidancePhrases().metres(3.6) == "3.5 metres")
        #expect(GuidancePhrases(language: .russian).metres(5.4) == "5 с половиной метров")
        #expect(GuidancePhrases(language: .chinese).metres(0.1) == "半米")
    }

    @Test(arguments: [
        (120.0, "two minutes", "две минуты", "两分钟"),
        (60, "one minute", "одну минуту", "1分钟"),
        (300, "five minutes", "5 минут", "5分钟"),
        (90, "90 seconds", "90 секунд", "90秒"),
        (21, "21 seconds", "21 секунду", "21秒"),
        (1, "one second", "одну секунду", "1秒"),
        (3, "three seconds", "3 секунды", "3秒"),
    ])
    func durationsInEveryLanguage(seconds: Double, english: String, russian: String, chinese: String) {
        #expect(Phrasebook(language: .english).duration(seconds) == english)
        #expect(Phrasebook(language: .russian).duration(seconds) == russian)
        #expect(Phrasebook(language: .chinese).duration(seconds) == chinese)
    }

    // MARK: - Help and tutorial

    @Test func everyModeHasItsHelpAndTheTutorialWalksThroughEachJob() {
        let help = HelpPhrases()
        let helps = HelpPhrases.Mode.allCases.map(help.help(for:))
        #expect(Set(helps).count == HelpPhrases.Mode.allCases.count)
        #expect(help.help(for: .read).english == "In reading: n next, b back, space pause; say stop to end.")
        #expect((6...8).contains(help.tutorial.count))
        #expect(Set(help.tutorial).count == help.tutorial.count)
        // Short enough to take in at once: a help is one breath, a step two.
        for template in helps { #expect(template.english.split(separator: " ").count <= 20, "\(template.english)") }
        for template in help.tutorial { #expect(template.english.split(separator: " ").count <= 35, "\(template.english)") }
    }

    /// The commands help (and every other phrase) teaches are ones the parser understands, in the language they
    /// are taught in: whatever is quoted in Russian («…») or Chinese (“…”) is a command.
    @Test func helpTeachesCommandsTheParserKnows() {
        let parser = CommandParser()
        let quoted = NamedTemplate.all.flatMap { phrase in
            [phrase.template.russian, phrase.template.chinese].flatMap(Self.quotedCommands)
        }.filter { !$0.contains("{") }
        #expect(quoted.count > 20)
        for command in quoted {
            if case .unknown = parser.parse(command) { Issue.record("help teaches \"\(command)\", which the parser does not know") }
        }
    }

    /// The words between «» or “”.
    static func quotedCommands(in text: String) -> [String] {
        var commands: [String] = [], current: String?
        for character in text {
            switch character {
            case "«", "“": current = ""
            case "»", "”": if let command = current { commands.append(command) }; current = nil
            default: current?.append(character)
            }
        }
        return commands
    }
}
