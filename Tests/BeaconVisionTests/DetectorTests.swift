import BeaconCore
import BeaconMedia
import BeaconTestSupport
import Foundation
import Testing
@testable import BeaconVision

/// Real models on real photos (../shared/testdata/images), checked against what the photos show and against the
/// Python reference (onnxruntime + numpy) on the same model.
@Suite(.serialized) struct DetectorTests {
    static let models = ["yolox_nano.onnx", "yolo11n_int8.onnx", "picodet_s_416_coco.onnx"]
    static let animals = Set(14...23) // bird … giraffe in COCO order

    /// The detector at `confidence`, or at its family's calibrated threshold.
    static func detector(_ model: String, confidence: Float? = nil) throws -> YOLODetector? {
        guard let runtime = SharedRuntime.get() else { return nil }
        guard let url = TestData.model(model) else {
            if TestData.required { Issue.record("model \(model) is missing") } else { print("skipping: no \(model)") }
            return nil
        }
        let session = try InferenceSession(runtime: runtime, modelPath: url.path, options: SessionOptions(intraOpThreads: 2))
        return try YOLODetector(session: session, thresholds: confidence.map { DetectionThresholds(confidence: $0) })
    }

    static func photo(_ name: String) throws -> Frame? {
        guard let url = TestData.image(name) else {
            if TestData.required { Issue.record("photo \(name) is missing") } else { print("skipping: no \(name)") }
            return nil
        }
        return try ImageDecoder().decode(contentsOf: url)
    }

    @Test(arguments: models)
    func recognisesTheFormat(model: String) throws {
        guard let detector = try Self.detector(model) else { return }
        if model.hasPrefix("yolox") {
            #expect(detector.format.family == .yolox)
            #expect(detector.format.letterbox.width == 416)
            #expect(detector.format.letterbox.bgr)
        } else if model.hasPrefix("picodet") {
            #expect(detector.format.family == .picodet)
            #expect(detector.format.letterbox.width == 416 && detector.format.letterbox.height == 416)
            #expect(detector.format.letterbox.placement == .stretched)
            #expect(detector.format.letterbox.bgr)
            let layout = try #require(detector.format.distributionLayout)
            #expect(layout.levels.map(\.stride) == [8, 16, 32, 64])
            #expect(layout.levels.map(\.cells) == [2704, 676, 169, 49])
            #expect(layout.bins == 8)
            #expect(detector.thresholds.confidence == YOLOFormat.Family.picodet.calibratedConfidence)
        } else {
            #expect(detector.format.family == .ultralytics)
            #expect(detector.format.letterbox.width == 320)
            #expect(!detector.format.letterbox.bgr)
        }
        #expect(detector.labels == ObjectVocabulary.coco)
    }

    @Test(arguments: models)
    func findsWhatThePhotosShow(model: String) throws {
        guard let detector = try Self.detector(model) else { return }
        func labels(_ photo: String) throws -> [String]? {
            guard let frame = try Self.photo(photo) else { return nil }
            return try detector.detect(frame).map(\.label)
        }
        if let bus = try labels("bus.jpg") {
            #expect(bus.contains("bus"), "\(bus)")
            #expect(bus.filter { $0 == "person" }.count >= 3, "\(bus)")
        }
        if let coffee = try labels("coffee.png") { #expect(coffee.contains("cup"), "\(coffee)") }
        if let cat = try labels("chelsea.png") { #expect(cat.contains("cat"), "\(cat)") }
        if let astronaut = try labels("astronaut.png") { #expect(astronaut.contains("person"), "\(astronaut)") }
        if let frame = try Self.photo("text.png") {
            let animals = try detector.detect(frame).filter { Self.animals.contains($0.classIndex) }
            #expect(animals.isEmpty, "handwriting seen as \(animals.map(\.label))")
        }
    }

    /// PicoDet stretches the picture to its square input, so boxes scale back by a different factor across and down.
    @Test func picoDetBoxesFollowTheStretchedPicture() throws {
        guard let detector = try Self.detector("picodet_s_416_coco.onnx"), let frame = try Self.photo("bus.jpg") else { return }
        let found = try detector.detect(frame)
        let bus = try #require(found.first { $0.label == "bus" })
        // The bus spans the 810-pixel-wide photo and the upper middle of its 1080 rows.
        let box = bus.box.pixels(width: frame.width, height: frame.height)
        #expect(box.x1 < 30 && box.x2 > 780, "\(box)")
        #expect(box.y1 > 180 && box.y1 < 290 && box.y2 > 690 && box.y2 < 800, "\(box)")
        #expect(found.filter { $0.label == "person" }.count >= 3)
    }

    @Test func boxesArePlacedWhereTheObjectIs() throws {
        guard let detector = try Self.detector("yolox_nano.onnx"), let frame = try Self.photo("coffee.png") else { return }
        let cup = try #require(try detector.detect(frame).first { $0.label == "cup" })
        // PROVENANCE.md: cup 0.90 at [162, 15, 422, 293] in the 600x400 photo.
        let box = cup.box.pixels(width: frame.width, height: frame.height)
        #expect(abs(box.x1 - 162) < 4 && abs(box.y1 - 15) < 4 && abs(box.x2 - 422) < 4 && abs(box.y2 - 293) < 4, "\(box)")
        #expect(cup.confidence > 0.85)
        #expect(regionPhrase(for: cup.box) == "centre")
    }

    @Test(arguments: models)
    func matchesThePythonReferenceWithinTwoPixels(model: String) throws {
        guard let detector = try Self.detector(model, confidence: 0.25) else { return }
        let photos = ["bus.jpg", "zidane.jpg", "coffee.png", "chelsea.png", "astronaut.png", "motorcycle_left.png"]
        let urls = photos.compactMap { TestData.image($0) }
        guard urls.count == photos.count, let modelURL = TestData.model(model) else { return }
        let script = TestData.packageRoot.appendingPathComponent("scripts/reference_detect.py").path
        let result = try TestData.run("python3", [script, modelURL.path] + urls.map(\.path)
            + ["--confidence", "0.25", "--threads", "2"])
        guard result.status == 0 else {
            if TestData.required { Issue.record("Python reference failed: \(result.stderr)") }
            else { print("skipping: Python reference unavailable: \(result.stderr.suffix(200))") }
            return
        }
        struct Output: Decodable {
            struct Image: Decodable {
                struct Item: Decodable { var classIndex: Int; var confidence: Double; var box: [Double] }
                var path: String
                var detections: [Item]
            }
            var images: [Image]
        }
        let reference = try JSONDecoder().decode(Output.self, from: Data(result.stdout.utf8))
        #expect(reference.images.count == photos.count)
        for (url, expected) in zip(urls, reference.images) {
            let frame = try ImageDecoder().decode(contentsOf: url)
            let found = try detector.detect(frame)
            #expect(found.count == expected.detections.count, "\(url.lastPathComponent): \(found.map(describe))")
            for (ours, theirs) in zip(found, expected.detections) {
                #expect(ours.classIndex == theirs.classIndex)
                #expect(abs(ours.confidence - theirs.confidence) < 0.01)
                let p = ours.box.pixels(width: frame.width, height: frame.height)
                let differences = zip([p.x1, p.y1, p.x2, p.y2], theirs.box).map { abs($0 - $1) }
                #expect(differences.allSatisfy { $0 <= 2 }, "\(url.lastPathComponent) \(ours.label): \(differences)")
            }
        }
    }
}

/// The server's detector: single-thread copies of one model that run side by side.
@Suite struct DetectorLanesTests {
    @Test("Lanes detecting from four threads at once find what one detector finds, two at a time at most")
    func lanesAgreeWithOneDetector() throws {
        guard let runtime = SharedRuntime.get(), let frame = try DetectorTests.photo("bus.jpg") else { return }
        guard let url = TestData.model("picodet_s_416_coco.onnx") else {
            if TestData.required { Issue.record("model picodet_s_416_coco.onnx is missing") }
            return
        }
        func single() throws -> YOLODetector {
            try YOLODetector(session: InferenceSession(runtime: runtime, modelPath: url.path,
                                                       options: SessionOptions(intraOpThreads: 1)))
        }
        let alone = try single()
        let expected = try alone.detect(frame), expectedLabels = alone.labels
        #expect(expected.contains { $0.label == "bus" })
        let probe = ConcurrencyProbe()
        let lanes = DetectorLanes(try (0..<2).map { _ in ProbedDetector(inner: try single(), probe: probe) })
        #expect(lanes.count == 2)
        #expect(lanes.labels == expectedLabels)
        let results = ResultBox()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<3 { results.add(Result { try lanes.detect(frame) }) }
        }
        let all = results.all
        #expect(all.count == 12)
        for result in all {
            let found = try result.get()
            #expect(found.map(\.label) == expected.map(\.label))
            for (got, want) in zip(found, expected) { #expect(got.box == want.box) }
        }
        #expect(probe.most == 2, "at most two detections ran at once")
        #expect(probe.metSecond, "the first detection waited for a second one to run beside it")
    }

    /// Counts detections running at once; the first one waits (up to 10 s) until a second is running beside it, so
    /// lanes that ran one at a time would show here without any timing.
    final class ConcurrencyProbe: @unchecked Sendable {
        private let condition = NSCondition()
        private var now = 0
        private var entered = 0
        private var mostSeen = 0
        private var met = false

        func enter() {
            condition.withLock {
                now += 1
                entered += 1
                mostSeen = max(mostSeen, now)
                if now >= 2 { met = true }
                condition.broadcast()
                if entered == 1 {
                    let deadline = Date(timeIntervalSinceNow: 10)
                    while !met && condition.wait(until: deadline) {}
                }
            }
        }

        func leave() { condition.withLock { now -= 1 } }
        var most: Int { condition.withLock { mostSeen } }
        var metSecond: Bool { condition.withLock { met } }
    }

    /// A detector that counts how many of its kind run at once.
    struct ProbedDetector: ObjectDetector {
        let inner: YOLODetector
        let probe: ConcurrencyProbe
        var labels: [String] { inner.labels }
        func detect(_ frame: Frame) throws -> [Detection] {
            probe.enter()
            defer { probe.leave() }
            return try inner.detect(frame)
        }
    }

    final class ResultBox: @unchecked Sendable {
        private let lock = NSLock()
        private var results: [Result<[Detection], any Error>] = []
        func add(_ result: Result<[Detection], any Error>) { lock.withLock { results.append(result) } }
        var all: [Result<[Detection], any Error>] { lock.withLock { results } }
    }
}
