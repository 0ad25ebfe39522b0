import BeaconAudio
import BeaconCore
import BeaconMedia
import BeaconVision
import Foundation

/// What the session asks for, carried out: speech and earcons to the output, engines started and stopped, the store
/// written (a failure said once), pictures examined and the usage report.
extension AssistantRunner {
    func perform(_ effects: [AssistantEffect], at clock: Double) throws {
        for effect in effects {
            if options.printJSON, case .effects = options.report {
                try transcript.json(EffectRecord(effect, at: clock, defaultVoice: options.voice,
                                                             aimingAtCode: session.mode == .aimingAtCode))
            }
            onEffect?(effect)
            switch effect {
            case .speak(let utterance):
                if readyAfter == nil { readyAfter = clock }
                statistics.spokenWords += utterance.text.split(separator: " ").count
                if case .effects = options.report, options.printSpeech && !options.printJSON {
                    transcript.line(utterance.text)
                }
                spokenSinceLastCue.append(utterance.text)
                let wordStarts = try output.say(utterance.text, voice: utterance.voice(default: options.voice),
                                                rate: utterance.rate, at: clock)
                readingNow = utterance.sequence.map { ($0, utterance.text, clock, wordStarts) }
                if examinedAt != nil {
                    reportSpeech += output.lastSpeechDuration
                    reportSaid.append(utterance.text)
                }
            case .interruptSpeech:
                output.interruptSpeech()
            case .stopAll:
                output.stopAll()
            case .earcon(let earcon, let time):
                output.play(earcon, at: time)
            case .setPace(let limits):
                paceLimits = limits
            case .cue(var snapshot):
                statistics.cues += 1
                if !spokenSinceLastCue.isEmpty { snapshot.spoken = spokenSinceLastCue.joined(separator: " ") }
                spokenSinceLastCue.removeAll()
                if case .cues(let label) = options.report {
                    if options.printJSON { try transcript.json(snapshot) } else { transcript.line(Self.describe(snapshot, label: label)) }
                }
            case .haptic, .modeChanged, .yourThings:
                break // no vibration motor or screen of things here; JSON shows them
            case .startEngine(let engine):
                try start(engine, at: clock)
            case .stopEngine(let engine):
                activeEngines.remove(engine)
                if engine == .pageReader { pageCapture = nil }
                // A search's detector ends with its search; the next search's starts with its own.
                if engine != .pageReader { searchDetect = nil }
            case .examine(let frameIndex):
                examinedAt = clock
                try examine(frameIndex, at: clock)
            case .identify(let question, let frameIndex):
                try identify(question, frameIndex, at: clock)
            case .setVolume(let volume):
                output.setVolume(volume)
            case .persistSetting:
                keep { try store?.save(session.settings) }
            case .resetSettings:
                keep { try store?.save(AssistantSettings()) }
            case .recordDetection(let record):
                keep { try store?.record(record) }
            case .recordUsage(let mode, let seconds, let objects, let pages):
                let usage = UsageStatistics(secondsByMode: [mode: seconds], objectsFound: objects, pagesRead: pages)
                keep { try store?.addUsage(usage, on: day(at: clock)) }
            case .show(let line):
                if !options.printJSON { transcript.note(line) }
            case .fetchUsage:
                try reportUsage(at: clock)
            case .quit:
                quit = true
            case .emergency(let emergency):
                webhook?.handle(emergency)
            case .helpers(let request):
                volunteersEffect(request)
            case .checkCar(let track, let frameIndex, let box, let hiddenBy):
                try checkCar(track: track, frame: frameIndex, box: box, hiddenBy: hiddenBy, at: clock)
            case .taught(let request):
                try taughtEffect(request, at: clock)
            }
        }
    }

    /// A cue as a line: "  2.40 s  cup one o'clock (x 0.61, y 0.48), beat 0.31 s  says "Cup, one o'clock."".
    public static func describe(_ cue: CueSnapshot, label: String) -> String {
        var text = String(format: "%6.2f s  ", cue.timestamp)
        switch cue.phase {
        case .guiding:
            text += "\(label) \(cue.direction ?? "")"
            if let x = cue.x, let y = cue.y { text += String(format: " (x %.2f, y %.2f)", x, y) }
            if let interval = cue.interval { text += String(format: ", beat %.2f s", interval) }
        case .searching: text += "searching for \(label)"
        case .paused: text += "paused"
        case .idle: text += "stopped"
        }
        if let spoken = cue.spoken { text += "  says \"\(spoken)\"" }
        return text
    }

    func start(_ engine: Engine, at clock: Double) throws {
        activeEngines.insert(engine)
        do {
            switch engine {
            case .objectDetector:
                if case .findingObject(let target) = session.mode {
                    searchDetect = try engines.searchDetector(for: target)
                } else {
                    searchDetect = nil
                    _ = try engines.objectDetector()
                }
            case .textFinder:
                activeEngines.remove(.objectDetector)
                searchDetect = nil
                _ = try engines.text()
            case .pageReader:
                _ = try engines.text()
                pageCapture = PageCapture(takesFirstFrame: options.stillPicture)
            }
        } catch let error as UserFacingError {
            activeEngines.remove(engine)
            transcript.note("beacon: \(error.sentence)")
            try dispatch(.engineFailed(engine, sentence: error.sentence, timestamp: clock), at: clock)
        }
    }

    func examine(_ frameIndex: Int, at clock: Double) throws {
        guard let frame = recentFrames.last(where: { $0.index == frameIndex }) ?? recentFrames.last else { return }
        let detections = try engines.namingDetect(frame)
        try dispatch(.detections(detections, frame: frameIndex, timestamp: clock, examined: true), at: clock)
        // The whole report is composed now: every sentence is with the speech arbiter, the first one speaking.
        if lastReportWall == nil { lastReportWall = Monotonic.seconds() }
    }

    /// "What is this", "what colour", "is the light on": the frame looked at as `beacon identify` looks at a photo,
    /// the thing in the middle judged by the person's confidence (taught things by their own match).
    func identify(_ question: AssistantQuestion, _ frameIndex: Int, at clock: Double) throws {
        guard let frame = recentFrames.last(where: { $0.index == frameIndex }) ?? recentFrames.last else { return }
        var detections: [Detection] = []
        if question != .light {
            do {
                detections = try engines.namingDetect(frame).filter { $0.isTaught || $0.confidence >= session.settings.confidence }
            } catch let error as UserFacingError {
                // No detector: the code, the colour of the middle and the light are still answered.
                transcript.note("beacon: \(error.sentence)")
            }
        }
        var guesser: ThingGuesser?
        if question == .identify {
            do {
                guesser = try engines.thingGuesser()
            } catch let error as UserFacingError {
                transcript.note("beacon: \(error.sentence)")
            }
        }
        // Only "what is this" reads codes, so only it opens the product list.
        let answer = try IdentifyRun.identify(frame, reader: engines.barcodeReader,
                                              products: question == .identify ? engines.products() : nil,
                                              detections: detections, guesser: guesser, question: question)
        try dispatch(.identified(answer, question: question, timestamp: clock), at: clock)
    }

    /// Aiming at a code: each frame is read once (ZBar on the whole picture; the next frames are the other looks). A
    /// code is believed when two frames read it, or one did and it is a product in the person's list; until then the
    /// session hears where the bars are, for its beats.
    func lookForCode(in frame: Frame, at clock: Double) throws {
        var search = try codeSearch ?? (vote: BarcodeVote(), products: engines.products())
        let codes = engines.barcodeReader.read(frame).map(\.code)
        search.vote.add(codes)
        codeSearch = search
        func product(_ code: Barcode) -> Product? {
            code.gtin.flatMap { gtin in try? search.products?.product(gtin: gtin) }
        }
        let believed = search.vote.agreed.first ?? codes.first { $0.symbology.isProductCode && product($0) != nil }
        let look = if let believed {
            CodeLook(code: believed, product: product(believed))
        } else {
            CodeLook(bars: BarcodeFinder().find(in: frame)?.box)
        }
        try dispatch(.codeLook(look, timestamp: clock), at: clock)
    }

    /// Usage totals come from the store, which knows the days; the session words them.
    func reportUsage(at clock: Double) throws {
        var summary = UsageSummary(today: .zero, all: .zero)
        keep { summary = try store?.usage(today: day(at: clock)) ?? summary }
        try dispatch(.usage(summary, timestamp: clock), at: clock)
    }

    func day(at clock: Double) -> UsageDay { UsageDay(startedAt.addingTimeInterval(clock), timeZone: .current) }

    /// Writes to the store; a failure is said once on the terminal and the session goes on (what was kept stays kept).
    func keep(_ write: () throws -> Void) {
        do {
            try write()
        } catch {
            guard !storeFailed else { return }
            storeFailed = true
            let sentence = (error as? UserFacingError)?.sentence ?? "\(error)"
            transcript.note("beacon: \(sentence) Settings and history are not being saved.")
        }
    }
}
