import Testing
@testable import BeaconCore

/// Short text: each line said once while it stays in view, whatever OCR makes of it frame to frame; again after it
/// was out of view a while; a line running off the picture says which side; a part of a line said is no news.
@Suite struct ShortTextReaderTests {
    static func line(_ text: String, x: Double, y: Double, width: Double, height: Double = 0.06) -> TextLine {
        TextLine(text: text, confidence: 0.95, quad: Quad(NormalizedRect(x: x, y: y, width: width, height: height)))
    }

    @Test func aLineIsSaidOnceWhileItStaysThoughOCRReadsItDifferently() {
        var reader = ShortTextReader()
        #expect(reader.read([Self.line("EMERGENCY EXIT", x: 0.3, y: 0.4, width: 0.4)], at: 0).map(\.text) == ["EMERGENCY EXIT"])
        // The next frames read a letter differently, or see only part of it as the camera moves: nothing new.
        #expect(reader.read([Self.line("EMERGENCV EXIT", x: 0.28, y: 0.41, width: 0.4)], at: 0.5).isEmpty)
        #expect(reader.read([Self.line("GENCY EXIT", x: 0.4, y: 0.41, width: 0.3)], at: 1.0).isEmpty)
        #expect(reader.read([], at: 2.0).isEmpty)
        // Out of view for longer than the reader remembers: said again.
        #expect(reader.read([Self.line("EMERGENCY EXIT", x: 0.3, y: 0.4, width: 0.4)], at: 8).count == 1)
    }

    @Test func newLinesAreSaidTopToBottomAndLeftToRight() {
        var reader = ShortTextReader()
        let lines = [Self.line("Platform 2", x: 0.1, y: 0.6, width: 0.3), Self.line("Way out", x: 0.55, y: 0.2, width: 0.3),
                     Self.line("Trains to", x: 0.1, y: 0.21, width: 0.3)]
        #expect(reader.read(lines, at: 0).map(\.text) == ["Trains to", "Way out", "Platform 2"])
        // One more line comes into view: only it is said.
        #expect(reader.read(lines + [Self.line("Toilets", x: 0.4, y: 0.85, width: 0.2)], at: 0.4).map(\.text) == ["Toilets"])
    }

    @Test func aLineRunningOffThePictureSaysWhichSideAndIsSaidWholeOnceInView() {
        var reader = ShortTextReader()
        let cut = reader.read([Self.line("ency exit", x: 0, y: 0.4, width: 0.3)], at: 0)
        #expect(cut.map(\.cutOff) == [.left])
        let whole = reader.read([Self.line("Emergency exit", x: 0.2, y: 0.4, width: 0.5)], at: 0.5)
        #expect(whole.map(\.text) == ["Emergency exit"] && whole.first?.cutOff == nil)
        #expect(reader.read([Self.line("Emergency exit", x: 0.21, y: 0.4, width: 0.5)], at: 1).isEmpty)
        #expect(reader.read([Self.line("Car park", x: 0.6, y: 0.7, width: 0.4)], at: 1.2).first?.cutOff == .right)
        // Sliding into view from the right edge, a line is not said again at every step until it is whole.
        var sliding = ShortTextReader()
        #expect(sliding.read([Self.line("Ne", x: 0.95, y: 0.4, width: 0.05)], at: 0).map(\.cutOff) == [.right])
        #expect(sliding.read([Self.line("Neec", x: 0.8, y: 0.4, width: 0.2)], at: 0.5).isEmpty)
        #expect(sliding.read([Self.line("Need Most", x: 0.6, y: 0.4, width: 0.4)], at: 1).isEmpty)
        #expect(sliding.read([Self.line("Need Most in a Dad", x: 0.3, y: 0.4, width: 0.6)], at: 1.5).map(\.text) == ["Need Most in a Dad"])
    }

    @Test func aWholeLineIsNotTheStartOfEveryLongerOne() {
        var reader = ShortTextReader()
        #expect(reader.read([Self.line("To", x: 0.4, y: 0.4, width: 0.1)], at: 0).count == 1)
        #expect(reader.read([Self.line("Toilets", x: 0.4, y: 0.4, width: 0.3)], at: 0.5).map(\.text) == ["Toilets"])
    }

    @Test func fragmentsAndOtherLanguagesAreHandled() {
        var reader = ShortTextReader()
        // A single letter is a texture, not text to read out; a Russian sign keeps its own language.
        let said = reader.read([Self.line("I", x: 0.5, y: 0.1, width: 0.02), Self.line("Выход", x: 0.4, y: 0.5, width: 0.2)], at: 0)
        #expect(said.map(\.text) == ["Выход"] && said.first?.language == .russian)
    }

    @Test func theSessionSaysEachNewLineOnceAndStopsTheReaderWithTheMode() {
        var session = AssistantSession()
        _ = session.handle(.started(timestamp: 0, startedAt: .distantPast))
        let started = session.handle(.command(.shortText, timestamp: 1))
        #expect(session.mode == .readingShortText)
        #expect(started.contains(.startEngine(.textFinder)))
        // "Beacon ready." and the mode's announcement are said to their end.
        _ = session.handle(.speechFinished(timestamp: 1.2))
        _ = session.handle(.speechFinished(timestamp: 1.5))
        let sign = [Self.line("Ticket office", x: 0, y: 0.3, width: 0.5)]
        // What is said, once each utterance before it has finished.
        func said(_ event: AssistantEvent, at time: Double) -> [String] {
            var texts = session.handle(event).spokenTexts
            for step in 1...4 { texts += session.handle(.speechFinished(timestamp: time + Double(step) * 0.1)).spokenTexts }
            return texts
        }
        let first = said(.textLines(sign, frame: 1, timestamp: 2), at: 2)
        #expect(first == ["Ticket office", "Text cut off on the left."], "\(first)")
        #expect(said(.textLines(sign, frame: 2, timestamp: 3), at: 3).isEmpty)
        let stopped = session.handle(.command(.stop, timestamp: 4))
        #expect(stopped.contains(.stopEngine(.textFinder)))
        // Lines read after the mode ended are not said.
        #expect(said(.textLines([Self.line("Exit", x: 0.4, y: 0.3, width: 0.2)], frame: 3, timestamp: 5), at: 5)
            .allSatisfy { $0 != "Exit" })
    }
}

extension [AssistantEffect] {
    /// Everything queued or spoken (the arbiter says the first at once; the rest wait their turn).
    var spokenTexts: [String] {
        compactMap { if case .speak(let utterance) = $0 { utterance.text } else { nil } }
    }
}
