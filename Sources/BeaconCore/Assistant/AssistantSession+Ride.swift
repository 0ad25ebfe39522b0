/// Find my ride in the session (Thing Finder's rideshare mode, offline): the cars the detector sees are tracked and
/// checked one at a time by the runtime — colour at once, plate on the inference turns — and said as they are
/// checked; the car whose plate matches is guided to with find's beats and words, its track kept when the plate
/// turns out of view.
extension AssistantSession {
    /// "find my ride …" (or "find my car, red, plate …", which the object search hands over).
    mutating func findRide(_ words: String, at timestamp: Double, into effects: inout [AssistantEffect]) {
        guard let description = RideDescription(words: words) ?? RideDescription(words: "car " + words),
              description.plate != nil else {
            say(phrasebook.ride.needPlate, at: timestamp, priority: .stateChange, requested: true, into: &effects)
            return
        }
        startFindingRide(description, at: timestamp, into: &effects)
    }

    /// Starts the search for the ride described (a plate is there); `guidance` is a job's own configuration
    /// (`beacon find-ride`), else find's with the person's settings.
    mutating func startFindingRide(_ description: RideDescription, guidance: GuidanceConfiguration? = nil, at timestamp: Double,
                                   into effects: inout [AssistantEffect]) {
        enter(.findingRide(description), at: timestamp, announce: false, into: &effects)
        rideSearch = RideSearch(wanted: description)
        // Guidance waits from the start (starting it later would reset what is waiting to be said): it is given the
        // found car's box once there is one, and nothing before.
        // "Your car: …" names the find itself.
        startFollowing(SearchTarget(label: "car", classIndex: RideSearch.vehicleClass), kind: .object, saysFound: false,
                       given: guidance, at: timestamp, into: &effects)
        say(phrasebook.ride.looking, ["plate": PlateText.spoken(description.writtenPlate ?? "")], at: timestamp,
            priority: .stateChange, requested: true, into: &effects)
    }

    /// The detector's newest cars: tracked, the next one due is checked, and once the ride is found it is guided to.
    mutating func rideDetections(_ detections: [Detection], frame: Int, at timestamp: Double,
                                 into effects: inout [AssistantEffect]) {
        guard var search = rideSearch else { return }
        let steps = search.update(detections: detections, at: timestamp)
        rideSearch = search
        perform(steps, frame: frame, at: timestamp, into: &effects)
        guard let search = rideSearch else { return }
        var seen: [Detection] = []
        if search.foundIsInView, let box = search.foundBox {
            seen = [Detection(classIndex: RideSearch.vehicleClass, label: "car", confidence: 1, box: box)]
        }
        forwardToGuidance(.detections(seen, frame: frame, timestamp: timestamp), into: &effects)
    }

    mutating func handleRide(_ event: RideEvent, at timestamp: Double, into effects: inout [AssistantEffect]) {
        guard var search = rideSearch else { return }
        let steps: [RideSearch.Step]
        switch event {
        case .colourSeen(let track, let colour):
            steps = search.colourSeen(colour, track: track)
        case .checked(let track, let verdict, let colour, let plate):
            steps = search.checked(track: track, verdict: verdict, colour: colour, plateRead: plate != nil, at: timestamp)
        case .light(let dark):
            let says = dark && search.turnedDark(at: timestamp)
            rideSearch = search
            if says { say(phrasebook.ride.dark, at: timestamp, priority: .stateChange, category: "ride dark", into: &effects) }
            return
        }
        rideSearch = search
        perform(steps, frame: nil, at: timestamp, into: &effects)
    }

    private mutating func perform(_ steps: [RideSearch.Step], frame: Int?, at timestamp: Double,
                                  into effects: inout [AssistantEffect]) {
        let words = phrasebook.ride
        for step in steps {
            switch step {
            case .check(let track, let box, let hiddenBy):
                if let frame { effects.append(.checkCar(track: track, frame: frame, box: box, hiddenBy: hiddenBy)) }
            case .checking(let colour):
                if let colour {
                    say(words.checking, ["colour": phrasebook.say(words.name(of: colour))], at: timestamp,
                        priority: .stateChange, category: "ride check", into: &effects)
                } else {
                    say(words.checkingCar, at: timestamp, priority: .stateChange, category: "ride check", into: &effects)
                }
            case .plateNotVisible:
                say(words.plateNotVisible, at: timestamp, priority: .stateChange, category: "ride plate", into: &effects)
            case .anotherPlate(let colour):
                if let colour {
                    say(words.anotherPlate, ["colour": phrasebook.say(words.name(of: colour))], at: timestamp,
                        priority: .stateChange, category: "ride rejected", into: &effects)
                } else {
                    say(words.anotherCar, at: timestamp, priority: .stateChange, category: "ride rejected", into: &effects)
                }
            case .otherColour(let colour):
                say(words.otherColour, ["colour": phrasebook.say(words.name(of: colour))], at: timestamp,
                    priority: .stateChange, category: "ride rejected", into: &effects)
            case .found(let colour):
                // After the rejections said before it, so the person hears which cars were not theirs; cars still
                // "being checked" are old news, and would make the found car's direction stale by the time it is said.
                arbiter.clearWaiting(category: "ride check")
                arbiter.clearWaiting(category: "ride plate")
                say(words.found, ["details": foundDetails(colour: colour, at: timestamp)], at: timestamp,
                    priority: .stateChange, category: "ride found", into: &effects)
                objectsFoundInMode += 1
            }
        }
    }

    /// "red, plate P F, F, 3 6 0 0, about 5 metres, one o'clock": what is known of the found car, most telling first.
    private func foundDetails(colour: CarColour?, at timestamp: Double) -> String {
        let words = phrasebook.ride
        var pieces: [String] = []
        if let colour { pieces.append(phrasebook.say(words.name(of: colour))) }
        pieces.append(phrasebook.say(words.platePiece, ["plate": PlateText.spoken(rideSearch?.wanted.writtenPlate ?? "")]))
        if let box = rideSearch?.foundBox {
            let distance = depth(near: timestamp)?.measuredDistance(of: box)
                ?? SizePriors.standard.distance(of: box, label: "car", verticalFieldOfView: configuration.verticalFieldOfView,
                                                horizontalFieldOfView: configuration.horizontalFieldOfView)
            if let distance { pieces.append(phrasebook.distance(distance)) }
            pieces.append(phrasebook.clock(camera.clockDirection(of: box)))
        }
        return pieces.joined(separator: phrasebook.language == .chinese ? "，" : ", ")
    }
}
