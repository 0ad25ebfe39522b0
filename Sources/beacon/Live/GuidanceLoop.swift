import BeaconCore
import BeaconVision
import Foundation

/// The live guidance loop: frames in at the source's rate, the detector on the newest frame when it is free,
/// the guidance session on every frame, effects out to speech, earcons and JSON lines.
///
/// Live (a camera, or a file played in real time) the guidance clock is the wall clock since the start, and the
/// detector runs on its own thread, so cues follow the frame rate while detection runs as fast as the CPU allows.
/// Offline (a file as fast as possible, for recordings and tests) the clock is the video's own time and every
/// frame is detected, so the output is repeatable.
final class GuidanceLoop {
    struct Options {
        var live: Bool
        var printJSON: Bool
        var maxFrames: Int?
    }

    /// Measurements for `beacon bench pipeline`.
    struct Statistics {
        var frames = 0
        var detections = 0
        var duration = 0.0
        /// Seconds from a frame's arrival to its cue, for frames the detector did not wait on.
        var trackedLatencies: [Double] = []
        /// Seconds from the arrival of a frame the detector ran on to the cue that used its detections.
        var detectedLatencies: [Double] = []
        var detectionTimes: [Double] = []
        var spokenWords = 0
    }

    private var session: GuidanceSession
    /// Words handed to speech since the last printed cue (found after a queue, repeats, keys): shown with the next.
    private var spokenSinceLastCue: [String] = []
    private let target: SearchTarget
    private let output: GuidanceOutput
    private let keys: TerminalKeys?
    private let options: Options
    private let describe: (CueSnapshot) -> String

    init(target: SearchTarget, configuration: GuidanceConfiguration, output: GuidanceOutput, keys: TerminalKeys?,
         options: Options, describe: @escaping (CueSnapshot) -> String) {
        self.session = GuidanceSession(configuration: configuration)
        self.target = target
        self.output = output
        self.keys = keys
        self.options = options
        self.describe = describe
    }

    func run(source: FrameSource, detect: @escaping DetectorWorker.Detect) throws -> Statistics {
        let worker = DetectorWorker(detect: detect)
        defer { worker.stop() }
        var statistics = Statistics()
        let start = Monotonic.seconds()
        var clock = 0.0
        try perform(session.handle(.start(target, timestamp: 0)), at: 0, statistics: &statistics)

        while let frame = try source.nextFrame() {
            let arrival = Monotonic.seconds()
            clock = options.live ? arrival - start : frame.timestamp
            try output.advance(to: clock)
            if let finished = output.speechFinished(by: clock) {
                try perform(session.handle(.speechFinished(timestamp: finished)), at: clock, statistics: &statistics)
            }
            for key in keys?.take() ?? [] {
                guard let guidanceKey = Self.guidanceKey(key) else { continue }
                if try perform(session.handle(.key(guidanceKey, timestamp: clock)), at: clock, statistics: &statistics) {
                    return finish(statistics, start: start)
                }
            }

            worker.offer(frame, at: arrival, lookCloser: !session.lock.isGuiding)
            let results = options.live ? try worker.takeResults() : try worker.drain()
            let event: GuidanceEvent
            var latency: [Double] = []
            if let newest = results.last {
                // Detections are for a frame at most one detector run old; they count for the frame now in hand.
                event = .detections(newest.detections, frame: frame.index, timestamp: clock)
                statistics.detections += results.count
                statistics.detectionTimes += results.map(\.detectionSeconds)
                latency = results.map { Monotonic.seconds() - $0.offeredAt }
            } else {
                event = .frame(index: frame.index, timestamp: clock)
            }
            let stop = try perform(session.handle(event), at: clock, statistics: &statistics)
            if latency.isEmpty {
                statistics.trackedLatencies.append(Monotonic.seconds() - arrival)
            } else {
                statistics.detectedLatencies += latency
            }
            statistics.frames += 1
            if stop { break }
            if let maxFrames = options.maxFrames, statistics.frames >= maxFrames { break }
        }
        try output.advance(to: clock + 2) // let the last words and beats finish
        return finish(statistics, start: start)
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
                Console.note(String(format: "Stopped at %.2f s.", clock))
            case .cue(var snapshot):
                if !spokenSinceLastCue.isEmpty { snapshot.spoken = spokenSinceLastCue.joined(separator: " ") }
                spokenSinceLastCue.removeAll()
                if options.printJSON { try Console.json(snapshot) } else { Console.line(describe(snapshot)) }
            }
        }
        return stopped
    }

    static func guidanceKey(_ key: TerminalKeys.Key) -> GuidanceKey? {
        switch key {
        case .space: .whereIsIt
        case .repeatLast: .repeatLast
        case .pauseResume: .pauseResume
        case .stop: .stop
        case .speed, .next, .previous: nil
        }
    }
}
