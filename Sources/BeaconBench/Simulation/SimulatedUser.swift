import BeaconCore

/// A blind person following guidance, as a state machine driven by what they perceive (`Percept`) and by time.
///
/// Move-and-listen, the way people new to audio guidance work: stand still, wait for a beat that describes the new
/// position, react after a human reaction time, then make one deliberate turn as far as the beat's stereo position
/// and pitch say (judged with some error, and always going a little too far), stop, and listen again. A centred
/// sound means stay. While nothing is found the person sweeps slowly left and right, and stops when something is
/// heard. They never know where the target really is.
public struct SimulatedUser: Sendable {
    public enum Activity: String, Sendable, Hashable, Codable {
        /// The search has just started; waiting to hear whether the target is in view.
        case waiting
        /// Standing still, listening for a cue describing where the target is now.
        case listening
        /// Heard something and about to act on it.
        case reacting
        case turning
        case sweeping
        /// Believes the target is centred and keeps still.
        case holding
    }

    private enum Action: Sendable, Hashable {
        /// Turn (or hold) on the freshest cue.
        case decide
        case stopSweep
        /// Start sweeping, towards the given side (−1 left, +1 right) if one is known.
        case sweep(side: Double?)
    }

    private struct Beat: Sendable, Hashable {
        var time: Double
        var pan: Double
        var pitch: Double
        var centred: Bool
    }

    public let traits: UserTraits
    public private(set) var activity = Activity.waiting
    /// Every movement made so far, turns and sweeps: the run's steps.
    public private(set) var movements: [HeadMovement] = []
    private var random: SplitMix64
    private var rest: ViewDirection
    private var anchor: ViewDirection
    private var moving: HeadMovement?
    private var planned: (action: Action, time: Double)?
    private var listeningSince: Double
    private var lastCueAt: Double
    private var beat: Beat?
    private var vibration: (time: Double, felt: FeltVibration)?
    private var words: (time: Double, heard: HeardWords)?
    private var lastSeenSide: Double?
    private var sweepSide: Double
    /// How far either side of the anchor sweeps go: widened when the person is told to keep turning.
    private var sweepReach: Double
    private var inbox: [TimedPercept] = []

    public init(traits: UserTraits = UserTraits(), facing start: ViewDirection, random: SplitMix64, startTime: Double = 0) {
        self.traits = traits
        self.random = random
        rest = start
        anchor = start
        listeningSince = startTime
        lastCueAt = startTime
        sweepSide = self.random.sign()
        sweepReach = traits.sweepReach
    }

    /// Where the person's camera points at `time` (no later than the last `advance`).
    public func direction(at time: Double) -> ViewDirection { moving?.direction(at: time) ?? rest }

    /// Something reaches the person at its time (which may be a moment in the future, like a scheduled beat).
    public mutating func perceive(_ percept: TimedPercept) {
        let index = inbox.firstIndex { $0.time > percept.time } ?? inbox.count
        inbox.insert(percept, at: index)
    }

    /// Lives through everything up to `time`, in order, and returns where the camera points then.
    public mutating func advance(to time: Double) -> ViewDirection {
        while let next = nextHappening(by: time) {
            switch next {
            case .movementEnds(let at): finishMovement(at: at)
            case .percept: react(to: inbox.removeFirst())
            case .plan(let action, let at):
                planned = nil
                carryOut(action, at: at)
            case .patienceRunsOut(let at): startSweep(at: at, side: lastSeenSide)
            }
        }
        return direction(at: time)
    }

    // MARK: - What happens next

    private enum Happening {
        case movementEnds(Double)
        case percept
        case plan(Action, Double)
        case patienceRunsOut(Double)
    }

    private func nextHappening(by time: Double) -> Happening? {
        var candidates: [(time: Double, happening: Happening)] = []
        if let moving { candidates.append((moving.end, .movementEnds(moving.end))) }
        if let first = inbox.first { candidates.append((first.time, .percept)) }
        if let planned { candidates.append((planned.time, .plan(planned.action, planned.time))) }
        if activity == .waiting || activity == .listening {
            let deadline = lastCueAt + traits.patience
            candidates.append((deadline, .patienceRunsOut(deadline)))
        }
        // Earliest first; on a tie a movement ends before anything else is heard or done.
        return candidates.enumerated().filter { $0.element.time <= time }
            .min { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }?.element.happening
    }

    // MARK: - Perceiving

    private mutating func react(to percept: TimedPercept) {
        let time = percept.time
        switch percept.percept {
        case .beat(let pan, let pitch, let centred):
            let heard = Beat(time: time, pan: clampCue(pan + random.normal(standardDeviation: traits.panNoise)),
                             pitch: clampCue(pitch + random.normal(standardDeviation: traits.pitchNoise)),
                             centred: centred)
            beat = heard
            respond(toCueAt: time, centred: centred)
        case .lost(let pan):
            beat = nil
            lastCueAt = time
            if abs(pan) > 0.1 { lastSeenSide = pan < 0 ? -1 : 1 }
            switch activity {
            case .waiting, .listening, .reacting, .holding:
                if let side = lastSeenSide {
                    plan(.sweep(side: side), at: time + reactionTime())
                    activity = .reacting
                } else {
                    listen(from: time)
                }
            case .turning, .sweeping:
                break
            }
        case .vibration(let felt):
            vibration = (time, felt)
            // Vibration only steers when no beat is heard (earcons off, or drowned out).
            if !hasFreshBeat(at: time) { respond(toCueAt: time, centred: felt == .centred) }
        case .words(let text):
            let heard = HeardWords(text)
            words = (time, heard)
            if heard.saysKeepTurning {
                keepTurning(at: time, towards: heard.lastSeenSide.map(Double.init))
            } else if let side = heard.lastSeenSide {
                lastSeenSide = Double(side)
            }
            let informative = heard.saysCentred || heard.clockHours != nil || heard.vertical != nil
            if informative && !hasFreshBeat(at: time) && heard.lastSeenSide == nil {
                respond(toCueAt: time, centred: heard.saysCentred)
            }
        }
    }

    /// A cue about where the target is now arrived: act on it if the person is ready to.
    private mutating func respond(toCueAt time: Double, centred: Bool) {
        lastCueAt = time
        switch activity {
        case .waiting:
            plan(.decide, at: time + reactionTime())
            activity = .reacting
        case .listening where time >= listeningSince + traits.settleTime:
            plan(.decide, at: time + reactionTime())
            activity = .reacting
        case .holding where !centred:
            plan(.decide, at: time + reactionTime())
            activity = .reacting
        case .sweeping where planned == nil:
            plan(.stopSweep, at: time + reactionTime())
        case .listening, .holding, .sweeping, .reacting, .turning:
            break
        }
    }

    private func hasFreshBeat(at time: Double) -> Bool { beat.map { time - $0.time <= traits.cueMemory } ?? false }

    // MARK: - Acting

    private mutating func carryOut(_ action: Action, at time: Double) {
        switch action {
        case .decide: decide(at: time)
        case .stopSweep:
            stopSweep(at: time)
            listen(from: time)
        case .sweep(let side): startSweep(at: time, side: side)
        }
    }

    /// Turns as far as the freshest cue says, or holds if it says centred.
    private mutating func decide(at time: Double) {
        guard let estimate = estimate(at: time) else {
            listen(from: time)
            return
        }
        if estimate.centred {
            activity = .holding
            return
        }
        var turn = estimate.offset * (1 + random.uniform(traits.overshoot))
        guard turn.magnitude > 0 else {
            listen(from: time)
            return
        }
        if turn.magnitude < traits.smallestTurn { turn = turn * (traits.smallestTurn / turn.magnitude) }
        let speed = random.uniform(traits.turnSpeeds)
        let movement = HeadMovement(kind: .turn, from: rest, to: rest + turn, start: time,
                                    duration: max(0.2, turn.magnitude / speed))
        begin(movement)
        activity = .turning
    }

    /// Where the cues say the target is, relative to straight ahead, from the freshest channel that says anything.
    private func estimate(at time: Double) -> (centred: Bool, offset: ViewDirection)? {
        if let beat, time - beat.time <= traits.cueMemory {
            if beat.centred { return (true, .ahead) }
            return (false, ViewDirection(yaw: beat.pan / 2 * traits.believedCamera.horizontalFieldOfView,
                                         pitch: beat.pitch / 2 * traits.believedCamera.verticalFieldOfView))
        }
        if let vibration, time - vibration.time <= traits.cueMemory {
            let step = traits.blindStep
            switch vibration.felt {
            case .centred: return (true, .ahead)
            case .left: return (false, ViewDirection(yaw: -step, pitch: 0))
            case .right: return (false, ViewDirection(yaw: step, pitch: 0))
            case .up: return (false, ViewDirection(yaw: 0, pitch: step))
            case .down: return (false, ViewDirection(yaw: 0, pitch: -step))
            }
        }
        if let words, time - words.time <= 3 * traits.cueMemory {
            if words.heard.saysCentred { return (true, .ahead) }
            let yaw = Double(words.heard.clockHours ?? 0) * traits.degreesPerClockHour
            let pitch = Double(words.heard.vertical ?? 0) * traits.blindStep
            if yaw != 0 || pitch != 0 { return (false, ViewDirection(yaw: yaw, pitch: pitch)) }
        }
        return nil
    }

    /// Sweeps towards `side` (from here) when the target was last seen there, else on around where the search
    /// started; a sweep that reaches its end turns back, which is a new movement.
    private mutating func startSweep(at time: Double, side: Double?) {
        lastSeenSide = nil
        if let side {
            sweepSide = side
            anchor = rest
        }
        var end = anchor.yaw + sweepSide * sweepReach
        if (end - rest.yaw) * sweepSide < 10 {
            sweepSide = -sweepSide
            end = anchor.yaw + sweepSide * sweepReach
        }
        let target = ViewDirection(yaw: end, pitch: rest.pitch)
        begin(HeadMovement(kind: .sweep, from: rest, to: target, start: time,
                           duration: abs(end - rest.yaw) / traits.sweepSpeed))
        activity = .sweeping
    }

    /// From now on sweeps reach further; a sweep under way goes on past its old end in the same direction, or
    /// turns to `side` (−1 left, +1 right) when Beacon says which way ("keep turning, maybe to your right").
    private mutating func keepTurning(at time: Double, towards side: Double?) {
        let widening = sweepReach < traits.keepTurningReach
        sweepReach = traits.keepTurningReach
        if let side, [.sweeping, .listening, .waiting].contains(activity) {
            stopSweep(at: time)
            planned = nil
            startSweep(at: time, side: side)
            return
        }
        guard widening, activity == .sweeping, stopSweep(at: time) else { return }
        startSweep(at: time, side: nil)
    }

    /// Cuts a sweep under way short where it is at `time`; false when no sweep was under way.
    @discardableResult
    private mutating func stopSweep(at time: Double) -> Bool {
        guard let sweep = moving, sweep.kind == .sweep else { return false }
        rest = sweep.stopped(at: time).to
        moving = nil
        return true
    }

    private mutating func finishMovement(at time: Double) {
        guard let movement = moving else { return }
        rest = movement.to
        moving = nil
        if movement.kind == .sweep {
            startSweep(at: time, side: nil)
        } else {
            listen(from: time)
        }
    }

    private mutating func begin(_ movement: HeadMovement) {
        moving = movement
        movements.append(movement)
    }

    private mutating func listen(from time: Double) {
        activity = .listening
        listeningSince = time
        lastCueAt = time
    }

    private mutating func plan(_ action: Action, at time: Double) { planned = (action, time) }

    private mutating func reactionTime() -> Double {
        max(0.12, random.normal(mean: traits.reactionTime, standardDeviation: traits.reactionJitter))
    }

    private func clampCue(_ value: Double) -> Double { min(1, max(-1, value)) }
}
