/// What happens after a suspected fall, on the session's clock: ask the person, wait for an answer, then call for
/// help (the emergency message, once) and ask bystanders for help every 10 s until someone cancels.
///
/// Pure: it says what to do (`Action`); the session words it and the adapters send it. A cancelled alarm counts as
/// a false alarm and keeps the alarm quiet for a while, so a device that keeps "falling" on a bed does not nag.
public struct FallAlarm: Sendable {
    public struct Timing: Sendable, Hashable {
        /// Time to say "I'm OK" or press a key before help is called (Guider's 10 s).
        public var answerSeconds = 10.0
        /// Between the sentences for bystanders.
        public var bystanderSeconds = 10.0
        /// After a false alarm, suspected falls are not asked about for this long.
        public var quietAfterFalseAlarm = 30.0

        public init() {}
    }

    public enum Phase: Sendable, Hashable {
        case idle
        /// "Did you fall?" was asked; help is called at `deadline` without an answer.
        case asking(fall: Int, deadline: Double)
        /// Help was called; bystanders are asked again at `nextReminder`.
        case alerting(fall: Int, nextReminder: Double)
    }

    public enum Action: Sendable, Hashable {
        /// Stop everything else and ask the person.
        case ask(fall: Int)
        /// Send the emergency message for this fall (once).
        case callForHelp(fall: Int)
        /// Say the sentence for bystanders.
        case remindBystanders(fall: Int)
        /// The alarm was cancelled; `helpWasCalled` says a message went out and an all-clear should follow it.
        case cancelled(fall: Int, helpWasCalled: Bool)
    }

    public let timing: Timing
    public private(set) var phase = Phase.idle
    /// Falls asked about so far; each alarm's number.
    public private(set) var falls = 0
    private var quietUntil = -Double.infinity

    public init(timing: Timing = Timing()) {
        self.timing = timing
    }

    public var isActive: Bool { phase != .idle }

    /// A suspected fall: asked about unless an alarm runs already or a false alarm was just cancelled.
    public mutating func fallSuspected(at time: Double) -> [Action] {
        guard phase == .idle, time >= quietUntil else { return [] }
        falls += 1
        phase = .asking(fall: falls, deadline: time + timing.answerSeconds)
        return [.ask(fall: falls)]
    }

    /// Time passes: help is called when the answer did not come, and bystanders are reminded.
    public mutating func advance(to time: Double) -> [Action] {
        switch phase {
        case .idle:
            return []
        case .asking(let fall, let deadline):
            guard time >= deadline else { return [] }
            return callForHelp(fall, at: time)
        case .alerting(let fall, let nextReminder):
            guard time >= nextReminder else { return [] }
            phase = .alerting(fall: fall, nextReminder: nextReminder + timing.bystanderSeconds)
            return [.remindBystanders(fall: fall)]
        }
    }

    /// The person said "help" (or "yes"): no need to wait.
    public mutating func helpAsked(at time: Double) -> [Action] {
        guard case .asking(let fall, _) = phase else { return [] }
        return callForHelp(fall, at: time)
    }

    /// "I'm OK", a key, stop: the alarm ends. A cancel before help was called is a false alarm.
    public mutating func cancel(at time: Double) -> [Action] {
        switch phase {
        case .idle:
            return []
        case .asking(let fall, _):
            phase = .idle
            quietUntil = time + timing.quietAfterFalseAlarm
            return [.cancelled(fall: fall, helpWasCalled: false)]
        case .alerting(let fall, _):
            phase = .idle
            return [.cancelled(fall: fall, helpWasCalled: true)]
        }
    }

    private mutating func callForHelp(_ fall: Int, at time: Double) -> [Action] {
        phase = .alerting(fall: fall, nextReminder: time + timing.bystanderSeconds)
        return [.callForHelp(fall: fall), .remindBystanders(fall: fall)]
    }
}
