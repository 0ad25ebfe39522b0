/// The person's own things in the session: "teach my keys" guides them through a few views and stores them (the
/// runtime keeps embeddings, never pictures); "find my keys" looks for the taught thing like any detector class
/// (the runtime names it only when several frames agree); "forget my keys" and "what have you learned".
extension AssistantSession {
    var taughtPhrases: TaughtPhrases { phrasebook.taught }

    /// The taught thing a find names ("my mug", "Mug"), if any.
    func taughtThing(named words: String) -> TaughtSummary? {
        let name = PersonalName.withoutDeterminer(words).lowercased()
        return taughtThings.first { $0.name.lowercased() == name }
    }

    mutating func startTeaching(_ words: String, at timestamp: Double, into effects: inout [AssistantEffect]) {
        let name = PersonalName.withoutDeterminer(words)
        guard !name.isEmpty else {
            say(taughtPhrases.sayWhat, at: timestamp, priority: .stateChange, requested: true, into: &effects)
            return
        }
        enter(.teaching(name), at: timestamp, announce: false, into: &effects)
        teaching = TeachingSession(name: name, at: timestamp)
        effects.append(.taught(.watchViews(true)))
        say(taughtPhrases.holdUp, ["name": name], at: timestamp, priority: .stateChange, requested: true, into: &effects)
    }

    mutating func findTaught(_ thing: TaughtSummary, at timestamp: Double, into effects: inout [AssistantEffect]) {
        let target = SearchTarget(label: thing.name, classIndex: TaughtObjects.detectionClass)
        enter(.findingObject(target), at: timestamp, announce: false, into: &effects)
        var guidance = cameraGuidance
        guidance.cues.phrases.targetKind = .taught
        guidance.tracker.confidentThreshold = settings.confidence
        startGuidance(target, configuration: guidance, engine: .objectDetector, at: timestamp, into: &effects)
    }

    mutating func forgetTaught(_ words: String, at timestamp: Double, into effects: inout [AssistantEffect]) {
        let name = PersonalName.withoutDeterminer(words)
        effects.append(.taught(.forget(name: name)))
    }

    mutating func sayLearned(at timestamp: Double, into effects: inout [AssistantEffect]) {
        guard let list = taughtPhrases.learnedList(taughtThings, in: phrasebook) else {
            say(taughtPhrases.nothingYet, at: timestamp, priority: .stateChange, requested: true, into: &effects)
            return
        }
        sayText(list, at: timestamp, category: list, into: &effects)
    }

    mutating func handleTaught(_ event: TaughtEvent, at timestamp: Double, into effects: inout [AssistantEffect]) {
        switch event {
        case .learned(let things):
            if things.map(\.name) != taughtThings.map(\.name) { effects.append(.yourThings(things.map(\.name))) }
            taughtThings = things
        case .view(let view):
            guard var session = teaching, case .teaching = mode else { return }
            let steps = session.add(view, at: timestamp)
            teaching = session
            perform(steps, at: timestamp, into: &effects)
        case .stored(let name, let views):
            announce(taughtPhrases.learned(views: views), ["name": name, "count": String(views)], at: timestamp,
                     into: &effects)
        case .forgotten(let name, let removed):
            announce(removed ? taughtPhrases.forgotten : taughtPhrases.neverTaught, ["name": name], at: timestamp,
                     into: &effects)
        case .failed:
            say(taughtPhrases.notSaved, at: timestamp, priority: .stateChange, requested: true, into: &effects)
        }
    }

    mutating func teachingTick(at timestamp: Double, into effects: inout [AssistantEffect]) {
        guard var session = teaching, case .teaching = mode else { return }
        let steps = session.tick(at: timestamp)
        teaching = session
        perform(steps, at: timestamp, into: &effects)
    }

    /// Leaving teaching however it is left (stop, another command): the views stop, and what was kept is stored, so
    /// "stop" after three good views still teaches the thing.
    mutating func leaveTeaching(into effects: inout [AssistantEffect]) {
        guard var session = teaching else { return }
        teaching = nil
        effects.append(.taught(.watchViews(false)))
        if case .finished(let lesson) = session.finish() {
            effects.append(.taught(.store(name: session.name, lesson: lesson)))
        }
    }

    private mutating func perform(_ steps: [TeachingSession.Step], at timestamp: Double,
                                  into effects: inout [AssistantEffect]) {
        for step in steps {
            switch step {
            case .kept(let count):
                // A sound, not a number: words would queue behind the advice and arrive late. A job at a terminal
                // also shows the count.
                effects.append(.earcon(Earcon(kind: .found), at: timestamp))
                if configuration.job != nil {
                    effects.append(.show(phrasebook.say(taughtPhrases.viewKept, ["count": String(count)])))
                }
            case .remark(let outcome):
                guard let remark = taughtPhrases.remark(for: outcome) else { continue }
                say(remark, at: timestamp, priority: .guidance, category: "teach-remark", into: &effects)
            case .askToPlace:
                say(taughtPhrases.putDown, at: timestamp, priority: .stateChange, requested: true, into: &effects)
            case .finished(let lesson):
                let name = teaching?.name ?? ""
                teaching = nil
                effects.append(.taught(.watchViews(false)))
                effects.append(.taught(.store(name: name, lesson: lesson)))
                endTeaching(at: timestamp, into: &effects)
            case .nothingLearned:
                let name = teaching?.name ?? ""
                teaching = nil
                effects.append(.taught(.watchViews(false)))
                announce(taughtPhrases.nothingLearned, ["name": name], at: timestamp, into: &effects)
                endTeaching(at: timestamp, into: &effects)
            }
        }
    }

    /// The assistant goes back to scanning at once; a teaching job (`beacon teach --input`) ends once what was
    /// learned (or not) has been said.
    private mutating func endTeaching(at timestamp: Double, into effects: inout [AssistantEffect]) {
        if configuration.job != nil {
            endsWhenSaid = true
        } else {
            finishJob(at: timestamp, into: &effects)
        }
    }

    /// The video ended before the teaching did: what was kept teaches, as when the person says stop.
    mutating func teachingSourceEnded(at timestamp: Double, into effects: inout [AssistantEffect]) {
        guard case .teaching = mode, var session = teaching else { return }
        let step = session.finish()
        teaching = session
        perform([step], at: timestamp, into: &effects)
    }

    /// A sentence that may start with the thing's name ("Keys learned from 4 views."), capitalised.
    private mutating func announce(_ template: PhraseTemplate, _ values: [String: String], at timestamp: Double,
                                   into effects: inout [AssistantEffect]) {
        let sentence = phrasebook.say(template, values).capitalizedFirst
        sayText(sentence, at: timestamp, category: sentence, into: &effects)
    }
}
