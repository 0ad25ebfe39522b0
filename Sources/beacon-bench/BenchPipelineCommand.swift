import ArgumentParser
import BeaconCommandLine
import BeaconCore
import BeaconRuntime
import BeaconTestDoubles
import BeaconMedia
import Foundation

struct BenchPipelineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pipeline",
        abstract: "Measure live guidance: cue rate, detection rate and frame-to-cue latency on a video played in real time.",
        usage: "beacon bench pipeline [--input <input>] [<object>] [<options>]",
        discussion: """
            The video plays at its own speed, as a camera would deliver it; the detector runs on its own thread on \
            the newest frame and the guidance session runs on every frame. Latency is from a frame's arrival to \
            the cue that used it: for frames the tracker carried, and for frames whose detections the cue used \
            (which includes waiting for the detector). Without --input, uses the sample video setup makes.

            --battery-saver and --thermal feed the power awareness a recorded reading (a battery at 14 % and \
            discharging; the lowest temperature of that thermal state), so the loop paces itself exactly as it \
            would on such a machine, and the rates show what that costs.
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

    @Flag(help: "Run as if the battery were at 14 % and discharging, so the battery saver comes on by itself.")
    var batterySaver = false

    @Option(help: "Run as if the machine were this hot: nominal, fair, serious or critical.")
    var thermal = "nominal"

    @OptionGroup var detector: DetectorOptions

    func validate() throws {
        guard runs >= 1 else { throw ValidationError("--runs must be 1 or more.") }
        guard ThermalState(rawValue: thermal) != nil else {
            throw ValidationError("--thermal must be nominal, fair, serious or critical.")
        }
    }

    /// What the recorded power sensor reads for the flags given.
    private func recordedReading(policy: PowerPolicy) -> PowerReading {
        let celsius = policy.lowestCelsius(of: ThermalState(rawValue: thermal)!)
        return PowerReading(batteryPercent: batterySaver ? 14 : nil, charging: batterySaver ? false : nil,
                            hottestZone: celsius.map { ThermalZone(type: "recorded", celsius: $0) })
    }

    func run() throws {
        let composition = Composition()
        let video = input ?? composition.samplesFolder.appendingPathComponent("coffee-pan.mp4").path
        let search = try composition.objectSearch(detector.settings, object: object, tiles: !noTiles)
        var all = AssistantRunner.Statistics()
        var rates: [(frames: Double, cues: Double, detections: Double)] = []
        let policy = PowerPolicy()
        let reading = recordedReading(policy: policy)
        for _ in 0..<runs {
            // The product's own find, played in real time, printing nothing and sounding nowhere.
            var run = GuidanceRun(input: video, camera: nil, realtime: true)
            run.keyboard = -1 // no keys: nothing typed may end a measured run
            let statistics = try run.find(search, composition: composition, transcript: StandardStreams(),
                                          measuringWith: FixedPowerSensor(reading))
            rates.append((Double(statistics.frames) / statistics.duration, Double(statistics.cues) / statistics.duration,
                          Double(statistics.detections) / statistics.duration))
            all.frames += statistics.frames
            all.skippedFrames += statistics.skippedFrames
            all.powerChanges = statistics.powerChanges
            all.paceLimits = statistics.paceLimits
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
        Console.line("power           \(Self.describe(reading)) (recorded); \(Self.describe(all.paceLimits))")
        for change in all.powerChanges { Console.line("                \(Self.describe(change))") }
        Console.line(String(format: "frame rate      %6.1f Hz (median of runs; %d of %d frames left out by the pace limits)",
                            percentile(rates.map(\.frames), 0.5), all.skippedFrames, all.frames + all.skippedFrames))
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

    static func describe(_ reading: PowerReading) -> String {
        let battery = reading.batteryPercent.map { "battery \($0) %" } ?? "no battery"
        let charging = reading.charging.map { $0 ? ", charging" : ", discharging" } ?? ""
        let zone = reading.hottestZone.map { String(format: ", hottest zone %.0f °C", $0.celsius) } ?? ", no thermal zone"
        return battery + charging + zone
    }

    static func describe(_ change: PowerChange) -> String {
        let what: String
        switch change {
        case .saverOn: what = "battery saver turned on"
        case .saverOff: what = "battery saver turned off"
        case .thermal(let state, _, _): what = "thermal now \(state.rawValue)"
        }
        return what + (PowerPhrases().sentence(for: change).map { ", said once: \"\($0)\"" } ?? ", not said")
    }

    static func describe(_ limits: PaceLimits) -> String {
        String(format: "frames ×%.2f, detector rests %.1f× its run time plus %.1f× (at most %.0f ms)",
               limits.frameRateFactor, 1 / limits.detectionRateFactor - 1, limits.dropWindowFactor, limits.dropWindowCap * 1000)
    }
}
