import ArgumentParser
import BeaconCommandLine
import BeaconModels
import BeaconRuntime
import Foundation

struct ModelsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "models",
        abstract: "See, install and check the neural network models Beacon uses.",
        discussion: """
            Models are looked for in $BEACON_MODELS, then ../shared/models beside a checkout, then \
            ~/.cache/beacon/models, where 'beacon models install' puts pinned, checksummed downloads.
            """,
        subcommands: [List.self, Install.self, Verify.self],
        defaultSubcommand: List.self
    )

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Which models are present, where they came from, their licences and checksums.")

        @Flag(help: "Print JSON instead of a table.")
        var json = false

        @Flag(help: "Skip hashing the files (faster; checksums are not checked).")
        var quick = false

        func run() throws {
            let listings = ModelInventory(locator: Composition().modelLocator).list(checkContents: !quick)
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                Console.line(String(decoding: try encoder.encode(listings), as: UTF8.self))
                return
            }
            for listing in listings {
                let entry = listing.entry
                let state = listing.isPresent
                    ? "present in the \(listing.check!.copy.location.label): \(listing.check!.status.summary)"
                    : (entry.isDownloadable ? "absent; install with 'beacon models install \(entry.name)'" : "absent")
                let size = listing.size.map { String(format: "%.1f MB", Double($0) / 1_000_000) } ?? "size unknown"
                Console.line("\(entry.name) (\(entry.kind.rawValue), \(entry.licence), \(size)): \(state).")
                Console.line("    from \(entry.origin)")
                if let path = listing.check?.copy.url.path { Console.line("    at \(path)") }
            }
        }
    }

    struct Install: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Download pinned, checksummed models into ~/.cache/beacon/models.",
            usage: "beacon models install [<names> ...] [<options>]",
            discussion: """
                Each download is checked against its pinned size and SHA-256 before it is put in place; a failed \
                check leaves nothing behind. PP-OCR models are taken from the rapidocr wheel on PyPI. \
                With --mirror, files are fetched as MIRROR/FILE instead (for offline installs and tests).
                """)

        @Argument(help: "Model names (default: the default detector).")
        var names: [String] = [DetectorSettings.defaultModel]

        @Flag(help: "Skip, quietly, a model Beacon already finds in any of its folders (how the build fetches the default detector).")
        var ifMissing = false

        @Option(help: "Fetch from this base URL instead of the origin, e.g. http://127.0.0.1:8000/.")
        var mirror: String?

        @Flag(help: "Install a model with no pinned checksum, recording the checksum seen.")
        var trustUnverified = false

        func run() async throws {
            let folders = Composition().modelFolders
            let installer = ModelInstaller(catalog: .standard, cacheFolder: folders.cache,
                                           mirror: try mirror.map { try ModelInstaller.mirrorURL(from: $0) },
                                           progress: ConsoleProgressReporter.standardError())
            let locator = Composition().modelLocator
            // Quiet about what is present: the build runs this every time.
            let wanted = ifMissing ? names.filter { (try? locator.locate($0)) == nil } : names
            let attempts = await installer.install(wanted, trustUnverified: trustUnverified)
            var failed = false
            for attempt in attempts {
                switch attempt.result {
                case .success: Console.line(attempt.sentence)
                case .failure:
                    Console.note("beacon: \(attempt.sentence)")
                    failed = true
                }
            }
            if failed { throw ExitCode(1) }
        }
    }

    struct Verify: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Recompute the checksum of every model file present and compare it with the catalogue.")

        func run() throws {
            let report = ModelInventory(locator: Composition().modelLocator).verify()
            if report.checks.isEmpty { Console.line("No model files are present; install one with 'beacon models install'.") }
            for check in report.checks { Console.line(check.sentence) }
            if !report.passed { throw ExitCode(1) }
        }
    }
}
