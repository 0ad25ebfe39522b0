import BeaconBench
import BeaconCore

/// Depth sequences and a walk monitor run over them, for walk mode's tests.
enum WalkTestSupport {
    /// The chest-worn camera of the scenes: 1.3 m up, 20° down, a 60°×45° view.
    static let chest = CameraPose(height: 1.3, pitchDegrees: 20)

    static func renderer(_ pose: CameraPose = chest, noise: Double = 0.01, holes: Double = 0.02) -> DepthRenderer {
        DepthRenderer(width: 160, height: 120, pose: pose, noise: noise, holes: holes)
    }

    /// One frame of a monitor run: when, where the camera was, and what the monitor gave.
    struct Step {
        var time: Double
        var position: Double
        var cues: [WalkCue]
        var state: WalkMonitor.State

        var words: [WalkMessage] { cues.compactMap { if case .say(let message, _) = $0 { message } else { nil } } }
    }

    static func run(_ frames: [DepthSequences.Frame], pose: CameraPose = chest,
                    monitor: inout WalkMonitor) -> [Step] {
        frames.map { frame in
            let cues = monitor.update(frame.map, pose: pose, at: frame.timestamp)
            return Step(time: frame.timestamp, position: frame.position, cues: cues, state: monitor.state)
        }
    }

    static func run(_ frames: [DepthSequences.Frame], pose: CameraPose = chest) -> [Step] {
        var monitor = WalkMonitor()
        return run(frames, pose: pose, monitor: &monitor)
    }

    /// The same scene from a standing camera, `count` frames at 15 a second.
    static func standing(_ scene: DepthScene, at position: Double = 0, renderer: DepthRenderer = renderer(),
                         count: Int = 8, seed: UInt64 = 7) -> [DepthSequences.Frame] {
        DepthSequences.still(scene, renderer: renderer, at: position, frames: count, rate: 15, seed: seed)
    }
}
