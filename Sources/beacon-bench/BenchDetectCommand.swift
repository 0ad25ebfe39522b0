import ArgumentParser
import BeaconCommandLine
import BeaconCore
import BeaconRuntime
import BeaconMedia
import BeaconVision
import Foundation

struct BenchDetectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "detect",
        abstract: "Time object detection per stage, side by side with a Python reference (onnxruntime + numpy).",
        usage: "beacon bench detect [<images> ...] [<options>]",
        discussion: """
            Stages: decode (file bytes to RGB), preprocess (resize, letterbox, tensor), inference (ONNX Runtime), \
            post-process (decode boxes, NMS). The reference runs scripts/reference_detect.py on the same images, \
            model, threads and thresholds, and its boxes are compared with Beacon's.

            Without images, uses the photos in ../shared/testdata/images beside a checkout.
            """
    )

    @Argument(help: "JPEG or PNG images (default: the shared test photos).")
    var images: [String] = []

    @Option(help: "Timed runs per image, after 3 warm-up runs.")
    var runs = 20

    @OptionGroup var detector: DetectorOptions

    @OptionGroup var pythonReference: ReferenceOptions

    func validate() throws {
        guard runs >= 1 else { throw ValidationError("--runs must be 1 or more.") }
    }

    func run() throws {
        let composition = Composition()
        let paths = images.isEmpty ? try defaultImages(composition) : images
        let detector = try composition.detector(detector.settings)
        let decoder = ImageDecoder()
        Console.line("Model \(URL(fileURLWithPath: detector.session.modelPath).lastPathComponent) "
            + "(\(detector.format.family.rawValue), input \(detector.format.letterbox.width)x\(detector.format.letterbox.height)), "
            + "ONNX Runtime \(detector.session.runtime.version), threads \(self.detector.threads == 0 ? "auto" : String(self.detector.threads)), "
            + "\(runs) runs per image after 3 warm-up runs, \(paths.count) images")

        var stages = StageSamples()
        var beaconDetections: [String: (Frame, [Detection])] = [:]
        for path in paths {
            let url = URL(fileURLWithPath: path)
            for run in 0..<(runs + 3) {
                let start = DispatchTime.now().uptimeNanoseconds
                let frame = try decoder.decode(contentsOf: url)
                let decoded = DispatchTime.now().uptimeNanoseconds
                var timings = DetectionTimings()
                let detections = try detector.detect(frame, timings: &timings)
                let end = DispatchTime.now().uptimeNanoseconds
                beaconDetections[path] = (frame, detections)
                guard run >= 3 else { continue }
                stages.add(decode: Double(decoded - start) / 1e6, timings: timings, total: Double(end - start) / 1e6)
            }
        }

        var reference: ReferenceRun?
        if !pythonReference.skip {
            do {
                reference = try ReferenceRun.run(python: pythonReference.python, composition: composition, model: detector.session.modelPath,
                                                 images: paths, runs: runs, threads: self.detector.threads,
                                                 thresholds: detector.thresholds)
            } catch let error as UserFacingError {
                Console.note("Python reference skipped: \(error.sentence)")
            }
        }
        printTable(beacon: stages, reference: reference?.stages)
        let overhead = (stages.median(\.preprocess) + stages.median(\.postprocess)) / stages.median(\.inference) * 100
        Console.line(String(format: "Beacon pre- plus post-processing: %.1f%% of inference time (median).", overhead))
        if let reference {
            let ratio = stages.median(\.total) / reference.stages.median(\.total)
            Console.line(String(format: "End to end per image: Beacon %.2f ms, Python reference %.2f ms, ratio %.2f.",
                                stages.median(\.total), reference.stages.median(\.total), ratio))
            let comparison = reference.compare(with: beaconDetections)
            Console.line(comparison)
        }
    }

    private func defaultImages(_ composition: Composition) throws -> [String] {
        guard let folder = composition.modelFolders.development?.deletingLastPathComponent()
            .appendingPathComponent("testdata/images") else {
            throw ValidationError("Name the images to time; no ../shared/testdata/images was found beside a checkout.")
        }
        let names = ["bus.jpg", "zidane.jpg", "coffee.png", "chelsea.png", "astronaut.png", "motorcycle_left.png"]
        return names.map { folder.appendingPathComponent($0).path }
            .filter { FileManager.default.fileExists(atPath: $0) }
    }

    private func printTable(beacon: StageSamples, reference: StageSamples?) {
        let rows: [(String, KeyPath<StageSample, Double>)] = [
            ("decode", \.decode), ("preprocess", \.preprocess), ("inference", \.inference),
            ("post-process", \.postprocess), ("total", \.total),
        ]
        var header = "stage          Beacon median    p95"
        if reference != nil { header += "   Python median    p95   ratio" }
        Console.line(header + "   (ms)")
        for (name, key) in rows {
            var line = name.padding(toLength: 14, withPad: " ", startingAt: 0)
                + String(format: "%14.2f %6.2f", beacon.median(key), beacon.p95(key))
            if let reference {
                line += String(format: "   %13.2f %6.2f %7.2f", reference.median(key), reference.p95(key),
                               beacon.median(key) / max(reference.median(key), 1e-9))
            }
            Console.line(line)
        }
    }
}

/// One timed detection, in milliseconds per stage.
struct StageSample {
    var decode: Double
    var preprocess: Double
    var inference: Double
    var postprocess: Double
    var total: Double
}

struct StageSamples {
    var samples: [StageSample] = []

    mutating func add(decode: Double, timings: DetectionTimings, total: Double) {
        samples.append(StageSample(decode: decode, preprocess: timings.preprocess * 1000,
                                   inference: timings.inference * 1000, postprocess: timings.postprocess * 1000,
                                   total: total))
    }

    func median(_ key: KeyPath<StageSample, Double>) -> Double { percentile(samples.map { $0[keyPath: key] }, 0.5) }
    func p95(_ key: KeyPath<StageSample, Double>) -> Double { percentile(samples.map { $0[keyPath: key] }, 0.95) }
}
