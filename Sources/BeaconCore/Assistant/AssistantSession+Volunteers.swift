/// Help from a distance in the session (ViewShare's job): "ask for help finding my keys" opens a request on the
/// person's volunteers' hub, the newest camera picture goes out as a photo every 2 s, and once a helper marks the thing
/// in one of them, the marked spot is guided to like a found object — the same beats, pan and words — carried
/// across the camera's motion since that photo. "Found it", "stop sharing" and "stop" close the request.
extension AssistantSession {
    /// The detector class of the marked spot: none of the detector's.
    static let markClass = -1

    /// Where the spot a helper marked is in the current picture (outside 0…1 when out of view); nil before a mark.
    public var markedSpot: NormalizedPoint? { helpRequest?.mark }

    mutating func askForHelp(_ words: String, at timestamp: Double, into effects: inout [AssistantEffect]) {
        let thing = PersonalName.withoutDeterminer(words)
        enter(.askingForHelp(thing), at: timestamp, announce: false, into: &effects)
        helpRequest = HelpRequest(thing: thing, at: timestamp, policy: configuration.helpers)
        effects.append(.helpers(.ask(object: thing, language: settings.language)))
        say(phrasebook.helpers.asking, at: timestamp, priority: .stateChange, requested: true, into: &effects)
    }

    /// "Found it" and "stop sharing": the request closes (leaving the mode closes it) and scanning goes on.
    mutating func endHelp(saying template: PhraseTemplate, at timestamp: Double, into effects: inout [AssistantEffect]) {
        guard helpRequest != nil else {
            say(phrasebook.helpers.noRequest, at: timestamp, priority: .stateChange, requested: true, into: &effects)
            return
        }
        goHome(at: timestamp, into: &effects)
        say(template, at: timestamp, priority: .stateChange, requested: true, into: &effects)
    }

    /// A frame while asking: the newest picture goes out as a photo when one is due, "No helper yet" when nobody
    /// took the request for a while, and the marked spot, once there is one, goes to guidance as its detection.
    mutating func helpFrame(_ frame: Int, at timestamp: Double, into effects: inout [AssistantEffect]) {
        guard var request = helpRequest else { return }
        if request.takesPhoto(frame: frame, at: timestamp) { effects.append(.helpers(.sendPhoto(frame: frame))) }
        let remind = request.reminderDue(at: timestamp)
        helpRequest = request
        if remind { say(phrasebook.helpers.stillAsking, at: timestamp, priority: .stateChange, into: &effects) }
        guard guidance != nil, !isPaused else { return }
        let seen = request.markDetection(classIndex: Self.markClass).map { [$0] } ?? []
        forwardToGuidance(.detections(seen, frame: frame, timestamp: timestamp), into: &effects)
    }

    /// Time passes without frames: the reminder still comes.
    mutating func helpTick(at timestamp: Double, into effects: inout [AssistantEffect]) {
        guard var request = helpRequest else { return }
        let remind = request.reminderDue(at: timestamp)
        helpRequest = request
        if remind { say(phrasebook.helpers.stillAsking, at: timestamp, priority: .stateChange, into: &effects) }
    }

    mutating func handleVolunteers(_ event: VolunteersEvent, at timestamp: Double, into effects: inout [AssistantEffect]) {
        guard var request = helpRequest else { return }
        let words = phrasebook.helpers
        switch event {
        case .photoSent(let photo, let frame):
            request.photoSent(photo, frame: frame)
            helpRequest = request
        case .taken:
            let first = request.take()
            helpRequest = request
            if first { say(words.helperLooking, at: timestamp, priority: .stateChange, into: &effects) }
        case .marked(.point(let photo, let x, let y)):
            let marked = NormalizedPoint(x: x, y: y)
            guard let (now, photoFrame) = request.marked(photo: photo, at: marked) else { return }
            _ = request.take()
            helpRequest = request
            effects.append(.helpers(.follow(point: marked, photoFrame: photoFrame)))
            if guidance == nil {
                startFollowing(SearchTarget(label: request.thing, classIndex: Self.markClass), kind: .marked, at: timestamp,
                               into: &effects)
            }
            // In view, guidance says "Keys, ten o'clock." as soon as it holds the spot; out of view, which way to turn.
            if !(0...1).contains(now.x) || !(0...1).contains(now.y) {
                let place = GuidancePhrases(language: settings.language).whereabouts(of: now)
                say(words.marked, ["direction": place], at: timestamp, priority: .stateChange, category: "marked",
                    into: &effects)
            }
        case .marked(let other):
            _ = request.take()
            helpRequest = request
            sayText(other.sentence(language: settings.language), at: timestamp, category: "helper", into: &effects)
        case .markSeen(let point, _):
            request.seen(at: point)
            helpRequest = request
        case .closed:
            helpRequest = nil // closed already: leaving the mode has nothing to close
            goHome(at: timestamp, into: &effects)
            say(words.closed, at: timestamp, priority: .stateChange, into: &effects)
        case .failed(let failure):
            helpRequest = nil
            goHome(at: timestamp, into: &effects)
            let template = switch failure {
            case .notJoined: words.notJoined
            case .unreachable: words.unreachable
            case .notMember: words.notMember
            case .refused: words.refused
            }
            say(template, at: timestamp, priority: .stateChange, into: &effects)
        }
    }

    /// Back to the scanning the person chose; leaving the help mode closes its request.
    private mutating func goHome(at timestamp: Double, into effects: inout [AssistantEffect]) {
        enter(settings.scanning == .continuous ? .continuousScanning : .onDemandScanning, at: timestamp,
              announce: false, into: &effects)
    }
}
