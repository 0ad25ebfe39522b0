import ArgumentParser

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure how fast Beacon's engines run on this machine.",
        discussion: "Reports medians and 95th percentiles over repeated runs; run a release build for real figures.",
        subcommands: [BenchDetectCommand.self, BenchHubCommand.self, BenchRideCommand.self, BenchTaughtCommand.self, BenchPipelineCommand.self, BenchTilesCommand.self, BenchGuidanceCommand.self, BenchOCRCommand.self, BenchReadCommand.self,
                      BenchFramesCommand.self, BenchMotionCommand.self, BenchStartupCommand.self, BenchExploreCommand.self,
                      BenchFallsCommand.self, BenchWalkCommand.self, BenchDepthCommand.self, BenchServeCommand.self,
                      BenchVoiceCommand.self]
    )
}
