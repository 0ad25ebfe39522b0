/// Short text (issue 35): the text reader runs on every frame it has time for, and each new line in view is said
/// once, in its own language's voice, top to bottom; a line that runs off the picture is followed by the side it
/// runs off, so the person turns that way.
extension AssistantSession {
    mutating func startShortText(at timestamp: Double, into effects: inout [AssistantEffect]) {
        // Leaving short text forgets its lines (`leaveMode`), so the reader starts empty here.
        enter(.readingShortText, at: timestamp, announce: false, into: &effects)
        say(phrasebook.identify.shortTextMode, at: timestamp, priority: .stateChange, category: Self.shortTextCategory,
            requested: true, into: &effects)
    }

    mutating func readShortText(_ lines: [TextLine], at timestamp: Double, into effects: inout [AssistantEffect]) {
        guard mode == .readingShortText, !isPaused else { return }
        let words = phrasebook.identify
        for line in shortText.read(lines, at: timestamp) {
            // Lines of one answer wait their turn behind each other rather than cutting each other short.
            let language = line.language.flatMap { $0 == settings.language ? nil : $0 }
            offer(Utterance(text: line.text, priority: .stateChange, category: Self.shortTextCategory, isRequested: true,
                            language: language, rate: speechRate), at: timestamp, into: &effects)
            guard let side = line.cutOff else { continue }
            let template = switch side {
            case .left: words.cutOffLeft
            case .right: words.cutOffRight
            case .both: words.cutOffBoth
            }
            say(template, at: timestamp, priority: .stateChange, category: Self.shortTextCategory, requested: true,
                into: &effects)
        }
    }

    static let shortTextCategory = "short-text"
}
