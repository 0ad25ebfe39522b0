import Foundation

/// Speech in the session: everything said goes through the one arbiter (priorities, cooldowns, the reader's
/// progress), and the guidance and reader sessions' effects become the assistant's.
extension AssistantSession {
    mutating func say(_ template: PhraseTemplate, _ values: [String: String] = [:], at timestamp: Double,
                      priority: SpeechPriority, category: String? = nil, requested: Bool = false,
                      into effects: inout [AssistantEffect]) {
        let text = phrasebook.say(template, values)
        let utterance = Utterance(text: text, priority: priority, category: category ?? text, isRequested: requested,
                                  language: settings.language, rate: speechRate)
        offer(utterance, at: timestamp, into: &effects)
    }

    /// A sentence already in the session's language (built by a value that words itself), said as an answer.
    mutating func sayText(_ text: String, at timestamp: Double, category: String, into effects: inout [AssistantEffect]) {
        offer(Utterance(text: text, priority: .stateChange, category: category, isRequested: true,
                        language: settings.language, rate: speechRate), at: timestamp, into: &effects)
    }

    mutating func offer(_ utterance: Utterance, at timestamp: Double, into effects: inout [AssistantEffect]) {
        switch arbiter.offer(utterance, timestamp: timestamp) {
        case .speak: effects.append(.speak(utterance))
        case .interruptCurrent: effects.append(.interruptSpeech)
        case .queue, .alreadyPending, .drop: break
        }
    }

    mutating func poll(at timestamp: Double, into effects: inout [AssistantEffect]) {
        if let next = arbiter.poll(timestamp: timestamp) { started(next, into: &effects) }
    }

    mutating func speechFinished(at timestamp: Double, into effects: inout [AssistantEffect]) {
        let finished = arbiter.speaking
        let next = arbiter.speechFinished(timestamp: timestamp)
        if let id = finished?.sequence, id == readerUtterance {
            readerUtterance = nil
            perform(reader.handle(.speechFinished(utterance: id)), at: timestamp, into: &effects)
            if mode == .reading, reader.phase == .finished { finishJob(at: timestamp, into: &effects) }
        }
        if let next { started(next, into: &effects) }
        if endsWhenSaid, !arbiter.isSpeaking, arbiter.waiting.isEmpty {
            endsWhenSaid = false
            finishJob(at: timestamp, into: &effects)
        }
    }

    /// An utterance the arbiter took from its queue.
    mutating func started(_ utterance: Utterance, into effects: inout [AssistantEffect]) {
        if let id = utterance.sequence { readerUtterance = id }
        effects.append(.speak(utterance))
    }

    /// Runs a guidance event through the guidance session with the shared arbiter, and carries out its effects.
    mutating func forwardToGuidance(_ event: GuidanceEvent, into effects: inout [AssistantEffect]) {
        guard var session = guidance else { return }
        let produced = session.handle(event, sharing: &arbiter)
        guidance = session
        append(produced, speechRate: speechRate, into: &effects)
    }

    mutating func append(_ produced: [GuidanceEffect], speechRate: Double, into effects: inout [AssistantEffect]) {
        for effect in produced {
            switch effect {
            case .earcon(let earcon, let time): effects.append(.earcon(earcon, at: time))
            case .haptic(let pattern): effects.append(.haptic(pattern))
            case .speak(var utterance):
                utterance.rate = speechRate
                // A job's guidance speaks in the voice its caller chose (`--voice`), not the settings' language.
                if utterance.language == nil, configuration.job == nil { utterance.language = settings.language }
                effects.append(.speak(utterance))
            case .interruptSpeech: effects.append(.interruptSpeech)
            case .stopAll: effects.append(.stopAll)
            case .cue(let snapshot): effects.append(.cue(snapshot))
            }
        }
    }

    /// Carries out the reader's effects: its sentences go through the arbiter as requested speech, numbered so the
    /// reader hears back about exactly its own.
    mutating func perform(_ produced: [ReaderEffect], at timestamp: Double, into effects: inout [AssistantEffect]) {
        for effect in produced {
            switch effect {
            case .speak(let spoken):
                let utterance = Utterance(text: spoken.text, priority: .stateChange, category: "reading", isRequested: true,
                                          language: spoken.language, rate: speechRate * spoken.rate, sequence: spoken.id)
                switch arbiter.offer(utterance, timestamp: timestamp) {
                case .speak:
                    readerUtterance = spoken.id
                    effects.append(.speak(utterance))
                case .interruptCurrent:
                    effects.append(.interruptSpeech)
                case .queue, .alreadyPending, .drop:
                    break
                }
            case .interruptSpeech:
                effects.append(.interruptSpeech)
            case .stopAll:
                effects.append(.stopAll)
                arbiter.silence()
                readerUtterance = nil
            case .earcon(let earcon):
                effects.append(.earcon(earcon, at: timestamp))
            }
        }
    }
}
