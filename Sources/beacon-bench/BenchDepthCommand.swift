import ArgumentParser
import BeaconCommandLine
import BeaconCore
import BeaconRuntime
import BeaconMedia
import BeaconVision
import Foundation

struct BenchDepthCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "depth",
        abstract: "Time monocular depth per frame, side by side with a Python reference (onnxruntime + numpy).",
        usage: "beacon bench depth [<images> ...] [<options>]",
        discussion: """
            Stages: decode (file bytes to RGB, not part of a live frame's time), preprocess (resize to the model's \
            224×224 bytes), inference (ONNX Runtime, and the bytes to metres); "per frame" is preprocess plus \
            inference, what each live frame costs. The reference runs scripts/reference_depth.py on the same images, \
            model and threads, and its output is compared with Beacon's pixel by pixel.

            Without images, uses motorcycle_left.png, coffee.png and bus.jpg from ../shared/testdata/images.
            """
    )

    @Argument(help: "JPEG or PNG images (default: three shared test photos).")
    var images: [String] = []

    @Option(help: "Timed runs per image, after 3 warm-up runs.")
    var runs = 20

    @OptionGroup var depth: DepthOptions

    @OptionGroup var pythonReference: ReferenceOptions

    func validate() throws {
        guard runs >= 1 else { throw ValidationError("--runs must be 1 or more.") }
    }

    private struct Reference: Decodable {
        struct Image: Decodable {
            var path: String
            var steps: [Int]
            var samples: [String: [Double]]
        }
        var images: [Image]
    }

    func run() throws {
        let composition = Composition()
        let paths = images.isEmpty ? try defaultImages(composition) : images
        let model = try composition.depthModel(depth.settings)
        Console.line("Model \(URL(fileURLWithPath: model.session.modelPath).lastPathComponent) "
            + "(input \(model.inputWidth)x\(model.inputHeight) uint8), ONNX Runtime \(model.session.runtime.version), "
            + "threads \(depth.depthThreads == 0 ? "auto" : String(depth.depthThreads)), "
            + "\(runs) runs per image after 3 warm-up runs, \(paths.count) images")

        var beacon: [String: [Double]] = ["decode": [], "preprocess": [], "inference": [], "total": []]
        var beaconSteps: [String: [Int]] = [:]
        for path in paths {
            let url = URL(fileURLWithPath: path)
            for run in 0..<(runs + 3) {
                let start = Monotonic.seconds()
                let frame = try ImageDecoder().decode(contentsOf: url)
                let decoded = Monotonic.seconds()
                var timings = FastDepthEstimator.Timings()
                let map = try model.depth(for: frame, timings: &timings)
                let end = Monotonic.seconds()
                beaconSteps[path] = map.metres.map { Int(($0 / FastDepthEstimator.metresPerStep).rounded()) }
                guard run >= 3 else { continue }
                beacon["decode"]!.append(decoded - start)
                beacon["preprocess"]!.append(timings.preprocess)
                beacon["inference"]!.append(timings.inference)
                beacon["total"]!.append(end - decoded)
            }
        }

        var reference: Reference?
        if !pythonReference.skip {
            do {
                let data = try ReferenceRun.runScript("reference_depth.py", python: pythonReference.python, composition: composition, arguments: [
                    model.session.modelPath] + paths + ["--runs", String(runs), "--warmup", "3", "--threads", String(depth.depthThreads)])
                reference = try JSONDecoder().decode(Reference.self, from: data)
            } catch let error as UserFacingError {
                Console.note("Python reference skipped: \(error.sentence)")
            }
        }
        let referenceSamples = reference.map { output in
            Dictionary(uniqueKeysWithValues: ["decode", "preprocess", "inference", "total"].map { key in
                (key, output.images.flatMap { $0.samples[key] ?? [] })
            })
        }
        printTable(beacon: beacon, reference: referenceSamples)
        if let reference {
            var differing = 0, total = 0, largest = 0
            for image in reference.images {
                guard let ours = beaconSteps[image.path], ours.count == image.steps.count else { continue }
                for (a, b) in zip(ours, image.steps) where a != b {
                    differing += 1
                    largest = max(largest, abs(a - b))
                }
                total += ours.count
            }
            let ratio = percentile(beacon["total"]!, 0.5) / max(percentile(referenceSamples!["total"]!, 0.5), 1e-9)
            Console.line(String(format: "Per frame (preprocess + inference): Beacon %.2f ms, Python reference %.2f ms, ratio %.2f.",
                                percentile(beacon["total"]!, 0.5) * 1000, percentile(referenceSamples!["total"]!, 0.5) * 1000, ratio))
            Console.line(differing == 0
                ? "Depth matches the reference: all \(total) pixels identical."
                : String(format: "Depth differs from the reference at %d of %d pixels (%.2f%%), by at most %d steps (%.2f m).",
                         differing, total, Double(differing) / Double(max(total, 1)) * 100, largest,
                         Double(largest) * Double(FastDepthEstimator.metresPerStep)))
        }
    }

    private func defaultImages(_ composition: Composition) throws -> [String] {
        guard let folder = composition.modelFolders.development?.deletingLastPathComponent()
            .appendingPathComponent("testdata/images") else {
            throw ValidationError("Name the images to time; no ../shared/testdata/images was found beside a checkout.")
        }
        return ["motorcycle_left.png", "coffee.png", "bus.jpg"].map { folder.appendingPathComponent($0).path }
            .filter { FileManager.default.fileExists(atPath: $0) }
    }

    private func printTable(beacon: [String: [Double]], reference: [String: [Double]]?) {
        var header = "stage          Beacon median    p95"
        if reference != nil { header += "   Python median    p95   ratio" }
        Console.line(header + "   (ms)")
        for (name, key) in [("decode", "decode"), ("preprocess", "preprocess"), ("inference", "inference"), ("per frame", "total")] {
            let ours = beacon[key] ?? []
            var line = name.padding(toLength: 14, withPad: " ", startingAt: 0)
                + String(format: "%14.2f %6.2f", percentile(ours, 0.5) * 1000, percentile(ours, 0.95) * 1000)
            if let theirs = reference?[key] {
                line += String(format: "   %13.2f %6.2f %7.2f", percentile(theirs, 0.5) * 1000, percentile(theirs, 0.95) * 1000,
                               percentile(ours, 0.5) / max(percentile(theirs, 0.5), 1e-9))
            }
            Console.line(line)
        }
    }
}
