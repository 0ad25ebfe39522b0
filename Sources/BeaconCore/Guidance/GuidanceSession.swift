/// The find-object guidance engine as one pure reducer: events in (frames, detections, keys, speech finished),
/// effects out (earcons, vibration, speech, one cue record per frame).
///
/// Per frame: the tracker carries boxes (updating on detector frames, predicting in between), the target lock picks
/// and holds one track and smooths it, the cue model turns its position into beats, vibration and words, and the
/// speech arbiter decides what is actually said. Words come on changes only (found, lost, a settled new direction);
/// steady guidance is earcons.
public struct GuidanceSession: Sendable {
    public let configuration: GuidanceConfiguration
    public private(set) var target: SearchTarget?
    public private(set) var tracker: MultiObjectTracker
    public private(set) var lock: TargetLock
    public private(set) var arbiter: SpeechArbiter
    /// The latest cue while guiding.
    public private(set) var cue: Cue?
    private var isPaused = false
    private var rhythm = BeepRhythm()
    /// When the vibration pattern handed out last ends.
    private var hapticsBusyUntil = -Double.infinity
    /// The direction the user last heard (its English key, `Cue.directionWords`), and a newer one waiting to settle.
    private var heardDirection: String?
    private var candidateDirection: (words: String, since: Double)?
    /// The target's distance from the middle to beat, and when it last came closer by a step: a person already
    /// turning the right way is following the earcons, and words would only talk over them.
    private var closest: Double?
    private var lastProgressAt = -Double.infinity
    private var targetDistance: Double?
    /// The target's box on the last frame it was guided to: a box filling most of the view when the lock ends means
    /// the camera is too close to recognise it, not that it went away.
    private var lastGuidedBox: NormalizedRect?
    /// Start of the stretch of searching the auto-pause counts.
    private var activeSince = 0.0
    /// When "keep turning" is due if the target is still not in view (only consulted while searching); nil never.
    private var keepTurningDue: Double?
    private var lastFrameTime: Double?
    private var frameInterval: Double
    private var motionLog = MotionLog()
    /// How far the camera has turned since the search started, in picture widths (right positive), summed from the
    /// measured camera motion: where a glimpse was, relative to where the camera points now.
    private var heading = 0.0
    /// The most confident box of the target's kind seen while searching that never became a target (too faint to
    /// start a track): a sweep passed something like it. The reminder to keep turning then says which way.
    private var glimpse: (heading: Double, confidence: Double, timestamp: Double)?
    /// The frame of the latest frame or detections event: camera motion is measured against it.
    private var latestFrame: Int?

    public init(configuration: GuidanceConfiguration = GuidanceConfiguration()) {
        self.configuration = configuration
        tracker = MultiObjectTracker(configuration: configuration.tracker)
        lock = TargetLock(configuration: configuration.lock)
        arbiter = SpeechArbiter(configuration: configuration.speech)
        frameInterval = configuration.defaultFrameInterval
    }

    public var phase: GuidancePhase {
        if target == nil { return .idle }
        if isPaused { return .paused }
        return lock.isGuiding ? .guiding : .searching
    }

    private var phrases: GuidancePhrases { configuration.cues.phrases }

    /// Handles an event speaking through `shared`, the arbiter of a larger session (the assistant's), so guidance
    /// never talks over a hazard or a reading that the larger session is saying.
    public mutating func handle(_ event: GuidanceEvent, sharing shared: inout SpeechArbiter) -> [GuidanceEffect] {
        swap(&arbiter, &shared)
        defer { swap(&arbiter, &shared) }
        return handle(event)
    }

    public mutating func handle(_ event: GuidanceEvent) -> [GuidanceEffect] {
        if case .start(let newTarget, let timestamp) = event { return start(newTarget, at: timestamp) }
        guard target != nil else { return [] }
        switch event {
        case .start:
            return []
        case .detections(let detections, let frame, let timestamp, let lookedAt):
            return processFrame(detections: movedToFrame(detections, from: lookedAt ?? frame, to: frame),
                                index: frame, at: timestamp, lookedAt: lookedAt ?? frame)
        case .frame(let index, let timestamp):
            return processFrame(detections: nil, index: index, at: timestamp)
        case .cameraMoved(let motion, let frame, _):
            if let latestFrame { motionLog.record(motion, from: latestFrame, to: frame) }
            tracker.move(with: motion)
            lock.move(with: motion)
            heading -= motion.dx
            return []
        case .key(let key, let timestamp):
            return press(key, at: timestamp)
        case .speechFinished(let timestamp):
            return arbiter.speechFinished(timestamp: timestamp).map { [.speak($0)] } ?? []
        case .targetDistance(let metres, _):
            targetDistance = metres
            return []
        case .announce(let utterance, let timestamp):
            // While paused only hazards get through: the user asked for quiet, not for danger to go unmentioned.
            guard !isPaused || utterance.priority == .hazard else { return [] }
            var effects: [GuidanceEffect] = []
            say(utterance, at: timestamp, into: &effects)
            return effects
        }
    }

    // MARK: - Frames

    /// Detections of an older frame, moved to where the camera's motion since has carried their objects. A side cut
    /// off by the picture's edge stays at (or beyond) the edge: what came into view there since is unknown, and a
    /// box pulled off the edge would pass for the whole object.
    private func movedToFrame(_ detections: [Detection], from older: Int, to newer: Int) -> [Detection] {
        guard newer != older, let motion = motionLog.motion(from: older, to: newer) else { return detections }
        let margin = configuration.lock.edgeMargin
        return detections.map { detection in
            let box = detection.box, moved = box.moved(by: motion)
            let left = box.x <= margin ? min(moved.x, 0) : moved.x
            let top = box.y <= margin ? min(moved.y, 0) : moved.y
            let right = box.maxX >= 1 - margin ? max(moved.maxX, 1) : moved.maxX
            let bottom = box.maxY >= 1 - margin ? max(moved.maxY, 1) : moved.maxY
            var result = detection
            result.box = NormalizedRect(x: left, y: top, width: right - left, height: bottom - top)
            return result
        }
    }

    private mutating func processFrame(detections: [Detection]?, index: Int, at timestamp: Double,
                                       lookedAt: Int? = nil) -> [GuidanceEffect] {
        guard let target else { return [] }
        if let last = lastFrameTime, timestamp > last { frameInterval = min(1, max(1.0 / 60, timestamp - last)) }
        lastFrameTime = timestamp
        latestFrame = index
        var effects: [GuidanceEffect] = []
        if let next = arbiter.poll(timestamp: timestamp) { effects.append(.speak(next)) }

        if !isPaused, let limit = configuration.pauseAfter, timestamp - activeSince >= limit {
            pause(at: timestamp, saying: phrases.autoPaused(after: limit), into: &effects)
        }
        if isPaused {
            effects.append(.cue(snapshot(frame: index, at: timestamp, effects: effects, lookedAt: lookedAt)))
            return effects
        }

        let accepted = detections?.filter(target.accepts)
        if let accepted {
            tracker.update(detections: accepted, timestamp: timestamp)
        } else {
            tracker.predict(timestamp: timestamp)
        }
        let wasGuiding = lock.isGuiding
        lock.update(tracks: tracker.tracks, isDetectorFrame: detections != nil, timestamp: timestamp)

        if lock.isGuiding, let position = lock.predictedPosition {
            let state = TargetState(label: target.label, isVisible: true, position: position,
                                    apparentSize: lock.box?.area ?? 0, distance: targetDistance,
                                    estimatedDistance: estimatedDistance(of: target))
            let cue = configuration.cues.cue(for: state, previous: self.cue)
            self.cue = cue
            lastGuidedBox = lock.box
            noteProgress(towards: position, at: timestamp)
            if wasGuiding {
                announceDirectionIfSettled(cue, at: timestamp, into: &effects)
            } else {
                announceFound(cue, at: timestamp, into: &effects)
            }
            playBeats(cue, at: timestamp, into: &effects)
            playHaptics(cue, at: timestamp, into: &effects)
        } else if wasGuiding {
            announceLost(target, at: timestamp, into: &effects)
        } else {
            if let accepted { noteGlimpse(accepted, at: timestamp) }
            remindToKeepTurning(target, at: timestamp, into: &effects)
        }
        effects.append(.cue(snapshot(frame: index, at: timestamp, effects: effects, lookedAt: lookedAt)))
        return effects
    }

    private mutating func announceFound(_ cue: Cue, at timestamp: Double, into effects: inout [GuidanceEffect]) {
        if configuration.playsEarcons, let beat = cue.earcon {
            effects.append(.earcon(Earcon(kind: .found, pan: beat.pan, pitch: beat.pitch, gain: arbiter.earconGain), at: timestamp))
        }
        rhythm.restart(at: timestamp)
        if configuration.saysFound {
            say(utterance(cue.words, priority: .stateChange, category: "found"), at: timestamp, into: &effects)
        }
        heardDirection = cue.directionWords
        candidateDirection = nil
    }

    private mutating func announceLost(_ target: SearchTarget, at timestamp: Double, into effects: inout [GuidanceEffect]) {
        let words: String
        if let box = lastGuidedBox, Self.fillsTheView(box) {
            // A hand's width from a cup the camera sees only its rim, which no detector recognises: it is reached.
            words = phrases.veryClose(target.label)
        } else {
            let lastSeen = lock.lastSeen ?? .centre
            words = configuration.cues.cue(for: TargetState(label: target.label, isVisible: false, position: lastSeen),
                                           previous: cue).words
            if configuration.playsEarcons {
                effects.append(.earcon(Earcon(kind: .lost, pan: configuration.cues.pan(for: lastSeen),
                                              gain: arbiter.earconGain), at: timestamp))
            }
        }
        say(utterance(words, priority: .stateChange, category: "lost"), at: timestamp, into: &effects)
        resetGuidance()
        waitToRemind(from: timestamp)
    }

    /// The target is out of view from `timestamp` on (a start, a loss, a resume): "keep turning" falls due after the
    /// configured wait.
    private mutating func waitToRemind(from timestamp: Double) {
        keepTurningDue = configuration.keepTurningAfter.map { timestamp + $0 }
    }

    /// Searching has found nothing for a while: the person is probably sweeping over the same part of the room.
    private mutating func remindToKeepTurning(_ target: SearchTarget, at timestamp: Double,
                                              into effects: inout [GuidanceEffect]) {
        guard let due = keepTurningDue, timestamp >= due else { return }
        keepTurningDue = timestamp + configuration.keepTurningEvery
        // A state (nothing found yet), said rarely: it must not eat the word budget the directions need later.
        say(utterance(phrases.keepTurning(target.label, towards: glimpseSide(at: timestamp)), priority: .stateChange,
                      category: "keep turning"),
            at: timestamp, into: &effects)
    }

    /// Remembers the most confident of this frame's boxes of the target's kind, seen while searching, with where the
    /// camera pointed; a newer one replaces an older one that is past `glimpseMemory` or less confident.
    private mutating func noteGlimpse(_ candidates: [Detection], at timestamp: Double) {
        guard phrases.targetKind == .object || phrases.targetKind == .taught,
              let best = candidates.max(by: { $0.confidence < $1.confidence }) else { return }
        if let glimpse, timestamp - glimpse.timestamp <= configuration.glimpseMemory,
           glimpse.confidence >= best.confidence { return }
        glimpse = (heading + best.box.midX - 0.5, best.confidence, timestamp)
    }

    /// Which way the remembered glimpse lies (−1 left, +1 right), out of the picture or off to one side of it; nil
    /// when there is none, it is too old, or it is straight ahead.
    private func glimpseSide(at timestamp: Double) -> Int? {
        guard let glimpse, timestamp - glimpse.timestamp <= configuration.glimpseMemory else { return nil }
        let offset = glimpse.heading - heading
        guard abs(offset) > Direction.centreRadius else { return nil }
        return offset < 0 ? -1 : 1
    }

    private mutating func noteProgress(towards position: NormalizedPoint, at timestamp: Double) {
        let distance = position.distanceFromCentre
        let step = configuration.progressStep
        guard let best = closest, distance >= best - step else {
            closest = distance
            lastProgressAt = timestamp
            return
        }
        // Moving away: what counts as closer starts from here.
        if distance > best + step { closest = distance }
    }

    /// A direction is spoken once it has held for the settle time, differs from what the user last heard, and the
    /// user has not been closing in on the target for the settle time either; the arbiter's cooldowns may still hold
    /// it back, in which case it is offered again on later frames.
    private mutating func announceDirectionIfSettled(_ cue: Cue, at timestamp: Double, into effects: inout [GuidanceEffect]) {
        let words = cue.directionWords
        if candidateDirection?.words != words { candidateDirection = (words, timestamp) }
        guard words != heardDirection, let candidate = candidateDirection,
              timestamp - candidate.since >= configuration.directionSettleTime,
              timestamp - lastProgressAt >= configuration.directionSettleTime else { return }
        let direction = utterance(phrases.direction(cue.spokenDirection), priority: .guidance,
                                  category: SpeechArbiter.Category.direction)
        if say(direction, at: timestamp, into: &effects) { heardDirection = words }
    }

    private mutating func playBeats(_ cue: Cue, at timestamp: Double, into effects: inout [GuidanceEffect]) {
        guard configuration.playsEarcons, var earcon = cue.earcon else { return }
        earcon.gain *= arbiter.earconGain
        for beat in rhythm.beats(interval: cue.interval, now: timestamp, until: timestamp + frameInterval) {
            effects.append(.earcon(earcon, at: beat))
        }
    }

    /// Patterns are handed out a frame before the previous one ends, so the player always has the next one ready.
    private mutating func playHaptics(_ cue: Cue, at timestamp: Double, into effects: inout [GuidanceEffect]) {
        guard configuration.playsHaptics, let pattern = cue.haptic, hapticsBusyUntil < timestamp + frameInterval else { return }
        effects.append(.haptic(pattern))
        hapticsBusyUntil = max(hapticsBusyUntil, timestamp) + Double(pattern.duration) / 1000
    }

    // MARK: - Keys and the search's lifetime

    /// A new search replaces whatever was going on; anything still playing from the old one is silenced first.
    private mutating func start(_ newTarget: SearchTarget, at timestamp: Double) -> [GuidanceEffect] {
        var effects: [GuidanceEffect] = target == nil ? [] : [.stopAll]
        resetKeepingArbiter()
        target = newTarget
        activeSince = timestamp
        waitToRemind(from: timestamp)
        if configuration.playsEarcons { effects.append(.earcon(Earcon(kind: .start), at: timestamp)) }
        if configuration.saysLookingFor {
            say(utterance(phrases.lookingFor(newTarget.label), priority: .stateChange, category: "start"),
                at: timestamp, into: &effects)
        }
        return effects
    }

    /// A fresh session whose arbiter keeps what was said last, for "repeat" (it may be shared with a larger
    /// session, the assistant's, which asks for repeats across searches).
    private mutating func resetKeepingArbiter() {
        var kept = arbiter
        kept.reset()
        self = GuidanceSession(configuration: configuration)
        arbiter = kept
    }

    private mutating func press(_ key: GuidanceKey, at timestamp: Double) -> [GuidanceEffect] {
        guard let target else { return [] }
        var effects: [GuidanceEffect] = []
        switch key {
        case .stop:
            resetKeepingArbiter()
            return [.stopAll]
        case .pauseResume:
            if isPaused {
                isPaused = false
                activeSince = timestamp
                waitToRemind(from: timestamp)
                if configuration.playsEarcons { effects.append(.earcon(Earcon(kind: .start), at: timestamp)) }
                say(utterance(phrases.say(phrases.resumed), priority: .stateChange, category: "paused", isRequested: true),
                    at: timestamp, into: &effects)
            } else {
                pause(at: timestamp, saying: phrases.say(phrases.paused), into: &effects)
            }
        case .whereIsIt where !isPaused:
            let text: String
            if lock.isGuiding, let cue {
                text = cue.words
                heardDirection = cue.directionWords
            } else {
                text = phrases.notInView(target.label, lastSeen: lock.lastSeen)
            }
            say(utterance(text, priority: .stateChange, category: "answer", isRequested: true), at: timestamp, into: &effects)
        case .repeatLast where !isPaused:
            var again = arbiter.lastSpoken
                ?? utterance(phrases.say(phrases.nothingToRepeat), priority: .stateChange, category: "answer")
            again.priority = max(again.priority, .stateChange)
            again.isRequested = true
            say(again, at: timestamp, into: &effects)
        case .whereIsIt, .repeatLast:
            break
        }
        return effects
    }

    /// Paused: no earcons, no vibration, no words but the pause message; tracking starts afresh on resume.
    private mutating func pause(at timestamp: Double, saying text: String, into effects: inout [GuidanceEffect]) {
        isPaused = true
        arbiter.clearWaiting(keepingHazards: true)
        resetGuidance()
        tracker = MultiObjectTracker(configuration: configuration.tracker)
        lock = TargetLock(configuration: configuration.lock)
        if configuration.playsEarcons { effects.append(.earcon(Earcon(kind: .end), at: timestamp)) }
        say(utterance(text, priority: .stateChange, category: "paused", isRequested: true), at: timestamp, into: &effects)
    }

    private mutating func resetGuidance() {
        cue = nil
        rhythm.stop()
        hapticsBusyUntil = -.infinity
        heardDirection = nil
        candidateDirection = nil
        closest = nil
        lastProgressAt = -.infinity
        targetDistance = nil
        lastGuidedBox = nil
    }

    /// The locked object's distance from its usual size, said with "about" when no depth source knows and used by the
    /// last-metre cue (only for objects: a text has no usual size). A box the picture cuts off gives an upper bound,
    /// which is still a fair "within reach".
    private func estimatedDistance(of target: SearchTarget) -> Double? {
        let cues = configuration.cues
        guard cues.phrases.targetKind == .object, let box = lock.box else { return nil }
        return SizePriors.standard.distance(of: box, label: target.label, verticalFieldOfView: cues.verticalFieldOfView,
                                            horizontalFieldOfView: cues.horizontalFieldOfView)?.unroundedMetres
    }

    /// Most of the picture: 40% of its area, or 85% of its width or height.
    static func fillsTheView(_ box: NormalizedRect) -> Bool {
        box.width * box.height >= 0.4 || box.width >= 0.85 || box.height >= 0.85
    }

    // MARK: - Speech and records

    /// One of the session's own sentences, marked with its language so the adapter speaks it in that voice.
    private func utterance(_ text: String, priority: SpeechPriority, category: String,
                           isRequested: Bool = false) -> Utterance {
        Utterance(text: text, priority: priority, category: category, isRequested: isRequested,
                  language: phrases.utteranceLanguage)
    }

    /// Offers an utterance to the arbiter and turns its decision into effects. True unless it was dropped.
    @discardableResult
    private mutating func say(_ utterance: Utterance, at timestamp: Double, into effects: inout [GuidanceEffect]) -> Bool {
        switch arbiter.offer(utterance, timestamp: timestamp) {
        case .speak:
            effects.append(.speak(utterance))
        case .interruptCurrent:
            effects.append(.interruptSpeech)
        case .queue, .alreadyPending:
            break
        case .drop:
            return false
        }
        return true
    }

    private func snapshot(frame: Int, at timestamp: Double, effects: [GuidanceEffect], lookedAt: Int? = nil) -> CueSnapshot {
        let spoken = effects.compactMap { effect -> String? in
            if case .speak(let utterance) = effect { return utterance.text }
            return nil
        }
        let cue = lock.isGuiding && !isPaused ? self.cue : nil
        return CueSnapshot(frame: frame, timestamp: timestamp, phase: phase, locked: lock.trackID != nil,
                           trackID: lock.trackID, conviction: lock.conviction.value,
                           x: lock.position?.x, y: lock.position?.y,
                           predictedX: lock.predictedPosition?.x, predictedY: lock.predictedPosition?.y,
                           interval: cue?.interval, pan: cue?.earcon?.pan, pitch: cue?.earcon?.pitch,
                           direction: cue?.directionWords, centred: cue?.isCentred ?? false,
                           spoken: spoken.isEmpty ? nil : spoken.joined(separator: " "), lookedAt: lookedAt)
    }
}
