import ArgumentParser
import BeaconCommandLine
import BeaconCore
import BeaconRuntime
import BeaconMedia
import BeaconVision
import Foundation

struct BenchOCRCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ocr",
        abstract: "Time text reading per stage, side by side with a Python reference (onnxruntime + numpy).",
        discussion: """
            Stages: detection (resize, text detector, boxes from its probability map), classification (the angle \
            classifier for upside-down lines), recognition (crops, recogniser, CTC decoding); total is their sum, \
            without decoding the image file; CPU time is the process's over all threads, steadier than wall-clock \
            time on a busy machine. The reference runs scripts/reference_ocr.py on the same images, models, \
            threads and settings, and its text is compared with Beacon's. With --ground-truth, a JSON object mapping \
            image file names (or paths) to their text, both are scored by character error rate (lines joined by \
            newlines).
            """
    )

    @Argument(help: "JPEG or PNG images.")
    var images: [String]

    @Option(help: "JSON file: {\"page.png\": \"the page's text\", …}.")
    var groundTruth: String?

    @Option(help: "Timed runs per image, after 3 warm-up runs.")
    var runs = 10

    @OptionGroup var ocr: PPOCROptions

    @OptionGroup var pythonReference: ReferenceOptions

    func validate() throws {
        guard runs >= 1 else { throw ValidationError("--runs must be 1 or more.") }
        guard !images.isEmpty else { throw ValidationError("Name at least one image to read.") }
    }

    func run() throws {
        let composition = Composition()
        let engine = try composition.textRecognizer(ocr.settings)
        let truth = try groundTruth.map(GroundTruth.init(path:))
        let decoder = ImageDecoder()
        Console.line("Models \(engine.detector.modelPath.lastPathComponentName), \(engine.recognizer.modelPath.lastPathComponentName)"
            + (engine.classifier.map { ", \($0.modelPath.lastPathComponentName)" } ?? "")
            + "; ONNX Runtime \(engine.detector.runtime.version), threads \(ocr.threads == 0 ? "auto" : String(ocr.threads)), "
            + "\(runs) runs per image after 3 warm-up runs")

        var beacon: [String: (lines: [TextLine], samples: [OCRSample])] = [:]
        for path in images {
            let frame = try decoder.decode(contentsOf: URL(fileURLWithPath: path))
            var samples: [OCRSample] = []
            var lines: [TextLine] = []
            for run in 0..<(runs + 3) {
                var timings = TextReadingTimings()
                let cpuStart = processCPUMilliseconds()
                lines = try engine.recognize(frame, timings: &timings)
                let cpu = processCPUMilliseconds() - cpuStart
                if run >= 3 { samples.append(OCRSample(timings, cpu: cpu)) }
            }
            beacon[path] = (lines, samples)
        }

        var reference: OCRReferenceRun?
        if !pythonReference.skip {
            do {
                reference = try OCRReferenceRun.run(python: pythonReference.python, composition: composition, engine: engine,
                                                    images: images, runs: runs, options: ocr)
            } catch let error as UserFacingError {
                Console.note("Python reference skipped: \(error.sentence)")
            }
        }

        var totals: (beacon: [Double], python: [Double]) = ([], [])
        var cpuTotals: (beacon: [Double], python: [Double]) = ([], [])
        for (index, path) in images.enumerated() {
            let ours = beacon[path]!
            let theirs = reference?.output.images[index]
            Console.line("")
            Console.line("\(URL(fileURLWithPath: path).lastPathComponent): \(ours.lines.count) lines")
            printTable(beacon: ours.samples, reference: theirs?.samples)
            totals.beacon.append(percentile(ours.samples.map(\.total), 0.5))
            cpuTotals.beacon.append(percentile(ours.samples.map(\.cpu), 0.5))
            if let theirs {
                totals.python.append(percentile(theirs.samples.total, 0.5))
                cpuTotals.python.append(percentile(theirs.samples.cpu, 0.5))
                let ourTexts = ours.lines.map(\.text), theirTexts = theirs.lines.map(\.text)
                if ourTexts == theirTexts {
                    Console.line("Texts agree with the reference (\(ourTexts.count) lines).")
                } else {
                    let differences = zip(ourTexts, theirTexts).enumerated().filter { $0.element.0 != $0.element.1 }
                        .prefix(3).map { "line \($0.offset + 1): \"\($0.element.0)\" against \"\($0.element.1)\"" }
                    Console.line("Texts differ from the reference: \(ourTexts.count) lines against \(theirTexts.count)"
                        + (differences.isEmpty ? "" : "; " + differences.joined(separator: "; ")) + ".")
                }
            }
            if let truth, let expected = truth.text(for: path) {
                let ourRate = characterErrorRate(reference: expected, hypothesis: ours.lines.map(\.text).joined(separator: "\n"))
                var line = String(format: "Character error rate: Beacon %.4f", ourRate)
                if let theirs {
                    let theirRate = characterErrorRate(reference: expected, hypothesis: theirs.lines.map(\.text).joined(separator: "\n"))
                    line += String(format: ", Python reference %.4f", theirRate)
                }
                Console.line(line + ".")
            } else if truth != nil {
                Console.line("No ground truth for this image.")
            }
        }
        if !totals.python.isEmpty {
            let ours = totals.beacon.reduce(0, +), theirs = totals.python.reduce(0, +)
            Console.line("")
            Console.line(String(format: "All images, sum of median totals: Beacon %.1f ms, Python reference %.1f ms, ratio %.2f.",
                                ours, theirs, ours / max(theirs, 1e-9)))
            let ourCPU = cpuTotals.beacon.reduce(0, +), theirCPU = cpuTotals.python.reduce(0, +)
            Console.line(String(format: "All images, sum of median CPU times: Beacon %.1f ms, Python reference %.1f ms, ratio %.2f.",
                                ourCPU, theirCPU, ourCPU / max(theirCPU, 1e-9)))
        }
    }

    private func printTable(beacon: [OCRSample], reference: OCRReferenceRun.Samples?) {
        let rows: [(String, KeyPath<OCRSample, Double>, [Double]?)] = [
            ("detection", \.detection, reference?.detection), ("classification", \.classification, reference?.classification),
            ("recognition", \.recognition, reference?.recognition), ("total", \.total, reference?.total),
            ("CPU time", \.cpu, reference?.cpu),
        ]
        var header = "stage           Beacon median     p95"
        if reference != nil { header += "   Python median     p95   ratio" }
        Console.line(header + "   (ms)")
        for (name, key, theirs) in rows {
            let ours = beacon.map { $0[keyPath: key] }
            var line = name.padding(toLength: 15, withPad: " ", startingAt: 0)
                + String(format: "%14.1f %7.1f", percentile(ours, 0.5), percentile(ours, 0.95))
            if let theirs {
                line += String(format: "   %13.1f %7.1f %7.2f", percentile(theirs, 0.5), percentile(theirs, 0.95),
                               percentile(ours, 0.5) / max(percentile(theirs, 0.5), 1e-9))
            }
            Console.line(line)
        }
    }
}

/// One timed reading, in milliseconds per stage.
struct OCRSample {
    var detection: Double
    var classification: Double
    var recognition: Double
    var total: Double
    /// CPU time of the whole process (every inference thread) during the reading: on a busy machine wall-clock
    /// times swing with the neighbours' load, CPU time much less.
    var cpu: Double

    init(_ timings: TextReadingTimings, cpu: Double) {
        detection = timings.detection * 1000
        classification = timings.classification * 1000
        recognition = timings.recognition * 1000
        total = timings.total * 1000
        self.cpu = cpu
    }
}

/// CPU time this process has used so far, over all its threads, in milliseconds.
func processCPUMilliseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
}

/// The expected text of each image, from a JSON object keyed by file name or path.
struct GroundTruth {
    struct Unreadable: UserFacingError {
        let path: String
        let reason: String
        var sentence: String { "Ground truth \(path) is not a JSON object of image names and texts (\(reason))." }
    }

    let texts: [String: String]

    init(path: String) throws {
        do {
            texts = try JSONDecoder().decode([String: String].self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw Unreadable(path: path, reason: error.localizedDescription)
        }
    }

    func text(for imagePath: String) -> String? {
        (texts[imagePath] ?? texts[URL(fileURLWithPath: imagePath).lastPathComponent])?
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// scripts/reference_ocr.py run on the same images with the same models and settings.
struct OCRReferenceRun {
    struct Samples: Decodable {
        var detection: [Double]
        var classification: [Double]
        var recognition: [Double]
        var total: [Double]
        var cpu: [Double]
    }

    struct Output: Decodable {
        struct Image: Decodable {
            struct Line: Decodable {
                var text: String
                var confidence: Double
                var quad: [[Double]]
            }
            var path: String
            var lines: [Line]
            var samples: Samples
        }
        var images: [Image]
    }

    var output: Output

    static func run(python: String, composition: Composition, engine: PPOCREngine, images: [String], runs: Int,
                    options: PPOCROptions) throws -> OCRReferenceRun {
        let models = [engine.detector.modelPath, engine.recognizer.modelPath, engine.classifier?.modelPath ?? engine.detector.modelPath]
        var arguments = models + images + [
            "--runs", String(runs), "--warmup", "3", "--threads", String(options.threads),
            "--max-side", String(options.maximumSide), "--min-side", String(options.minimumSide),
            "--min-confidence", String(options.minimumConfidence),
        ]
        if engine.classifier == nil { arguments.append("--no-classify") }
        let data = try ReferenceRun.runScript("reference_ocr.py", python: python, composition: composition, arguments: arguments)
        return OCRReferenceRun(output: try JSONDecoder().decode(Output.self, from: data))
    }
}

private extension String {
    var lastPathComponentName: String { URL(fileURLWithPath: self).lastPathComponent }
}
