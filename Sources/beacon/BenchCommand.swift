import ArgumentParser
import BeaconCommandLine
import BeaconCore
import Foundation

/// `beacon bench …` runs `beacon-bench …`: the benchmarks are a program of their own, built beside `beacon`, so the
/// product links none of the harness, the test doubles or the simulated phones. Every argument after `bench` is
/// handed on unchanged, `--help` included, so `beacon bench detect --help` shows the benchmark's own manual.
struct BenchCommand: ParsableCommand {
    static let program = "beacon-bench"

    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure how fast Beacon's engines run on this machine (runs beacon-bench).",
        discussion: """
            The benchmarks are the program beacon-bench, built beside beacon by 'make build' \
            or 'swift build -c release'; 'beacon bench --help' lists them.
            """)

    @Argument(parsing: .captureForPassthrough, help: "The benchmark and its options, as beacon-bench takes them.")
    var arguments: [String] = []

    func run() throws {
        try Self.forward(arguments)
    }

    /// Replaces this process with beacon-bench and `arguments`; returns only by throwing.
    static func forward(_ arguments: [String]) throws -> Never {
        guard let url = SiblingProgram.named(program) else {
            throw BenchNotBuilt()
        }
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        execv(url.path, argv)
        throw BenchNotBuilt(reason: String(cString: strerror(errno)))
    }

    struct BenchNotBuilt: UserFacingError {
        var reason: String?
        var sentence: String {
            if let reason { return "beacon-bench did not start (\(reason))." }
            return "The benchmarks are not built here: build beacon-bench beside beacon with 'make build'."
        }
    }
}
