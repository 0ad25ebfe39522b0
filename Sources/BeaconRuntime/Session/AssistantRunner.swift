import BeaconAudio
import BeaconCore
import BeaconHubProtocol
import BeaconMedia
import BeaconStore
import BeaconVision
import Foundation

/// Runs one assistant session: frames from the camera (or a file), commands from typed lines, keys and voice, and
/// the session's effects out to the mixer, the engines, the store and JSON lines.
///
/// Scripted (a file as fast as possible, commands from a pipe) the clock is the pictures' and the sound's own time:
/// each command is taken when the session has settled (said what it had to say, finished its job), every frame is
/// worked on in line, and a run repeats exactly. Live (a camera, `--realtime`, or a terminal) the clock is the wall
/// clock, and the engines (the detector or text finder, the depth source, the page reader) run beside the frames on
/// threads of their own. Either way a `DepthPacer` chooses the frames that get depth at all.
public final class AssistantRunner {
    public struct Options {
        public var printJSON: Bool
        /// Commands from a terminal print what is said as plain lines.
        public var printSpeech: Bool
        public var voice = "en"
        /// The source is one photo: a page is read from it as it is.
        public var stillPicture = false
        /// Seconds between frames when a photo (or a video's last picture) is held as a still camera.
        public var frameInterval = 0.1
        /// Give up a scripted run after this much session time (a script that never settles).
        public var maximumSeconds = 600.0
        /// What the transcript is given.
        public var report = Report.effects
        /// A job run (`find`, `find-text`) stops after this many frames.
        public var maximumFrames: Int?
        /// Keep every frame's and detection's timings in `statistics` (benchmarks). Off, only counts are kept: a
        /// session that runs for days would otherwise grow a list a frame.
        public var recordsTimings = false

        public init(printJSON: Bool, printSpeech: Bool, voice: String = "en", stillPicture: Bool = false,
                    frameInterval: Double = 0.1, maximumSeconds: Double = 600, report: Report = .effects,
                    maximumFrames: Int? = nil, recordsTimings: Bool = false) {
            self.printJSON = printJSON
            self.printSpeech = printSpeech
            self.voice = voice
            self.stillPicture = stillPicture
            self.frameInterval = frameInterval
            self.maximumSeconds = maximumSeconds
            self.report = report
            self.maximumFrames = maximumFrames
            self.recordsTimings = recordsTimings
        }
    }

    /// What the transcript is given.
    public enum Report: Sendable {
        /// Every effect as a JSON record (`printJSON`), or what is said as lines (`printSpeech`): the assistant, read.
        case effects
        /// Each guidance cue, a JSON record or a line naming `label`, with what was said since the cue before:
        /// `find` and `find-text`.
        case cues(label: String)
        /// Nothing (benchmarks).
        case nothing
    }

    /// What the run did, for `beacon bench pipeline` and the pacing tests.
    public struct Statistics: Sendable {
        public var frames = 0
        /// Cues the session gave: in a job run one per frame, and live one more per finished detection.
        public var cues = 0
        public var detections = 0
        public var duration = 0.0
        /// Seconds from a frame's arrival to its cue, carried by the tracker (live).
        public var trackedLatencies: [Double] = []
        /// Seconds from a frame's arrival to the cue made from its detections (live: the detector ran beside;
        /// scripted: it ran in line).
        public var detectedLatencies: [Double] = []
        public var detectionTimes: [Double] = []
        /// Seconds per frame spent measuring the camera's motion, and frames where it could not be measured.
        public var motionTimes: [Double] = []
        public var unmeasuredMotion = 0
        public var spokenWords = 0
        /// Frames the live pump left out to keep to the pace limits.
        public var skippedFrames = 0
        /// Power changes in the order they came, and the pace limits in force at the end.
        public var powerChanges: [PowerChange] = []
        public var paceLimits = PaceLimits.unlimited

        public init() {}
    }

    public internal(set) var statistics = Statistics()
    /// Words handed to speech since the last cue was reported (`Report.cues`): shown with the next.
    var spokenSinceLastCue: [String] = []
    /// A session started for one job (`AssistantJob`).
    public var isJob: Bool { session.configuration.job != nil }

    /// Adds a timing to `statistics` when the run keeps them (`recordsTimings`).
    func recordTiming(_ timings: WritableKeyPath<Statistics, [Double]>, _ seconds: Double) {
        if options.recordsTimings { statistics[keyPath: timings].append(seconds) }
    }

    /// Counts a frame the session saw, with its time from arrival to cue under `latency`; true once a job run has
    /// seen its `maximumFrames`.
    func countFrame(latency: WritableKeyPath<Statistics, [Double]>, arrivedAt arrival: Double) -> Bool {
        statistics.frames += 1
        recordTiming(latency, Monotonic.seconds() - arrival)
        return options.maximumFrames.map { statistics.frames >= $0 } ?? false
    }

    /// Closes the statistics at the end of a run.
    func endStatistics(startedAt start: Double, skippedFrames: Int = 0) {
        statistics.duration = Monotonic.seconds() - start
        statistics.skippedFrames = skippedFrames
        statistics.powerChanges = session.powerChanges
        statistics.paceLimits = paceLimits
    }

    public internal(set) var session: AssistantSession
    let engines: AssistantEngines
    let output: MixerOutput
    let store: AssistantStore?
    /// Where what is said, JSON records and one-sentence errors go.
    public let transcript: any Transcript
    /// The wall-clock date of clock 0, for history records and usage days.
    let startedAt: Date
    /// A store that failed once is reported once; the session goes on.
    var storeFailed = false
    public let options: Options
    let parser = CommandParser()
    var recentFrames: [Frame] = []
    /// While aiming at a code: the frames' reads so far, and the person's product list (opened once).
    var codeSearch: (vote: BarcodeVote, products: ProductStore?)?
    /// Whether the newest picture of a ride search was dark (the session was told when it changed).
    var pictureIsDark = false
    var activeEngines: Set<Engine> = []
    var pageCapture: PageCapture?
    /// Live runs read the chosen page on a thread of their own (OCR takes up to a second, and keys, hazards and
    /// stop must not wait for it): they are handed the reading to run, and bring its page back as a `.page` event.
    /// Scripted runs read in line.
    public var readsPageElsewhere: ((@escaping @Sendable () throws -> PageText) -> Void)?
    /// Live runs check a car's plate on a thread of their own (OCR takes up to a second, and guidance must not wait
    /// for it): they are handed the check to run, and bring its result back as a `.ride` event. Scripted runs check
    /// in line.
    public var checksCarElsewhere: ((@escaping @Sendable () throws -> RideEvent) -> Void)?
    /// Live runs take a view of a thing being taught (a detection and an embedding, about 0.1 s every 0.6 s) on a
    /// thread of their own, so frames and keys do not wait; it comes back as a `.teachingView` item. Scripted runs
    /// take it in line.
    public var takesTeachingViewElsewhere: ((@escaping @Sendable () throws -> TeachingView) -> Void)?
    /// Live runs compute depth on a thread of their own (`computeDepthElsewhere`); scripted runs in line.
    var measuresDepthElsewhere: ((Frame) -> Void)?
    var depthPacer = DepthPacer()
    var searchDetect: DetectorWorker.Detect?
    var motion = CameraMotionMeter()
    /// The last depth failure said, so a run of bad depth frames is said once.
    var depthFailure: String?
    var quit = false
    /// The sentence of a page being said: its number, text, start and word starts, to tell which word is playing.
    var readingNow: (id: Int, text: String, start: Double, wordStarts: [Double])?
    /// When a scripted `wait` ends.
    var waitUntil = 0.0
    /// How fast frames and detection may run now, after battery saver and heat (the live loop applies it).
    public internal(set) var paceLimits = PaceLimits.unlimited

    /// Sees every effect as it is carried out (a phone's connection turns them into messages).
    public var onEffect: ((AssistantEffect) -> Void)?

    /// IMU samples (`--imu`) and the sender of emergency messages (AssistantRunner+Falls.swift).
    public var imu: IMUFeed?
    public var webhook: WebhookSender?
    /// The person's volunteers' hub, for "ask for help finding …"; nil: such a request is answered "no hub joined".
    public var helpers: VolunteersLink?
    /// Which way the camera points now, when a phone reports it: sent with each photo to helpers.
    public var cameraOrientation: (() -> DeviceOrientation?)?
    /// Small grey copies of the frames sent as photos to helpers, by frame: a mark on one is looked for again in
    /// later frames from its patch (`MarkedSpotMatcher`).
    var photoThumbnails: [Int: MotionThumbnail] = [:]
    var markMatcher: MarkedSpotMatcher?
    /// While teaching: the session clock at which the next view is taken (AssistantRunner+Taught.swift).
    var nextTeachingView: Double?

    /// Seconds from the start of the run to "Beacon ready.", for `beacon bench startup`.
    public internal(set) var readyAfter: Double?

    /// How the last command went, for `beacon bench explore`: the camera's time until the frame it examined, the
    /// work from the command until the whole report was composed (every sentence handed to the speech arbiter, the
    /// first one synthesised and playing), and how long the report takes to say.
    public struct CommandTiming {
        public var cameraSeconds: Double
        public var workSeconds: Double
        public var reportSpeechSeconds: Double
    }

    var commandStarted: (wall: Double, clock: Double)?
    var examinedAt: Double?
    var lastReportWall: Double?
    var reportSpeech = 0.0
    /// What was said in answer to the last examined frame.
    public internal(set) var reportSaid: [String] = []

    public var commandTiming: CommandTiming? {
        guard let commandStarted, let examinedAt, let lastReportWall else { return nil }
        return CommandTiming(cameraSeconds: examinedAt - commandStarted.clock, workSeconds: lastReportWall - commandStarted.wall,
                             reportSpeechSeconds: reportSpeech)
    }

    public init(session: AssistantSession, engines: AssistantEngines, output: MixerOutput, store: AssistantStore?,
         startedAt: Date = Date(), options: Options, transcript: any Transcript) {
        self.transcript = transcript
        self.session = session
        self.engines = engines
        self.output = output
        self.store = store
        self.startedAt = startedAt
        self.options = options
    }

    /// Starts the session: what the person taught, then the start with the history the store kept.
    public func start(settingsUnreadable: Bool) throws {
        if let taught = engines.taught { try dispatch(.taught(.learned(taught.summaries), timestamp: 0), at: 0) }
        try dispatch(startEvent(settingsUnreadable: settingsUnreadable), at: 0)
    }

    /// The event that starts the session: the history the store kept comes back with it.
    public func startEvent(settingsUnreadable: Bool) -> AssistantEvent {
        let recent = (try? store?.recentDetections(now: startedAt)) ?? RecentDetections()
        return .started(timestamp: 0, startedAt: startedAt, recent: recent, settingsUnreadable: settingsUnreadable)
    }

    // MARK: - Live

    public var hasQuit: Bool { quit }

    public func outputBegin() { output.begin() }

    public func finish(at clock: Double) throws {
        try output.advance(to: clock + 1)
        try output.finish()
        finishEmergencyMessages()
        helpers?.stop()
    }

    /// What the live engine thread should be doing now: a new value means a new worker.
    public var livePurpose: String {
        switch session.mode {
        case .findingObject(let target): "find \(target.label)"
        case .findingText(let text): "find text \(text)"
        case .reading: "read"
        case .readingShortText: activeEngines.contains(.textFinder) ? "short text" : "none"
        default: activeEngines.contains(.objectDetector) ? "detect" : "none"
        }
    }

    /// The function the live engine thread runs on each newest frame, or nil when no engine runs on every frame.
    /// Text found live is matched on that thread too (the same `TextSearch` the session uses for scripted runs).
    public func liveDetect() -> DetectorWorker.Detect? {
        let engines = self.engines
        switch session.mode {
        case .findingObject:
            return searchDetect
        case .findingText(let text):
            guard let query = TextQuery(text) else { return nil }
            let search = TextSearch(query: query)
            return { frame, _ in search.detections(in: try engines.text().recognize(frame)) }
        case .reading, .readingShortText:
            return nil
        case .findingRide:
            return Self.rideDetect(engines)
        default:
            guard activeEngines.contains(.objectDetector) else { return nil }
            return { frame, _ in try engines.objectDetector().detect(frame) }
        }
    }

    /// What the live text thread runs on each newest frame while short text runs; nil otherwise.
    public func liveReadText() -> (@Sendable (Frame) throws -> [TextLine])? {
        guard session.mode == .readingShortText, activeEngines.contains(.textFinder) else { return nil }
        let engines = self.engines
        return { frame in try engines.text().recognize(frame) }
    }

    // MARK: - Shared

    /// A typed line (or a recogniser's words) as a command.
    public func command(_ line: String, at clock: Double) throws {
        try take(parser.parse(line), echo: line, at: clock)
    }

    /// A command (or what was no command) as the recogniser heard it; `words` are echoed like a typed line.
    public func heard(_ input: ParsedInput, words: String, at clock: Double) throws {
        if options.printJSON { try transcript.json(EffectRecord(heard: words, at: clock)) }
        try take(input, echo: "(heard) \(words)", at: clock)
    }

    /// Speech addressed to Beacon that was no command.
    public func rejected(words: String, at clock: Double) throws {
        if options.printJSON { try transcript.json(EffectRecord(heard: words, at: clock)) }
        if options.printSpeech { transcript.note("> (not a command) \(words)") }
        try dispatch(.speechRejected(timestamp: clock), at: clock)
    }

    func take(_ input: ParsedInput, echo: String, at clock: Double) throws {
        if options.printSpeech { transcript.note("> \(echo)") }
        commandStarted = (Monotonic.seconds(), clock)
        examinedAt = nil
        lastReportWall = nil
        reportSpeech = 0
        reportSaid = []
        switch input {
        case .command(let command): try dispatch(.command(command, timestamp: clock), at: clock)
        case let other: try dispatch(.unknownInput(other, timestamp: clock), at: clock)
        }
    }

    /// Speech that finished by `clock` goes back to the session.
    public func settle(at clock: Double) throws {
        try output.advance(to: clock)
        while let finished = output.speechFinished(by: clock) {
            try dispatch(.speechFinished(timestamp: finished), at: clock)
        }
    }

    public func process(_ frame: Frame, at clock: Double, inLine: Bool) throws {
        recentFrames.append(frame)
        if recentFrames.count > 6 { recentFrames.removeFirst() }
        try noteLight(of: frame, at: clock)
        // Light mode hears every picture's brightness (160 × 120 samples: nothing next to a detector).
        if session.mode == .followingLight { try dispatch(.light(LightReading(frame), timestamp: clock), at: clock) }
        if session.mode == .aimingAtCode { try lookForCode(in: frame, at: clock) } else { codeSearch = nil }
        try measureMotion(of: frame, at: clock)
        try followMark(in: frame, at: clock)
        var sharpness: SharpnessMap?
        if session.wantsSharpness {
            var meter = SharpnessMeter()
            sharpness = meter.measure(frame)
        }
        // A job run with its engine in line hands the session one update a frame, the detections, as find always
        // printed one cue a frame; the assistant's own sessions see the frame, then what was found in it.
        let detectsInLine = inLine && !activeEngines.isDisjoint(with: [.textFinder, .objectDetector])
        if !(isJob && detectsInLine) {
            try dispatch(.frame(index: frame.index, timestamp: clock, sharpness: sharpness), at: clock)
        }
        if engines.hasDepth, depthPacer.takes(at: clock, for: session) {
            if let measuresDepthElsewhere { measuresDepthElsewhere(frame) } else { try measureDepth(of: frame, at: clock) }
        }
        if pageCapture != nil { try capturePage(from: frame, at: clock) }
        try takeTeachingView(of: frame, at: clock)
        guard inLine else { return }
        let detectionStarted = Monotonic.seconds()
        if activeEngines.contains(.textFinder) {
            let lines = try engines.text().recognize(frame)
            statistics.detections += 1
            recordTiming(\.detectionTimes, Monotonic.seconds() - detectionStarted)
            try dispatch(.textLines(lines, frame: frame.index, timestamp: clock), at: clock)
        } else if activeEngines.contains(.objectDetector) {
            let detections = try detect(frame)
            statistics.detections += 1
            recordTiming(\.detectionTimes, Monotonic.seconds() - detectionStarted)
            try dispatch(.detections(detections, frame: frame.index, timestamp: clock), at: clock)
        }
    }

    /// Detections the live engine thread finished, for the frame now in hand.
    public func detected(_ result: DetectorWorker.Result, frameInHand: Int, at clock: Double) throws {
        statistics.detections += 1
        recordTiming(\.detectionTimes, result.detectionSeconds)
        try dispatch(.detections(result.detections, frame: frameInHand, timestamp: clock, lookedAt: result.frame.index),
                     at: clock)
        recordTiming(\.detectedLatencies, Monotonic.seconds() - result.offeredAt)
    }

    func detect(_ frame: Frame) throws -> [Detection] {
        if let searchDetect { return try searchDetect(frame, !session.isGuiding) }
        if case .findingRide = session.mode { return try Self.rideDetect(engines)(frame, false) }
        return try engines.objectDetector().detect(frame)
    }

    /// Depth for the frame, in line.
    func measureDepth(of frame: Frame, at clock: Double) throws {
        try depthMeasured(Self.depth(of: frame, engines: engines), frame: frame.index, at: clock)
    }

    /// Live: depth is computed from now on on a thread of its own, since a monocular model takes tens of
    /// milliseconds a frame and walk mode's cues, keys and hazards must not wait for it. The worker gets the frames
    /// the pacer chose (the newest wins while it is busy); each depth it finishes is handed to `post` (the live loop's
    /// inbox) and comes back through `depthMeasured`. Returns the worker, for the loop to pace and stop; nil when
    /// no depth source was chosen.
    public func computeDepthElsewhere(turns: InferenceTurns? = nil,
                               post: @escaping @Sendable (DepthWorker.Result) -> Void) -> DepthWorker? {
        guard engines.hasDepth else { return nil }
        let engines = self.engines
        let worker = DepthWorker(depth: { frame in Self.depth(of: frame, engines: engines) }, turns: turns) { result in
            // The work never throws: a failure comes back inside the result, to be said once.
            if case .success(let depth) = result { post(depth) }
        }
        measuresDepthElsewhere = { frame in worker.offer(frame, at: Monotonic.seconds()) }
        return worker
    }

    static func depth(of frame: Frame, engines: AssistantEngines) -> Result<DepthMap?, any Error> {
        Result { try engines.depthEstimator()?.depth(for: frame) }
    }

    /// A frame's depth (computed in line or on the depth thread) goes to the session. Bad depth (a missing frame, a
    /// file of the wrong size) is said once on the terminal and the session goes on without depth for that frame.
    public func depthMeasured(_ result: Result<DepthMap?, any Error>, frame: Int, at clock: Double) throws {
        do {
            guard let map = try result.get() else { return }
            depthFailure = nil
            try dispatch(.depth(map, frame: frame, timestamp: clock), at: clock)
        } catch let error as UserFacingError {
            guard depthFailure != error.sentence else { return }
            depthFailure = error.sentence
            transcript.note("beacon: \(error.sentence)")
        }
    }

    /// The camera's motion between frames: find and find-text move their tracked boxes with it, and walk mode asks
    /// for depth at half rate while the camera keeps still.
    func measureMotion(of frame: Frame, at clock: Double) throws {
        let usesMotion: Bool = switch session.mode {
        case .findingObject, .findingText, .walking, .askingForHelp, .findingRide: true
        default: false
        }
        guard usesMotion else {
            motion.reset()
            return
        }
        let started = Monotonic.seconds()
        switch motion.measure(frame) {
        case .firstFrame:
            return
        case .unmeasured:
            recordTiming(\.motionTimes, Monotonic.seconds() - started)
            statistics.unmeasuredMotion += 1
        case .measured(let moved):
            recordTiming(\.motionTimes, Monotonic.seconds() - started)
            try dispatch(.cameraMoved(moved, frame: frame.index, timestamp: clock), at: clock)
        }
    }

    /// Page capture for reading: the first steady, sharp frame (a held photo is taken as it is), then OCR.
    func capturePage(from frame: Frame, at clock: Double) throws {
        guard var capture = pageCapture else { return }
        let chosen = capture.consider(frame)
        pageCapture = capture
        switch chosen {
        case nil:
            return
        case .gaveUp?:
            pageCapture = nil
            try dispatch(.pageNotCaptured(timestamp: clock), at: clock)
        case .accepted(let picture)?:
            pageCapture = nil
            let read: @Sendable () throws -> PageText = { [engines] in
                PageText(reading: try engines.text().read(picture), frameWidth: picture.width,
                         frameHeight: picture.height, wholeFrame: false, mode: .sentences, language: .automatic)
            }
            if let readsPageElsewhere { return readsPageElsewhere(read) }
            try pageRead(try read(), at: clock)
        }
    }

    /// A page read from the picture captured: to the session, which takes another picture while it is in doubt. A
    /// still picture is the only one there is, so it is read whatever its verdict.
    public func pageRead(_ page: PageText, at clock: Double) throws {
        let selection = options.stillPicture ? nil : page.selection
        try dispatch(.page(page.units, ifEmpty: page.ifEmpty, selection: selection, timestamp: clock), at: clock)
    }

    /// Hands an event to the session and carries out its effects. A command while a page is read first tells the
    /// reader which word is playing, so pause goes on from that word.
    public func dispatch(_ event: AssistantEvent, at clock: Double) throws {
        if case .command = event, session.mode == .reading, let playing = readingNow {
            let offset = Self.characterOffset(of: playing, at: clock)
            try perform(session.handle(.speechProgress(characterOffset: offset, timestamp: clock)), at: clock)
        }
        try perform(session.handle(event), at: clock)
        // As a job stopped by a key is the moment a recording is checked against, it is on record.
        if isJob, quit, case .command(.stop, _) = event {
            transcript.note(String(format: "Stopped at %.2f s.", clock))
        }
    }

    /// The character offset of the word playing at `clock`: the k-th word event of espeak-ng is taken as the k-th
    /// word of the text (they agree for prose; a number espeak reads as several words moves the guess later, never
    /// past the text).
    static func characterOffset(of playing: (id: Int, text: String, start: Double, wordStarts: [Double]),
                                at clock: Double) -> Int {
        let elapsed = clock - playing.start
        let wordIndex = max(0, playing.wordStarts.filter { $0 <= elapsed }.count - 1)
        var offsets: [Int] = []
        var previousWasSpace = true
        for (offset, character) in playing.text.enumerated() {
            if !character.isWhitespace && previousWasSpace { offsets.append(offset) }
            previousWasSpace = character.isWhitespace
        }
        guard !offsets.isEmpty else { return 0 }
        return offsets[min(wordIndex, offsets.count - 1)]
    }

    /// What a single key does in a job run: guidance keys while finding, the reader's while reading.
    public func jobCommand(for key: TerminalKeys.Key) -> AssistantCommand? {
        let reading = session.mode == .reading
        switch key {
        case .space: return reading ? .pauseOrResume : .whereIsIt
        case .repeatLast: return reading ? nil : .repeatLast
        case .pauseResume: return .pauseOrResume
        case .stop: return .stop
        case .speed: return reading ? .toggleReadingSpeed : nil
        case .next: return reading ? .next : nil
        case .previous: return reading ? .back : nil
        }
    }
}

public struct ScriptNeverSettled: UserFacingError {
    public let seconds: Double
    public var sentence: String { "The script did not finish within \(Int(seconds)) seconds of session time; end it with quit." }
}
