import Foundation

/// The assistant as one pure reducer: every input (commands from voice, typed lines and keys; frames; detections;
/// text; speech reports; power) comes in as an event, and everything Beacon does comes out as effects.
///
/// It owns the one speech arbiter: the guidance session (find, find-text) and the reader (read) are parts of it and
/// speak through that arbiter, so a hazard outranks a direction or a sentence being read, and nothing speaks over
/// something more important. Modes change by command and are always said in a few words ("Reading.", "Stopped.").
public struct AssistantSession: Sendable {
    public struct Configuration: Sendable {
        /// The detector's classes, in index order.
        public var labels: [String] = ObjectVocabulary.coco
        public var guidance = GuidanceConfiguration()
        public var reader = ReaderSession.Configuration()
        public var speech = SpeechArbiter.Configuration()
        /// The camera's fields of view in degrees, for clock directions and distances from box sizes.
        public var horizontalFieldOfView = 60.0
        public var verticalFieldOfView = 45.0
        /// Frames explore chooses its picture from, and how many unclear attempts make it give up.
        public var exploreFrames = 3
        public var exploreAttempts = 3
        /// A microphone and a recogniser are attached: "listen" (the push-to-talk key) opens them. Without, it says
        /// so and points to typing.
        public var hasVoiceInput = false
        /// What the person controls Beacon with: help names a terminal's keys or a phone's buttons.
        public var controls = Controls.keyboard
        /// A session started for one job (`beacon find`, `find-text`, `read`): see `AssistantJob`.
        public var job: AssistantJob?
        /// How battery saver and heat pace the engines; text recognition drops frames for longer than detection.
        public var powerPolicy = PowerPolicy()
        /// How a request to a helpers' hub behaves (photo pace, reminders, the marked spot's size).
        public var helpers = HelpPolicy()

        public init() {}
    }

    public enum Controls: Sendable {
        case keyboard
        case phone
    }

    public let configuration: Configuration
    public private(set) var settings: AssistantSettings
    public internal(set) var mode: AssistantMode = .idle
    public internal(set) var isPaused = false
    public internal(set) var arbiter: SpeechArbiter
    public private(set) var recent = RecentDetections()
    /// Every change of power state so far, in order (for `beacon bench pipeline`).
    public private(set) var powerChanges: [PowerChange] = []

    /// Fall detection and the emergency message (AssistantSession+Falls.swift).
    var falls = FallWatch()
    var guidance: GuidanceSession?
    /// The open request to a helpers' hub (AssistantSession+Helpers.swift).
    var helpRequest: HelpRequest?
    /// Find my ride's cars and checks (AssistantSession+Ride.swift).
    var rideSearch: RideSearch?
    /// The guided teaching under way, and what the person taught so far (AssistantSession+Taught.swift).
    public internal(set) var teaching: TeachingSession?
    var taughtThings: [TaughtSummary] = []
    private var textSearch: TextSearch?
    private var reader: ReaderSession
    /// The reader's utterance being spoken, by the arbiter's count of utterances started.
    private var readerUtterance: Int?
    let camera: CameraFieldOfView
    private var scanner: ContinuousScanner
    private var hazards: HazardMonitor
    /// Explore's choice of picture, while it is choosing; keyed by frame index.
    private var explore: ExploreCapture<Int>?
    private var power: PowerState
    private var vocabulary: ObjectVocabulary
    /// "Sorry, say that again." is said once until a command gets through.
    private var apologised = false
    /// Starts as the configuration says; a microphone that fails takes it away.
    private var voiceAvailable: Bool
    /// The newest frame seen, for "scan now".
    private var latestFrame: Int?
    private var pendingExamine: ExaminePurpose?
    /// "Scan now" came before the camera gave any picture: the first one is looked at.
    private var scanWaitsForFrame = false
    private var modeSince = 0.0
    var objectsFoundInMode = 0
    private var pagesReadInMode = 0
    private var lastTimestamp = 0.0
    /// The newest depth (`.depth`); distances are measured in it while it is under a second old.
    private var depth: (map: DepthMap, at: Double)?
    /// The wall-clock date of timestamp 0, for the dates history records carry.
    private var startedAt = Date(timeIntervalSince1970: 0)

    private enum ExaminePurpose: Sendable, Hashable {
        case explore
        case scanNow
    }

    public init(configuration: Configuration = Configuration(), settings: AssistantSettings = AssistantSettings()) {
        self.configuration = configuration
        self.settings = settings
        voiceAvailable = configuration.hasVoiceInput
        arbiter = SpeechArbiter(configuration: configuration.speech)
        reader = ReaderSession(configuration: configuration.reader)
        vocabulary = ObjectVocabulary(labels: configuration.labels)
        camera = CameraFieldOfView(horizontal: configuration.horizontalFieldOfView, vertical: configuration.verticalFieldOfView)
        power = PowerState(setting: settings.batterySaver, policy: configuration.powerPolicy)
        // Placeholders until every property is set; then the scene parts are made with the person's settings.
        scanner = ContinuousScanner()
        hazards = HazardMonitor()
        scanner = makeScanner()
        hazards = makeHazardMonitor()
    }

    /// The user's confidence threshold and ignored classes, as every scene part applies them.
    private var filter: DetectionFilter {
        DetectionFilter(minimumConfidence: settings.confidence, ignoredLabels: Set(settings.ignored))
    }

    private func makeScanner() -> ContinuousScanner { ContinuousScanner(filter: filter, camera: camera) }

    private func makeHazardMonitor() -> HazardMonitor {
        var hazardConfiguration = HazardMonitor.Configuration()
        hazardConfiguration.hazardLabels = Set(settings.hazards)
        return HazardMonitor(filter: filter, camera: camera, configuration: hazardConfiguration)
    }

    public var phrasebook: Phrasebook { Phrasebook(language: settings.language, distanceUnit: settings.distanceUnit) }
    private var phrases: AssistantPhrases { phrasebook.assistant }

    /// Whether the adapter should measure each frame's sharpness (explore chooses its picture by it).
    public var wantsSharpness: Bool { explore != nil && pendingExamine == nil }
    /// Whether the adapter should compute depth for each frame and send `.depth`: while objects are placed (every
    /// mode that runs the detector), so their distances are measured rather than guessed from their size.
    public var wantsDepth: Bool { if case .findingText = mode { false } else { mode != .reading } }
    func depth(near timestamp: Double) -> DepthMap? { depth.flatMap { abs($0.at - timestamp) < 1 ? $0.map : nil } }

    /// The object search's guidance state, for the adapter's "look closer" decision and JSON.
    public var isGuiding: Bool { guidance?.lock.isGuiding ?? false }

    /// True while nothing is being said, queued, or worked on: a script may give the next command.
    public var isSettled: Bool {
        guard !arbiter.isSpeaking, arbiter.waiting.isEmpty, pendingExamine == nil, explore == nil, teaching == nil else {
            return false
        }
        if mode == .reading { return reader.phase != .reading && !isCapturingPage }
        return true
    }

    private var isCapturingPage = false
    /// Walk mode's monitor, while walking (`AssistantSession+Walk.swift`).
    var walk: WalkMonitor?
    /// The camera's pitch from the motion sensor's samples (`--imu`), kept in every mode so walk mode has it at once.
    var cameraPitch = CameraPitchEstimator()

    public mutating func handle(_ event: AssistantEvent) -> [AssistantEffect] {
        var effects: [AssistantEffect] = []
        if handleFalls(event, into: &effects) { return effects }
        switch event {
        case .started(let timestamp, let startedAt, let restored, let settingsUnreadable):
            lastTimestamp = timestamp
            self.startedAt = startedAt
            recent = restored
            if let job = configuration.job {
                start(job, at: timestamp, into: &effects)
                break
            }
            effects.append(.setVolume(volume))
            effects.append(.earcon(Earcon(kind: .start), at: timestamp))
            say(phrases.ready, at: timestamp, priority: .stateChange, into: &effects)
            if settingsUnreadable { say(phrases.settingsUnreadable, at: timestamp, priority: .stateChange, into: &effects) }
            enter(settings.scanning == .continuous ? .continuousScanning : .onDemandScanning, at: timestamp,
                  announce: false, into: &effects)
        case .command(let command, let timestamp):
            lastTimestamp = timestamp
            apologised = false
            run(command, at: timestamp, into: &effects)
        case .unknownInput(let input, let timestamp):
            refuse(input, at: timestamp, into: &effects)
        case .speechRejected(let timestamp):
            if !apologised {
                apologised = true
                say(phrases.sayAgain, at: timestamp, priority: .stateChange, requested: true, into: &effects)
            }
        case .voiceInputLost(let timestamp):
            if voiceAvailable {
                voiceAvailable = false
                say(phrases.noMicrophone, at: timestamp, priority: .stateChange, into: &effects)
            }
        case .frame(let index, let timestamp, let sharpness):
            lastTimestamp = timestamp
            latestFrame = index
            poll(at: timestamp, into: &effects)
            if let sharpness { considerForExplore(frame: index, sharpness: sharpness, into: &effects) }
            if scanWaitsForFrame {
                scanWaitsForFrame = false
                effects.append(.examine(frame: index))
            }
            if case .findingObject = mode { forwardToGuidance(.frame(index: index, timestamp: timestamp), into: &effects) }
            if case .findingText = mode { forwardToGuidance(.frame(index: index, timestamp: timestamp), into: &effects) }
            if case .askingForHelp = mode { helpFrame(index, at: timestamp, into: &effects) }
            if case .teaching = mode { teachingTick(at: timestamp, into: &effects) }
            if case .findingRide = mode {
                rideSearch?.predict(at: timestamp)
                forwardToGuidance(.frame(index: index, timestamp: timestamp), into: &effects)
            }
        case .cameraMoved(let motion, let frame, let timestamp):
            scanner.move(with: motion)
            hazards.move(with: motion)
            walk?.cameraMoved(motion, at: timestamp)
            helpRequest?.cameraMoved(motion)
            rideSearch?.move(with: motion)
            forwardToGuidance(.cameraMoved(motion, frame: frame, timestamp: timestamp), into: &effects)
        case .depth(let map, _, let timestamp):
            lastTimestamp = timestamp
            depth = (map, timestamp)
            if textSearch == nil, let box = guidance?.lock.box {
                forwardToGuidance(.targetDistance(map.measuredDistance(of: box)?.unroundedMetres, timestamp: timestamp), into: &effects)
            }
            walkDepth(map, at: timestamp, into: &effects)
        case .detections(let detections, let frame, let timestamp, let lookedAt, let examined):
            lastTimestamp = timestamp
            handleDetections(detections, frame: frame, at: timestamp, lookedAt: lookedAt, examined: examined, into: &effects)
        case .textLines(let lines, let frame, let timestamp, let lookedAt):
            guard case .findingText = mode, let textSearch else { break }
            forwardToGuidance(.detections(textSearch.detections(in: lines), frame: frame, timestamp: timestamp,
                                          lookedAt: lookedAt), into: &effects)
        case .page(let units, let ifEmpty, let timestamp):
            guard mode == .reading, isCapturingPage else { break }
            isCapturingPage = false
            effects.append(.stopEngine(.pageReader))
            if !units.isEmpty { pagesReadInMode += 1 }
            perform(reader.handle(.start(units, ifEmpty: ifEmpty)), at: timestamp, into: &effects)
            if units.isEmpty { finishJob(at: timestamp, into: &effects) }
        case .pageNotCaptured(let timestamp):
            guard mode == .reading, isCapturingPage else { break }
            isCapturingPage = false
            effects.append(.stopEngine(.pageReader))
            say(phrases.sceneUnclear, at: timestamp, priority: .stateChange, into: &effects)
            finishJob(at: timestamp, into: &effects)
        case .speechFinished(let timestamp):
            speechFinished(at: timestamp, into: &effects)
        case .speechProgress(let offset, _):
            if let readerUtterance {
                perform(reader.handle(.speechProgress(utterance: readerUtterance, characterOffset: offset)),
                        at: lastTimestamp, into: &effects)
            }
        case .tick(let timestamp):
            lastTimestamp = timestamp
            poll(at: timestamp, into: &effects)
            helpTick(at: timestamp, into: &effects)
            teachingTick(at: timestamp, into: &effects)
        case .power(let reading, let timestamp):
            updatePower(.reading(reading), at: timestamp, into: &effects)
        case .usage(let summary, let timestamp):
            for sentence in summary.sentences(phrasebook: phrasebook) {
                effects.append(.show(sentence))
                sayText(sentence, at: timestamp, category: "usage", into: &effects)
            }
        case .engineFailed(let engine, _, let timestamp):
            engineFailed(engine, at: timestamp, into: &effects)
        case .falls:
            break // handleFalls took it
        case .helpers(let event, let timestamp):
            lastTimestamp = timestamp
            handleHelpers(event, at: timestamp, into: &effects)
        case .ride(let event, let timestamp):
            lastTimestamp = timestamp
            handleRide(event, at: timestamp, into: &effects)
        case .taught(let event, let timestamp):
            lastTimestamp = timestamp
            handleTaught(event, at: timestamp, into: &effects)
        }
        return effects
    }

    // MARK: - Commands

    private mutating func run(_ command: AssistantCommand, at timestamp: Double, into effects: inout [AssistantEffect]) {
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
            enter(.reading, at: timestamp, announce: false, into: &effects)
            isCapturingPage = true
            say(phrases.reading, at: timestamp, priority: .stateChange, requested: true, into: &effects)
            effects.append(.startEngine(.pageReader))
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

    private mutating func findObject(_ words: String, at timestamp: Double, into effects: inout [AssistantEffect]) {
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
    private mutating func start(_ job: AssistantJob, at timestamp: Double, into effects: inout [AssistantEffect]) {
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
        }
    }

    /// A find that names nothing the detector can see: one short sentence that helps.
    private mutating func refuseObject(_ words: String, _ resolution: ObjectVocabulary.Resolution, at timestamp: Double,
                                       into effects: inout [AssistantEffect]) {
        guard let sentence = vocabulary.answer(for: words, resolution, in: settings.language) else { return }
        sayText(sentence, at: timestamp, category: "answer", into: &effects)
    }

    /// A class name for hazard and ignore lists, or nil after saying why not.
    private mutating func knownLabel(_ words: String, at timestamp: Double, into effects: inout [AssistantEffect]) -> String? {
        let resolution = vocabulary.resolve(words)
        if case .found(let index) = resolution { return configuration.labels[index] }
        refuseObject(words, resolution, at: timestamp, into: &effects)
        return nil
    }

    private mutating func refuse(_ input: ParsedInput, at timestamp: Double, into effects: inout [AssistantEffect]) {
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

    // MARK: - Modes

    /// Leaves the current mode (recording the time spent in it) and enters `newMode`.
    mutating func enter(_ newMode: AssistantMode, at timestamp: Double, announce: Bool,
                                into effects: inout [AssistantEffect]) {
        leaveMode(at: timestamp, into: &effects)
        mode = newMode
        isPaused = false
        modeSince = timestamp
        effects.append(.modeChanged(newMode))
        switch newMode {
        case .continuousScanning:
            scanner = makeScanner()
            effects.append(.startEngine(.objectDetector))
            if announce { say(phrases.continuous, at: timestamp, priority: .stateChange, requested: true, into: &effects) }
        case .onDemandScanning:
            effects.append(.startEngine(.objectDetector))
            if announce { say(phrases.onDemand, at: timestamp, priority: .stateChange, requested: true, into: &effects) }
        case .idle, .exploring, .findingObject, .walking, .askingForHelp, .findingRide, .teaching:
            effects.append(.startEngine(.objectDetector))
        case .findingText, .reading:
            break // their own engines start with them; no detector is loaded that nothing looks at
        }
    }

    /// Ends whatever runs in the current mode: its speech stops at once, its engines stop, its time is recorded.
    mutating func leaveMode(at timestamp: Double, into effects: inout [AssistantEffect]) {
        // What is still going on is cut short; a page read to its end has nothing left to cut.
        let isReading = reader.phase == .reading || reader.phase == .paused
        if guidance != nil || isReading || isCapturingPage {
            effects.append(.stopAll)
            arbiter.silence()
        }
        if guidance != nil {
            effects.append(.stopEngine(textSearch == nil ? .objectDetector : .textFinder))
            guidance = nil
            textSearch = nil
        }
        if reader.phase != .idle { _ = reader.handle(.key(.stop)) }
        readerUtterance = nil
        if isCapturingPage {
            effects.append(.stopEngine(.pageReader))
            isCapturingPage = false
        }
        explore = nil
        walk = nil
        rideSearch = nil
        leaveTeaching(into: &effects)
        if helpRequest != nil {
            // Leaving the request, however it is left, stops the photos and closes it (the hub deletes them).
            effects.append(.helpers(.close))
            helpRequest = nil
        }
        if pendingExamine == .explore { pendingExamine = nil }
        leaveModeClock(at: timestamp, into: &effects)
    }

    /// Records the time spent in the current mode and what it found since the last record.
    private mutating func leaveModeClock(at timestamp: Double, into effects: inout [AssistantEffect]) {
        let seconds = max(0, timestamp - modeSince)
        if seconds > 0 || objectsFoundInMode > 0 || pagesReadInMode > 0 {
            effects.append(.recordUsage(mode: mode.name, seconds: seconds, objectsFound: objectsFoundInMode,
                                        pagesRead: pagesReadInMode))
        }
        objectsFoundInMode = 0
        pagesReadInMode = 0
        modeSince = timestamp
    }

    /// A job that ends by itself (explore reported, a page read to its end) goes back to the scanning the person chose.
    mutating func finishJob(at timestamp: Double, into effects: inout [AssistantEffect]) {
        if configuration.job != nil {
            leaveModeClock(at: timestamp, into: &effects)
            effects.append(.quit)
            return
        }
        let home: AssistantMode = settings.scanning == .continuous ? .continuousScanning : .onDemandScanning
        guard mode != home else { return }
        enter(home, at: timestamp, announce: false, into: &effects)
    }

    private mutating func stop(at timestamp: Double, into effects: inout [AssistantEffect]) {
        leaveMode(at: timestamp, into: &effects)
        if configuration.job != nil {
            // A job stopped is over: everything falls silent at once, with nothing more said.
            if !effects.contains(.stopAll) { effects.append(.stopAll) }
            arbiter.silence()
            effects.append(.quit)
            return
        }
        pendingExamine = nil
        scanWaitsForFrame = false
        effects.append(.stopAll)
        arbiter.silence()
        mode = .idle
        isPaused = false
        effects.append(.modeChanged(.idle))
        say(phrases.stopped, at: timestamp, priority: .stateChange, requested: true, into: &effects)
    }

    private mutating func pause(at timestamp: Double, into effects: inout [AssistantEffect]) {
        guard !isPaused else { return }
        if guidance != nil {
            forwardToGuidance(.key(.pauseResume, timestamp: timestamp), into: &effects)
        } else if mode == .reading, reader.phase == .reading {
            perform(reader.handle(.key(.pauseResume)), at: timestamp, into: &effects)
        } else {
            arbiter.clearWaiting(keepingHazards: true)
            say(phrases.paused, at: timestamp, priority: .stateChange, requested: true, into: &effects)
        }
        isPaused = true
    }

    private mutating func resume(at timestamp: Double, into effects: inout [AssistantEffect]) {
        guard isPaused else {
            if mode == .idle {
                enter(settings.scanning == .continuous ? .continuousScanning : .onDemandScanning, at: timestamp,
                      announce: true, into: &effects)
            } else {
                say(phrases.nothingPaused, at: timestamp, priority: .stateChange, requested: true, into: &effects)
            }
            return
        }
        isPaused = false
        if guidance != nil {
            forwardToGuidance(.key(.pauseResume, timestamp: timestamp), into: &effects)
        } else if mode == .reading, reader.phase == .paused {
            perform(reader.handle(.key(.pauseResume)), at: timestamp, into: &effects)
        } else {
            say(phrases.resumed, at: timestamp, priority: .stateChange, requested: true, into: &effects)
        }
    }

    private mutating func repeatLast(at timestamp: Double, into effects: inout [AssistantEffect]) {
        guard var again = arbiter.lastSpoken else {
            say(phrases.nothingToRepeat, at: timestamp, priority: .stateChange, requested: true, into: &effects)
            return
        }
        again.priority = max(again.priority, .stateChange)
        again.isRequested = true
        again.sequence = nil
        offer(again, at: timestamp, into: &effects)
    }

    private mutating func whereIsIt(at timestamp: Double, into effects: inout [AssistantEffect]) {
        if guidance != nil {
            forwardToGuidance(.key(.whereIsIt, timestamp: timestamp), into: &effects)
        } else if mode == .reading {
            perform(reader.handle(.key(.pauseResume)), at: timestamp, into: &effects)
        } else {
            say(phrases.notSearching, at: timestamp, priority: .stateChange, requested: true, into: &effects)
        }
    }

    // MARK: - Frames and detections

    private mutating func handleDetections(_ detections: [Detection], frame: Int, at timestamp: Double, lookedAt: Int?,
                                           examined: Bool, into effects: inout [AssistantEffect]) {
        poll(at: timestamp, into: &effects)
        if case .findingText = mode, !examined {
            // Text found live arrives already matched (the adapter ran the same `TextSearch` beside the OCR).
            forwardToGuidance(.detections(detections, frame: frame, timestamp: timestamp, lookedAt: lookedAt), into: &effects)
            return
        }
        // While teaching, the hand holding the thing up is no hazard.
        if configuration.job == nil, teaching == nil { warnOfHazards(detections, at: timestamp, into: &effects) }
        if examined, let purpose = pendingExamine {
            pendingExamine = nil
            report(detections, purpose: purpose, at: timestamp, into: &effects)
            return
        }
        switch mode {
        case .findingRide:
            rideDetections(detections, frame: frame, at: timestamp, into: &effects)
        case .findingObject(let target):
            let before = guidance?.lock.isGuiding ?? false
            forwardToGuidance(.detections(detections, frame: frame, timestamp: timestamp, lookedAt: lookedAt), into: &effects)
            if !before, let guidance, guidance.lock.isGuiding {
                objectsFoundInMode += 1
                let confidence = detections.filter(target.accepts).map(\.confidence).max()
                remember(target.label, isTaught: target.isTaught,
                         confidence: confidence ?? settings.confidence, box: guidance.lock.box, at: timestamp,
                         into: &effects)
            }
        case .continuousScanning where !isPaused:
            // Hazard classes were just warned of by the hazard monitor: saying them twice would be chatter.
            // The person's own priority classes are said first; among the rest, the scanner's order (people and
            // obstacles, then the nearest).
            let entered = scanner.update(detections: detections, timestamp: timestamp, depth: depth(near: timestamp))
            let prioritised = entered.filter { settings.priority.contains($0.label) }
                + entered.filter { !settings.priority.contains($0.label) }
            for object in prioritised where !settings.hazards.contains(object.label) {
                remember(object.label, isTaught: object.isTaught, confidence: 1, box: object.box, at: timestamp,
                         into: &effects)
                objectsFoundInMode += 1
                let values = spoken(object.label, isTaught: object.isTaught, count: 1, clock: object.clock,
                                    distance: object.distance)
                say(values["distance"]!.isEmpty ? phrases.objectAt : phrases.object, values, at: timestamp,
                    priority: .guidance, category: "scan", into: &effects)
            }
        default:
            // Keep the scanner's idea of what is in view, so turning continuous on later does not announce it all.
            _ = scanner.update(detections: detections, timestamp: timestamp, depth: depth(near: timestamp))
        }
    }

    /// The placeholders of `AssistantPhrases.object` and `.hazard`: "Two chairs", "ten o'clock", "about 2 metres".
    /// The object is capitalised where it starts the sentence ("Chair, …"), not after "Caution:".
    private func spoken(_ label: String, isTaught: Bool = false, count: Int, clock: ClockDirection,
                        distance: DistanceEstimate?, startsSentence: Bool = true) -> [String: String] {
        let name = phrasebook.counted(label, count: count, isTaught: isTaught)
        return ["object": startsSentence ? name.capitalizedFirst : name, "direction": phrasebook.clock(clock),
                "distance": distance.map(phrasebook.distance) ?? ""]
    }

    private mutating func warnOfHazards(_ detections: [Detection], at timestamp: Double, into effects: inout [AssistantEffect]) {
        for alert in hazards.update(detections: detections, timestamp: timestamp, depth: depth(near: timestamp)) {
            // Looking for a ride among parked cars, a standing car is what the person wants to walk to; a vehicle
            // coming closer is still a danger.
            if case .findingRide = mode, RideSearchLabels.vehicles.contains(alert.label), !alert.isApproaching { continue }
            effects.append(.earcon(Earcon(kind: .hazard, pan: min(1, max(-1, 2 * (alert.box.midX - 0.5)))), at: timestamp))
            if settings.haptics { effects.append(.haptic(alert.hapticPattern)) }
            var values = spoken(alert.label, count: 1, clock: alert.clock, distance: alert.distance, startsSentence: false)
            if case .close = alert.proximity { values["distance"] = phrasebook.say(phrases.close) }
            let template = alert.isApproaching ? phrases.approaching
                : values["distance"]!.isEmpty ? phrases.hazardAt : phrases.hazard
            say(template, values, at: timestamp, priority: .hazard, category: "hazard", into: &effects)
        }
    }

    private mutating func considerForExplore(frame: Int, sharpness: SharpnessMap, into effects: inout [AssistantEffect]) {
        guard var capture = explore, pendingExamine == nil else { return }
        for case .detect(let chosen, _) in capture.handle(.frame(frame, sharpness)) {
            pendingExamine = .explore
            effects.append(.examine(frame: chosen))
        }
        explore = capture
    }

    /// The report of explore or scan now: the most important objects, grouped, with direction and distance.
    private mutating func report(_ detections: [Detection], purpose: ExaminePurpose, at timestamp: Double,
                                 into effects: inout [AssistantEffect]) {
        let description = SceneDescriber(filter: filter, camera: camera, maximumItems: purpose == .explore ? 8 : 5)
            .describe(detections, depth: depth(near: timestamp))
        if purpose == .explore, var capture = explore {
            let verdict = capture.handle(.detected(count: description.items.count))
            explore = capture.isFinished ? nil : capture
            if verdict.contains(where: { if case .unclear = $0 { true } else { false } }) {
                say(phrases.sceneUnclear, at: timestamp, priority: .stateChange, requested: true, into: &effects)
                finishJob(at: timestamp, into: &effects)
                return
            }
            // Not described yet: explore tries the next few frames.
            guard verdict.contains(where: { if case .describe = $0 { true } else { false } }) else { return }
            explore = nil
        }
        if description.isEmpty {
            say(phrases.nothingRecognised, at: timestamp, priority: .stateChange, requested: true, into: &effects)
        }
        for item in description.items {
            remember(item.label, isTaught: item.isTaught, confidence: 1, box: item.boxes.first, at: timestamp,
                     into: &effects)
            objectsFoundInMode += item.count
            let values = spoken(item.label, isTaught: item.isTaught, count: item.count, clock: item.clock,
                                distance: item.distance)
            say(values["distance"]!.isEmpty ? phrases.objectAt : phrases.object, values, at: timestamp,
                priority: .stateChange, category: "report", requested: true, into: &effects)
        }
        if purpose == .explore { finishJob(at: timestamp, into: &effects) }
    }

    private mutating func remember(_ label: String, isTaught: Bool, confidence: Double, box: NormalizedRect?,
                                   at timestamp: Double, into effects: inout [AssistantEffect]) {
        let clock = box.map(camera.clockDirection) ?? .straightAhead
        let record = DetectionRecord(label: label, confidence: confidence, clockHour: clock.hour,
                                     time: startedAt.addingTimeInterval(timestamp), isTaught: isTaught)
        recent.add(record)
        effects.append(.recordDetection(record))
    }

    private mutating func sayRecent(at timestamp: Double, into effects: inout [AssistantEffect]) {
        let sentence = recent.sentence(now: startedAt.addingTimeInterval(timestamp), phrasebook: phrasebook)
        sayText(sentence, at: timestamp, category: "recent", into: &effects)
    }

    // MARK: - Power

    /// A power reading or a change of the saver setting: each change is said once, and the pace limits follow.
    /// Returns whether anything changed.
    @discardableResult
    private mutating func updatePower(_ event: PowerEvent, at timestamp: Double, requested: Bool = false,
                                      into effects: inout [AssistantEffect]) -> Bool {
        let changes = power.handle(event)
        powerChanges += changes
        for change in changes {
            guard let (template, values) = PowerPhrases().phrase(for: change) else { continue }
            say(template, values, at: timestamp, priority: .stateChange, requested: requested, into: &effects)
        }
        if !changes.isEmpty { effects.append(.setPace(power.limits)) }
        return !changes.isEmpty
    }

    private mutating func engineFailed(_ engine: Engine, at timestamp: Double, into effects: inout [AssistantEffect]) {
        say(phrases.engineFailed, ["engine": engine == .objectDetector ? phrasebook.say(phrases.exploring) : phrasebook.say(phrases.reading)],
            at: timestamp, priority: .stateChange, into: &effects)
        stop(at: timestamp, into: &effects)
    }

    // MARK: - Settings

    /// Validates and applies a setting; a refusal is said in one sentence and the old value stays.
    @discardableResult
    private mutating func change(_ key: SettingKey, to text: String, at timestamp: Double,
                                 into effects: inout [AssistantEffect]) -> Bool {
        do {
            try settings.set(key, to: text, knownLabels: configuration.labels)
            effects.append(.persistSetting(key, settings.value(of: key)))
            if [.confidence, .ignored, .hazards].contains(key) {
                scanner = makeScanner()
                hazards = makeHazardMonitor()
            }
            return true
        } catch {
            effects.append(.show(error.sentence))
            refuseSetting(key, at: timestamp, into: &effects)
            return false
        }
    }

    private var volume: Double { Double(settings.volume) / 100 }
    private var speechRate: Double { settings.speechSpeed.rate }

    private func settingName(_ key: SettingKey) -> String { phrasebook.say(SettingPhrases().name(of: key)) }
    private func speedName(_ speed: SpeechSpeed) -> String { phrasebook.say(SettingPhrases().name(of: speed)) }

    /// A setting's current value as said: "50 percent", "fast", "English".
    private func spokenValue(of key: SettingKey) -> String {
        switch key {
        case .confidence:
            return phrasebook.say(SettingPhrases().percent, ["number": String(Int((settings.confidence * 100).rounded()))])
        case .volume:
            return phrasebook.say(SettingPhrases().percent, ["number": String(settings.volume)])
        case .speechSpeed:
            return speedName(settings.speechSpeed)
        case .language:
            return phrasebook.say(SettingPhrases().name(of: settings.language))
        case .distanceUnit:
            return phrasebook.say(SettingPhrases().name(of: settings.distanceUnit))
        default:
            return settings.value(of: key)
        }
    }

    /// "Not changed: confidence stays 50 percent."
    private mutating func refuseSetting(_ key: SettingKey, at timestamp: Double, into effects: inout [AssistantEffect]) {
        say(SettingPhrases().refused, ["setting": settingName(key), "value": spokenValue(of: key)], at: timestamp,
            priority: .stateChange, requested: true, into: &effects)
    }

    private func help(for mode: AssistantMode) -> PhraseTemplate {
        let help = HelpPhrases()
        let topic: HelpPhrases.Mode = switch mode {
        case .idle: .idle
        case .continuousScanning: .continuousScanning
        case .onDemandScanning: .onDemandScanning
        case .exploring: .explore
        case .findingObject: .findObject
        case .findingText: .findText
        case .reading: .read
        case .walking: .walking
        case .askingForHelp: .askingForHelp
        case .findingRide: .findObject
        case .teaching: .teaching
        }
        return configuration.controls == .phone ? help.phoneHelp(for: topic) : help.help(for: topic)
    }

    // MARK: - Speech

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

    private mutating func offer(_ utterance: Utterance, at timestamp: Double, into effects: inout [AssistantEffect]) {
        switch arbiter.offer(utterance, timestamp: timestamp) {
        case .speak: effects.append(.speak(utterance))
        case .interruptCurrent: effects.append(.interruptSpeech)
        case .queue, .alreadyPending, .drop: break
        }
    }

    private mutating func poll(at timestamp: Double, into effects: inout [AssistantEffect]) {
        if let next = arbiter.poll(timestamp: timestamp) { started(next, into: &effects) }
    }

    private mutating func speechFinished(at timestamp: Double, into effects: inout [AssistantEffect]) {
        let finished = arbiter.speaking
        let next = arbiter.speechFinished(timestamp: timestamp)
        if let id = finished?.sequence, id == readerUtterance {
            readerUtterance = nil
            perform(reader.handle(.speechFinished(utterance: id)), at: timestamp, into: &effects)
            if mode == .reading, reader.phase == .finished { finishJob(at: timestamp, into: &effects) }
        }
        if let next { started(next, into: &effects) }
    }

    /// An utterance the arbiter took from its queue.
    private mutating func started(_ utterance: Utterance, into effects: inout [AssistantEffect]) {
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

    private mutating func append(_ produced: [GuidanceEffect], speechRate: Double, into effects: inout [AssistantEffect]) {
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
    private mutating func perform(_ produced: [ReaderEffect], at timestamp: Double, into effects: inout [AssistantEffect]) {
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
