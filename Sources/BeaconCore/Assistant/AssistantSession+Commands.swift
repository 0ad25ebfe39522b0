import Foundation

/// The commands in the session: each one routed to its job (find, find-text, read, explore, scan, settings, history,
/// helpers, ride, teaching, walking), and what is no command refused in one sentence.
extension AssistantSession {
    mutating func run(_ command: AssistantCommand, at timestamp: Double, into effects: inout [AssistantEffect]) {
        switch command {
        case .findObject(let words):
            findObject(words, at: timestamp, into: &effects)
        case .findText(let words):
            guard let query = TextQuery(words) else {
                refuse(.incomplete(command: "find text", given: words), at: timestamp, into: &effects)
                return
            }
            let search = TextSearch(query: query)
            enter(.findingText(query.text), at: timestamp, announce: false, into: &effects)
            textSearch = search
            var guidanceConfiguration = GuidanceConfiguration.textSearch(language: settings.language)
            guidanceConfiguration.cues.horizontalFieldOfView = configuration.horizontalFieldOfView
            startGuidance(search.target, configuration: guidanceConfiguration, engine: .textFinder, at: timestamp,
                          into: &effects)
        case .read:
            startReading(at: timestamp, into: &effects)
        case .explore:
            enter(.exploring, at: timestamp, announce: false, into: &effects)
            var parameters = ExploreCapture<Int>.Parameters()
            parameters.framesPerTry = configuration.exploreFrames
            parameters.unclearLimit = configuration.exploreAttempts
            explore = ExploreCapture(parameters: parameters)
            say(phrases.exploring, at: timestamp, priority: .stateChange, requested: true, into: &effects)
        case .scanNow:
            pendingExamine = .scanNow
            // Right after start the camera may not have given a picture yet: the first one is looked at.
            if let latestFrame { effects.append(.examine(frame: latestFrame)) } else { scanWaitsForFrame = true }
        case .identify:
            ask(.identify, into: &effects)
        case .colour:
            ask(.colour, into: &effects)
        case .light:
            ask(.light, into: &effects)
        case .lightTone:
            startLightTone(at: timestamp, into: &effects)
        case .scanCode:
            startAimingAtCode(at: timestamp, saying: phrasebook.identify.aimAtCode, into: &effects)
        case .shortText:
            startShortText(at: timestamp, into: &effects)
        case .allergens:
            sayAllergens(at: timestamp, into: &effects)
        case .continuous:
            change(.scanning, to: ScanningMode.continuous.rawValue, at: timestamp, into: &effects)
            enter(.continuousScanning, at: timestamp, announce: true, into: &effects)
        case .onDemand:
            change(.scanning, to: ScanningMode.onDemand.rawValue, at: timestamp, into: &effects)
            enter(.onDemandScanning, at: timestamp, announce: true, into: &effects)
        case .walk:
            startWalking(at: timestamp, into: &effects)
        case .findRide(let words):
            findRide(words, at: timestamp, into: &effects)
        case .askForHelp(let words):
            askForHelp(words, at: timestamp, into: &effects)
        case .foundIt:
            endHelp(saying: phrasebook.helpers.found, at: timestamp, into: &effects)
        case .stopSharing:
            endHelp(saying: phrasebook.helpers.sharingStopped, at: timestamp, into: &effects)
        case .teach(let words):
            startTeaching(words, at: timestamp, into: &effects)
        case .forget(let words):
            forgetTaught(words, at: timestamp, into: &effects)
        case .whatHaveYouLearned:
            sayLearned(at: timestamp, into: &effects)
        case .stop:
            stop(at: timestamp, into: &effects)
        case .imOK:
            break // handleFalls answers it
        case .pause:
            pause(at: timestamp, into: &effects)
        case .resume:
            resume(at: timestamp, into: &effects)
        case .pauseOrResume:
            if isPaused { resume(at: timestamp, into: &effects) } else { pause(at: timestamp, into: &effects) }
        case .repeatLast:
            repeatLast(at: timestamp, into: &effects)
        case .whereIsIt:
            whereIsIt(at: timestamp, into: &effects)
        case .next, .back:
            guard mode == .reading, reader.phase != .idle else {
                say(phrases.unknownCommand, at: timestamp, priority: .stateChange, requested: true, into: &effects)
                return
            }
            perform(reader.handle(.key(command == .next ? .next : .back)), at: timestamp, into: &effects)
        case .toggleReadingSpeed:
            guard mode == .reading else { return }
            perform(reader.handle(.key(.toggleSpeed)), at: timestamp, into: &effects)
        case .louder, .quieter:
            let step = command == .louder ? 10 : -10
            let target = min(100, max(0, settings.volume + step))
            guard target != settings.volume else {
                say(phrases.limitReached, ["setting": settingName(.volume), "value": "\(target)%"], at: timestamp,
                    priority: .stateChange, requested: true, into: &effects)
                return
            }
            change(.volume, to: String(target), at: timestamp, into: &effects)
            effects.append(.setVolume(volume))
            say(phrases.volume, ["percent": String(settings.volume)], at: timestamp, priority: .stateChange,
                requested: true, into: &effects)
        case .faster, .slower:
            guard let speed = command == .faster ? settings.speechSpeed.faster : settings.speechSpeed.slower else {
                say(phrases.limitReached, ["setting": settingName(.speechSpeed), "value": speedName(settings.speechSpeed)],
                    at: timestamp, priority: .stateChange, requested: true, into: &effects)
                return
            }
            change(.speechSpeed, to: speed.rawValue, at: timestamp, into: &effects)
            say(phrases.speechSpeed, ["speed": speedName(speed)], at: timestamp, priority: .stateChange, requested: true,
                into: &effects)
        case .language(let language):
            change(.language, to: language.rawValue, at: timestamp, into: &effects)
            say(phrases.languageChanged, at: timestamp, priority: .stateChange, requested: true, into: &effects)
        case .alertMe(let words):
            guard let label = knownLabel(words, at: timestamp, into: &effects) else { return }
            var classes = settings.hazards
            if !classes.contains(label) { classes.append(label) }
            change(.hazards, to: classes.joined(separator: ", "), at: timestamp, into: &effects)
            say(phrases.alertOn, ["object": phrasebook.objectName(label)], at: timestamp, priority: .stateChange,
                requested: true, into: &effects)
        case .stopAlerting(let words):
            guard let label = knownLabel(words, at: timestamp, into: &effects) else { return }
            change(.hazards, to: settings.hazards.filter { $0 != label }.joined(separator: ", "), at: timestamp,
                   into: &effects)
            say(phrases.alertOff, ["object": phrasebook.objectName(label)], at: timestamp, priority: .stateChange,
                requested: true, into: &effects)
        case .ignore(let words):
            guard let label = knownLabel(words, at: timestamp, into: &effects) else { return }
            var ignored = settings.ignored
            if !ignored.contains(label) { ignored.append(label) }
            change(.ignored, to: ignored.joined(separator: ", "), at: timestamp, into: &effects)
            say(phrases.ignoring, ["object": phrasebook.objectName(label)], at: timestamp, priority: .stateChange,
                requested: true, into: &effects)
        case .stopIgnoring(let words):
            guard let label = knownLabel(words, at: timestamp, into: &effects) else { return }
            change(.ignored, to: settings.ignored.filter { $0 != label }.joined(separator: ", "), at: timestamp,
                   into: &effects)
            say(phrases.alertOn, ["object": phrasebook.objectName(label)], at: timestamp, priority: .stateChange,
                requested: true, into: &effects)
        case .confidence(let value):
            guard change(.confidence, to: String(value), at: timestamp, into: &effects) else { return }
            say(phrases.confidence, ["percent": String(Int((settings.confidence * 100).rounded()))], at: timestamp,
                priority: .stateChange, requested: true, into: &effects)
        case .batterySaver(let on):
            let setting: BatterySaverSetting = on ? .on : .off
            change(.batterySaver, to: setting.rawValue, at: timestamp, into: &effects)
            // Confirmed even when it was already so: the person asked.
            if !updatePower(.setting(setting), at: timestamp, requested: true, into: &effects) {
                say(on ? PowerPhrases().saverOn : PowerPhrases().saverOff, at: timestamp, priority: .stateChange,
                    requested: true, into: &effects)
            }
        case .recentDetections:
            sayRecent(at: timestamp, into: &effects)
        case .usage:
            // The totals live in the store, which knows the days; the answer comes back as the `usage` event. The
            // time in the current mode so far is recorded first, so it counts.
            leaveModeClock(at: timestamp, into: &effects)
            effects.append(.fetchUsage)
        case .help:
            say(help(for: mode), at: timestamp, priority: .stateChange, requested: true, into: &effects)
        case .tutorial:
            // The tutorial is read like a page, so n, b, space and s step through it as they do through a letter.
            let help = HelpPhrases()
            let steps = ([help.tutorialStart] + help.tutorial).map {
                ReadingUnit(text: phrasebook.say($0), language: settings.language)
            }
            enter(.reading, at: timestamp, announce: false, into: &effects)
            perform(reader.handle(.start(steps)), at: timestamp, into: &effects)
        case .listen:
            say(voiceAvailable ? phrases.listening : phrases.noMicrophone, at: timestamp,
                priority: .stateChange, requested: true, into: &effects)
        case .quit:
            leaveMode(at: timestamp, into: &effects)
            effects.append(.stopAll)
            arbiter.silence()
            say(phrases.goodbye, at: timestamp, priority: .stateChange, requested: true, into: &effects)
            effects.append(.quit)
        }
    }

    mutating func findObject(_ words: String, at timestamp: Double, into effects: inout [AssistantEffect]) {
        // "find my car, red, plate PF F 3600" is the ride, not any car.
        if let ride = RideDescription(words: words), ride.plate != nil {
            findRide(words, at: timestamp, into: &effects)
            return
        }
        // The person's own thing before any detector class: "my mug" is theirs, not any cup.
        if let taught = taughtThing(named: words) {
            findTaught(taught, at: timestamp, into: &effects)
            return
        }
        let resolution = vocabulary.resolve(words)
        guard case .found(let classIndex) = resolution else {
            refuseObject(words, resolution, at: timestamp, into: &effects)
            return
        }
        let target = SearchTarget(label: configuration.labels[classIndex], classIndex: classIndex)
        enter(.findingObject(target), at: timestamp, announce: false, into: &effects)
        var guidanceConfiguration = cameraGuidance
        guidanceConfiguration.tracker.confidentThreshold = settings.confidence
        startGuidance(target, configuration: guidanceConfiguration, engine: .objectDetector, at: timestamp,
                      into: &effects)
    }

    /// Find's guidance for this camera's fields of view.
    var cameraGuidance: GuidanceConfiguration {
        var guidance = configuration.guidance
        guidance.cues.horizontalFieldOfView = configuration.horizontalFieldOfView
        guidance.cues.verticalFieldOfView = configuration.verticalFieldOfView
        return guidance
    }

    /// Guidance to a target the session found by other means (a helper's mark, a matched plate): find's for this
    /// camera, or a job's `given` one, without "Looking for …" (the session said what it looks for) and without the
    /// reminder to keep turning (it says where to turn itself); `saysFound` off when the session names the find.
    mutating func startFollowing(_ target: SearchTarget, kind: GuidancePhrases.TargetKind, saysFound: Bool = true,
                                 given: GuidanceConfiguration? = nil, at timestamp: Double,
                                 into effects: inout [AssistantEffect]) {
        var guidance = given ?? cameraGuidance
        guidance.saysLookingFor = false
        guidance.saysFound = saysFound
        guidance.keepTurningAfter = nil
        guidance.cues.phrases.targetKind = kind
        startGuidance(target, configuration: guidance, engine: .objectDetector, asConfigured: given != nil,
                      at: timestamp, into: &effects)
    }

    /// Starts guidance; the person's settings decide its language, units and sounds unless the job configured it.
    mutating func startGuidance(_ target: SearchTarget, configuration guidanceConfiguration: GuidanceConfiguration,
                                engine: Engine, asConfigured: Bool = false, at timestamp: Double,
                                into effects: inout [AssistantEffect]) {
        var configured = guidanceConfiguration
        if !asConfigured {
            configured.language = settings.language
            configured.cues.phrases.distanceUnit = settings.distanceUnit
            configured.cues.distanceCue = settings.distanceCue
            configured.playsEarcons = settings.earcons
            configured.playsHaptics = settings.haptics
        }
        var session = GuidanceSession(configuration: configured)
        effects.append(.startEngine(engine))
        let started = session.handle(.start(target, timestamp: timestamp), sharing: &arbiter)
        guidance = session
        append(started, speechRate: speechRate, into: &effects)
    }

    /// The one job of a job session, in place of the greeting.
    mutating func start(_ job: AssistantJob, at timestamp: Double, into effects: inout [AssistantEffect]) {
        switch job {
        case .findObject(let target, let guidanceConfiguration):
            enter(.findingObject(target), at: timestamp, announce: false, into: &effects)
            startGuidance(target, configuration: guidanceConfiguration, engine: .objectDetector, asConfigured: true,
                          at: timestamp, into: &effects)
        case .findText(let query, let guidanceConfiguration):
            let search = TextSearch(query: query)
            enter(.findingText(query.text), at: timestamp, announce: false, into: &effects)
            textSearch = search
            startGuidance(search.target, configuration: guidanceConfiguration, engine: .textFinder, asConfigured: true,
                          at: timestamp, into: &effects)
        case .findRide(let description, let guidanceConfiguration):
            startFindingRide(description, guidance: guidanceConfiguration, at: timestamp, into: &effects)
        case .read(let units, let ifEmpty):
            enter(.reading, at: timestamp, announce: false, into: &effects)
            if !units.isEmpty { pagesReadInMode += 1 }
            perform(reader.handle(.start(units, ifEmpty: ifEmpty)), at: timestamp, into: &effects)
            if units.isEmpty { finishJob(at: timestamp, into: &effects) }
        case .teach(let name):
            startTeaching(name, at: timestamp, into: &effects)
        }
    }

    /// A find that names nothing the detector can see: one short sentence that helps.
    mutating func refuseObject(_ words: String, _ resolution: ObjectVocabulary.Resolution, at timestamp: Double,
                               into effects: inout [AssistantEffect]) {
        guard let sentence = vocabulary.answer(for: words, resolution, in: settings.language) else { return }
        sayText(sentence, at: timestamp, category: "answer", into: &effects)
    }

    /// A class name for hazard and ignore lists, or nil after saying why not.
    mutating func knownLabel(_ words: String, at timestamp: Double, into effects: inout [AssistantEffect]) -> String? {
        let resolution = vocabulary.resolve(words)
        if case .found(let index) = resolution { return configuration.labels[index] }
        refuseObject(words, resolution, at: timestamp, into: &effects)
        return nil
    }

    mutating func refuse(_ input: ParsedInput, at timestamp: Double, into effects: inout [AssistantEffect]) {
        if case .incomplete(let command, _) = input {
            let keys: [String: SettingKey] = ["confidence": .confidence, "language": .language, "battery saver": .batterySaver]
            if let key = keys[command] {
                refuseSetting(key, at: timestamp, into: &effects)
                return
            }
            if command == "find my ride" {
                say(phrasebook.ride.needPlate, at: timestamp, priority: .stateChange, requested: true, into: &effects)
                return
            }
            if command == "find" || command == "find text" {
                say(phrases.notSearching, at: timestamp, priority: .stateChange, requested: true, into: &effects)
                return
            }
        }
        say(phrases.unknownCommand, at: timestamp, priority: .stateChange, requested: true, into: &effects)
    }
}
