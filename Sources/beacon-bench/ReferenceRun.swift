import ArgumentParser
import BeaconCommandLine
import BeaconCore
import BeaconRuntime
import BeaconVision
import Foundation

/// The Python reference a benchmark runs beside Beacon's own figures (scripts/reference_*.py).
struct ReferenceOptions: ParsableArguments {
    @Flag(name: .customLong("no-reference"), help: "Skip the Python reference.")
    var skip = false

    @Option(help: "Python interpreter for the reference.")
    var python = "python3"
}

/// The Python reference (scripts/reference_detect.py) run on the same images, its timings and boxes.
struct ReferenceRun {
    struct Failure: UserFacingError {
        let sentence: String
    }

    struct Output: Decodable {
        struct Image: Decodable {
            struct Item: Decodable {
                var classIndex: Int
                var confidence: Double
                var box: [Double]
            }
            struct Timing: Decodable { var median: Double; var p95: Double }
            var path: String
            var detections: [Item]
            var samples: [String: [Double]]
        }
        var images: [Image]
    }

    var stages: StageSamples
    var output: Output

    /// Runs one of the Python references in scripts/ of this checkout and returns its standard output (JSON); a
    /// missing script, missing Python packages or a failed run become one sentence.
    static func runScript(_ script: String, python: String, composition: Composition, arguments: [String]) throws -> Data {
        guard let root = composition.checkoutRoot else {
            throw Failure(sentence: "scripts/\(script) was not found beside this beacon binary")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [python, root.appendingPathComponent("scripts/\(script)").path] + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let reason = errors.contains("No module named")
                ? "the Python packages are missing; run scripts/setup.sh --python"
                : "it exited with status \(process.terminationStatus): \(errors.split(separator: "\n").last ?? "")"
            throw Failure(sentence: reason)
        }
        return data
    }

    static func run(python: String, composition: Composition, model: String, images: [String], runs: Int,
                    threads: Int, thresholds: DetectionThresholds) throws -> ReferenceRun {
        let data = try runScript("reference_detect.py", python: python, composition: composition, arguments: [model] + images + [
            "--runs", String(runs), "--warmup", "3", "--threads", String(threads),
            "--confidence", String(thresholds.confidence), "--iou", String(thresholds.iou),
        ])
        let output = try JSONDecoder().decode(Output.self, from: data)
        var stages = StageSamples()
        for image in output.images {
            let count = image.samples["total"]?.count ?? 0
            for i in 0..<count {
                stages.samples.append(StageSample(decode: image.samples["decode"]![i],
                                                  preprocess: image.samples["preprocess"]![i],
                                                  inference: image.samples["inference"]![i],
                                                  postprocess: image.samples["postprocess"]![i],
                                                  total: image.samples["total"]![i]))
            }
        }
        return ReferenceRun(stages: stages, output: output)
    }

    /// How closely Beacon's boxes match the reference's: same count and classes, largest corner difference in pixels.
    func compare(with beacon: [String: (Frame, [Detection])]) -> String {
        var largest = 0.0
        var mismatches: [String] = []
        for image in output.images {
            guard let (frame, detections) = beacon[image.path] else { continue }
            let name = URL(fileURLWithPath: image.path).lastPathComponent
            guard detections.count == image.detections.count else {
                mismatches.append("\(name): \(detections.count) boxes against \(image.detections.count)")
                continue
            }
            for (ours, theirs) in zip(detections, image.detections) {
                guard ours.classIndex == theirs.classIndex else {
                    mismatches.append("\(name): class \(ours.classIndex) against \(theirs.classIndex)")
                    continue
                }
                let p = ours.box.pixels(width: frame.width, height: frame.height)
                let differences = [p.x1 - theirs.box[0], p.y1 - theirs.box[1], p.x2 - theirs.box[2], p.y2 - theirs.box[3]]
                largest = max(largest, differences.map(abs).max() ?? 0)
            }
        }
        if mismatches.isEmpty {
            return String(format: "Boxes match the reference: largest corner difference %.2f px.", largest)
        }
        return "Boxes differ from the reference: " + mismatches.joined(separator: "; ")
            + String(format: " (largest corner difference among matched boxes %.2f px).", largest)
    }
}
