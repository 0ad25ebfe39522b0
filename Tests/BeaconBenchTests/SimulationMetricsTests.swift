@testable import BeaconBench
import Testing
@testable import BeaconCore

/// The benchmark's figures over scripted runs, and the thresholds.
@Suite struct SimulationMetricsTests {
    static func run(_ outcome: RunRecord.Outcome, steps: Int, optimum: Int = 1, time: Double? = nil,
                    guiding: Double = 0, guidanceWords: Int = 0, allWords: Int = 0) -> RunRecord {
        RunRecord(outcome: outcome, steps: steps, optimumSteps: optimum, startPosition: .centre, startInView: optimum < 2,
                  timeToCentre: time, duration: 20, guidingSeconds: guiding, guidanceWords: guidanceWords,
                  wordsWhileGuiding: allWords, centredOnTarget: outcome == .centred ? true : nil,
                  endPosition: .centre, endAim: nil, endAimOnObject: nil, detectorFrames: 100)
    }

    static let scripted = [
        run(.centred, steps: 1, time: 2, guiding: 30, guidanceWords: 2, allWords: 5),
        run(.centred, steps: 2, time: 4, guiding: 30, guidanceWords: 2, allWords: 6),
        run(.centred, steps: 3, optimum: 2, time: 6, guiding: 30, guidanceWords: 4, allWords: 9),
        run(.centred, steps: 4, time: 10, guiding: 30, guidanceWords: 4, allWords: 4),
        run(.neverFound, steps: 7),
    ]

    @Test func summarisesScriptedRuns() throws {
        let summary = GuidanceBenchSummary(records: Self.scripted)
        #expect(summary.runs == 5 && summary.successes == 4)
        #expect(summary.successRate == 0.8)
        // Steps and times count the runs that ended centred only.
        #expect(summary.medianSteps == 2.5)
        #expect(summary.medianOptimumSteps == 1)
        // Ratios 1, 2, 1.5, 4.
        #expect(summary.medianStepRatio == 1.75)
        #expect(summary.medianTimeToCentre == 5)
        #expect(summary.p95TimeToCentre == 10)
        // 12 guidance words in 2 guiding minutes, 24 words in all.
        #expect(summary.guidingMinutes == 2)
        #expect(summary.guidanceWordsPerMinute == 6)
        #expect(summary.wordsPerMinuteWhileGuiding == 12)
        #expect(summary.failures == ["neverFound": 1])
        #expect(summary.falseCentresOnAnObject == 0)
    }

    @Test func judgesAgainstTheThresholds() {
        let verdicts = GuidanceBenchThresholds().verdicts(for: GuidanceBenchSummary(records: Self.scripted))
        // 80% centred; median ratio 1.75; 6 words a minute.
        #expect(verdicts.map(\.passed) == [false, false, true])
        #expect(GuidanceBenchSummary(records: Self.scripted).medianStepsOverMedianOptimum == 2.5)
        let good = (0..<20).map { _ in Self.run(.centred, steps: 1, time: 2, guiding: 60, guidanceWords: 10) }
        #expect(GuidanceBenchThresholds().passes(GuidanceBenchSummary(records: good)))
        let chatty = good.map { record -> RunRecord in
            var record = record
            record.guidanceWords = 13
            return record
        }
        #expect(!GuidanceBenchThresholds().passes(GuidanceBenchSummary(records: chatty)))
    }

    @Test func percentilesAndMedians() {
        #expect(GuidanceBenchSummary.median([]) == nil)
        #expect(GuidanceBenchSummary.median([3, 1, 2]) == 2)
        #expect(GuidanceBenchSummary.median([4, 1, 3, 2]) == 2.5)
        let hundred = (1...100).map(Double.init)
        #expect(GuidanceBenchSummary.percentile(hundred, 0.95) == 95)
        #expect(GuidanceBenchSummary.percentile([7], 0.95) == 7)
    }

    @Test func stepRatioNeedsAnOptimum() {
        #expect(Self.run(.centred, steps: 3, optimum: 2).stepRatio == 1.5)
        #expect(Self.run(.centred, steps: 3, optimum: 0).stepRatio == nil)
    }
}
