import Foundation

/// The assistant as one pure reducer: every input (commands from voice, typed lines and keys; frames; detections;
/// text; speech reports; power) comes in as an event, and everything Beacon does comes out as effects.
///
/// It owns the one speech arbiter: the guidance session (find, find-text) and the reader (read) are parts of it and
/// speak through that arbiter, so a hazard outranks a direction or a sentence being read, and nothing speaks over
/// something more important. Modes change by command and are always said in a few words ("Reading.", "Stopped.").
///
/// This file keeps the state, the routing of events and the modes; each job's rules are read alone in a file of their
/// own: +Commands (what each command starts), +Scanning (explore and scanning), +Settings (settings, power, help),
/// +Speech (the arbiter and the guidance and reader effects), +Reading (capturing a page), +Falls, +Volunteers, +Ride, +Taught and +Walk.
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
        /// How a request to a volunteers' hub behaves (photo pace, reminders, the marked spot's size).
        public var helpers = HelpPolicy()
        /// How many pictures "read" takes of a page at most while its central block is in doubt (as `beacon read`).
        public var pageCaptures = 3

        public init() {}
    }

    public enum Controls: Sendable {
        case keyboard
        case phone
    }

    public let configuration: Configuration
    public internal(set) var settings: AssistantSettings
    public internal(set) var mode: AssistantMode = .idle
    public internal(set) var isPaused = false
    public internal(set) var arbiter: SpeechArbiter
    public internal(set) var recent = RecentDetections()
    /// Every change of power state so far, in order (for `beacon bench pipeline`).
    public internal(set) var powerChanges: [PowerChange] = []

    /// Fall detection and the emergency message (AssistantSession+Falls.swift).
    var falls = FallWatch()
    var guidance: GuidanceSession?
    /// The open request to a volunteers' hub (AssistantSession+Volunteers.swift).
    var helpRequest: HelpRequest?
    /// Find my ride's cars and checks (AssistantSession+Ride.swift).
    var rideSearch: RideSearch?
    /// The guided teaching under way, and what the person taught so far (AssistantSession+Taught.swift).
    public internal(set) var teaching: TeachingSession?
    var taughtThings: [TaughtSummary] = []
    var textSearch: TextSearch?
    var reader: ReaderSession
    /// The reader's utterance being spoken, by the arbiter's count of utterances started.
    var readerUtterance: Int?
    let camera: CameraFieldOfView
    var scanner: ContinuousScanner
    var hazards: HazardMonitor
    /// Explore's choice of picture, while it is choosing; keyed by frame index.
    var explore: ExploreCapture<Int>?
    var power: PowerState
    var vocabulary: ObjectVocabulary
    /// "Sorry, say that again." is said once until a command gets through.
    var apologised = false
    /// Starts as the configuration says; a microphone that fails takes it away.
    var voiceAvailable: Bool
    /// The newest frame seen, for "scan now".
    var latestFrame: Int?
    var pendingExamine: ExaminePurpose?
    /// "Scan now" came before the camera gave any picture: the first one is looked at.
    var scanWaitsForFrame = false
    /// A question came before the camera gave any picture: the first one answers it.
    var questionWaitsForFrame: AssistantQuestion?
    /// The product "what is this" last named, for "allergens".
    var lastProduct: Product?
    /// Light mode: when its tone last sounded, and the light source's side last said.
    var lightToneAt: Double?
    var lightSideSaid: LightReading.Side?
    /// Short text: the lines said, so each is said once while it stays in view.
    var shortText = ShortTextReader()
    /// Aiming at a code: its beats, the advice last said and when, and when bars were last seen.
    var codeRhythm = BeepRhythm()
    var codeAdvice: CodeAdvice?
    var codeAdviceAt: Double?
    var barsSeenAt: Double?
    var modeSince = 0.0
    var objectsFoundInMode = 0
    var pagesReadInMode = 0
    var lastTimestamp = 0.0
    /// The newest depth (`.depth`); distances are measured in it while it is under a second old.
    var depth: (map: DepthMap, at: Double)?
    /// The wall-clock date of timestamp 0, for the dates history records carry.
    var startedAt = Date(timeIntervalSince1970: 0)

    enum ExaminePurpose: Sendable, Hashable {
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
    var filter: DetectionFilter {
        DetectionFilter(minimumConfidence: settings.confidence, ignoredLabels: Set(settings.ignored))
    }

    func makeScanner() -> ContinuousScanner { ContinuousScanner(filter: filter, camera: camera) }

    func makeHazardMonitor() -> HazardMonitor {
        var hazardConfiguration = HazardMonitor.Configuration()
        hazardConfiguration.hazardLabels = Set(settings.hazards)
        return HazardMonitor(filter: filter, camera: camera, configuration: hazardConfiguration)
    }

    public var phrasebook: Phrasebook { Phrasebook(language: settings.language, distanceUnit: settings.distanceUnit) }
    var phrases: AssistantPhrases { phrasebook.assistant }

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
        guard !arbiter.isSpeaking, arbiter.waiting.isEmpty, pendingExamine == nil, explore == nil, teaching == nil,
              !endsWhenSaid else {
            return false
        }
        if mode == .reading { return reader.phase != .reading && !isCapturingPage }
        return true
    }

    var isCapturingPage = false
    /// A job whose work is done ends once its last words are said ("Mug learned from 5 views."), not before.
    public internal(set) var endsWhenSaid = false
    /// The pictures of the page taken so far while reading: a doubtful one is taken again (AssistantSession+Reading).
    var pageAttempts = PageCaptureAttempts<CapturedPage>()
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
            if let question = questionWaitsForFrame {
                questionWaitsForFrame = nil
                effects.append(.identify(question, frame: index))
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
            if mode == .readingShortText {
                lastTimestamp = timestamp
                readShortText(lines, at: timestamp, into: &effects)
                break
            }
            guard case .findingText = mode, let textSearch else { break }
            forwardToGuidance(.detections(textSearch.detections(in: lines), frame: frame, timestamp: timestamp,
                                          lookedAt: lookedAt), into: &effects)
        case .page(let units, let ifEmpty, let selection, let timestamp):
            pageCaptured(CapturedPage(units: units, ifEmpty: ifEmpty), selection: selection, at: timestamp, into: &effects)
        case .pageNotCaptured(let timestamp):
            pageNotCaptured(at: timestamp, into: &effects)
        case .speechFinished(let timestamp):
            speechFinished(at: timestamp, into: &effects)
        case .speechProgress(let offset, _):
            if let readerUtterance {
                perform(reader.handle(.speechProgress(utterance: readerUtterance, characterOffset: offset)),
                        at: lastTimestamp, into: &effects)
            }
        case .sourceEnded(let timestamp):
            lastTimestamp = timestamp
            teachingSourceEnded(at: timestamp, into: &effects)
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
            handleVolunteers(event, at: timestamp, into: &effects)
        case .ride(let event, let timestamp):
            lastTimestamp = timestamp
            handleRide(event, at: timestamp, into: &effects)
        case .taught(let event, let timestamp):
            lastTimestamp = timestamp
            handleTaught(event, at: timestamp, into: &effects)
        case .light(let reading, let timestamp):
            lastTimestamp = timestamp
            poll(at: timestamp, into: &effects)
            followLight(reading, at: timestamp, into: &effects)
        case .codeLook(let look, let timestamp):
            lastTimestamp = timestamp
            poll(at: timestamp, into: &effects)
            aim(look, at: timestamp, into: &effects)
        case .identified(let identification, let question, let timestamp):
            lastTimestamp = timestamp
            poll(at: timestamp, into: &effects)
            answer(question, with: identification, at: timestamp, into: &effects)
        }
        return effects
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
        case .idle, .exploring, .findingObject, .walking, .askingForHelp, .findingRide, .teaching, .followingLight:
            effects.append(.startEngine(.objectDetector))
        case .readingShortText:
            effects.append(.startEngine(.textFinder))
        case .findingText, .reading, .aimingAtCode:
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
        if mode == .readingShortText {
            effects.append(.stopEngine(.textFinder))
            shortText.reset()
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
    mutating func leaveModeClock(at timestamp: Double, into effects: inout [AssistantEffect]) {
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

    mutating func stop(at timestamp: Double, into effects: inout [AssistantEffect]) {
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
        questionWaitsForFrame = nil
        effects.append(.stopAll)
        arbiter.silence()
        mode = .idle
        isPaused = false
        effects.append(.modeChanged(.idle))
        say(phrases.stopped, at: timestamp, priority: .stateChange, requested: true, into: &effects)
    }

    mutating func pause(at timestamp: Double, into effects: inout [AssistantEffect]) {
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

    mutating func resume(at timestamp: Double, into effects: inout [AssistantEffect]) {
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

    mutating func repeatLast(at timestamp: Double, into effects: inout [AssistantEffect]) {
        guard var again = arbiter.lastSpoken else {
            say(phrases.nothingToRepeat, at: timestamp, priority: .stateChange, requested: true, into: &effects)
            return
        }
        again.priority = max(again.priority, .stateChange)
        again.isRequested = true
        again.sequence = nil
        offer(again, at: timestamp, into: &effects)
    }

    mutating func whereIsIt(at timestamp: Double, into effects: inout [AssistantEffect]) {
        if guidance != nil {
            forwardToGuidance(.key(.whereIsIt, timestamp: timestamp), into: &effects)
        } else if mode == .reading {
            perform(reader.handle(.key(.pauseResume)), at: timestamp, into: &effects)
        } else {
            say(phrases.notSearching, at: timestamp, priority: .stateChange, requested: true, into: &effects)
        }
    }
}
