import ArgumentParser
import BeaconCommandLine
import BeaconBench
import BeaconCore
import BeaconMedia
import Foundation
#if canImport(Glibc)
import Glibc
#endif

struct BenchWalkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "walk",
        abstract: "Time walk mode from a depth frame to its cue (the requirement is under 50 ms at the 95th percentile).",
        usage: "beacon bench walk [<options>]",
        discussion: """
            Plays depth sequences made from geometry (BeaconBench's DepthScenes: a wall approached at 1.2 m/s from \
            5 m, a doorway, stairs up, stairs down, and a flat floor) into a real assistant session in walk mode, \
            and times the session's handling of each `.depth` event, from the frame handed in to the effects \
            (earcons, vibrations, words) handed out: the whole walk logic (floor removal, 3×3 grid, rolling medians, \
            zones, stairs). Frames are not timed while they are made. Prints the median, 95th percentile and \
            maximum over every frame and over the frames that gave a cue, and what each sequence said.

            For monocular depth the model's own time comes on top: measure it with `beacon bench depth` and pass it \
            as --model-ms to see the sum; a depth camera adds only its transfer.

            Example (FastDepth's 224×224 output; a chest-worn camera, 1.3 m up, 20° down):
              beacon bench walk --width 224 --height 224 --runs 5
            """
    )

    @Option(help: "Depth map width in pixels.")
    var width = 224

    @Option(help: "Depth map height in pixels.")
    var height = 224

    @Option(help: "Times each sequence is played.")
    var runs = 5

    @Option(help: "Camera height in metres.")
    var cameraHeight = 1.3

    @Option(help: "Camera pitch in degrees below level.")
    var pitch = 20.0

    @Option(help: "Vertical field of view in degrees.")
    var verticalFov = 45.0

    @Option(help: "Horizontal field of view in degrees.")
    var horizontalFov = 60.0

    @Option(help: "Depth frames a second (a moving camera is taken at full rate up to 30).")
    var rate = 30.0

    @Option(help: "The depth model's own time per frame in ms (from `beacon bench depth`), reported on top.")
    var modelMs: Double?

    func validate() throws {
        guard runs >= 1 else { throw ValidationError("--runs must be 1 or more.") }
        guard (16...2048).contains(width), (16...2048).contains(height) else {
            throw ValidationError("--width and --height must be 16 to 2048 pixels.")
        }
        guard rate > 0 else { throw ValidationError("--rate must be above 0.") }
    }

    func run() throws {
        let pose = CameraPose(height: cameraHeight, pitchDegrees: pitch, horizontalFieldOfView: horizontalFov,
                              verticalFieldOfView: verticalFov)
        let renderer = DepthRenderer(width: width, height: height, pose: pose)
        let sequences: [(String, [DepthSequences.Frame])] = [
            ("wall from 5 m", DepthSequences.wallApproach(renderer: renderer, rate: rate)),
            ("doorway", DepthSequences.walk(.doorway(at: 4), renderer: renderer, speed: 1.2, frames: Int(2.5 * rate), rate: rate)),
            ("stairs up", DepthSequences.walk(.stairs(.up, at: 4), renderer: renderer, speed: 1.2, frames: Int(2.5 * rate), rate: rate)),
            ("stairs down", DepthSequences.walk(.stairs(.down, at: 4), renderer: renderer, speed: 1.2, frames: Int(2.5 * rate), rate: rate)),
            ("flat floor", DepthSequences.still(.flatFloor, renderer: renderer, frames: Int(5 * rate), rate: rate)),
        ]
        var settings = AssistantSettings()
        settings.cameraHeight = cameraHeight
        settings.cameraPitch = pitch
        var configuration = AssistantSession.Configuration()
        configuration.verticalFieldOfView = verticalFov
        configuration.horizontalFieldOfView = horizontalFov
        var all: [Double] = [], cued: [Double] = [], cpu: [Double] = []
        Console.line("Walk mode on \(width)x\(height) depth at \(Int(rate)) frames a second, camera \(cameraHeight) m, "
            + "\(Int(pitch))° down, \(Int(verticalFov))° vertical view, \(runs) runs:")
        for (name, frames) in sequences {
            var words: [String] = []
            for run in 0..<runs {
                var session = AssistantSession(configuration: configuration, settings: settings)
                _ = session.handle(.started(timestamp: 0, startedAt: Date()))
                _ = session.handle(.command(.walk, timestamp: 0))
                _ = session.handle(.speechFinished(timestamp: 0.5))
                for (index, frame) in frames.enumerated() {
                    let time = 1 + frame.timestamp
                    let map = DepthMap(width: frame.map.width, height: frame.map.height, metres: frame.map.metres,
                                       timestamp: time)
                    let start = Monotonic.seconds(), startCPU = Self.threadCPUSeconds()
                    let effects = session.handle(.depth(map, frame: index, timestamp: time))
                    let elapsed = Monotonic.seconds() - start
                    all.append(elapsed)
                    cpu.append(Self.threadCPUSeconds() - startCPU)
                    if effects.contains(where: Self.isCue) { cued.append(elapsed) }
                    for case .speak(let utterance) in effects where run == 0 {
                        words.append(String(format: "%.1fs %@", time - 1, utterance.text))
                    }
                    // Speech takes about a second; report it finished so later words are not held back.
                    if session.arbiter.isSpeaking { _ = session.handle(.speechFinished(timestamp: time + 0.001)) }
                }
            }
            Console.line("  \(name) (\(frames.count) frames): " + (words.isEmpty ? "nothing said" : words.joined(separator: "; ")))
        }
        let ms = { (values: [Double], fraction: Double) in percentile(values, fraction) * 1000 }
        Console.line(String(format: "depth to cue, every frame      median %.2f ms  p95 %.2f ms  max %.2f ms  (%d frames)",
                            ms(all, 0.5), ms(all, 0.95), ms(all, 1), all.count))
        Console.line(String(format: "depth to cue, frames with cues median %.2f ms  p95 %.2f ms  max %.2f ms  (%d frames)",
                            ms(cued, 0.5), ms(cued, 0.95), ms(cued, 1), cued.count))
        Console.line(String(format: "processor time, every frame    median %.2f ms  p95 %.2f ms  max %.2f ms  (the wall clock "
            + "above includes waiting for a busy processor)", ms(cpu, 0.5), ms(cpu, 0.95), ms(cpu, 1)))
        Console.line(String(format: "Requirement: under 50 ms at p95: %@.", ms(all, 0.95) < 50 ? "met" : "not met"))
        if let modelMs {
            Console.line(String(format: "with the depth model's %.1f ms on top: p95 %.2f ms", modelMs, modelMs + ms(all, 0.95)))
        } else {
            Console.line("Monocular depth adds the model's own time on top: `beacon bench depth`, then --model-ms.")
        }
    }

    /// This thread's processor time: what the walk logic itself costs, whatever else the machine runs.
    static func threadCPUSeconds() -> Double {
        #if canImport(Glibc)
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        #else
        return Monotonic.seconds()
        #endif
    }

    static func isCue(_ effect: AssistantEffect) -> Bool {
        switch effect {
        case .speak, .earcon, .haptic: true
        default: false
        }
    }
}
