import BeaconCore

/// Runs simulated searches: a person (`SimulatedUser`) with a camera looking at a `PanoramaScene`, a detector, and
/// a `GuidanceSession` fed exactly as the live pipeline feeds it — `.start`, then one event per camera frame
/// (`.detections` on detector frames, `.frame` between them) and `.speechFinished` when the speech adapter is done.
///
/// Pure apart from the detector and the camera-motion measurement, which are passed in: the benchmark runs the real
/// model and the real motion estimator on crops of real photos, and tests may pass stand-ins.
public struct GuidanceSimulator: Sendable {
    public var settings: SimulationSettings
    public var guidance: GuidanceConfiguration

    public init(settings: SimulationSettings = SimulationSettings(), guidance: GuidanceConfiguration = GuidanceConfiguration()) {
        self.settings = settings
        self.guidance = guidance
    }

    /// Runs one search to its end: centred and confirmed, or the timeout.
    /// `detect` returns what the detector sees with the camera pointing at a direction; `measureMotion`, given the
    /// previous frame's direction and this one's, what a camera-motion estimator measures between their pictures
    /// (nil: nothing measured, as without an estimator).
    public func run(_ trial: GuidanceTrial, detect: (ViewDirection) throws -> [Detection],
                    measureMotion: ((ViewDirection, ViewDirection) -> CameraMotion?)? = nil,
                    observe: ((SimulationFrame) -> Void)? = nil) rethrows -> RunRecord {
        var run = SimulatedRun(trial: trial, settings: settings, guidance: guidance)
        var frame = 0
        while true {
            if let record = try run.step(frame: frame, detect: detect, measureMotion: measureMotion, observe: observe) {
                return record
            }
            frame += 1
        }
    }
}

/// The state of one run between frames.
private struct SimulatedRun {
    let trial: GuidanceTrial
    let settings: SimulationSettings
    var session: GuidanceSession
    var user: SimulatedUser
    var speech: SpeechPlayback
    var haptics = HapticPlayback()
    /// Where the camera pointed at each frame, for detector latency.
    var views: [ViewDirection] = []
    var centredSince: Double?
    var everGuided = false
    var guidingSeconds = 0.0
    var guidanceWords = 0
    var wordsWhileGuiding = 0
    var detectorFrames = 0
    var end: (position: NormalizedPoint, aim: NormalizedPoint?, view: ViewDirection) = (.centre, nil, .ahead)

    init(trial: GuidanceTrial, settings: SimulationSettings, guidance: GuidanceConfiguration) {
        self.trial = trial
        self.settings = settings
        session = GuidanceSession(configuration: guidance)
        user = SimulatedUser(traits: settings.user, facing: trial.start.view, random: SplitMix64(seed: trial.seed))
        speech = SpeechPlayback(wordsPerSecond: settings.wordsPerSecond)
        apply(session.handle(.start(trial.target.searchTarget, timestamp: 0)), at: 0)
    }

    mutating func step(frame index: Int, detect: (ViewDirection) throws -> [Detection],
                       measureMotion: ((ViewDirection, ViewDirection) -> CameraMotion?)?,
                       observe: ((SimulationFrame) -> Void)?) rethrows -> RunRecord? {
        let time = Double(index) * settings.frameInterval
        deliverSpeechAndVibration(upTo: time)
        let view = user.advance(to: time)
        if let previous = views.last, let motion = measureMotion?(previous, view) {
            apply(session.handle(.cameraMoved(motion, frame: index, timestamp: time)), at: time)
        }
        views.append(view)

        let event: GuidanceEvent
        var detections: [Detection]?
        if index % max(1, settings.detectEvery) == 0 {
            let lookedAt = max(0, index - settings.detectionLatencyFrames)
            detections = try detect(views[lookedAt])
            detectorFrames += 1
            event = .detections(detections ?? [], frame: index, timestamp: time, lookedAt: lookedAt)
        } else {
            event = .frame(index: index, timestamp: time)
        }
        let effects = session.handle(event)
        apply(effects, at: time)
        let snapshot = effects.lazy.compactMap { effect -> CueSnapshot? in
            if case .cue(let snapshot) = effect { return snapshot }
            return nil
        }.first

        if session.phase == .guiding {
            everGuided = true
            guidingSeconds += settings.frameInterval
        }
        centredSince = snapshot?.centred == true ? (centredSince ?? time) : nil
        let truth = trulyCentred(from: view)
        let truePosition = trial.scene.position(of: trial.scene.direction(of: trial.target), seenFrom: view)
        let aim = snapshot.flatMap { cue in cue.predictedX.flatMap { x in cue.predictedY.map { NormalizedPoint(x: x, y: $0) } } }
        end = (truePosition, session.phase == .guiding ? aim : nil, view)
        observe?(SimulationFrame(time: time, view: view, activity: user.activity, snapshot: snapshot,
                                 truePosition: truePosition, detections: detections))

        if let since = centredSince, time - since >= settings.confirmation - 1e-9, !truth.isEmpty {
            return record(.centred, at: time, timeToCentre: since, centredOnTarget: truth.contains(trial.targetIndex))
        }
        guard time >= settings.timeout else { return nil }
        let outcome: RunRecord.Outcome
        if !everGuided {
            outcome = .neverFound
        } else if let since = centredSince, time - since >= settings.confirmation - 1e-9 {
            outcome = .falseCentre
        } else {
            outcome = .notCentred
        }
        return record(outcome, at: time, timeToCentre: nil, centredOnTarget: nil)
    }

    /// Objects of the searched class that are truly centred in the camera's picture now.
    private func trulyCentred(from view: ViewDirection) -> [Int] {
        trial.objects.indices.filter {
            trial.objects[$0].classIndex == trial.target.classIndex && trial.scene.isCentred(trial.objects[$0], from: view)
        }
    }

    /// Whether a point of the last picture lies inside the true box of an object of the searched class.
    private func isOnAnObject(_ point: NormalizedPoint) -> Bool {
        trial.objects.contains { object in
            guard object.classIndex == trial.target.classIndex else { return false }
            let box = trial.scene.box(object.box, seenFrom: end.view)
            return (box.x...box.maxX).contains(point.x) && (box.y...box.maxY).contains(point.y)
        }
    }

    /// Speech that ended and vibration patterns that started since the last frame, in time order.
    private mutating func deliverSpeechAndVibration(upTo time: Double) {
        while let finished = speech.finish(by: time) {
            if let heard = finished.heard {
                user.perceive(TimedPercept(time: finished.time, percept: .words(heard.text)))
            }
            apply(session.handle(.speechFinished(timestamp: finished.time)), at: finished.time)
        }
        while let started = haptics.next(by: time) {
            feel(started.pattern, at: started.time)
        }
    }

    /// Carries out effects the way the adapters would, and lets the person perceive them.
    private mutating func apply(_ effects: [GuidanceEffect], at time: Double) {
        for effect in effects {
            switch effect {
            case .earcon(let earcon, let at):
                if let percept = Percept(earcon) { user.perceive(TimedPercept(time: at, percept: percept)) }
            case .haptic(let pattern):
                if let start = haptics.queue(pattern, at: time) { feel(pattern, at: start) }
            case .speak(let utterance):
                speech.start(utterance, at: time)
                if session.phase == .guiding {
                    wordsWhileGuiding += utterance.wordCount
                    if utterance.priority <= .guidance && !utterance.isRequested { guidanceWords += utterance.wordCount }
                }
            case .interruptSpeech:
                speech.interrupt(at: time)
            case .stopAll:
                speech.stop()
                haptics.stop()
            case .cue:
                break
            }
        }
    }

    private mutating func feel(_ pattern: HapticPattern, at time: Double) {
        if let felt = FeltVibration(pattern) { user.perceive(TimedPercept(time: time, percept: .vibration(felt))) }
    }

    private func record(_ outcome: RunRecord.Outcome, at time: Double, timeToCentre: Double?,
                        centredOnTarget: Bool?) -> RunRecord {
        RunRecord(outcome: outcome, steps: user.movements.count, optimumSteps: trial.start.optimumSteps,
                  startPosition: trial.start.targetPosition, startInView: trial.start.targetInView,
                  timeToCentre: timeToCentre, duration: time, guidingSeconds: guidingSeconds,
                  guidanceWords: guidanceWords, wordsWhileGuiding: wordsWhileGuiding,
                  centredOnTarget: centredOnTarget, endPosition: end.position, endAim: end.aim,
                  endAimOnObject: end.aim.map(isOnAnObject), detectorFrames: detectorFrames)
    }
}
