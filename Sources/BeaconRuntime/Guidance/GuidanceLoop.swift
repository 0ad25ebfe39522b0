import BeaconAudio
import BeaconCore
import BeaconMedia
import BeaconVision
import Foundation

/// The live guidance loop: frames in at the source's rate, the detector on the newest frame when it is free,
/// the guidance session on every frame, effects out to speech, earcons and JSON lines.
///
/// Live (a camera, or a file played in real time) the guidance clock is the wall clock since the start, and the
/// detector runs on its own thread, so cues follow the frame rate while detection runs as fast as the CPU allows.
/// Offline (a file as fast as possible, for recordings and tests) the clock is the video's own time and every
/// frame is detected, so the output is repeatable.
///
/// Live, a power watch (when given) paces the loop: on battery saver or when the machine runs hot, the frame pump
/// hands on fewer frames and the detector rests between runs, and each change is said once. Offline ignores it:
/// a recording is repeatable only when nothing outside the video decides what is detected.
public final class GuidanceLoop {
    public struct Options {
        public var live: Bool
        public var printJSON: Bool
        public var maxFrames: Int?
        /// Print nothing (benchmarks).
        public var quiet = false

        public init(live: Bool, printJSON: Bool, maxFrames: Int?, quiet: Bool = false) {
            self.live = live
            self.printJSON = printJSON
            self.maxFrames = maxFrames
            self.quiet = quiet
        }
    }

    /// Measurements for `beacon bench pipeline`.
    public struct Statistics {
        public var frames = 0
        /// Cue updates: one per frame, and live one more per finished detection.
        public var cues = 0
        public var detections = 0
        public var duration = 0.0
        /// Seconds from a frame's arrival to its cue, carried by the tracker (live).
        public var trackedLatencies: [Double] = []
        /// Seconds from a frame's arrival to the cue made from its detections (live: the detector ran beside;
        /// offline: it ran in line).
        public var detectedLatencies: [Double] = []
        public var detectionTimes: [Double] = []
        /// Seconds per frame spent measuring the camera's motion, and frames where it could not be measured.
        public var motionTimes: [Double] = []
        public var unmeasuredMotion = 0
        public var spokenWords = 0
        /// Frames the pump left out to keep to the pace limits (live).
        public var skippedFrames = 0
        /// Power changes in the order they came, and the pace limits in force at the end.
        public var powerChanges: [PowerChange] = []
        public var paceLimits = PaceLimits.unlimited

        public init() {}
    }

    private var session: GuidanceSession
    /// Words handed to speech since the last printed cue (found after a queue, repeats, keys): shown with the next.
    private var spokenSinceLastCue: [String] = []
    private let target: SearchTarget
    private let output: GuidanceOutput
    private let keys: TerminalKeys?
    private let options: Options
    private let describe: (CueSnapshot) -> String
    /// The camera's motion since the last frame handed to the session.
    private var motion = CameraMotionMeter()
    private var power: PowerWatch?
    private let powerPhrases = PowerPhrases()
    private let transcript: any Transcript

    public init(target: SearchTarget, configuration: GuidanceConfiguration, output: GuidanceOutput, keys: TerminalKeys?,
         options: Options, power: PowerWatch? = nil, transcript: any Transcript,
         describe: @escaping (CueSnapshot) -> String) {
        self.transcript = transcript
        self.power = power
        self.session = GuidanceSession(configuration: configuration)
        self.target = target
        self.output = output
        self.keys = keys
        self.options = options
        self.describe = describe
    }

    public func run(source: FrameSource, detect: @escaping DetectorWorker.Detect) throws -> Statistics {
        options.live ? try runLive(source: source, detect: detect) : try runOffline(source: source, detect: detect)
    }

    /// Every frame detected, on the video's own clock: repeatable, for recordings and tests.
    private func runOffline(source: FrameSource, detect: @escaping DetectorWorker.Detect) throws -> Statistics {
        let worker = DetectorWorker(detect: detect)
        defer { worker.stop() }
        var statistics = Statistics()
        let start = Monotonic.seconds()
        output.begin()
        var clock = 0.0
        try perform(session.handle(.start(target, timestamp: 0)), at: 0, statistics: &statistics)
        while let frame = try source.nextFrame() {
            let arrival = Monotonic.seconds()
            clock = frame.timestamp
            try output.advance(to: clock)
            if try handleHousekeeping(at: clock, statistics: &statistics) { break }
            try measureMotion(of: frame, at: clock, statistics: &statistics)
            worker.offer(frame, at: arrival, lookCloser: !session.lock.isGuiding)
            let results = try worker.drain()
            statistics.detections += results.count
            statistics.detectionTimes += results.map(\.detectionSeconds)
            let event: GuidanceEvent = results.last.map {
                .detections($0.detections, frame: frame.index, timestamp: clock, lookedAt: $0.frame.index)
            } ?? .frame(index: frame.index, timestamp: clock)
            let stop = try perform(session.handle(event), at: clock, statistics: &statistics)
            statistics.detectedLatencies.append(Monotonic.seconds() - arrival)
            statistics.frames += 1
            statistics.cues += 1
            if stop { break }
            if let maxFrames = options.maxFrames, statistics.frames >= maxFrames { break }
        }
        try output.advance(to: clock + 2) // let the last words and beats finish
        return finish(statistics, start: start)
    }

    /// On the wall clock: frames arrive at the source's rate, the detector runs beside them on the newest one,
    /// and each frame and each finished detection updates the cues the moment it arrives.
    private func runLive(source: FrameSource, detect: @escaping DetectorWorker.Detect) throws -> Statistics {
        let inbox = LiveInbox()
        let worker = DetectorWorker(detect: detect) { result in
            switch result {
            case .success(let detections): inbox.post(.detections(detections))
            case .failure(let error): inbox.post(.failed(error))
            }
        }
        defer {
            inbox.close()
            worker.stop()
        }
        var statistics = Statistics()
        let start = Monotonic.seconds()
        output.begin()
        try perform(session.handle(.start(target, timestamp: 0)), at: 0, statistics: &statistics)
        try checkPower(at: 0, worker: worker, inbox: inbox, statistics: &statistics) // paced from the first frame
        inbox.pump(source)
        var frameIndex = 0
        while true {
            let item = inbox.next(timeout: 0.05)
            let now = Monotonic.seconds()
            let clock = now - start
            try output.advance(to: clock)
            if try handleHousekeeping(at: clock, statistics: &statistics) { break }
            try checkPower(at: clock, worker: worker, inbox: inbox, statistics: &statistics)
            let event: GuidanceEvent
            switch item {
            case nil, .line?, .command?, .voice?, .page?, .depth?, .hangUp?:
                continue
            case .ended?:
                statistics.skippedFrames = inbox.skippedFrames
                return finish(statistics, start: start)
            case .failed(let error)?:
                throw error
            case .frame(let frame, let arrival)?:
                frameIndex = frame.index
                worker.offer(frame, at: arrival, lookCloser: !session.lock.isGuiding)
                try measureMotion(of: frame, at: clock, statistics: &statistics)
                event = .frame(index: frame.index, timestamp: clock)
                statistics.frames += 1
                statistics.trackedLatencies.append(Monotonic.seconds() - arrival)
            case .detections(let result)?:
                // Detections are for a frame at most one detector run old; they count for the frame now in hand,
                // moved by the camera's motion since the frame they were found in.
                event = .detections(result.detections, frame: frameIndex, timestamp: clock, lookedAt: result.frame.index)
                statistics.detections += 1
                statistics.detectionTimes.append(result.detectionSeconds)
            }
            let stop = try perform(session.handle(event), at: clock, statistics: &statistics)
            statistics.cues += 1
            if case .detections(let result)? = item { statistics.detectedLatencies.append(Monotonic.seconds() - result.offeredAt) }
            if stop { break }
            if let maxFrames = options.maxFrames, statistics.frames >= maxFrames { break }
        }
        statistics.skippedFrames = inbox.skippedFrames
        return finish(statistics, start: start)
    }

    /// Reads the power sensor when a reading is due: the detector and the frame pump take the pace limits, and each
    /// change worth words is said once, through the session's arbiter like everything else.
    private func checkPower(at clock: Double, worker: DetectorWorker, inbox: LiveInbox,
                            statistics: inout Statistics) throws {
        guard var watch = power, let changes = watch.poll(at: clock) else { return }
        power = watch
        let limits = watch.state.limits
        worker.limit(to: limits)
        inbox.limitFrameRate(to: limits.frameRateFactor)
        statistics.paceLimits = limits
        statistics.powerChanges += changes
        for change in changes {
            guard let text = powerPhrases.sentence(for: change) else { continue }
            let utterance = Utterance(text: text, priority: .stateChange, category: "power")
            try perform(session.handle(.announce(utterance, timestamp: clock)), at: clock, statistics: &statistics)
        }
    }

    /// Tells the session how far the camera turned since the previous frame, measured from the two pictures, so
    /// tracked boxes move with the picture during a turn. Nothing is said when it cannot be measured.
    private func measureMotion(of frame: Frame, at clock: Double, statistics: inout Statistics) throws {
        let started = Monotonic.seconds()
        let reading = motion.measure(frame)
        switch reading {
        case .firstFrame:
            return
        case .unmeasured:
            statistics.motionTimes.append(Monotonic.seconds() - started)
            statistics.unmeasuredMotion += 1
        case .measured(let moved):
            statistics.motionTimes.append(Monotonic.seconds() - started)
            try perform(session.handle(.cameraMoved(moved, frame: frame.index, timestamp: clock)), at: clock,
                        statistics: &statistics)
        }
    }

    /// Speech that finished and keys pressed since the last event; true when the user stopped everything.
    private func handleHousekeeping(at clock: Double, statistics: inout Statistics) throws -> Bool {
        if let finished = output.speechFinished(by: clock) {
            try perform(session.handle(.speechFinished(timestamp: finished)), at: clock, statistics: &statistics)
        }
        for key in keys?.take() ?? [] {
            guard let guidanceKey = Self.guidanceKey(key) else { continue }
            if try perform(session.handle(.key(guidanceKey, timestamp: clock)), at: clock, statistics: &statistics) {
                return true
            }
        }
        return false
    }

    private func finish(_ statistics: Statistics, start: Double) -> Statistics {
        var statistics = statistics
        statistics.duration = Monotonic.seconds() - start
        return statistics
    }

    /// Carries out effects; returns true when the user stopped everything.
    @discardableResult
    private func perform(_ effects: [GuidanceEffect], at clock: Double, statistics: inout Statistics) throws -> Bool {
        var stopped = false
        for effect in effects {
            switch effect {
            case .earcon(let earcon, let time):
                output.play(earcon, at: time)
            case .haptic:
                break // no vibration motor on this machine; phones get patterns through the server later
            case .speak(let utterance):
                statistics.spokenWords += utterance.text.split(separator: " ").count
                spokenSinceLastCue.append(utterance.text)
                try output.say(utterance, at: clock)
            case .interruptSpeech:
                output.interruptSpeech()
            case .stopAll:
                output.stopAll()
                stopped = true
                if !options.quiet { transcript.note(String(format: "Stopped at %.2f s.", clock)) }
            case .cue(var snapshot):
                if !spokenSinceLastCue.isEmpty { snapshot.spoken = spokenSinceLastCue.joined(separator: " ") }
                spokenSinceLastCue.removeAll()
                if options.quiet { break }
                if options.printJSON { try transcript.json(snapshot) } else { transcript.line(describe(snapshot)) }
            }
        }
        return stopped
    }

    public static func guidanceKey(_ key: TerminalKeys.Key) -> GuidanceKey? {
        switch key {
        case .space: .whereIsIt
        case .repeatLast: .repeatLast
        case .pauseResume: .pauseResume
        case .stop: .stop
        case .speed, .next, .previous: nil
        }
    }
}
