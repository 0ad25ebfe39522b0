import Testing
@testable import BeaconCore

/// Capturing again while central-block selection doubts the frame, on recorded recogniser output: a blurred view of
/// a page (lines read at 0.3, as Tesseract reads a defocused page) and a sharp one (0.95).
struct PageCaptureAttemptsTests {
    let clustering = CentralBlockClustering()

    func page(confidence: Double, lines: Int = 8) -> (String, CentralBlockSelection) {
        let read = PageLayouts.lines("L", count: lines, left: 0.1, right: 0.9, top: 0.2, confidence: confidence)
        return ("\(lines) lines at \(confidence)", clustering.select(from: read))
    }

    @Test func aSureReadingIsReadAtOnce() {
        var attempts = PageCaptureAttempts<String>()
        let (sharp, selection) = page(confidence: 0.95)
        #expect(selection.verdict == .centralBlock)
        guard case .read(let chosen) = attempts.consider(sharp, selection: selection) else {
            Issue.record("captured again")
            return
        }
        #expect(chosen == sharp)
        #expect(attempts.captures == 1)
    }

    @Test func anUnsureReadingIsCapturedAgainAndTheSureOneWins() {
        var attempts = PageCaptureAttempts<String>()
        let (blurred, doubtful) = page(confidence: 0.3)
        #expect(doubtful.verdict == .lowConfidence)
        guard case .captureAgain = attempts.consider(blurred, selection: doubtful) else {
            Issue.record("read the blurred view")
            return
        }
        let (sharp, sure) = page(confidence: 0.95)
        guard case .read(let chosen) = attempts.consider(sharp, selection: sure) else {
            Issue.record("captured again after a sure reading")
            return
        }
        #expect(chosen == sharp)
    }

    @Test func capturesAreBoundedAndTheBestUnsureReadingIsRead() {
        var attempts = PageCaptureAttempts<String>(maximumCaptures: 3)
        let readings = [page(confidence: 0.2), page(confidence: 0.35), page(confidence: 0.3, lines: 10)]
        var decisions: [PageCaptureAttempts<String>.Decision] = []
        for (reading, selection) in readings {
            #expect(selection.verdict == .lowConfidence)
            decisions.append(attempts.consider(reading, selection: selection))
        }
        #expect(decisions.prefix(2).allSatisfy { if case .captureAgain = $0 { true } else { false } })
        guard case .read(let chosen) = decisions.last else {
            Issue.record("a fourth capture was asked for")
            return
        }
        #expect(chosen == "8 lines at 0.35")
    }

    @Test func whenTheSourceEndsTheBestSoFarIsRead() {
        var attempts = PageCaptureAttempts<String>()
        #expect(attempts.bestReading == nil)
        let first = page(confidence: 0.25), second = page(confidence: 0.1)
        _ = attempts.consider(first.0, selection: first.1)
        _ = attempts.consider(second.0, selection: second.1)
        #expect(attempts.bestReading == first.0)
    }

    @Test func theWholeFrameHasNoVerdictAndIsReadAtOnce() {
        var attempts = PageCaptureAttempts<String>()
        guard case .read = attempts.consider("whole frame", selection: nil) else {
            Issue.record("captured again without a verdict")
            return
        }
    }
}
