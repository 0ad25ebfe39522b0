import Foundation
import Testing
@testable import BeaconCore

/// Lines for the text tests: a horizontal line from `x` to `x + width` at height `y`; with `placedWords`, each word
/// gets its own quad, two widths per Han character and one per other character, the space between words included.
enum Lines {
    static func line(_ text: String, x: Double = 0.1, y: Double = 0.5, width: Double = 0.6, height: Double = 0.05,
                     placedWords: Bool = false) -> TextLine {
        let rect = NormalizedRect(x: x, y: y - height / 2, width: width, height: height)
        guard placedWords else { return TextLine(text: text, confidence: 0.9, quad: Quad(rect)) }
        let widths = text.map { character -> Double in
            character.unicodeScalars.first.map(isHan) == true ? 2 : 1
        }
        let unit = width / widths.reduce(0, +)
        var words: [TextWord] = []
        var offset = 0.0
        for piece in text.split(separator: " ", omittingEmptySubsequences: false) {
            let pieceWidth = piece.map { $0.unicodeScalars.first.map(isHan) == true ? 2.0 : 1.0 }.reduce(0, +) * unit
            if !piece.isEmpty {
                words.append(TextWord(text: String(piece), confidence: 0.9,
                                      quad: Quad(NormalizedRect(x: x + offset, y: rect.y, width: pieceWidth, height: height))))
            }
            offset += pieceWidth + unit
        }
        return TextLine(text: text, confidence: 0.9, quad: Quad(rect), words: words)
    }
}

@Suite struct TextMatcherTests {
    let matcher = TextMatcher()

    func match(_ query: String, _ text: String) -> TextMatch? {
        matcher.bestMatch(of: TextQuery(query)!, in: Lines.line(text))
    }

    @Test(arguments: [
        // Case, accents, spaces.
        ("EXIT", "EXIT"), ("exit", "EXIT"), ("Exit", "Emergency exit"), ("EXIT 4", "EXIT4"), ("EXIT4", "EXIT 4"),
        ("EXIT", "EXIT 4"), ("EXIT", "EXIT4"), ("cafe", "CAFÉ"), ("café", "Cafe"), ("Straße", "STRASSE"),
        ("New York", "NEWYORK"), ("Entrance B", "ENTRANCE  B"), ("EXIT", "<- EXIT ->"), ("exit", "E-X-I-T"),
        // OCR confusions.
        ("EXIT", "EX1T"), ("EXIT", "EXlT"), ("OPEN", "0PEN"), ("SALE", "5ALE"), ("BOOK", "8OOK"), ("ROOM 12", "R00M 12"),
        ("ZOO", "2OO"), ("GATE 6", "GATE G"), ("room", "roorn"), ("modern", "rnodern"), ("WORLD", "VVORLD"), ("door", "cloor"),
        // A query spanning two OCR words, and one wrong letter in a long query.
        ("PHARMACY", "PHAR MACY"), ("PHARMASY", "PHARMACY"), ("PHARMASY", "24h PHARMACY open"),
        ("Information", "INFORMATOIN"), ("Wellington Street", "WELINGTON STREET"),
        // Russian: case, ё, Latin look-alikes from a mixed-script model, one wrong letter from five.
        ("выход", "ВЫХОД"), ("Ёлка", "ЕЛКА"), ("елка", "Ёлка"), ("выход", "BЫXOД"), ("выход", "вьход"),
        ("Ленина", "ул. Ленина, 5"), ("ул. Ленина", "УЛ ЛЕНИНА"), ("аптека", "АПТЕКА 24"), ("Москва", "Масква"),
        ("район", "раион"),
        // Chinese: each character is a word; full-width digits.
        ("出口", "安全出口"), ("出口", "出口 EXIT"), ("北京西站", "北京西站出口"), ("北京西客站", "北京西各站"),
        ("3号线", "３号线"), ("EXIT", "出口EXIT"),
    ])
    func finds(_ query: String, _ text: String) {
        #expect(match(query, text) != nil, "\(query) in \(text)")
    }

    @Test(arguments: [
        // Similar words are other words.
        ("EXIT", "NEXIT"), ("EXIT", "EXITS"), ("EXIT", "EXIST"), ("EXIT", "EDIT"), ("EXIT", "NEXT"), ("EXIT", "TEXT"),
        ("EXIT", "EXCITE"), ("EXIT", "EXITING"), ("EXIT", "EX"), ("EXITS", "EXIT"), ("SALE", "SALES"), ("SALE", "SAFE"),
        ("SALE", "WHOLESALE"), ("PHARMASY", "PHARMACIST"), ("ROOM 12", "ROOM 112"), ("12", "312"), ("EXIT 4", "EXIT 5 4"),
        ("OPEN", "OPERA"), ("PHARMACY", "FARM"),
        // Russian: exit is not entrance, an apteka is not a library.
        ("выход", "вход"), ("вход", "выход"), ("аптека", "библиотека"), ("ул", "улица"), ("дом", "дым"),
        // Chinese: exit is not entrance; half a name is not the name.
        ("出口", "入口"), ("出口", "出"), ("北京站", "北京南站"), ("出口", "出入口"),
    ])
    func rejects(_ query: String, _ text: String) {
        #expect(match(query, text) == nil, "\(query) in \(text): \(String(describing: match(query, text)?.matchedText))")
    }

    @Test func emptyQueriesSearchNothing() {
        #expect(TextQuery("") == nil)
        #expect(TextQuery("  - . ") == nil)
        #expect(TextQuery(" EXIT ")?.text == "EXIT")
    }

    @Test func theEditBudgetGrowsWithTheQuery() {
        #expect([1, 4, 5, 9, 10, 20].map(TextQuery.allowedEdits(forLength:)) == [0, 0, 1, 1, 2, 2])
    }

    @Test func scoresRankExactAboveConfusionsAboveWrongLetters() throws {
        let exact = try #require(match("EXIT", "EXIT")), confused = try #require(match("EXIT", "EX1T"))
        let wrong = try #require(match("PHARMASY", "PHARMACY"))
        #expect(exact.score == 1)
        #expect(confused.score < 1 && confused.score > 0.9)
        #expect(abs(wrong.score - 0.875) < 1e-9)
        // Every match the budget allows is a confident detection for the tracker.
        #expect(try #require(match("Wellington Street", "WELINGTON STREET")).score > 0.5)
    }

    @Test func theRangeCoversWholeWordsOfTheLine() throws {
        let hit = try #require(match("exit", "Emergency EXIT, left"))
        #expect(hit.characterRange == 10..<14)
        #expect(hit.matchedText == "EXIT")
        let spanning = try #require(match("EXIT 4", "Gate EXIT 4 →"))
        #expect(spanning.matchedText == "EXIT 4")
        let glued = try #require(match("EXIT", "EXIT4"))
        #expect(glued.matchedText == "EXIT")
        #expect(try #require(match("Ленина", "ул. Ленина, 5")).matchedText == "Ленина")
        #expect(try #require(match("出口", "安全出口")).characterRange == 2..<4)
    }

    @Test func theBestMatchInALineWins() throws {
        let hit = try #require(match("EXIT", "EX1T or EXIT"))
        #expect(hit.matchedText == "EXIT")
        #expect(hit.score == 1)
    }

    @Test func eachLineGetsItsBestMatch() {
        let lines = [Lines.line("NEXT"), Lines.line("EXIT", y: 0.2), Lines.line("TEXT"), Lines.line("EX1T here", y: 0.8)]
        let found = matcher.matches(of: TextQuery("EXIT")!, in: lines)
        #expect(found.map(\.lineIndex) == [1, 3])
    }

    // MARK: - Where the match is

    @Test func withoutWordsTheTargetIsTheMatchedCharactersAlongTheLine() throws {
        // "EMERGENCY EXIT": 14 characters from x 0.1 to 0.7; EXIT is characters 10…13.
        let hit = try #require(match("EXIT", "EMERGENCY EXIT"))
        #expect(abs(hit.targetPoint.x - (0.1 + 0.6 * 12 / 14)) < 1e-9)
        #expect(abs(hit.targetPoint.y - 0.5) < 1e-9)
    }

    @Test func hanCharactersCountTwiceAlongTheLine() throws {
        // "出口 EXIT": widths 2 + 2 + 1 + 4 = 9; 出口 spans the first 4 of 9.
        let hit = try #require(match("出口", "出口 EXIT"))
        #expect(abs(hit.targetPoint.x - (0.1 + 0.6 * 2 / 9)) < 1e-9)
    }

    @Test func withWordsTheTargetIsTheMatchedWords() throws {
        // Words placed unevenly: the recogniser's boxes win over the character ratio.
        let quad = Quad(NormalizedRect(x: 0.1, y: 0.4, width: 0.8, height: 0.1))
        let line = TextLine(text: "EMERGENCY EXIT", confidence: 0.9, quad: quad, words: [
            TextWord(text: "EMERGENCY", confidence: 0.9, quad: Quad(NormalizedRect(x: 0.1, y: 0.4, width: 0.3, height: 0.1))),
            TextWord(text: "EXIT", confidence: 0.9, quad: Quad(NormalizedRect(x: 0.6, y: 0.42, width: 0.3, height: 0.08))),
        ])
        let hit = try #require(matcher.bestMatch(of: TextQuery("exit")!, in: line))
        #expect(abs(hit.targetPoint.x - 0.75) < 1e-9)
        #expect(abs(hit.targetPoint.y - 0.46) < 1e-9)
    }

    @Test func aMatchInsideAWordTakesItsShareOfTheWord() throws {
        let line = TextLine(text: "EXIT4", confidence: 0.9, quad: Quad(NormalizedRect(x: 0.2, y: 0.4, width: 0.5, height: 0.1)),
                            words: [TextWord(text: "EXIT4", confidence: 0.9, quad: Quad(NormalizedRect(x: 0.2, y: 0.4, width: 0.5, height: 0.1)))])
        let hit = try #require(matcher.bestMatch(of: TextQuery("EXIT")!, in: line))
        #expect(abs(hit.targetPoint.x - 0.4) < 1e-9)
    }

    @Test func aMatchAcrossTwoWordsSpansFromTheFirstToTheLast() throws {
        let line = Lines.line("24h PHAR MACY", placedWords: true)
        let hit = try #require(matcher.bestMatch(of: TextQuery("pharmacy")!, in: line))
        #expect(hit.matchedText == "PHAR MACY")
        let bounds = hit.quad.boundingRect
        // 13 characters over 0.6: PHAR starts at character 4, MACY ends at character 13.
        #expect(abs(bounds.x - (0.1 + 0.6 * 4 / 13)) < 1e-9)
        #expect(abs(bounds.maxX - 0.7) < 1e-9)
    }

    @Test func aTiltedLineGivesATiltedTarget() throws {
        // A line rising to the right: its end is higher than its start.
        let quad = Quad(topLeft: NormalizedPoint(x: 0.1, y: 0.6), topRight: NormalizedPoint(x: 0.9, y: 0.4),
                        bottomRight: NormalizedPoint(x: 0.9, y: 0.5), bottomLeft: NormalizedPoint(x: 0.1, y: 0.7))
        let line = TextLine(text: "EXIT HERE", confidence: 0.9, quad: quad)
        let start = try #require(matcher.bestMatch(of: TextQuery("EXIT")!, in: line))
        let end = try #require(matcher.bestMatch(of: TextQuery("HERE")!, in: line))
        #expect(start.targetPoint.y > end.targetPoint.y)
        #expect(start.targetPoint.x < end.targetPoint.x)
    }

    @Test func wordsThatDoNotFitTheLineFallBackToTheRatio() throws {
        var line = Lines.line("EMERGENCY EXIT")
        line.words = [TextWord(text: "SOMETHING", confidence: 0.5, quad: Quad(NormalizedRect(x: 0, y: 0, width: 0.1, height: 0.1)))]
        let hit = try #require(matcher.bestMatch(of: TextQuery("EXIT")!, in: line))
        #expect(abs(hit.targetPoint.x - (0.1 + 0.6 * 12 / 14)) < 1e-9)
    }
}
