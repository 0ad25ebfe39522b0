import ArgumentParser
import BeaconCommandLine
import BeaconAudio
import BeaconCore
import BeaconRuntime
import BeaconMedia
import Foundation

struct BenchExploreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explore",
        abstract: "Time explore from the command to its whole report (the requirement is under 2 s).",
        usage: "beacon bench explore [<photos> ...] [<options>]",
        discussion: """
            Runs the assistant's explore on each photo again and again, in this process, with the detector loaded as it \
            is in a running session. Times, per run: the camera's time for the frames explore chooses the sharpest \
            from (at --fps), the work from the command until the whole report is composed (every sentence handed to \
            the speech arbiter and the first one synthesised and playing), their sum, and how long saying the report \
            takes, which is speech, not waiting. Photos are held as a still camera.

            Example:
              beacon bench explore ../shared/testdata/images/bus.jpg \\
                ../shared/testdata/images/zidane.jpg
            """
    )

    @Argument(help: "Photos to explore (default: the sample photo setup keeps).")
    var photos: [String] = []

    @Option(help: "Timed runs per photo.")
    var runs = 10

    @Option(help: "The camera's frame rate, for the time the frames take to arrive.")
    var fps = 30.0

    @Option(help: "Object detector: a model name or an .onnx file.")
    var model = DetectorSettings.defaultModel

    func validate() throws {
        guard runs >= 1 else { throw ValidationError("--runs must be 1 or more.") }
        guard fps > 0 else { throw ValidationError("--fps must be above 0.") }
    }

    func run() throws {
        let composition = Composition()
        let detectorOptions = try DetectorOptions.parse(["--model", model, "--confidence", "0.1"])
        let detector = try composition.detector(detectorOptions.settings)
        let engines = AssistantEngines(detector: { detector }, textReader: { throw ExploreNeedsNoText() })
        let paths = photos.isEmpty ? [composition.samplesFolder.appendingPathComponent("coffee.png").path] : photos
        Console.line("Explore: command to the whole report composed, \(runs) runs per photo, camera at \(Int(fps)) fps")
        for path in paths {
            var frames: [Double] = [], work: [Double] = [], totals: [Double] = [], spoken: [Double] = []
            var report: [String] = []
            for _ in 0..<runs {
                let output = try composition.output(to: .nowhere, voice: "en")
                let runner = AssistantRunner(session: AssistantSession(), engines: engines, output: output, store: nil,
                                             options: .init(printJSON: false, printSpeech: false, stillPicture: true,
                                                            frameInterval: 1 / fps),
                                             transcript: StandardStreams())
                var script = ["explore"]
                try runner.runScripted(source: try composition.frameSource(input: path, camera: nil),
                                       script: { script.isEmpty ? nil : script.removeFirst() })
                guard let timing = runner.commandTiming else { throw ExploreNeverReported(photo: path) }
                frames.append(timing.cameraSeconds)
                work.append(timing.workSeconds)
                totals.append(timing.cameraSeconds + timing.workSeconds)
                spoken.append(timing.reportSpeechSeconds)
                report = runner.reportSaid
            }
            let ms = { (values: [Double], fraction: Double) in percentile(values, fraction) * 1000 }
            Console.line("\(URL(fileURLWithPath: path).lastPathComponent): \(report.joined(separator: " "))")
            Console.line(String(format: "  frames %5.0f ms   work median %5.0f ms p95 %5.0f ms   total median %5.0f ms p95 %5.0f ms   (%@)",
                                ms(frames, 0.5), ms(work, 0.5), ms(work, 0.95), ms(totals, 0.5), ms(totals, 0.95),
                                ms(totals, 0.95) < 2000 ? "under 2 s" : "over 2 s"))
            Console.line(String(format: "  saying the report takes %.1f s", percentile(spoken, 0.5)))
        }
    }

    struct ExploreNeedsNoText: UserFacingError {
        var sentence: String { "Explore does not read text." }
    }

    struct ExploreNeverReported: UserFacingError {
        let photo: String
        var sentence: String { "Explore gave no report on \(photo)." }
    }
}
