@testable import BeaconBench
import Testing
@testable import BeaconCore

/// Whole simulated searches with a stand-in detector that reports exactly what the camera sees of the scene's
/// objects, so these test the loop (session, speech, person, metrics), not the model.
@Suite struct GuidanceSimulatorTests {
    static let scene = PanoramaScene(photoWidth: 600, photoHeight: 400)
    /// A cup about 12°×12°, a little right of and below the middle of the photo.
    static let cup = SceneObject(classIndex: 41, label: "cup", confidence: 0.9,
                                 box: NormalizedRect(x: 0.55, y: 0.5, width: 0.1, height: 0.15))

    /// Every object at least a third of which is in the picture, with its visible part as the box.
    static func perfectDetector(_ objects: [SceneObject]) -> (ViewDirection) -> [Detection] {
        { view in
            objects.compactMap { object in
                let box = scene.box(object.box, seenFrom: view)
                let left = max(0, box.x), right = min(1, box.maxX), top = max(0, box.y), bottom = min(1, box.maxY)
                guard right > left, bottom > top, (right - left) * (bottom - top) >= box.area / 3 else { return nil }
                return Detection(classIndex: object.classIndex, label: object.label, confidence: object.confidence,
                                 box: NormalizedRect(x: left, y: top, width: right - left, height: bottom - top))
            }
        }
    }

    static func trial(_ position: NormalizedPoint, seed: UInt64 = 1) -> GuidanceTrial {
        GuidanceTrial(scene: scene, objects: [cup], targetIndex: 0,
                      start: StartPlan().start(at: position, for: cup, in: scene), seed: seed)
    }

    @Test(arguments: [(0.2, 0.5), (0.8, 0.3), (0.35, 0.75), (0.7, 0.7)])
    func endsCentredFromAStartInView(x: Double, y: Double) {
        let trial = Self.trial(NormalizedPoint(x: x, y: y))
        #expect(trial.start.targetInView && trial.start.optimumSteps == 1)
        let record = GuidanceSimulator().run(trial, detect: Self.perfectDetector([Self.cup]))
        #expect(record.outcome == .centred, "\(record)")
        #expect(record.steps >= 1)
        #expect(record.centredOnTarget == true)
        let time = record.timeToCentre ?? .infinity
        #expect(time > 0 && time + 1 <= record.duration + 1e-9, "the run ends after a second of confirmed centring")
        #expect(record.guidingSeconds > 0)
        #expect(abs(record.endPosition.dx) <= 0.1 && abs(record.endPosition.dy) <= 0.1)
    }

    /// The camera-motion measurement is asked about every pair of consecutive frames, in order, and a run given
    /// the true motion still ends centred.
    @Test func measuresTheCameraMotionBetweenEveryPairOfFrames() {
        var pairs: [(ViewDirection, ViewDirection)] = []
        let record = GuidanceSimulator().run(Self.trial(NormalizedPoint(x: 0.2, y: 0.5)),
                                             detect: Self.perfectDetector([Self.cup]),
                                             measureMotion: { previous, current in
            pairs.append((previous, current))
            return CameraMotion(dx: (previous.yaw - current.yaw) / Self.scene.viewWidthDegrees,
                                dy: (current.pitch - previous.pitch) / Self.scene.viewHeightDegrees)
        })
        #expect(record.outcome == .centred, "\(record)")
        let frames = Int((record.duration * SimulationSettings().frameRate).rounded()) + 1
        #expect(pairs.count == frames - 1)
        #expect(zip(pairs, pairs.dropFirst()).allSatisfy { $0.1 == $1.0 }, "each pair starts where the last ended")
        #expect(pairs.contains { $0.0 != $0.1 }, "the person turned")
    }

    @Test func sweepsToFindATargetOutOfView() {
        let trial = Self.trial(NormalizedPoint(x: -0.4, y: 0.5))
        #expect(!trial.start.targetInView && trial.start.optimumSteps == 2)
        let record = GuidanceSimulator().run(trial, detect: Self.perfectDetector([Self.cup]))
        #expect(record.outcome == .centred, "\(record)")
        #expect(record.steps >= 2)
    }

    @Test func failsWhenTheDetectorNeverSeesIt() {
        var settings = SimulationSettings()
        settings.timeout = 5
        let record = GuidanceSimulator(settings: settings).run(Self.trial(NormalizedPoint(x: 0.3, y: 0.5)),
                                                               detect: { _ in [] })
        #expect(record.outcome == .neverFound)
        #expect(record.timeToCentre == nil)
        #expect(record.guidingSeconds == 0 && record.guidanceWords == 0)
        #expect(record.duration >= 5)
    }

    @Test func aCentredCueOnTheWrongSpotIsAFalseCentre() {
        var settings = SimulationSettings()
        settings.timeout = 4
        // The detector always reports the cup in the middle of the picture, wherever the camera points.
        let liar: (ViewDirection) -> [Detection] = { _ in
            [Detection(classIndex: 41, label: "cup", confidence: 0.9, box: NormalizedRect(x: 0.45, y: 0.45, width: 0.1, height: 0.1))]
        }
        let record = GuidanceSimulator(settings: settings).run(Self.trial(NormalizedPoint(x: 0.2, y: 0.5)), detect: liar)
        #expect(record.outcome == .falseCentre)
        #expect(record.endAimOnObject == false)
    }

    @Test func theSameTrialGivesTheSameRecord() {
        let trial = Self.trial(NormalizedPoint(x: 0.8, y: 0.4), seed: 42)
        let detector = Self.perfectDetector([Self.cup])
        #expect(GuidanceSimulator().run(trial, detect: detector) == GuidanceSimulator().run(trial, detect: detector))
    }

    @Test func feedsTheSessionDetectionsOnEveryThirdFrameFromAFrameEarlier() {
        var views: [ViewDirection] = []
        var frames: [SimulationFrame] = []
        var settings = SimulationSettings()
        settings.timeout = 2
        _ = GuidanceSimulator(settings: settings).run(Self.trial(NormalizedPoint(x: 0.2, y: 0.5)), detect: { view in
            views.append(view)
            return Self.perfectDetector([Self.cup])(view)
        }, observe: { frames.append($0) })
        let detectorFrames = frames.indices.filter { frames[$0].detections != nil }
        #expect(detectorFrames == Array(stride(from: 0, to: frames.count, by: 3)))
        for (index, frame) in zip(detectorFrames, views) where index > 0 {
            #expect(frame == frames[index - 1].view, "detections describe the picture one frame before they arrive")
        }
    }
}

/// Start positions: in view but not centred, every fourth out of view, always the same for the same seed.
@Suite struct StartPlanTests {
    @Test func startsAreInViewOffCentreOrOutOfView() {
        let scene = GuidanceSimulatorTests.scene
        let plan = StartPlan()
        for object in [GuidanceSimulatorTests.cup,
                       SceneObject(classIndex: 60, label: "dining table", confidence: 0.7,
                                   box: NormalizedRect(x: 0, y: 0.4, width: 1, height: 0.6))] {
            for index in 0..<24 {
                let start = plan.start(index, for: object, in: scene, seed: 9, objectKey: 3)
                #expect(!start.targetCentred)
                #expect(start.targetInView == (index % 4 != 3), "start \(index) of \(object.label)")
                #expect(start == plan.start(index, for: object, in: scene, seed: 9, objectKey: 3))
            }
        }
        #expect(plan.start(0, for: GuidanceSimulatorTests.cup, in: scene, seed: 9, objectKey: 3)
                != plan.start(0, for: GuidanceSimulatorTests.cup, in: scene, seed: 10, objectKey: 3))
    }
}
