import ArgumentParser
import BeaconCommandLine
import BeaconBench
import BeaconCore
import Foundation

struct BenchFallsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "falls",
        abstract: "Run the fall detector on IMU recordings generated from physics, and write them out.",
        discussion: """
            Falls (forward, backward, sideways, from a chair) and everyday movements that must not alarm (sitting \
            down fast, walking, running, jumping, the device dropped on a bed or put on a table, bending to tie \
            shoes, lying down on a bed), each in several variants. Prints, per recording, what the detector found \
            (the impact in g and how far the device turned) or why it let the nearest candidate go, and the \
            camera-height rule's verdict where the recording knows the height. --write DIR saves each as CSV for \
            `beacon assist --imu`.

            Example:
              beacon bench falls --variants 5
            """
    )

    @Option(help: "Variants (seeds) of each scenario.")
    var variants = 5

    @Option(help: "Write each recording as CSV into this folder.")
    var write: String?

    func validate() throws {
        guard (1...100).contains(variants) else { throw ValidationError("--variants must be 1 to 100.") }
    }

    func run() throws {
        var wrong = 0
        for recording in IMUSequences.all(variants: variants) {
            var detector = FallDetector()
            let found = recording.samples.compactMap { detector.add($0) }
            var heightRule = "—"
            if let heights = recording.heights {
                var byHeight = FallDetector()
                let hits = zip(recording.samples, heights).compactMap { byHeight.addCameraHeight($1, at: $0.timestamp) }
                heightRule = hits.isEmpty ? "no" : "fall"
            }
            let verdict: String
            if let fall = found.first, case .motion(let drop, let impact, let change) = fall.evidence {
                verdict = String(format: "FALL at %.2f s (drop to %.2f g, impact %.1f g, turned %.0f°)", fall.timestamp,
                                 drop, impact, change)
            } else {
                verdict = "no alarm (\(detector.lastRejection.map(Self.describe) ?? "no candidate"))"
            }
            let right = (recording.truth == .fall) == (found.count == 1)
            if !right { wrong += 1 }
            Console.line("\(right ? "ok " : "BAD") \(recording.name.padding(toLength: 28, withPad: " ", startingAt: 0)) \(verdict); height rule: \(heightRule)")
            if let write {
                let folder = URL(fileURLWithPath: write, isDirectory: true)
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                let name = recording.name.replacingOccurrences(of: " #", with: "-").replacingOccurrences(of: " ", with: "-")
                try recording.csv.write(to: folder.appendingPathComponent("\(name).csv"), atomically: true, encoding: .utf8)
            }
        }
        Console.line(wrong == 0 ? "Every fall found, no false alarm." : "\(wrong) recordings judged wrongly.")
        if wrong > 0 { throw ExitCode(1) }
    }

    static func describe(_ rejection: FallDetector.Rejection) -> String {
        switch rejection {
        case .weightless(let seconds): String(format: "weightless for %.2f s: the device flew", seconds)
        case .dropTooLong(let seconds): String(format: "dropping for %.1f s", seconds)
        case .noImpact(let peak): String(format: "no impact, peak %.1f g", peak)
        case .neverStill: "never still after the impact"
        case .upright(let degrees): String(format: "still but upright, turned %.0f°", degrees)
        case .cameraRose: "the camera rose again"
        }
    }
}
