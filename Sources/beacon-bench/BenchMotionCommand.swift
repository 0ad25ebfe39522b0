import ArgumentParser
import BeaconCommandLine
import BeaconCore
import BeaconMedia
import BeaconRuntime
import BeaconVision
import Foundation

struct BenchMotionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "motion",
        abstract: "Time the camera-motion estimator on a video and show the motion it measures.",
        discussion: """
            Every run decodes the video again (decoding is not timed) and measures, as the live loop does, how far \
            each frame's picture moved against the one before: a grey thumbnail of the frame, then the \
            coarse-to-fine block matching. Prints the median and 95th percentile of both times, how many frames \
            could not be measured (too little texture, or no clear match), and the mean motion per measured frame \
            in pixels of the video, which for a steady pan is the pan's speed.

            Example (the sample pans 500 pixels left in 6 seconds, 5.6 pixels a frame):
              beacon bench motion ~/.cache/beacon/samples/coffee-pan.mp4
            """
    )

    @Argument(help: "A video file.")
    var video: String

    @Option(help: "Timed runs over the whole video.")
    var runs = 5

    @Option(help: "Frames read from the video per run.")
    var maxFrames = 300

    func validate() throws {
        guard runs >= 1 else { throw ValidationError("--runs must be 1 or more.") }
        guard maxFrames >= 2 else { throw ValidationError("--max-frames must be 2 or more.") }
    }

    func run() throws {
        let composition = Composition()
        let estimator = CameraMotionEstimator()
        var thumbnailTimes: [Double] = [], matchTimes: [Double] = []
        var motions: [CameraMotion] = []
        var unmeasured = 0, pairs = 0
        var size = (width: 0, height: 0), thumbnailSize = (width: 0, height: 0)
        for run in 0..<runs {
            let source = try composition.frameSource(input: video, camera: nil)
            var previous: MotionThumbnail?
            var index = 0
            while index < maxFrames, let frame = try source.nextFrame() {
                size = (frame.width, frame.height)
                let start = Monotonic.seconds()
                let thumbnail = MotionThumbnail(frame: frame)
                let made = Monotonic.seconds()
                thumbnailTimes.append(made - start)
                thumbnailSize = (thumbnail.width, thumbnail.height)
                if let previous {
                    let motion = estimator.motion(from: previous, to: thumbnail)
                    matchTimes.append(Monotonic.seconds() - made)
                    // The estimator is deterministic: one run's measurements stand for all.
                    if run == 0 {
                        pairs += 1
                        if let motion { motions.append(motion) } else { unmeasured += 1 }
                    }
                }
                previous = thumbnail
                index += 1
            }
        }
        guard pairs > 0 else { throw ValidationError("The video has fewer than two frames; there is no motion to measure.") }
        let ms = { (values: [Double], fraction: Double) in percentile(values, fraction) * 1000 }
        Console.line("\(URL(fileURLWithPath: video).lastPathComponent): \(pairs + 1) frames of \(size.width)x\(size.height), "
            + "thumbnails \(thumbnailSize.width)x\(thumbnailSize.height), \(runs) runs")
        Console.line(String(format: "thumbnail per frame  median %.2f ms  p95 %.2f ms", ms(thumbnailTimes, 0.5), ms(thumbnailTimes, 0.95)))
        Console.line(String(format: "matching per frame   median %.2f ms  p95 %.2f ms", ms(matchTimes, 0.5), ms(matchTimes, 0.95)))
        Console.line("not measurable       \(unmeasured) of \(pairs) frame pairs")
        if !motions.isEmpty {
            let count = Double(motions.count)
            Console.line(String(format: "motion per frame     mean %.2f px across, %.2f px down (%d pairs measured)",
                                motions.reduce(0) { $0 + $1.dx } / count * Double(size.width),
                                motions.reduce(0) { $0 + $1.dy } / count * Double(size.height), motions.count))
        }
    }
}
