import BeaconAudio
import BeaconCore
import BeaconMedia
import BeaconVision
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The assistant on the wall clock: frames arrive at the camera's (or a file's own) pace, the detector or the text
/// finder works on the newest frame on a thread of its own, the depth source on another (on the frames the runner's
/// `DepthPacer` chose), and keys, typed lines and voice come in as they happen.
public final class AssistantLiveLoop {
    private let runner: AssistantRunner
    /// Nil when no picture is needed (a page already captured, read as a job).
    private let source: FrameSource?
    private let engines: AssistantEngines
    private let power: any PowerSensor
    /// Builds the voice input once the inbox exists (its events go there); nil: no microphone.
    private let makeVoice: ((@escaping @Sendable (VoiceInput.Event) -> Void) -> VoiceInput)?
    private var voice: VoiceInput?
    /// Until the microphone ends, the end of piped lines does not end the session.
    private var voiceEnded = true
    /// The microphone was wanted but could not be opened.
    private let voiceFailed: Bool
    /// `--imu -`: stdin carries IMU samples, not commands.
    private let imuOnStdin: Bool
    /// Talk-key presses whose "listening" event has not come back yet.
    private var keyPushes = 0
    private let inbox: LiveInbox
    private let commands: Commands
    /// Shared by every session on this machine: detection and page reading take turns (see `InferenceTurns`).
    private let turns: InferenceTurns?
    /// Battery and heat change over minutes: a reading every 2 s is prompt enough and costs next to nothing.
    private var nextPowerReading = 0.0
    private var worker: DetectorWorker?
    /// The text reader on its own thread while short text runs (in place of the detector's worker).
    private var textWorker: TextWorker?
    /// Depth on its own thread, when a depth source was chosen; it lives as long as the loop.
    private var depthWorker: DepthWorker?
    /// What the running worker serves, so a new search gets a new one.
    private var workerPurpose: String?
    private var frameInHand = 0

    /// Where typed commands come from, besides the inbox and voice.
    public enum Commands {
        /// A person at a terminal (single keys, and lines after Enter) when `descriptor` is one; else lines piped into
        /// standard input, whose end ends the session once it has settled.
        case terminal(descriptor: Int32)
        /// Single keys only, from a terminal when `descriptor` is one: a job run (`find`, `find-text`, `read`).
        case keys(descriptor: Int32)
        /// Lines from a script, one a call, nil at the end (tests).
        case script(() -> String?)
        /// None: a phone's commands come through the inbox, and with `--imu -` standard input carries IMU samples.
        case none
    }

    public init(runner: AssistantRunner, source: FrameSource?, engines: AssistantEngines, power: any PowerSensor,
         voice makeVoice: ((@escaping @Sendable (VoiceInput.Event) -> Void) -> VoiceInput)? = nil,
         voiceFailed: Bool = false, imuOnStdin: Bool = false, inbox: LiveInbox = LiveInbox(),
         commands: Commands = .terminal(descriptor: STDIN_FILENO), turns: InferenceTurns? = nil) {
        self.commands = commands
        self.inbox = inbox
        self.turns = turns
        self.voiceFailed = voiceFailed
        self.imuOnStdin = imuOnStdin
        self.runner = runner
        self.source = source
        self.engines = engines
        self.power = power
        self.makeVoice = makeVoice
    }

    public func run(settingsUnreadable: Bool) throws {
        var keys: TerminalKeys?
        switch commands {
        case .terminal(let descriptor) where isatty(descriptor) == 1:
            keys = TerminalKeys(descriptor: descriptor, typing: true)
        case .keys(let descriptor) where isatty(descriptor) == 1:
            keys = TerminalKeys(descriptor: descriptor)
        default:
            break
        }
        let isJob = runner.isJob
        defer {
            keys?.restore()
            inbox.close()
            worker?.stop()
            textWorker?.stop()
            depthWorker?.stop()
            voice?.stop()
        }
        switch commands {
        case .terminal where keys == nil: readLines { readLine(strippingNewline: true) }
        case .script(let next): readLines(next)
        case .terminal, .keys, .none: break
        }
        runner.readsPageElsewhere = { [inbox, turns] read in
            let thread = Thread {
                do {
                    inbox.post(.page(try InferenceTurns.take(turns, read)))
                } catch {
                    inbox.post(.failed(error))
                }
            }
            thread.name = "beacon-page"
            thread.start()
        }
        runner.checksCarElsewhere = { [inbox, turns, transcript = runner.transcript] check in
            let thread = Thread {
                do {
                    inbox.post(.ride(try InferenceTurns.take(turns, check)))
                } catch let error as UserFacingError {
                    // The search gives the check up after a while and tries the car again.
                    transcript.note("beacon: \(error.sentence)")
                } catch {
                    transcript.note("beacon: a car could not be checked: \(error)")
                }
            }
            thread.name = "beacon-ride-check"
            thread.start()
        }
        runner.takesTeachingViewElsewhere = { [inbox, turns] take in
            let thread = Thread { inbox.post(.teachingView(Result { try InferenceTurns.take(turns, take) })) }
            thread.name = "beacon-teaching-view"
            thread.start()
        }
        depthWorker = runner.computeDepthElsewhere(turns: turns) { [inbox] depth in inbox.post(.depth(depth)) }
        if let makeVoice {
            let voice = makeVoice { [inbox] event in inbox.post(.voice(event)) }
            voice.start()
            self.voice = voice
            voiceEnded = false
        }
        let start = Monotonic.seconds()
        runner.outputBegin()
        try runner.start(settingsUnreadable: settingsUnreadable)
        if voiceFailed { try runner.dispatch(.voiceInputLost(timestamp: 0), at: 0) }
        // Paced from the first frame: the power is read before any frame comes.
        try readPower(at: 0)
        if let source {
            // A file plays like a camera, and its last picture is held as a still camera would hold it; a job on a
            // video ends with the video.
            let file = !(source is LiveFrameSource)
            let holds = !isJob || source is ImageFileSource
            inbox.pump(!file ? source : PacedFrameSource(holds ? HeldFrameSource(source) : source))
        }
        var endOfInput = false
        loop: while !runner.hasQuit {
            let item = inbox.next(timeout: 0.05)
            let clock = Monotonic.seconds() - start
            try runner.feedFalls(at: clock, inStep: false)
            try runner.feedVolunteers(at: clock)
            if imuOnStdin, runner.imu?.isFinished == true { endOfInput = true }
            try runner.settle(at: clock)
            if clock >= nextPowerReading { try readPower(at: clock) }
            if isJob {
                // A job takes single keys only: its own (guidance or reader) meaning of each.
                for key in keys?.take() ?? [] {
                    guard let command = runner.jobCommand(for: key) else { continue }
                    try runner.dispatch(.command(command, timestamp: clock), at: clock)
                }
            }
            for input in isJob ? [] : keys?.takeInput() ?? [] {
                switch input {
                case .character(let character):
                    // While a fall alarm runs, any key is the answer "I'm OK".
                    if runner.session.fallAlarmIsActive {
                        try runner.dispatch(.command(.imOK, timestamp: clock), at: clock)
                        break
                    }
                    guard let command = CommandTable.keys[character] else { break }
                    if command == .listen {
                        try talk(at: clock)
                    } else {
                        try runner.dispatch(.command(command, timestamp: clock), at: clock)
                    }
                case .line(let line):
                    try runner.command(line, at: clock)
                }
            }
            switch item {
            case nil:
                try runner.dispatch(.tick(timestamp: clock), at: clock)
            case .frame(let frame, let arrival)?:
                frameInHand = frame.index
                offer(frame)
                try runner.process(frame, at: clock, inLine: false)
                if runner.countFrame(latency: \.trackedLatencies, arrivedAt: arrival) { break loop }
            case .detections(let result)?:
                try runner.detected(result, frameInHand: frameInHand, at: clock)
            case .depth(let result)?:
                try runner.depthMeasured(result.output, frame: result.frame.index, at: clock)
            case .textLines(let result)?:
                try runner.dispatch(.textLines(result.output, frame: frameInHand, timestamp: clock, lookedAt: result.frame.index),
                                    at: clock)
            case .line(let line)?:
                try runner.command(line, at: clock)
            case .command(let command)?:
                try runner.dispatch(.command(command, timestamp: clock), at: clock)
            case .page(let page)?:
                try runner.pageRead(page, at: clock)
            case .ride(let checked)?:
                try runner.dispatch(.ride(checked, timestamp: clock), at: clock)
            case .teachingView(let view)?:
                try runner.teachingViewTaken(view, at: clock)
            case .voice(let event)?:
                try hear(event, at: clock)
            case .hangUp?:
                break loop
            case .ended?:
                endOfInput = true
                if isJob { break loop } // the video the job looked at is over
            case .failed(let error)?:
                throw error
            }
            if endOfInput, voiceEnded, runner.session.isSettled { break }
        }
        runner.endStatistics(startedAt: start, skippedFrames: inbox.skippedFrames)
        try runner.finish(at: Monotonic.seconds() - start)
    }

    /// Battery and heat: the session decides the pace and says each change once; the frame pump and the workers
    /// take the limits.
    private func readPower(at clock: Double) throws {
        nextPowerReading = clock + 2
        try runner.dispatch(.power(power.read(), timestamp: clock), at: clock)
        inbox.limitFrameRate(to: runner.paceLimits.frameRateFactor)
        worker?.limit(to: runner.paceLimits)
        textWorker?.limit(to: runner.paceLimits)
        depthWorker?.limit(to: runner.paceLimits)
    }

    /// The talk key or button: the recogniser opens a window for one command, and the session says "Listening."
    private func talk(at clock: Double) throws {
        if let voice {
            keyPushes += 1
            voice.pushToTalk()
        }
        try runner.dispatch(.command(.listen, timestamp: clock), at: clock)
    }

    private func hear(_ event: VoiceInput.Event, at clock: Double) throws {
        switch event {
        case .heard(let input, let words):
            // "listen" said aloud needs no second window: the recogniser is listening already.
            try runner.heard(input, words: words, at: clock)
        case .rejected(let words, _):
            try runner.rejected(words: words, at: clock)
        case .listening:
            // The key's own "listen" command has said "Listening."; the wake word said alone and a phone's talk button
            // have not.
            if keyPushes > 0 {
                keyPushes -= 1
            } else {
                try runner.dispatch(.command(.listen, timestamp: clock), at: clock)
            }
        case .timedOut:
            break // a window closing quietly is what a person expects
        case .ended(let error):
            voiceEnded = true
            if let error {
                runner.transcript.note("beacon: \(error.sentence)")
                try runner.dispatch(.voiceInputLost(timestamp: clock), at: clock)
            }
        }
    }

    /// Hands the frame to the engine the session runs now, starting a worker for it when the job changed.
    private func offer(_ frame: Frame) {
        let purpose = runner.livePurpose
        if purpose != workerPurpose {
            worker?.stop()
            worker = nil
            textWorker?.stop()
            textWorker = nil
            workerPurpose = purpose
            if let read = runner.liveReadText() {
                textWorker = TextWorker(name: "beacon-text", work: { frame, _ in try read(frame) }, turns: turns, onResult: { [inbox] result in
                    switch result {
                    case .success(let reading): inbox.post(.textLines(reading))
                    case .failure(let error): inbox.post(.failed(error))
                    }
                })
                textWorker?.limit(to: runner.paceLimits)
            } else if let detect = runner.liveDetect() {
                worker = DetectorWorker(detect: detect, turns: turns) { [inbox] result in
                    switch result {
                    case .success(let detections): inbox.post(.detections(detections))
                    case .failure(let error): inbox.post(.failed(error))
                    }
                }
                worker?.limit(to: runner.paceLimits)
            }
        }
        worker?.offer(frame, at: Monotonic.seconds(), lookCloser: !runner.session.isGuiding)
        textWorker?.offer(frame, at: Monotonic.seconds())
    }

    /// Lines from a pipe, on a thread of their own; the end of the pipe ends the session once it has settled.
    private func readLines(_ source: @escaping () -> String?) {
        // The source moves to the lines thread; nothing else calls it from here on.
        nonisolated(unsafe) let next = source
        let thread = Thread { [inbox] in
            while let line = next() { inbox.post(.line(line)) }
            inbox.post(.ended)
        }
        thread.name = "beacon-lines"
        thread.start()
    }
}
