import Foundation

/// Explore and scanning in the session: the detector's newest boxes said with their clock directions (continuous and
/// on-demand scanning), hazards warned of first, explore's sharpest picture examined, and what was seen remembered.
extension AssistantSession {
    mutating func handleDetections(_ detections: [Detection], frame: Int, at timestamp: Double, lookedAt: Int?,
                                   examined: Bool, into effects: inout [AssistantEffect]) {
        poll(at: timestamp, into: &effects)
        if case .findingText = mode, !examined {
            // Text found live arrives already matched (the adapter ran the same `TextSearch` beside the OCR).
            forwardToGuidance(.detections(detections, frame: frame, timestamp: timestamp, lookedAt: lookedAt), into: &effects)
            return
        }
        // While teaching, the hand holding the thing up is no hazard.
        if configuration.job == nil, teaching == nil { warnOfHazards(detections, at: timestamp, into: &effects) }
        if examined, let purpose = pendingExamine {
            pendingExamine = nil
            report(detections, purpose: purpose, at: timestamp, into: &effects)
            return
        }
        switch mode {
        case .findingRide:
            rideDetections(detections, frame: frame, at: timestamp, into: &effects)
        case .findingObject(let target):
            let before = guidance?.lock.isGuiding ?? false
            forwardToGuidance(.detections(detections, frame: frame, timestamp: timestamp, lookedAt: lookedAt), into: &effects)
            if !before, let guidance, guidance.lock.isGuiding {
                objectsFoundInMode += 1
                let confidence = detections.filter(target.accepts).map(\.confidence).max()
                remember(target.label, isTaught: target.isTaught,
                         confidence: confidence ?? settings.confidence, box: guidance.lock.box, at: timestamp,
                         into: &effects)
            }
        case .continuousScanning where !isPaused:
            // Hazard classes were just warned of by the hazard monitor: saying them twice would be chatter.
            // The person's own priority classes are said first; among the rest, the scanner's order (people and
            // obstacles, then the nearest).
            let entered = scanner.update(detections: detections, timestamp: timestamp, depth: depth(near: timestamp))
            let prioritised = entered.filter { settings.priority.contains($0.label) }
                + entered.filter { !settings.priority.contains($0.label) }
            for object in prioritised where !settings.hazards.contains(object.label) {
                remember(object.label, isTaught: object.isTaught, confidence: 1, box: object.box, at: timestamp,
                         into: &effects)
                objectsFoundInMode += 1
                let values = spoken(object.label, isTaught: object.isTaught, count: 1, clock: object.clock,
                                    distance: object.distance)
                say(values["distance"]!.isEmpty ? phrases.objectAt : phrases.object, values, at: timestamp,
                    priority: .guidance, category: "scan", into: &effects)
            }
        default:
            // Keep the scanner's idea of what is in view, so turning continuous on later does not announce it all.
            _ = scanner.update(detections: detections, timestamp: timestamp, depth: depth(near: timestamp))
        }
    }

    /// The placeholders of `AssistantPhrases.object` and `.hazard`: "Two chairs", "ten o'clock", "about 2 metres".
    /// The object is capitalised where it starts the sentence ("Chair, …"), not after "Caution:".
    func spoken(_ label: String, isTaught: Bool = false, count: Int, clock: ClockDirection,
                distance: DistanceEstimate?, startsSentence: Bool = true) -> [String: String] {
        let name = phrasebook.counted(label, count: count, isTaught: isTaught)
        return ["object": startsSentence ? name.capitalizedFirst : name, "direction": phrasebook.clock(clock),
                "distance": distance.map(phrasebook.distance) ?? ""]
    }

    mutating func warnOfHazards(_ detections: [Detection], at timestamp: Double, into effects: inout [AssistantEffect]) {
        for alert in hazards.update(detections: detections, timestamp: timestamp, depth: depth(near: timestamp)) {
            // Looking for a ride among parked cars, a standing car is what the person wants to walk to; a vehicle
            // coming closer is still a danger.
            if case .findingRide = mode, RideSearchLabels.vehicles.contains(alert.label), !alert.isApproaching { continue }
            effects.append(.earcon(Earcon(kind: .hazard, pan: min(1, max(-1, 2 * (alert.box.midX - 0.5)))), at: timestamp))
            if settings.haptics { effects.append(.haptic(alert.hapticPattern)) }
            var values = spoken(alert.label, count: 1, clock: alert.clock, distance: alert.distance, startsSentence: false)
            if case .close = alert.proximity { values["distance"] = phrasebook.say(phrases.close) }
            let template = alert.isApproaching ? phrases.approaching
                : values["distance"]!.isEmpty ? phrases.hazardAt : phrases.hazard
            say(template, values, at: timestamp, priority: .hazard, category: "hazard", into: &effects)
        }
    }

    mutating func considerForExplore(frame: Int, sharpness: SharpnessMap, into effects: inout [AssistantEffect]) {
        guard var capture = explore, pendingExamine == nil else { return }
        for case .detect(let chosen, _) in capture.handle(.frame(frame, sharpness)) {
            pendingExamine = .explore
            effects.append(.examine(frame: chosen))
        }
        explore = capture
    }

    /// The report of explore or scan now: the most important objects, grouped, with direction and distance.
    mutating func report(_ detections: [Detection], purpose: ExaminePurpose, at timestamp: Double,
                         into effects: inout [AssistantEffect]) {
        let description = SceneDescriber(filter: filter, camera: camera, maximumItems: purpose == .explore ? 8 : 5)
            .describe(detections, depth: depth(near: timestamp))
        if purpose == .explore, var capture = explore {
            let verdict = capture.handle(.detected(count: description.items.count))
            explore = capture.isFinished ? nil : capture
            if verdict.contains(where: { if case .unclear = $0 { true } else { false } }) {
                say(phrases.sceneUnclear, at: timestamp, priority: .stateChange, requested: true, into: &effects)
                finishJob(at: timestamp, into: &effects)
                return
            }
            // Not described yet: explore tries the next few frames.
            guard verdict.contains(where: { if case .describe = $0 { true } else { false } }) else { return }
            explore = nil
        }
        if description.isEmpty {
            say(phrases.nothingRecognised, at: timestamp, priority: .stateChange, requested: true, into: &effects)
        }
        for item in description.items {
            remember(item.label, isTaught: item.isTaught, confidence: 1, box: item.boxes.first, at: timestamp,
                     into: &effects)
            objectsFoundInMode += item.count
            let values = spoken(item.label, isTaught: item.isTaught, count: item.count, clock: item.clock,
                                distance: item.distance)
            say(values["distance"]!.isEmpty ? phrases.objectAt : phrases.object, values, at: timestamp,
                priority: .stateChange, category: "report", requested: true, into: &effects)
        }
        if purpose == .explore { finishJob(at: timestamp, into: &effects) }
    }

    mutating func remember(_ label: String, isTaught: Bool, confidence: Double, box: NormalizedRect?,
                           at timestamp: Double, into effects: inout [AssistantEffect]) {
        let clock = box.map(camera.clockDirection) ?? .straightAhead
        let record = DetectionRecord(label: label, confidence: confidence, clockHour: clock.hour,
                                     time: startedAt.addingTimeInterval(timestamp), isTaught: isTaught)
        recent.add(record)
        effects.append(.recordDetection(record))
    }

    mutating func sayRecent(at timestamp: Double, into effects: inout [AssistantEffect]) {
        let sentence = recent.sentence(now: startedAt.addingTimeInterval(timestamp), phrasebook: phrasebook)
        sayText(sentence, at: timestamp, category: "recent", into: &effects)
    }
}
