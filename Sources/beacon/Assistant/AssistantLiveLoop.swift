import BeaconCore
import BeaconVision
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The assistant on the wall clock: frames arrive at the camera's (or a file's own) pace, the detector or the text
/// finder works on the newest frame on a thread of its own, and keys, typed lines and voice come in as they happen.
final class AssistantLiveLoop {
    private let runner: AssistantRunner
    private let source: FrameSource
    private let engines: AssistantEngines
    private let power: any PowerSensor
    private let inbox = LiveInbox()
    /// Battery and heat change over minutes: a reading every 2 s is prompt enough and costs next to nothing.
    private var nextPowerReading = 0.0
    private var worker: DetectorWorker?
    /// What the running worker serves, so a new search gets a new one.
    private var workerPurpose: String?
    private var frameInHand = 0

    init(runner: AssistantRunner, source: FrameSource, engines: AssistantEngines, power: any PowerSensor) {
        self.runner = runner
        self.source = source
        self.engines = engines
        self.power = power
    }

    func run(settingsUnreadable: Bool) throws {
        let keys = isatty(STDIN_FILENO) == 1 ? TerminalKeys(typing: true) : nil
        defer {
            keys?.restore()
            inbox.close()
            worker?.stop()
        }
        if keys == nil { readLines() }
        let start = Monotonic.seconds()
        let file = source as? PacedFrameSource == nil && !(source.name.hasPrefix("camera"))
        inbox.pump(file ? PacedFrameSource(HeldFrameSource(source)) : source)
        runner.outputBegin()
        try runner.dispatch(runner.startEvent(settingsUnreadable: settingsUnreadable), at: 0)
        var endOfInput = false
        while !runner.hasQuit {
            let item = inbox.next(timeout: 0.05)
            let clock = Monotonic.seconds() - start
            try runner.settle(at: clock)
            if clock >= nextPowerReading {
                nextPowerReading = clock + 2
                try runner.dispatch(.power(power.read(), timestamp: clock), at: clock)
                inbox.limitFrameRate(to: runner.paceLimits.frameRateFactor)
                worker?.limit(to: runner.paceLimits)
            }
            for input in keys?.takeInput() ?? [] {
                switch input {
                case .character(let character):
                    if let command = CommandTable.keys[character] { try runner.dispatch(.command(command, timestamp: clock), at: clock) }
                case .line(let line):
                    try runner.command(line, at: clock)
                }
            }
            switch item {
            case nil:
                try runner.dispatch(.tick(timestamp: clock), at: clock)
            case .frame(let frame, _)?:
                frameInHand = frame.index
                try runner.process(frame, at: clock, inLine: false)
                offer(frame)
            case .detections(let result)?:
                try runner.dispatch(.detections(result.detections, frame: frameInHand, timestamp: clock,
                                                lookedAt: result.frame.index), at: clock)
            case .line(let line)?:
                try runner.command(line, at: clock)
            case .command(let command)?:
                try runner.dispatch(.command(command, timestamp: clock), at: clock)
            case .ended?:
                endOfInput = true
            case .failed(let error)?:
                throw error
            }
            if endOfInput, runner.session.isSettled { break }
        }
        try runner.finish(at: Monotonic.seconds() - start)
    }

    /// Hands the frame to the engine the session runs now, starting a worker for it when the job changed.
    private func offer(_ frame: Frame) {
        let purpose = runner.livePurpose
        if purpose != workerPurpose {
            worker?.stop()
            worker = nil
            workerPurpose = purpose
            if let detect = runner.liveDetect() {
                worker = DetectorWorker(detect: detect) { [inbox] result in
                    switch result {
                    case .success(let detections): inbox.post(.detections(detections))
                    case .failure(let error): inbox.post(.failed(error))
                    }
                }
                worker?.limit(to: runner.paceLimits)
            }
        }
        worker?.offer(frame, at: Monotonic.seconds(), lookCloser: !runner.session.isGuiding)
    }

    /// Lines from a pipe, on a thread of their own; the end of the pipe ends the session once it has settled.
    private func readLines() {
        let thread = Thread { [inbox] in
            while let line = readLine(strippingNewline: true) { inbox.post(.line(line)) }
            inbox.post(.ended)
        }
        thread.name = "beacon-lines"
        thread.start()
    }
}
