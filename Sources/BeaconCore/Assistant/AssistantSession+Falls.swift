import Foundation

/// The session's part for falls: the detector, the alarm, and what the emergency message needs to know.
struct FallWatch: Sendable {
    var detector = FallDetector()
    var alarm = FallAlarm()
    /// The newest fix from a location source; the settings' place when there is none.
    var location: EmergencyLocation?
    /// The wall-clock date of timestamp 0, for the message's time.
    var startedAt = Date(timeIntervalSince1970: 0)
    /// Falls whose message was delivered, and falls whose trouble sending was said.
    var delivered: Set<Int> = []
    var troubleSaid: Set<Int> = []
}

/// Fall detection and the emergency message (issue 11, item 6).
///
/// Falls see every event before the rest of the session: IMU samples and delivery reports are theirs alone; while an
/// alarm runs, any command answers it (help calls for help at once, quit ends the session, everything else cancels),
/// and nothing else speaks — detections, text and pages wait until the alarm is over.
extension AssistantSession {
    /// Returns true when the event was handled here and the rest of the session must not see it.
    mutating func handleFalls(_ event: AssistantEvent, into effects: inout [AssistantEffect]) -> Bool {
        switch event {
        case .falls(let fallEvent):
            handle(fallEvent, into: &effects)
            return true
        case .started(_, let startedAt, _, _):
            falls.startedAt = startedAt
            return false
        case .command(let command, let timestamp):
            return answer(command, at: timestamp, into: &effects)
        case .tick(let timestamp), .frame(_, let timestamp, _):
            advanceAlarm(to: timestamp, into: &effects)
            return false
        case .detections, .textLines, .page, .pageNotCaptured, .cameraMoved, .depth, .unknownInput, .speechRejected:
            return falls.alarm.isActive
        default:
            return false
        }
    }

    /// Whether an alarm is running: the live loop then takes any key as an answer.
    public var fallAlarmIsActive: Bool { falls.alarm.isActive }

    public var fallAlarmPhase: FallAlarm.Phase { falls.alarm.phase }

    private var fallPhrases: FallPhrases { FallPhrases() }

    private mutating func handle(_ event: FallEvent, into effects: inout [AssistantEffect]) {
        switch event {
        case .motion(let sample):
            noteMotion(sample)
            if let fall = falls.detector.add(sample) { suspect(fall, into: &effects) }
            advanceAlarm(to: sample.timestamp, into: &effects)
        case .cameraHeight(let metres, let timestamp):
            if let fall = falls.detector.addCameraHeight(metres, at: timestamp) { suspect(fall, into: &effects) }
            advanceAlarm(to: timestamp, into: &effects)
        case .location(let location, _):
            falls.location = location
        case .unreadableMotion(let error, _):
            effects.append(.show(error.sentence))
        case .delivery(let delivery, let timestamp):
            delivered(delivery, at: timestamp, into: &effects)
        }
    }

    private mutating func suspect(_ fall: FallDetector.Fall, into effects: inout [AssistantEffect]) {
        let evidence = switch fall.evidence {
        case .motion(let drop, let impact, let change):
            String(format: "drop to %.2f g, impact %.1f g, lying %.0f° from before", drop, impact, change)
        case .cameraHeight(let drop):
            String(format: "camera %.2f m lower, near the floor", drop)
        }
        effects.append(.show("Fall suspected: \(evidence)."))
        perform(falls.alarm.fallSuspected(at: fall.timestamp), at: fall.timestamp, into: &effects)
    }

    private mutating func advanceAlarm(to timestamp: Double, into effects: inout [AssistantEffect]) {
        perform(falls.alarm.advance(to: timestamp), at: timestamp, into: &effects)
    }

    /// A command while an alarm runs is the person's (or a bystander's) answer.
    private mutating func answer(_ command: AssistantCommand, at timestamp: Double,
                                 into effects: inout [AssistantEffect]) -> Bool {
        guard falls.alarm.isActive else {
            guard command == .imOK else { return false }
            sayAboutFall(fallPhrases.noAlarm, at: timestamp, urgent: false, into: &effects)
            return true
        }
        switch command {
        case .help:
            perform(falls.alarm.helpAsked(at: timestamp), at: timestamp, into: &effects)
            return true
        case .quit:
            perform(falls.alarm.cancel(at: timestamp), at: timestamp, into: &effects)
            return false
        default:
            perform(falls.alarm.cancel(at: timestamp), at: timestamp, into: &effects)
            return true
        }
    }

    private mutating func perform(_ actions: [FallAlarm.Action], at timestamp: Double,
                                  into effects: inout [AssistantEffect]) {
        for action in actions {
            switch action {
            case .ask:
                // Everything else stops: the job in hand, its engines, what is being said.
                leaveMode(at: timestamp, into: &effects)
                effects.append(.stopAll)
                arbiter.silence()
                if mode != .idle {
                    mode = .idle
                    effects.append(.modeChanged(.idle))
                }
                isPaused = false
                effects.append(.earcon(Earcon(kind: .hazard), at: timestamp))
                if settings.haptics { effects.append(.haptic(.hazard)) }
                sayAboutFall(fallPhrases.question, at: timestamp, urgent: true, into: &effects)
            case .callForHelp(let fall):
                if let webhook = settings.emergencyWebhook {
                    effects.append(.emergency(.send(message(.fall, fall: fall, at: timestamp), webhook: webhook)))
                } else {
                    sayAboutFall(fallPhrases.noWebhook, at: timestamp, urgent: true, into: &effects)
                }
            case .remindBystanders(let fall):
                let template = falls.delivered.contains(fall) ? fallPhrases.bystandersAfterMessage : fallPhrases.bystanders
                if settings.haptics { effects.append(.haptic(.hazard)) }
                sayAboutFall(template, at: timestamp, urgent: true, into: &effects)
            case .cancelled(let fall, let helpWasCalled):
                effects.append(.stopAll)
                arbiter.silence()
                let delivered = falls.delivered.contains(fall)
                if helpWasCalled, let webhook = settings.emergencyWebhook {
                    effects.append(.emergency(.withdraw(fall: fall, allClear: message(.allClear, fall: fall, at: timestamp),
                                                       webhook: webhook)))
                }
                sayAboutFall(delivered ? fallPhrases.cancelledAfterHelp : fallPhrases.cancelled, at: timestamp,
                             urgent: false, into: &effects)
            }
        }
    }

    private mutating func delivered(_ delivery: EmergencyDelivery, at timestamp: Double,
                                    into effects: inout [AssistantEffect]) {
        switch delivery {
        case .delivered(let fall, .fall):
            falls.delivered.insert(fall)
            effects.append(.show("Emergency message for fall \(fall) delivered."))
            if case .alerting(fall, _) = falls.alarm.phase {
                sayAboutFall(fallPhrases.messageSent, at: timestamp, urgent: false, into: &effects)
            }
        case .delivered(let fall, .allClear):
            effects.append(.show("All-clear for fall \(fall) delivered."))
        case .failing(let fall, let sentence):
            effects.append(.show(sentence))
            // Said once per fall; the sender keeps trying quietly.
            guard !falls.troubleSaid.contains(fall), case .alerting(fall, _) = falls.alarm.phase else { return }
            falls.troubleSaid.insert(fall)
            sayAboutFall(fallPhrases.messageNotSent, at: timestamp, urgent: false, into: &effects)
        }
    }

    private func message(_ kind: EmergencyMessage.Kind, fall: Int, at timestamp: Double) -> EmergencyMessage {
        let location = falls.location ?? settings.emergencyLocation
        let place = location?.described ?? phrasebook.say(fallPhrases.locationUnknown)
        let text = switch kind {
        case .fall: phrasebook.say(fallPhrases.fallMessage,
                                   ["seconds": String(Int(falls.alarm.timing.answerSeconds)), "location": place])
        case .allClear: phrasebook.say(fallPhrases.allClearMessage, ["location": place])
        }
        return EmergencyMessage(kind: kind, fall: fall, time: falls.startedAt.addingTimeInterval(timestamp),
                                location: location, text: text, language: settings.language)
    }

    /// The alarm's sentences outrank everything (a hazard's priority, and asked for, so no cooldown drops them);
    /// the rest answer like any requested sentence.
    private mutating func sayAboutFall(_ template: PhraseTemplate, at timestamp: Double, urgent: Bool,
                                       into effects: inout [AssistantEffect]) {
        let utterance = Utterance(text: phrasebook.say(template), priority: urgent ? .hazard : .stateChange,
                                  category: "fall", isRequested: true, language: settings.language,
                                  rate: settings.speechSpeed.rate)
        switch arbiter.offer(utterance, timestamp: timestamp) {
        case .speak: effects.append(.speak(utterance))
        case .interruptCurrent: effects.append(.interruptSpeech)
        case .queue, .alreadyPending, .drop: break
        }
    }
}
