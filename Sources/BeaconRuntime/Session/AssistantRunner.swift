import BeaconAudio
import BeaconCore
import BeaconHubProtocol
import BeaconMedia
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

    public private(set) var statistics = Statistics()
    /// Words handed to speech since the last cue was reported (`Report.cues`): shown with the next.
    private var spokenSinceLastCue: [String] = []
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

    public private(set) var session: AssistantSession
    let engines: AssistantEngines
    private let output: MixerOutput
    private let store: AssistantStore?
    /// Where what is said, JSON records and one-sentence errors go.
    public let transcript: any Transcript
    /// The wall-clock date of clock 0, for history records and usage days.
    private let startedAt: Date
    /// A store that failed once is reported once; the session goes on.
    private var storeFailed = false
    public let options: Options
    private let parser = CommandParser()
    var recentFrames: [Frame] = []
    private var activeEngines: Set<Engine> = []
    private var pageCapture: PageCapture?
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
    private var measuresDepthElsewhere: ((Frame) -> Void)?
    private var depthPacer = DepthPacer()
    private var searchDetect: DetectorWorker.Detect?
    private var motion = CameraMotionMeter()
    /// The last depth failure said, so a run of bad depth frames is said once.
    private var depthFailure: String?
    private var quit = false
    /// The sentence of a page being said: its number, text, start and word starts, to tell which word is playing.
    private var readingNow: (id: Int, text: String, start: Double, wordStarts: [Double])?
    /// When a scripted `wait` ends.
    private var waitUntil = 0.0
    /// How fast frames and detection may run now, after battery saver and heat (the live loop applies it).
    public private(set) var paceLimits = PaceLimits.unlimited

    /// Sees every effect as it is carried out (a phone's connection turns them into messages).
    public var onEffect: ((AssistantEffect) -> Void)?

    /// IMU samples (`--imu`) and the sender of emergency messages (AssistantRunner+Falls.swift).
    public var imu: IMUFeed?
    public var webhook: WebhookSender?
    /// The person's helpers' hub, for "ask for help finding …"; nil: such a request is answered "no hub joined".
    public var helpers: HelpersLink?
    /// Which way the camera points now, when a phone reports it: sent with each photo to helpers.
    public var cameraOrientation: (() -> DeviceOrientation?)?
    /// Small grey copies of the frames sent as photos to helpers, by frame: a mark on one is looked for again in
    /// later frames from its patch (`MarkedSpotMatcher`).
    var photoThumbnails: [Int: MotionThumbnail] = [:]
    var markMatcher: MarkedSpotMatcher?
    /// While teaching: the session clock at which the next view is taken (AssistantRunner+Taught.swift).
    var nextTeachingView: Double?

    /// Seconds from the start of the run to "Beacon ready.", for `beacon bench startup`.
    public private(set) var readyAfter: Double?

    /// How the last command went, for `beacon bench explore`: the camera's time until the frame it examined, the
    /// work from the command until the whole report was composed (every sentence handed to the speech arbiter, the
    /// first one synthesised and playing), and how long the report takes to say.
    public struct CommandTiming {
        public var cameraSeconds: Double
        public var workSeconds: Double
        public var reportSpeechSeconds: Double
    }

    private var commandStarted: (wall: Double, clock: Double)?
    private var examinedAt: Double?
    private var lastReportWall: Double?
    private var reportSpeech = 0.0
    /// What was said in answer to the last examined frame.
    public private(set) var reportSaid: [String] = []

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

    // MARK: - Scripted

    /// Runs a script of commands (one a line; `wait SECONDS` lets time pass) against a source, on the source's own
    /// clock. Ends at `quit`, or when the script has ended and the session has settled.
    public func runScripted(source: FrameSource, script: @escaping () -> String?, settingsUnreadable: Bool = false) throws {
        let held = HeldFrameSource(source, interval: options.frameInterval)
        var clock = 0.0
        var scriptEnded = false
        output.begin()
        try start(settingsUnreadable: settingsUnreadable)
        readyAfter = readyAfter ?? 0
        while !quit {
            if session.isSettled, clock >= waitUntil, !scriptEnded {
                if let line = script() {
                    try take(line, at: clock)
                    continue
                }
                scriptEnded = true
            }
            if scriptEnded, session.isSettled, clock >= waitUntil { break }
            guard clock < options.maximumSeconds else { throw ScriptNeverSettled(seconds: options.maximumSeconds) }
            if let frame = try held.nextFrame() {
                clock = max(clock, frame.timestamp)
                try feedFalls(at: clock, inStep: true)
                try feedHelpers(at: clock)
                try settle(at: clock)
                try process(frame, at: clock, inLine: true)
            } else {
                clock += 0.05
                try feedFalls(at: clock, inStep: true)
                try feedHelpers(at: clock)
                try settle(at: clock)
                try dispatch(.tick(timestamp: clock), at: clock)
            }
        }
        try output.advance(to: clock + 1)
        try output.finish()
        finishEmergencyMessages()
        helpers?.stop()
    }

    /// Runs a job session (`AssistantJob`) to its end: `live`, on the wall clock with single keys from `keyboard`
    /// (`AssistantLiveLoop`), else on the source's own clock (`runJob(source:)`). What was said is kept (the output
    /// is finished) even when the run fails part way, as with a damaged video.
    public func runToEnd(source: FrameSource?, live: Bool, power: any PowerSensor, keyboard: Int32) throws {
        var failure: Error?
        do {
            if live {
                try AssistantLiveLoop(runner: self, source: source, engines: engines, power: power,
                                      commands: .keys(descriptor: keyboard)).run(settingsUnreadable: false)
            } else {
                try runJob(source: source)
            }
        } catch {
            failure = error
        }
        try output.finish()
        if let failure { throw failure }
    }

    /// A job session (`AssistantJob`) on the source's own clock: every frame worked on in line, until the source
    /// ends, `maximumFrames` have been seen or the job ends; without a source (a page to read), time passes in
    /// small steps until the job ends. Repeatable, for recordings and tests.
    public func runJob(source: FrameSource?) throws {
        let started = Monotonic.seconds()
        var clock = 0.0
        output.begin()
        try dispatch(startEvent(settingsUnreadable: false), at: 0)
        while !quit {
            if let source {
                guard let frame = try source.nextFrame() else { break }
                let arrival = Monotonic.seconds()
                clock = frame.timestamp
                try settle(at: clock)
                try process(frame, at: clock, inLine: true)
                if countFrame(latency: \.detectedLatencies, arrivedAt: arrival) { break }
            } else {
                clock += 0.02
                guard clock < options.maximumSeconds else { throw ScriptNeverSettled(seconds: options.maximumSeconds) }
                try settle(at: clock)
                try dispatch(.tick(timestamp: clock), at: clock)
            }
        }
        // Let the last words, beats and the reader's end earcon finish.
        try output.advance(to: clock + (source == nil ? 1 : 2))
        endStatistics(startedAt: started)
    }

    /// A scripted line: `wait 2.5`, or a command.
    private func take(_ line: String, at clock: Double) throws {
        let words = line.split(separator: " ")
        if words.first?.lowercased() == "wait", words.count == 2, let seconds = Double(words[1]), seconds >= 0 {
            waitUntil = clock + seconds
            return
        }
        try command(line, at: clock)
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
        case .reading:
            return nil
        default:
            guard activeEngines.contains(.objectDetector) else { return nil }
            return { frame, _ in try engines.objectDetector().detect(frame) }
        }
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

    private func take(_ input: ParsedInput, echo: String, at clock: Double) throws {
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

    private func detect(_ frame: Frame) throws -> [Detection] {
        if let searchDetect { return try searchDetect(frame, !session.isGuiding) }
        return try engines.objectDetector().detect(frame)
    }

    /// Depth for the frame, in line.
    private func measureDepth(of frame: Frame, at clock: Double) throws {
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

    private static func depth(of frame: Frame, engines: AssistantEngines) -> Result<DepthMap?, any Error> {
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
    private func measureMotion(of frame: Frame, at clock: Double) throws {
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
    private func capturePage(from frame: Frame, at clock: Double) throws {
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
            let page = try read()
            try dispatch(.page(page.units, ifEmpty: page.ifEmpty, timestamp: clock), at: clock)
        }
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

    private func perform(_ effects: [AssistantEffect], at clock: Double) throws {
        for effect in effects {
            if options.printJSON, case .effects = options.report {
                try transcript.json(EffectRecord(effect, at: clock, defaultVoice: options.voice))
            }
            onEffect?(effect)
            switch effect {
            case .speak(let utterance):
                if readyAfter == nil { readyAfter = clock }
                statistics.spokenWords += utterance.text.split(separator: " ").count
                if case .effects = options.report, options.printSpeech && !options.printJSON {
                    transcript.line(utterance.text)
                }
                spokenSinceLastCue.append(utterance.text)
                let wordStarts = try output.say(utterance.text, voice: utterance.voice(default: options.voice),
                                                rate: utterance.rate, at: clock)
                readingNow = utterance.sequence.map { ($0, utterance.text, clock, wordStarts) }
                if examinedAt != nil {
                    reportSpeech += output.lastSpeechDuration
                    reportSaid.append(utterance.text)
                }
            case .interruptSpeech:
                output.interruptSpeech()
            case .stopAll:
                output.stopAll()
            case .earcon(let earcon, let time):
                output.play(earcon, at: time)
            case .setPace(let limits):
                paceLimits = limits
            case .cue(var snapshot):
                statistics.cues += 1
                if !spokenSinceLastCue.isEmpty { snapshot.spoken = spokenSinceLastCue.joined(separator: " ") }
                spokenSinceLastCue.removeAll()
                if case .cues(let label) = options.report {
                    if options.printJSON { try transcript.json(snapshot) } else { transcript.line(Self.describe(snapshot, label: label)) }
                }
            case .haptic, .modeChanged, .yourThings:
                break // no vibration motor or screen of things here; JSON shows them
            case .startEngine(let engine):
                try start(engine, at: clock)
            case .stopEngine(let engine):
                activeEngines.remove(engine)
                if engine == .pageReader { pageCapture = nil }
                // A search's detector ends with its search; the next search's starts with its own.
                if engine != .pageReader { searchDetect = nil }
            case .examine(let frameIndex):
                examinedAt = clock
                try examine(frameIndex, at: clock)
            case .setVolume(let volume):
                output.setVolume(volume)
            case .persistSetting:
                keep { try store?.save(session.settings) }
            case .resetSettings:
                keep { try store?.save(AssistantSettings()) }
            case .recordDetection(let record):
                keep { try store?.record(record) }
            case .recordUsage(let mode, let seconds, let objects, let pages):
                let usage = UsageStatistics(secondsByMode: [mode: seconds], objectsFound: objects, pagesRead: pages)
                keep { try store?.addUsage(usage, on: day(at: clock)) }
            case .show(let line):
                if !options.printJSON { transcript.note(line) }
            case .fetchUsage:
                try reportUsage(at: clock)
            case .quit:
                quit = true
            case .emergency(let emergency):
                webhook?.handle(emergency)
            case .helpers(let request):
                helpersEffect(request)
            case .checkCar(let track, let frameIndex, let box, let hiddenBy):
                try checkCar(track: track, frame: frameIndex, box: box, hiddenBy: hiddenBy, at: clock)
            case .taught(let request):
                try taughtEffect(request, at: clock)
            }
        }
    }

    /// A cue as a line: "  2.40 s  cup one o'clock (x 0.61, y 0.48), beat 0.31 s  says "Cup, one o'clock."".
    public static func describe(_ cue: CueSnapshot, label: String) -> String {
        var text = String(format: "%6.2f s  ", cue.timestamp)
        switch cue.phase {
        case .guiding:
            text += "\(label) \(cue.direction ?? "")"
            if let x = cue.x, let y = cue.y { text += String(format: " (x %.2f, y %.2f)", x, y) }
            if let interval = cue.interval { text += String(format: ", beat %.2f s", interval) }
        case .searching: text += "searching for \(label)"
        case .paused: text += "paused"
        case .idle: text += "stopped"
        }
        if let spoken = cue.spoken { text += "  says \"\(spoken)\"" }
        return text
    }

    private func start(_ engine: Engine, at clock: Double) throws {
        activeEngines.insert(engine)
        do {
            switch engine {
            case .objectDetector:
                if case .findingObject(let target) = session.mode {
                    searchDetect = try engines.searchDetector(for: target)
                } else {
                    searchDetect = nil
                    _ = try engines.objectDetector()
                }
            case .textFinder:
                activeEngines.remove(.objectDetector)
                searchDetect = nil
                _ = try engines.text()
            case .pageReader:
                _ = try engines.text()
                pageCapture = PageCapture(takesFirstFrame: options.stillPicture)
            }
        } catch let error as UserFacingError {
            activeEngines.remove(engine)
            transcript.note("beacon: \(error.sentence)")
            try dispatch(.engineFailed(engine, sentence: error.sentence, timestamp: clock), at: clock)
        }
    }

    private func examine(_ frameIndex: Int, at clock: Double) throws {
        guard let frame = recentFrames.last(where: { $0.index == frameIndex }) ?? recentFrames.last else { return }
        let detections = try engines.namingDetect(frame)
        try dispatch(.detections(detections, frame: frameIndex, timestamp: clock, examined: true), at: clock)
        // The whole report is composed now: every sentence is with the speech arbiter, the first one speaking.
        if lastReportWall == nil { lastReportWall = Monotonic.seconds() }
    }

    /// Usage totals come from the store, which knows the days; the session words them.
    private func reportUsage(at clock: Double) throws {
        var summary = UsageSummary(today: .zero, all: .zero)
        keep { summary = try store?.usage(today: day(at: clock)) ?? summary }
        try dispatch(.usage(summary, timestamp: clock), at: clock)
    }

    private func day(at clock: Double) -> UsageDay { UsageDay(startedAt.addingTimeInterval(clock), timeZone: .current) }

    /// Writes to the store; a failure is said once on the terminal and the session goes on (what was kept stays kept).
    private func keep(_ write: () throws -> Void) {
        do {
            try write()
        } catch {
            guard !storeFailed else { return }
            storeFailed = true
            let sentence = (error as? UserFacingError)?.sentence ?? "\(error)"
            transcript.note("beacon: \(sentence) Settings and history are not being saved.")
        }
    }
}

public struct ScriptNeverSettled: UserFacingError {
    public let seconds: Double
    public var sentence: String { "The script did not finish within \(Int(seconds)) seconds of session time; end it with quit." }
}
