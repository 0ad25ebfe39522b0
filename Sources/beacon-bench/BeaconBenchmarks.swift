import ArgumentParser
import BeaconCommandLine

/// The benchmarks: how fast and how well Beacon's engines and jobs run on this machine, on the same runtime the
/// product runs. A program of its own so that the `beacon` people install links no harness, test doubles or
/// simulated phones; `beacon bench …` runs it.
@main
struct BeaconBenchmarks: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "beacon-bench",
        abstract: "Measure how fast Beacon's engines run on this machine (also run as 'beacon bench').",
        discussion: "Reports medians and 95th percentiles over repeated runs; run a release build for real figures.",
        version: "0.1.0",
        subcommands: [BenchDetectCommand.self, BenchHubCommand.self, BenchRideCommand.self, BenchTaughtCommand.self, BenchPipelineCommand.self, BenchTilesCommand.self, BenchGuidanceCommand.self, BenchOCRCommand.self, BenchReadCommand.self,
                      BenchFramesCommand.self, BenchMotionCommand.self, BenchStartupCommand.self, BenchExploreCommand.self,
                      BenchFallsCommand.self, BenchWalkCommand.self, BenchDepthCommand.self, BenchServeCommand.self,
                      BenchVoiceCommand.self, BenchSpeechCommand.self, BenchIdentifyCommand.self, BenchColourCommand.self]
    )

    static func main() async { await mainTellingFailures(as: "beacon") }
}
