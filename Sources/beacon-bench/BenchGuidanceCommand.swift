import ArgumentParser
import BeaconCommandLine
import BeaconBench
import BeaconBenchRendering
import BeaconCore
import BeaconRuntime
import BeaconMedia
import BeaconVision
import Foundation

struct BenchGuidanceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "guidance",
        abstract: "Simulate people following guidance to every object in the test photos, and score the guidance.",
        discussion: """
            Each photo becomes a scene spanning --span degrees across; a virtual 60°×45° camera looks at a crop of \
            it, and the real detector runs on every crop it sees (cached per degree of direction). A simulated \
            person hears the earcons, feels the vibration and hears the words, and turns towards the target with a \
            human reaction time, turning speed and overshoot, until the target is centred; while nothing is found \
            they sweep 60° either way, and all the way round once Beacon says to keep turning. They never know \
            where the target really is. As live, the camera's motion between frames is measured from the pictures \
            (thumbnails of the crops) and taken out of the tracked boxes; --without-camera-motion leaves it out.

            Objects: the hand-measured objects of the ground truth (Tests/Data/guidance-ground-truth.json) that \
            the detector finds in the whole photo at its calibrated confidence (0.5 for YOLOX, 0.65 for PicoDet), \
            which is also where the tracker counts a box as confident, as in find; a run is centred on any measured \
            object of the searched class. Photos the ground truth does not cover, or --detector-truth, use the \
            detector's whole-photo detections themselves as the truth. Starts: --starts per object, the target in \
            view at various offsets and every fourth start out of view to one side.

            Thresholds (issue 3): at least 95% of runs end centred, median steps at most 1.5 times the optimum, \
            at most 12 words of steady guidance per minute.

            Without images, uses the photos in ../shared/testdata/images beside a checkout.
            """
    )

    @Argument(help: "JPEG or PNG photos (default: the shared test photos).")
    var images: [String] = []

    @Option(help: "Start positions per object.")
    var starts = 16

    @Option(help: "Seed of every random choice (start positions, the simulated person).")
    var seed: UInt64 = 1

    @Option(help: "Detector: a model name (picodet_s_416_coco, yolox_nano, …) or the path of an .onnx file.")
    var model = DetectorSettings.defaultModel

    @Option(help: "Threads for inference (0: one per core).")
    var threads = 0

    @Option(help: "Run the detector on every this-many-th camera frame (15 fps camera).")
    var detectEvery = 3

    @Option(help: "Degrees each photo spans across.")
    var span = 120.0

    @Option(help: "Seconds before a run counts as failed.")
    var timeout = 20.0

    @Option(help: "Ground truth JSON (default: Tests/Data/guidance-ground-truth.json in the checkout).")
    var groundTruth: String?

    @Flag(help: "Judge against the detector's own whole-photo detections instead of the measured ground truth.")
    var detectorTruth = false

    @Flag(help: "Do not measure the camera's motion between frames (the tracker then relies on each box's own motion).")
    var withoutCameraMotion = false

    @Option(help: "Print every frame of this run (numbered from 0 in the order of the table) to standard error.")
    var trace: Int?

    @Flag(help: "Print one JSON object with every run instead of the table.")
    var json = false

    func validate() throws {
        guard starts >= 1 else { throw ValidationError("--starts must be 1 or more.") }
        guard threads >= 0 else { throw ValidationError("--threads must be 0 or more.") }
        guard detectEvery >= 1 else { throw ValidationError("--detect-every must be 1 or more.") }
        guard span > 0 && span <= 360 else { throw ValidationError("--span must be above 0 and at most 360.") }
        guard timeout > 0 else { throw ValidationError("--timeout must be above 0.") }
    }

    func run() throws {
        let composition = Composition()
        var guidance = GuidanceConfiguration()
        var settings = SimulationSettings()
        settings.detectEvery = detectEvery
        settings.timeout = timeout
        let camera = VirtualCamera()
        guidance.cues.horizontalFieldOfView = camera.horizontalFieldOfView
        // The tracker keeps tracks alive on weak detections (ByteTrack), so the detector reports down to its floor.
        let options = try DetectorOptions.parse(["--model", model, "--threads", String(threads),
                                                 "--confidence", String(guidance.tracker.lowConfidenceFloor)])
        let detector = try composition.detector(options.settings)
        // As find does: a box is confident at the model's calibrated threshold, which is also what the photo must
        // show an object at for it to be benchmarked.
        let confident = Double(detector.format.family.calibratedConfidence)
        guidance.tracker.confidentThreshold = confident
        let simulator = GuidanceSimulator(settings: settings, guidance: guidance)
        let plan = StartPlan()
        let began = Date()

        let measured = detectorTruth ? nil : try loadGroundTruth(composition)
        var objects: [GuidanceBenchObject] = []
        var inferences = 0, cacheHits = 0, runNumber = 0
        for path in try photoPaths(composition) {
            let photo = try ImageDecoder().decode(contentsOf: URL(fileURLWithPath: path))
            let photoName = URL(fileURLWithPath: path).lastPathComponent
            let detected = try detector.detect(photo).filter { $0.confidence >= confident }
            let truth = try measured?.objects(in: photoName, labels: detector.labels)
                .map { SceneTruth(measured: $0, detected: detected) } ?? SceneTruth(detected: detected)
            guard !truth.targets.isEmpty else { continue }
            let scene = PanoramaScene(photoWidth: photo.width, photoHeight: photo.height, horizontalSpan: span, camera: camera)
            let views = CachedViewDetector(scene: scene, photo: photo, detector: detector)
            let thumbnails = withoutCameraMotion ? nil : SceneThumbnails(scene: scene, photo: photo)
            for index in truth.targets {
                // Seeds depend on the photo's name and the object's place in it, so a run is the same whichever
                // photos are benchmarked with it.
                let objectKey = Self.stableHash(photoName) &+ UInt64(index)
                var entry = GuidanceBenchObject(photo: photoName, object: truth.objects[index],
                                                scene: scene)
                for startIndex in 0..<starts {
                    let start = plan.start(startIndex, for: truth.objects[index], in: scene, seed: seed, objectKey: objectKey)
                    var personSeed = SplitMix64(seed: seed, parts: [0x5045_5253_4F4E, objectKey, UInt64(startIndex)])
                    let trial = GuidanceTrial(scene: scene, objects: truth.objects, targetIndex: index, start: start,
                                              seed: personSeed.next())
                    let tracer = runNumber == trace ? Self.printTrace : nil
                    entry.runs.append(try simulator.run(trial, detect: { try views.detections(at: $0) },
                                                        measureMotion: thumbnails.map(Self.motionProbe), observe: tracer))
                    runNumber += 1
                }
                objects.append(entry)
                if !json { Console.note("\(entry.photo) \(entry.object.label): \(entry.summary.successes)/\(starts) centred") }
            }
            inferences += views.inferences
            cacheHits += views.cacheHits
        }
        guard !objects.isEmpty else { throw ValidationError("No photo showed an object at the detector's calibrated confidence (\(confident)).") }

        let report = GuidanceBenchReport(model: URL(fileURLWithPath: detector.session.modelPath).lastPathComponent,
                                         seed: seed, starts: starts, span: span, camera: camera, settings: settings,
                                         objects: objects, inferences: inferences, cacheHits: cacheHits,
                                         seconds: Date().timeIntervalSince(began))
        if json { try Console.json(report) } else { report.printTable() }
    }

    /// The measured truth: the named file, else the checkout's; without either, the detector's own truth.
    private func loadGroundTruth(_ composition: Composition) throws -> SceneGroundTruth? {
        guard let url = composition.dataFile("Tests/Data/guidance-ground-truth.json", given: groundTruth) else {
            Console.note("No measured ground truth beside this binary; judging against the detector's own detections.")
            return nil
        }
        do {
            return try SceneGroundTruth.load(from: url)
        } catch let error as SceneGroundTruthError {
            throw ValidationError(error.sentence)
        } catch {
            throw ValidationError("Cannot read the ground truth \(url.path): \(error.localizedDescription)")
        }
    }

    private func photoPaths(_ composition: Composition) throws -> [String] {
        if !images.isEmpty { return images }
        guard let folder = composition.modelFolders.development?.deletingLastPathComponent()
            .appendingPathComponent("testdata/images") else {
            throw ValidationError("Name the photos to use; no ../shared/testdata/images was found beside a checkout.")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { ["png", "jpg", "jpeg"].contains(URL(fileURLWithPath: $0).pathExtension.lowercased()) }
            .sorted()
        return names.map { folder.appendingPathComponent($0).path }
    }

    /// Measures the camera's motion between two directions the way the live loop does between two frames: the
    /// estimator on the two pictures' thumbnails. Each thumbnail is rendered once (a frame's is the next one's
    /// previous).
    private static func motionProbe(_ thumbnails: SceneThumbnails) -> (ViewDirection, ViewDirection) -> CameraMotion? {
        let estimator = CameraMotionEstimator()
        var last: (view: ViewDirection, thumbnail: MotionThumbnail)?
        return { previous, current in
            let before = last.flatMap { $0.view == previous ? $0.thumbnail : nil } ?? thumbnails.thumbnail(at: previous)
            let after = current == previous ? before : thumbnails.thumbnail(at: current)
            last = (current, after)
            return estimator.motion(from: before, to: after)
        }
    }

    /// FNV-1a: the same on every run and platform, unlike `Hasher`.
    private static func stableHash(_ text: String) -> UInt64 {
        text.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
    }

    private static func printTrace(_ frame: SimulationFrame) {
        var line = String(format: "%6.3f  view %7.2f° %6.2f°  ", frame.time, frame.view.yaw, frame.view.pitch)
            + frame.activity.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)
            + String(format: "true %5.2f %5.2f", frame.truePosition.x, frame.truePosition.y)
        if let cue = frame.snapshot {
            line += "  \(cue.phase.rawValue)"
            if let x = cue.predictedX, let y = cue.predictedY { line += String(format: " aim %5.2f %5.2f", x, y) }
            if cue.centred { line += " CENTRED" }
            if let spoken = cue.spoken { line += "  says \"\(spoken)\"" }
        }
        if let detections = frame.detections {
            line += "  [" + detections.filter { $0.confidence >= 0.3 }
                .map { $0.label + String(format: " %.2f at %.2f,%.2f", $0.confidence, $0.box.midX, $0.box.midY) }
                .joined(separator: "; ") + "]"
        }
        Console.note(line)
    }
}
