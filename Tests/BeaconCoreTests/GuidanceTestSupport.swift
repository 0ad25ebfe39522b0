@testable import BeaconCore

/// Builders and a stand-in for the speech adapter, shared by the guidance tests.
enum Cups {
    static let classIndex = 41
    static let target = SearchTarget(label: "cup", classIndex: classIndex)

    static func at(_ x: Double, _ y: Double = 0.5, size: Double = 0.2, confidence: Double = 0.9) -> Detection {
        Detection(classIndex: classIndex, label: "cup", confidence: confidence,
                  box: NormalizedRect(x: x - size / 2, y: y - size / 2, width: size, height: size))
    }
}

/// Deterministic pseudo-random numbers, so generated streams are the same on every run.
struct SeededNoise {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// Uniform in −1…1.
    mutating func next() -> Double {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Double(state >> 11) / Double(1 << 53) * 2 - 1
    }
}

/// Drives a session the way the composition root will: feeds events in time order and plays the part of the speech
/// adapter, which reports `speechFinished` once an utterance has had time to be said (or soon after an interruption,
/// at the next word boundary).
struct SessionDriver {
    var session: GuidanceSession
    /// Every effect with the time it was produced.
    private(set) var log: [(time: Double, effect: GuidanceEffect)] = []
    private var speechEndsAt: Double?
    var secondsPerWord = 0.35

    init(configuration: GuidanceConfiguration = GuidanceConfiguration()) {
        session = GuidanceSession(configuration: configuration)
    }

    @discardableResult
    mutating func send(_ event: GuidanceEvent, at time: Double) -> [GuidanceEffect] {
        while let end = speechEndsAt, end <= time {
            speechEndsAt = nil
            record(session.handle(.speechFinished(timestamp: end)), at: end)
        }
        let effects = session.handle(event)
        record(effects, at: time)
        return effects
    }

    mutating func start(at time: Double = 0) { send(.start(Cups.target, timestamp: time), at: time) }

    /// A frame at `index` of a stream at `fps`; detector frames carry `detections`.
    @discardableResult
    mutating func frame(_ index: Int, fps: Double = 15, detections: [Detection]?) -> [GuidanceEffect] {
        let time = Double(index) / fps
        if let detections { return send(.detections(detections, frame: index, timestamp: time), at: time) }
        return send(.frame(index: index, timestamp: time), at: time)
    }

    private mutating func record(_ effects: [GuidanceEffect], at time: Double) {
        for effect in effects {
            log.append((time, effect))
            switch effect {
            case .speak(let utterance):
                speechEndsAt = time + secondsPerWord * Double(utterance.wordCount)
            case .interruptSpeech:
                speechEndsAt = min(speechEndsAt ?? time, time + 0.15)
            case .stopAll:
                speechEndsAt = nil
            default:
                break
            }
        }
    }

    func spoken(from start: Double = -.infinity, to end: Double = .infinity) -> [String] {
        log.compactMap { entry in
            guard entry.time >= start, entry.time < end, case .speak(let utterance) = entry.effect else { return nil }
            return utterance.text
        }
    }

    func earcons(from start: Double = -.infinity, to end: Double = .infinity) -> [(earcon: Earcon, at: Double)] {
        log.compactMap { entry in
            guard entry.time >= start, entry.time < end, case .earcon(let earcon, let at) = entry.effect else { return nil }
            return (earcon, at)
        }
    }

    var snapshots: [CueSnapshot] {
        log.compactMap { entry in
            if case .cue(let snapshot) = entry.effect { return snapshot }
            return nil
        }
    }
}

func wordCount(_ sentences: [String]) -> Int {
    sentences.reduce(0) { $0 + $1.split(separator: " ").count }
}

extension GuidanceEffect {
    /// The text of a `.speak` effect.
    var spokenText: String? {
        if case .speak(let utterance) = self { return utterance.text }
        return nil
    }
}
