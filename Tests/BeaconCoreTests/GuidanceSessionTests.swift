import Foundation
import Testing
@testable import BeaconCore

@Suite struct GuidanceSessionTests {
    /// Runs `seconds` of frames at 15 fps with the detector on every third frame; `place(t)` says where the cup is
    /// (nil: not detected).
    func run(_ driver: inout SessionDriver, from start: Int = 0, seconds: Double,
             place: (Double) -> NormalizedPoint?) {
        let frames = Int(seconds * 15)
        for index in start..<(start + frames) {
            let time = Double(index) / 15
            guard index % 3 == 0 else {
                driver.frame(index, detections: nil)
                continue
            }
            driver.frame(index, detections: place(time).map { [Cups.at($0.x, $0.y)] } ?? [])
        }
    }

    /// The recorded pan through the whole engine: found on the right, centred in the middle, leaving on the left.
    @Test func guidesThroughTheRecordedPan() throws {
        var driver = SessionDriver()
        driver.start()
        for index in 0..<RecordedCoffeePan.frameCount {
            driver.frame(index, detections: index % 3 == 0 ? RecordedCoffeePan.detections(frame: index) : nil)
        }
        #expect(driver.spoken() == ["Looking for cup.", "Cup, about half a metre, one o'clock.", "Centred."])
        let snapshots = driver.snapshots
        #expect(snapshots.count == RecordedCoffeePan.frameCount)
        #expect(snapshots.allSatisfy { $0.phase == .guiding && $0.trackID == 1 })
        #expect(snapshots.first?.direction == "one o'clock")
        #expect(snapshots.last?.direction == "eleven o'clock")
        // The cue moves at the frame rate: between detections the predicted position keeps moving left.
        let xs = snapshots.compactMap(\.predictedX)
        // While the right edge cuts the cup off (the first 12 frames) its estimate stays at that edge, wobbling with
        // the detector; once it shows whole, it moves left apart from a few wobbles.
        #expect(xs.prefix(12).allSatisfy { $0 > 0.95 })
        let whole = Array(xs.dropFirst(12))
        #expect(zip(whole, whole.dropFirst()).filter { $1 >= $0 }.count <= 4)
        // The rhythm quickens into the middle and slows on the way out.
        let intervals = snapshots.compactMap(\.interval)
        let fastest = try #require(intervals.indices.min { intervals[$0] < intervals[$1] })
        #expect((35...55).contains(fastest))
        #expect(intervals[fastest] < 0.2 && intervals.first! > 0.6 && intervals.last! > 0.5)
        let found = driver.earcons().first { $0.earcon.kind == .found }
        #expect(found.map { $0.earcon.pan > 0.9 } == true)
        let beats = driver.earcons().filter { $0.earcon.kind == .tick || $0.earcon.kind == .centred }
        #expect(beats.first.map { $0.earcon.pan > 0.2 } == true)
        #expect(beats.last.map { $0.earcon.pan < -0.5 } == true)
        #expect(beats.contains { $0.earcon.kind == .centred })
    }

    /// A minute of steady guidance with a hand that wobbles around the middle and a detector that misses now and then:
    /// earcons all the way, hardly any words.
    @Test func steadyGuidanceSpeaksAtMostTwelveWordsAMinute() {
        var noise = SeededNoise(seed: 7)
        var driver = SessionDriver()
        driver.start()
        run(&driver, seconds: 65) { time in
            if noise.next() > 0.8 { return nil }
            return NormalizedPoint(x: 0.56 + 0.1 * sin(time * 0.9) + 0.015 * noise.next(),
                                   y: 0.5 + 0.06 * sin(time * 0.4) + 0.015 * noise.next())
        }
        let steady = driver.spoken(from: 5, to: 65)
        #expect(wordCount(steady) <= 12, "\(steady)")
        #expect(driver.snapshots.filter { $0.timestamp >= 5 }.allSatisfy { $0.phase == .guiding })
        let beats = driver.earcons(from: 5, to: 65).filter { $0.earcon.kind == .tick || $0.earcon.kind == .centred }
        #expect(beats.count > 60)
    }

    /// A person already turning the right way is following the earcons: a new direction is not spoken over them,
    /// only once they stop closing in.
    @Test func directionsWaitWhileThePersonClosesIn() {
        // Found at one o'clock, then crossing to eleven o'clock and creeping back towards the middle for 3 s.
        var driver = SessionDriver()
        driver.start()
        run(&driver, seconds: 2) { _ in NormalizedPoint(x: 0.75, y: 0.5) }
        run(&driver, from: 30, seconds: 3) { time in NormalizedPoint(x: 0.15 + 0.08 * (time - 2), y: 0.5) }
        #expect(driver.spoken(from: 2, to: 5).isEmpty)
        // Standing still off to the left: after the settle time the new direction is said.
        run(&driver, from: 75, seconds: 2) { _ in NormalizedPoint(x: 0.39, y: 0.5) }
        #expect(driver.spoken(from: 5) == ["Eleven o'clock."])
    }

    /// Worse: the target swings between one o'clock and the middle every two seconds. The settle time, the 4 s
    /// direction cooldown and the word budget still hold speech to 12 words a minute.
    @Test func restlessTargetsStillStayWithinTheWordBudget() {
        var configuration = GuidanceConfiguration()
        configuration.pauseAfter = nil
        var driver = SessionDriver(configuration: configuration)
        driver.start()
        run(&driver, seconds: 125) { time in
            NormalizedPoint(x: 0.625 + 0.125 * min(1, max(-1, 2 * sin(time * .pi / 2))), y: 0.5)
        }
        #expect(driver.snapshots.filter { $0.timestamp > 1 }.allSatisfy { $0.phase == .guiding })
        for minute in [5.0, 65.0] {
            let spoken = driver.spoken(from: minute, to: minute + 60)
            #expect(wordCount(spoken) <= 12 && spoken.count >= 4, "\(spoken)")
        }
    }

    /// Closing the loop: a simulated user who, on each beat (at most every 0.3 s), turns the camera towards where the
    /// beat came from (pan) and tilts towards its pitch, by a third of the offset they imply, with a shaky hand. From
    /// starts all over the picture, every run ends holding the centred sound for a second.
    @Test func aUserFollowingTheEarconsEndsCentred() {
        var noise = SeededNoise(seed: 11)
        var steps: [Int] = []
        for start in 0..<24 {
            let angle = Double(start) / 24 * 2 * .pi
            var target = NormalizedPoint(x: 0.5 + 0.42 * cos(angle), y: 0.5 + 0.42 * sin(angle))
            var driver = SessionDriver()
            driver.start()
            var centredSince: Double?
            var moves = 0, lastMove = -Double.infinity
            for index in 0..<(20 * 15) {
                let time = Double(index) / 15
                let effects = driver.frame(index, detections: index % 3 == 0
                                           ? [Cups.at(target.x + 0.01 * noise.next(), target.y + 0.01 * noise.next())] : nil)
                let heard = effects.compactMap { effect -> Earcon? in
                    if case .earcon(let earcon, _) = effect, earcon.kind == .tick || earcon.kind == .centred { return earcon }
                    return nil
                }.last
                guard let heard else { continue }
                if heard.kind == .centred {
                    centredSince = centredSince ?? time
                } else {
                    centredSince = nil
                    if time - lastMove >= 0.3 {
                        target.x -= heard.pan / 6 + 0.005 * noise.next()
                        target.y += heard.pitch / 6 + 0.005 * noise.next()
                        lastMove = time
                        moves += 1
                    }
                }
                if let since = centredSince, time - since >= 1 { break }
            }
            #expect(centredSince != nil, "start \(start) ended at \(target)")
            steps.append(moves)
        }
        // A third of the offset a step brings 0.42 within the 0.05 a target must come in to in six steps:
        // (2/3)⁶ · 0.42 < 0.05.
        #expect(steps.max()! <= 6, "\(steps)")
    }

    @Test func lostSaysWhereTheTargetWasLastSeen() throws {
        var driver = SessionDriver()
        driver.start()
        run(&driver, seconds: 2) { _ in NormalizedPoint(x: 0.2, y: 0.5) }
        run(&driver, from: 30, seconds: 2) { _ in nil }
        #expect(driver.spoken() == ["Looking for cup.", "Cup, about half a metre, eleven o'clock.", "Cup lost; last seen to your left."])
        // From saturation the seventh missed detection switches guidance off: 7 detector frames = 1.4 s after 2 s.
        let lostAt = try #require(driver.log.first { if case .earcon(let e, _) = $0.effect { e.kind == .lost } else { false } })
        #expect(abs(lostAt.time - (2 + 6 * 0.2)) < 1e-9)
        #expect(driver.earcons(from: lostAt.time + 0.01).isEmpty)
        #expect(driver.snapshots.last?.phase == .searching)
    }

    /// The camera closes in on the cup until its box fills the view, then the detector stops recognising the rim.
    @Test func aTargetThatFilledTheViewIsVeryCloseNotLost() throws {
        var driver = SessionDriver()
        driver.start()
        let frames = 45
        for index in 0..<frames {
            guard index % 3 == 0 else { driver.frame(index, detections: nil); continue }
            let size = 0.2 + 0.7 * Double(index) / Double(frames)
            driver.frame(index, detections: [Cups.at(0.5, size: size)])
        }
        for index in frames..<(frames + 45) { driver.frame(index, detections: index % 3 == 0 ? [] : nil) }
        let spoken = driver.spoken()
        #expect(spoken.last == "Cup very close.", "\(spoken)")
        #expect(!spoken.contains { $0.contains("lost") }, "\(spoken)")
        #expect(!driver.earcons().contains { $0.earcon.kind == .lost })
        #expect(GuidanceSession.fillsTheView(NormalizedRect(x: 0.05, y: 0, width: 0.9, height: 0.5)))
        #expect(!GuidanceSession.fillsTheView(NormalizedRect(x: 0.2, y: 0.2, width: 0.5, height: 0.5)))
    }

    @Test func beatsKeepTheSmoothedRhythm() throws {
        var driver = SessionDriver()
        driver.start()
        // A quarter of the frame to the right: a beat every 0.55 s. Then centred: the centred sound every 0.1 s.
        run(&driver, seconds: 6) { _ in NormalizedPoint(x: 0.75, y: 0.5) }
        run(&driver, from: 90, seconds: 6) { _ in NormalizedPoint(x: 0.5, y: 0.5) }
        let ticks = driver.earcons(to: 6).filter { $0.earcon.kind == .tick }.map(\.at)
        #expect(ticks.count >= 9)
        for (earlier, later) in zip(ticks, ticks.dropFirst()) { #expect(abs(later - earlier - 0.55) < 1e-9) }
        let centred = driver.earcons(from: 10).filter { $0.earcon.kind == .centred }.map(\.at)
        for (earlier, later) in zip(centred, centred.dropFirst()) { #expect(abs(later - earlier - 0.1) < 1e-3) }
        // Each beat is scheduled at or after the frame that produced it, within one frame.
        for entry in driver.log {
            if case .earcon(_, let at) = entry.effect { #expect(at >= entry.time && at < entry.time + 1.0 / 15 + 1e-9) }
        }
    }

    @Test func earconsAreDuckedWhileSpeechPlays() {
        var driver = SessionDriver()
        driver.start()
        run(&driver, seconds: 6) { _ in NormalizedPoint(x: 0.75, y: 0.5) }
        // "Looking for cup." then "Cup, about half a metre, one o'clock." play for the first 3.4 s.
        let during = driver.earcons(to: 3.2).filter { $0.earcon.kind == .tick }
        let after = driver.earcons(from: 3.6).filter { $0.earcon.kind == .tick }
        #expect(!during.isEmpty && !after.isEmpty)
        #expect(during.allSatisfy { abs($0.earcon.gain - 0.3 * after[0].earcon.gain) < 1e-9 })
    }

    @Test func hapticPatternsFollowBackToBack() {
        var driver = SessionDriver()
        driver.start()
        run(&driver, seconds: 5) { _ in NormalizedPoint(x: 0.2, y: 0.5) }
        let patterns = driver.log.compactMap { entry -> (Double, HapticPattern)? in
            if case .haptic(let pattern) = entry.effect { return (entry.time, pattern) }
            return nil
        }
        #expect(patterns.count > 5)
        // Handed out roughly a pattern's length apart (within a frame), each a left dot.
        for (earlier, later) in zip(patterns, patterns.dropFirst()) {
            #expect(abs(later.0 - earlier.0 - Double(earlier.1.duration) / 1000) < 1.0 / 15 + 1e-9)
            #expect(later.1.milliseconds.count == 2)
        }
    }

    @Test func theSearchPausesItselfAfterTwoMinutesAndResumesOnRequest() {
        var driver = SessionDriver()
        driver.start()
        run(&driver, seconds: 125) { _ in NormalizedPoint(x: 0.54, y: 0.5) }
        #expect(driver.spoken(from: 119.9).first == "Search paused after two minutes. Press p to resume.")
        #expect(driver.earcons(from: 120).map(\.earcon.kind) == [.end])
        #expect(!driver.log.contains { if case .haptic = $0.effect { $0.time >= 120 } else { false } })
        #expect(driver.snapshots.filter { $0.timestamp >= 120 }.allSatisfy { $0.phase == .paused && !$0.locked })
        // Keys other than p say nothing while paused.
        #expect(driver.send(.key(.whereIsIt, timestamp: 125), at: 125).isEmpty)
        #expect(driver.send(.key(.repeatLast, timestamp: 125.1), at: 125.1).isEmpty)
        driver.send(.key(.pauseResume, timestamp: 125.2), at: 125.2)
        run(&driver, from: 1880, seconds: 3) { _ in NormalizedPoint(x: 0.54, y: 0.5) }
        #expect(driver.spoken(from: 125) == ["Resumed.", "Cup, about half a metre, centred."])
        #expect(driver.snapshots.last?.phase == .guiding)
    }

    /// Nothing in view for 5 s: the person is told to look further round, then every 20 s while it stays so. Seeing
    /// the target stops the reminders; losing it starts the wait afresh.
    @Test func saysKeepTurningWhileNothingIsFound() {
        var driver = SessionDriver()
        driver.start()
        run(&driver, seconds: 30) { _ in nil }
        let reminder = "Cup not in view; keep turning."
        #expect(driver.spoken() == ["Looking for cup.", reminder, reminder])
        #expect(driver.log.contains { $0.time == 5 && $0.effect.spokenText == reminder })
        #expect(driver.log.contains { $0.time == 25 && $0.effect.spokenText == reminder })

        run(&driver, from: 30 * 15, seconds: 10) { time in time < 34 ? NormalizedPoint(x: 0.7, y: 0.5) : nil }
        run(&driver, from: 40 * 15, seconds: 6) { _ in nil }
        let later = driver.spoken(from: 30)
        #expect(later.first == "Cup, about half a metre, one o'clock.", "\(later)")
        #expect(later.filter { $0 == reminder }.count == 1, "once, 5 s after the loss: \(later)")
        let lostAt = driver.log.first { $0.time >= 30 && $0.effect.spokenText?.hasPrefix("Cup lost") == true }?.time
        let remindedAt = driver.log.first { $0.time >= 30 && $0.effect.spokenText == reminder }?.time
        #expect(lostAt.flatMap { lost in remindedAt.map { $0 - lost } }.map { abs($0 - 5) < 0.1 } == true)
    }

    /// A sweep passes a cup too faint to guide to (0.3: no track starts below three quarters of the confident
    /// 0.5) and turns on away from it: the reminder says which way it was, from the camera's measured turning.
    @Test func theReminderSaysWhichWayAFaintGlimpseWas() {
        var driver = SessionDriver()
        driver.start()
        // The camera turns left a tenth of a picture a second (everything moves right); the faint cup, at first just
        // right of the middle, drifts off the right edge after 4 s.
        for index in 0..<(6 * 15) {
            let time = Double(index) / 15
            if index > 0 { driver.send(.cameraMoved(CameraMotion(dx: 0.1 / 15, dy: 0), frame: index, timestamp: time), at: time) }
            let x = 0.6 + 0.1 * time
            driver.frame(index, detections: index % 3 == 0 ? (x < 1 ? [Cups.at(x, confidence: 0.3)] : []) : nil)
        }
        #expect(driver.spoken() == ["Looking for cup.", "Cup not in view; keep turning, maybe to your right."])
        #expect(driver.snapshots.allSatisfy { !$0.locked }, "too faint to guide to")

        // Seen straight ahead, or not at all, the reminder is the plain one.
        var ahead = SessionDriver()
        ahead.start()
        run(&ahead, seconds: 6) { _ in nil }
        #expect(ahead.spoken() == ["Looking for cup.", "Cup not in view; keep turning."])
    }

    @Test func noReminderWhenTurnedOff() {
        var configuration = GuidanceConfiguration()
        configuration.keepTurningAfter = nil
        var driver = SessionDriver(configuration: configuration)
        driver.start()
        run(&driver, seconds: 30) { _ in nil }
        #expect(driver.spoken() == ["Looking for cup."])
    }

    @Test func pauseAndResumeByKeyRestartTheTimer() {
        var configuration = GuidanceConfiguration()
        configuration.pauseAfter = 10
        var driver = SessionDriver(configuration: configuration)
        driver.start()
        run(&driver, seconds: 4) { _ in NormalizedPoint(x: 0.5, y: 0.5) }
        driver.send(.key(.pauseResume, timestamp: 4), at: 4)
        run(&driver, from: 60, seconds: 4) { _ in NormalizedPoint(x: 0.5, y: 0.5) }
        #expect(driver.earcons(from: 4.01, to: 8).isEmpty)
        driver.send(.key(.pauseResume, timestamp: 8), at: 8)
        run(&driver, from: 120, seconds: 12) { _ in NormalizedPoint(x: 0.5, y: 0.5) }
        #expect(driver.spoken(from: 4) == ["Paused.", "Resumed.", "Cup, about half a metre, centred.", "Search paused after ten seconds. Press p to resume."])
        #expect(driver.snapshots.first { $0.phase == .paused && $0.timestamp > 8 }?.timestamp == 18)
    }

    @Test func stopSilencesEverythingUntilANewSearch() {
        var driver = SessionDriver()
        driver.start()
        run(&driver, seconds: 3) { _ in NormalizedPoint(x: 0.7, y: 0.5) }
        #expect(driver.send(.key(.stop, timestamp: 3), at: 3) == [.stopAll])
        #expect(driver.session.phase == .idle)
        let quiet: [GuidanceEvent] = [
            .detections([Cups.at(0.5)], frame: 45, timestamp: 3.1), .frame(index: 46, timestamp: 3.2),
            .key(.whereIsIt, timestamp: 3.3), .key(.repeatLast, timestamp: 3.4), .key(.pauseResume, timestamp: 3.5),
            .speechFinished(timestamp: 3.6), .announce(Utterance(text: "Step down.", priority: .hazard, category: "hazard"), timestamp: 3.7),
            .targetDistance(1, timestamp: 3.8), .key(.stop, timestamp: 3.9),
        ]
        for event in quiet { #expect(driver.session.handle(event).isEmpty) }
        let bowls = SearchTarget(label: "bowl", classIndex: 45)
        let restarted = driver.send(.start(bowls, timestamp: 4), at: 4)
        #expect(restarted.contains(.speak(Utterance(text: "Looking for bowl.", priority: .stateChange, category: "start"))))
        #expect(!restarted.contains(.stopAll))
        // Starting another search while one runs silences the old one first.
        let replaced = driver.send(.start(Cups.target, timestamp: 4.5), at: 4.5)
        #expect(replaced.first == .stopAll)
        #expect(replaced.contains(.speak(Utterance(text: "Looking for cup.", priority: .stateChange, category: "start"))))
    }

    @Test func whereIsItAnswersAtOnceButNeverOverAHazard() {
        var session = GuidanceSession()
        _ = session.handle(.start(Cups.target, timestamp: 0))
        _ = session.handle(.speechFinished(timestamp: 1))
        _ = session.handle(.detections([Cups.at(0.8)], frame: 15, timestamp: 1))   // "Cup, about half a metre, one o'clock."
        _ = session.handle(.speechFinished(timestamp: 2))
        // Within every cooldown, the user asks: the answer comes now, whole.
        let answer = session.handle(.key(.whereIsIt, timestamp: 2.5))
        #expect(answer.contains(.speak(Utterance(text: "Cup, about half a metre, one o'clock.", priority: .stateChange, category: "answer", isRequested: true))))
        _ = session.handle(.speechFinished(timestamp: 3.5))
        // A hazard is playing: the answer waits for it instead of cutting it off.
        let hazard = Utterance(text: "Step down ahead.", priority: .hazard, category: "hazard")
        #expect(session.handle(.announce(hazard, timestamp: 4)) == [.speak(hazard)])
        #expect(session.handle(.key(.whereIsIt, timestamp: 4.1)).isEmpty)
        let next = session.handle(.speechFinished(timestamp: 5))
        #expect(next.count == 1)
        if case .speak(let utterance) = next.first { #expect(utterance.text == "Cup, about half a metre, one o'clock.") }
    }

    @Test func repeatSaysTheLastMessageAgain() {
        var session = GuidanceSession()
        _ = session.handle(.start(Cups.target, timestamp: 0))
        #expect(session.handle(.key(.repeatLast, timestamp: 0.2)).isEmpty)   // "Looking for cup." is still playing
        _ = session.handle(.speechFinished(timestamp: 1))
        let again = session.handle(.key(.repeatLast, timestamp: 1.5))
        #expect(again == [.speak(Utterance(text: "Looking for cup.", priority: .stateChange, category: "start", isRequested: true))])
        // Before the target was ever seen, "where is it" says so.
        _ = session.handle(.speechFinished(timestamp: 2.5))
        let whereabouts = session.handle(.key(.whereIsIt, timestamp: 3))
        #expect(whereabouts == [.speak(Utterance(text: "Looking for cup; not seen yet.", priority: .stateChange,
                                                 category: "answer", isRequested: true))])
    }

    @Test func otherClassesAreIgnoredAndDistanceJoinsTheWords() {
        var session = GuidanceSession()
        _ = session.handle(.start(Cups.target, timestamp: 0))
        _ = session.handle(.speechFinished(timestamp: 1))
        let bowl = Detection(classIndex: 45, label: "bowl", confidence: 0.95, box: Cups.at(0.5).box)
        let effects = session.handle(.detections([bowl], frame: 15, timestamp: 1))
        #expect(session.phase == .searching && session.tracker.tracks.isEmpty)
        #expect(effects.count == 1)
        _ = session.handle(.targetDistance(0.9, timestamp: 1.1))
        let found = session.handle(.detections([bowl, Cups.at(0.5)], frame: 18, timestamp: 1.2))
        #expect(found.contains(.speak(Utterance(text: "Cup, 1 metre, centred.", priority: .stateChange, category: "found"))))
    }

    @Test func snapshotsAreJSONLines() throws {
        var session = GuidanceSession()
        _ = session.handle(.start(Cups.target, timestamp: 0))
        let effects = session.handle(.detections([Cups.at(0.3)], frame: 0, timestamp: 0))
        let snapshot = try #require(effects.compactMap { effect -> CueSnapshot? in
            if case .cue(let snapshot) = effect { return snapshot }
            return nil
        }.first)
        #expect(snapshot.locked && snapshot.conviction == 4 && snapshot.direction == "eleven o'clock" && !snapshot.centred)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let line = try #require(String(data: try encoder.encode(snapshot), encoding: .utf8))
        #expect(!line.contains("\n"))
        #expect(line.contains("\"phase\":\"guiding\""))
        #expect(try JSONDecoder().decode(CueSnapshot.self, from: Data(line.utf8)) == snapshot)
        // Every effect can be recorded too.
        #expect(try JSONDecoder().decode([GuidanceEffect].self, from: try encoder.encode(effects)) == effects)
    }
}
