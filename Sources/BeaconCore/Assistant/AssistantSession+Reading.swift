import Foundation

/// What a captured picture of a page gave: its units to read, and why there are none when it is empty.
struct CapturedPage: Sendable {
    var units: [ReadingUnit]
    var ifEmpty: EmptyPage
}

/// "Read" in the session: the page is captured from the camera and read sentence by sentence. A picture whose
/// central block is in doubt (blurred, badly lit) is taken again, up to `Configuration.pageCaptures` in all, and the
/// surest is read: the same rule as `beacon read` (PageCaptureAttempts), for the voice, the phone and the terminal.
extension AssistantSession {
    mutating func startReading(at timestamp: Double, into effects: inout [AssistantEffect]) {
        enter(.reading, at: timestamp, announce: false, into: &effects)
        isCapturingPage = true
        pageAttempts = PageCaptureAttempts(maximumCaptures: max(1, configuration.pageCaptures))
        say(phrases.reading, at: timestamp, priority: .stateChange, requested: true, into: &effects)
        effects.append(.startEngine(.pageReader))
    }

    mutating func pageCaptured(_ page: CapturedPage, selection: CentralBlockSelection?, at timestamp: Double,
                               into effects: inout [AssistantEffect]) {
        guard mode == .reading, isCapturingPage else { return }
        switch pageAttempts.consider(page, selection: selection) {
        case .captureAgain:
            // Nothing is said: the next steady picture is taken while the person holds the page where it is.
            effects.append(.startEngine(.pageReader))
        case .read(let chosen):
            read(chosen, at: timestamp, into: &effects)
        }
    }

    /// No steady picture came: the best doubtful one taken before is read, else the scene is said to be unclear.
    mutating func pageNotCaptured(at timestamp: Double, into effects: inout [AssistantEffect]) {
        guard mode == .reading, isCapturingPage else { return }
        if let best = pageAttempts.bestReading {
            read(best, at: timestamp, into: &effects)
            return
        }
        isCapturingPage = false
        effects.append(.stopEngine(.pageReader))
        say(phrases.sceneUnclear, at: timestamp, priority: .stateChange, into: &effects)
        finishJob(at: timestamp, into: &effects)
    }

    private mutating func read(_ page: CapturedPage, at timestamp: Double, into effects: inout [AssistantEffect]) {
        isCapturingPage = false
        effects.append(.stopEngine(.pageReader))
        if !page.units.isEmpty { pagesReadInMode += 1 }
        perform(reader.handle(.start(page.units, ifEmpty: page.ifEmpty)), at: timestamp, into: &effects)
        if page.units.isEmpty { finishJob(at: timestamp, into: &effects) }
    }
}
