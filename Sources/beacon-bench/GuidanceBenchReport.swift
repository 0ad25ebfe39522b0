import BeaconCommandLine
import BeaconBench
import BeaconCore
import Foundation

/// One object of the guidance benchmark and its runs.
struct GuidanceBenchObject: Encodable {
    var photo: String
    var object: SceneObject
    /// Its size in degrees, across and up.
    var widthDegrees: Double
    var heightDegrees: Double
    var runs: [RunRecord] = []

    init(photo: String, object: SceneObject, scene: PanoramaScene) {
        self.photo = photo
        self.object = object
        widthDegrees = object.box.width * scene.horizontalSpan
        heightDegrees = object.box.height * scene.verticalSpan
    }

    var summary: GuidanceBenchSummary { GuidanceBenchSummary(records: runs) }

    enum CodingKeys: String, CodingKey { case photo, object, widthDegrees, heightDegrees, runs, summary }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(photo, forKey: .photo)
        try container.encode(object, forKey: .object)
        try container.encode(widthDegrees, forKey: .widthDegrees)
        try container.encode(heightDegrees, forKey: .heightDegrees)
        try container.encode(runs, forKey: .runs)
        try container.encode(summary, forKey: .summary)
    }
}

/// Everything `beacon bench guidance` measured, as a table or as JSON.
struct GuidanceBenchReport: Encodable {
    var model: String
    var seed: UInt64
    var starts: Int
    var span: Double
    var camera: VirtualCamera
    var settings: SimulationSettings
    var objects: [GuidanceBenchObject]
    var inferences: Int
    var cacheHits: Int
    var seconds: Double
    var definitions = Self.definitions
    var summary: GuidanceBenchSummary
    var verdicts: [GuidanceBenchThresholds.Verdict]
    var passed: Bool

    init(model: String, seed: UInt64, starts: Int, span: Double, camera: VirtualCamera, settings: SimulationSettings,
         objects: [GuidanceBenchObject], inferences: Int, cacheHits: Int, seconds: Double) {
        self.model = model
        self.seed = seed
        self.starts = starts
        self.span = span
        self.camera = camera
        self.settings = settings
        self.objects = objects
        self.inferences = inferences
        self.cacheHits = cacheHits
        self.seconds = seconds
        summary = GuidanceBenchSummary(records: objects.flatMap(\.runs))
        let thresholds = GuidanceBenchThresholds()
        verdicts = thresholds.verdicts(for: summary)
        passed = verdicts.allSatisfy(\.passed)
    }

    static let definitions: [String: String] = [
        "centred": "the session said centred for the confirmation time and an object of the searched class truly was: "
            + "its centre within 0.1 of the middle on both axes (on an axis where it is larger than the picture, the "
            + "middle of the picture on the object)",
        "steps": "turns and sweep legs the simulated person made",
        "optimum": StartPosition.optimumDefinition,
        "timeToCentre": "seconds from the start of the search to the start of the final centred stretch",
        "guidanceWordsPerMinute": "words of steady guidance (guidance-priority speech, e.g. new directions) started "
            + "while the session was guiding, divided by the minutes it was guiding, pooled over all runs",
    ]

    func printTable() {
        let user = settings.user
        Console.line("Guidance bench: \(model), \(objects.count) objects in \(Set(objects.map(\.photo)).count) photos "
            + "× \(starts) starts = \(summary.runs) runs, seed \(seed)")
        Console.line(String(format: "Scene: each photo spans %.0f° across; camera %.0f°×%.0f°; %.0f fps, detector every "
            + "%d frames (%.1f Hz), detections %d frame late; speech %.1f words/s; timeout %.0f s; confirmation %.1f s.",
            span, camera.horizontalFieldOfView, camera.verticalFieldOfView, settings.frameRate, settings.detectEvery,
            settings.frameRate / Double(settings.detectEvery), settings.detectionLatencyFrames,
            settings.wordsPerSecond, settings.timeout, settings.confirmation))
        Console.line(String(format: "Person: reaction %.0f±%.0f ms, turns %.0f–%.0f°/s, overshoot %.0f–%.0f%%, pan error "
            + "±%.2f, pitch error ±%.2f, sweeps %.0f°/s up to %.0f° either side.",
            user.reactionTime * 1000, user.reactionJitter * 1000, user.turnSpeeds.lowerBound,
            user.turnSpeeds.upperBound, user.overshoot.lowerBound * 100, user.overshoot.upperBound * 100,
            user.panNoise, user.pitchNoise, user.sweepSpeed, user.sweepReach))
        for key in ["centred", "steps", "optimum", "timeToCentre", "guidanceWordsPerMinute"] {
            Console.line("  \(key): \(Self.definitions[key]!)")
        }
        Console.line("")
        Console.line("photo                object         conf  size (°)  runs centred other  steps optimum ratio  "
            + "time med p95 (s)  words/min")
        for object in objects {
            let summary = object.summary
            let others = object.runs.filter { $0.centredOnTarget == false }.count
            Console.line(pad(object.photo, 20) + " " + pad(label(of: object), 13)
                + String(format: " %5.2f %4.0f×%-4.0f %5d %6.0f%% %5d", object.object.confidence, object.widthDegrees,
                         object.heightDegrees, summary.runs, summary.successRate * 100, others)
                + right(format(summary.medianSteps, "%.1f"), 7) + right(format(summary.medianOptimumSteps, "%.1f"), 8)
                + right(format(summary.medianStepRatio, "%.2f"), 6) + right(format(summary.medianTimeToCentre, "%.1f"), 9)
                + right(format(summary.p95TimeToCentre, "%.1f"), 7)
                + right(format(summary.guidanceWordsPerMinute, "%.1f"), 11))
        }
        Console.line("")
        let failures = summary.failures.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        Console.line(String(format: "Summary: %d runs, %.1f%% centred (%d)", summary.runs, summary.successRate * 100,
                            summary.successes)
            + (failures.isEmpty ? "" : " [failed: " + failures.joined(separator: ", ") + "]")
            + "; median steps " + format(summary.medianSteps, "%.1f") + " vs optimum "
            + format(summary.medianOptimumSteps, "%.1f") + " (median ratio " + format(summary.medianStepRatio, "%.2f")
            + "); time to centre median " + format(summary.medianTimeToCentre, "%.1f") + " s, p95 "
            + format(summary.p95TimeToCentre, "%.1f") + " s; steady guidance "
            + format(summary.guidanceWordsPerMinute, "%.1f") + " words/min (all words while guiding "
            + format(summary.wordsPerMinuteWhileGuiding, "%.1f") + "/min) over "
            + String(format: "%.1f", summary.guidingMinutes) + " guiding minutes.")
        if let falseCentres = summary.failures[RunRecord.Outcome.falseCentre.rawValue] {
            Console.line("  False centres: \(summary.falseCentresOnAnObject) on a real object of the class but off its "
                + "true centre, \(falseCentres - summary.falseCentresOnAnObject) on something the ground truth lacks.")
        }
        Console.line("  (Median steps ÷ median optimum: "
            + format(summary.medianStepsOverMedianOptimum, "%.2f")
            + "; the verdict uses each run's own optimum, which differs between runs.)")
        for verdict in verdicts {
            Console.line("  " + (verdict.passed ? "PASS " : "FAIL ") + verdict.name + " " + format(verdict.value, "%.3f")
                + " (" + verdict.limit + ")")
        }
        Console.line((passed ? "PASS" : "FAIL") + String(format: " — %d detector runs, %d cache hits, %.0f s.",
                                                          inferences, cacheHits, seconds))
    }

    /// "person #2" when a photo has several objects of a class.
    private func label(of object: GuidanceBenchObject) -> String {
        let same = objects.filter { $0.photo == object.photo && $0.object.classIndex == object.object.classIndex }
        guard same.count > 1, let index = same.firstIndex(where: { $0.object == object.object }) else {
            return object.object.label
        }
        return "\(object.object.label) #\(index + 1)"
    }

    private func format(_ value: Double?, _ format: String) -> String {
        value.map { String(format: format, $0) } ?? "–"
    }

    private func pad(_ text: String, _ width: Int) -> String { text.padding(toLength: width, withPad: " ", startingAt: 0) }

    private func right(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
