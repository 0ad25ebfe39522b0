import ArgumentParser
import BeaconCommandLine
import BeaconCore
import BeaconMedia
import BeaconRuntime
import Foundation

struct BenchFramesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frames",
        abstract: "Time the sharpness measure per frame and show what the frame selector of `read` decides on a video.",
        discussion: """
            Every run decodes the video again (decoding is not timed), measures each frame's sharpness on the 60x60 \
            grid and hands it to a fresh frame selector, as `beacon read` does. Prints the median and 95th percentile \
            of the measuring time over all frames of all runs, and the selector's decisions: when capture started, \
            which frame it accepted, after how many rounds, with how many sharp cells.

            Example:
              beacon bench frames ~/.cache/beacon/samples/page-focus-1080p.mp4
            """
    )

    @Argument(help: "A video file.")
    var video: String

    @Option(help: "Timed runs over the whole video.")
    var runs = 5

    @Option(help: "Frames read from the video per run.")
    var maxFrames = 150

    func validate() throws {
        guard runs >= 1 else { throw ValidationError("--runs must be 1 or more.") }
        guard maxFrames >= 1 else { throw ValidationError("--max-frames must be 1 or more.") }
    }

    func run() throws {
        let composition = Composition()
        var times: [Double] = []
        var decisions: [String] = []
        var size = (width: 0, height: 0), frames = 0
        for _ in 0..<runs {
            let source = try composition.frameSource(input: video, camera: nil)
            var meter = SharpnessMeter()
            var selector = FrameSelector<Int>()
            var events: [String] = []
            var index = 0
            while index < maxFrames, let frame = try source.nextFrame() {
                size = (frame.width, frame.height)
                let start = Monotonic.seconds()
                let map = meter.measure(frame)
                times.append(Monotonic.seconds() - start)
                for effect in selector.handle(.frame(index, map, timestamp: frame.timestamp)) {
                    events.append(Self.describe(effect, at: frame.timestamp))
                }
                index += 1
            }
            frames = index
            if !selector.isFinished {
                events += selector.handle(.sourceEnded).map { Self.describe($0, at: nil) }
            }
            decisions = events
        }
        Console.line("\(URL(fileURLWithPath: video).lastPathComponent): \(frames) frames of \(size.width)x\(size.height), \(runs) runs")
        Console.line(String(format: "Sharpness per frame: median %.1f ms, p95 %.1f ms",
                            percentile(times, 0.5) * 1000, percentile(times, 0.95) * 1000))
        for decision in decisions { Console.line("Frame selector: \(decision)") }
    }

    /// The selector is deterministic, so one run's decisions stand for all.
    static func describe(_ effect: FrameSelector<Int>.Effect, at timestamp: Double?) -> String {
        let when = timestamp.map { String(format: " at %.2f s", $0) } ?? " when the video ended"
        switch effect {
        case .captureStarted:
            return "capture started\(when)"
        case let .accept(index, assessment):
            return String(format: "accepted frame %d (%.2f s)%@ in round %d: %d of %d cells sharp, %d asked",
                          index, assessment.timestamp, when, assessment.round, assessment.sharpCells,
                          assessment.countedCells, assessment.requiredSharpCells)
        case .gaveUp(let reason):
            return "gave up\(when): \(reason.rawValue)"
        }
    }
}
