import ArgumentParser
import BeaconCore
import BeaconMedia
import Foundation

struct BenchPipelineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pipeline",
        abstract: "Measure live guidance: cue rate, detection rate and frame-to-cue latency on a video played in real time.",
        discussion: """
            The video plays at its own speed, as a camera would deliver it; the detector runs on its own thread on
            the newest frame and the guidance session runs on every frame. Latency is from a frame's arrival to
            the cue that used it: for frames the tracker carried, and for frames whose detections the cue used
            (which includes waiting for the detector). Without --input, uses the sample video setup makes.
            """
    )

    @Option(help: "A video file (default: ~/.cache/beacon/samples/coffee-pan.mp4).")
    var input: String?

    @Argument(help: "What to search for.")
    var object = "cup"

    @Option(help: "Times to play the video.")
    var runs = 3

    @Flag(help: "Do not look closer at zoomed tiles while searching.")
    var noTiles = false

    @OptionGroup var detector: DetectorOptions

    func validate() throws {
        guard runs >= 1 else { throw ValidationError("--runs must be 1 or more.") }
    }

    func run() throws {
        let composition = Composition()
        let video = input ?? composition.samplesFolder.appendingPathComponent("coffee-pan.mp4").path
        let search = try composition.searchDetector(detector, object: object, tiles: !noTiles)
        var all = GuidanceLoop.Statistics()
        var rates: [(cues: Double, detections: Double)] = []
        for _ in 0..<runs {
            let source = PacedFrameSource(try MediaSources.open(input: URL(fileURLWithPath: video)))
            let output = try MixerOutput(destination: .nowhere, voice: "en")
            var configuration = GuidanceConfiguration()
            configuration.speech.duckedGain = 1
            let loop = GuidanceLoop(target: search.target, configuration: configuration, output: output, keys: nil,
                                    options: .init(live: true, printJSON: false, maxFrames: nil, quiet: true),
                                    describe: { _ in "" })
            let statistics = try loop.run(source: source, detect: search.detect)
            rates.append((Double(statistics.cues) / statistics.duration, Double(statistics.detections) / statistics.duration))
            all.frames += statistics.frames
            all.detections += statistics.detections
            all.trackedLatencies += statistics.trackedLatencies
            all.detectedLatencies += statistics.detectedLatencies
            all.detectionTimes += statistics.detectionTimes
            all.motionTimes += statistics.motionTimes
            all.unmeasuredMotion += statistics.unmeasuredMotion
        }
        let ms = { (values: [Double], fraction: Double) in percentile(values, fraction) * 1000 }
        Console.line("Video \(URL(fileURLWithPath: video).lastPathComponent), searching for \(search.target.label), "
            + "\(runs) runs, tiles \(noTiles ? "off" : "on while searching")")
        Console.line(String(format: "cue rate        %6.1f Hz (median of runs; a cue per frame and per finished detection)",
                            percentile(rates.map(\.cues), 0.5)))
        Console.line(String(format: "detection rate  %6.1f Hz (median of runs)", percentile(rates.map(\.detections), 0.5)))
        Console.line(String(format: "detector time   median %6.1f ms  p95 %6.1f ms", ms(all.detectionTimes, 0.5), ms(all.detectionTimes, 0.95)))
        Console.line(String(format: "camera motion   median %6.1f ms  p95 %6.1f ms per frame, not measurable in %d of %d frames",
                            ms(all.motionTimes, 0.5), ms(all.motionTimes, 0.95), all.unmeasuredMotion, all.motionTimes.count))
        Console.line(String(format: "frame to cue, tracked frames   median %6.1f ms  p95 %6.1f ms",
                            ms(all.trackedLatencies, 0.5), ms(all.trackedLatencies, 0.95)))
        Console.line(String(format: "frame to cue, detected frames  median %6.1f ms  p95 %6.1f ms",
                            ms(all.detectedLatencies, 0.5), ms(all.detectedLatencies, 0.95)))
        let budget = ms(all.detectionTimes, 0.95) + 15
        Console.line(String(format: "Detected-frame latency p95 %.1f ms against the detector's own p95 plus 15 ms (%.1f ms): %@.",
                            ms(all.detectedLatencies, 0.95), budget, ms(all.detectedLatencies, 0.95) <= budget ? "within" : "over"))
    }
}
