import ArgumentParser
import BeaconRuntime
import Foundation

struct ProductsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "products",
        abstract: "Your product list: what a barcode's number is, from Open Food Facts.",
        usage: """
            beacon products
            beacon products import <file> [--country <country>]
            """,
        discussion: """
            With no action, says how many products the list holds, each import, and where the data came from.

            import reads an Open Food Facts export (the tab-separated CSV from \
            openfoodfacts.org, gzip or not) into the list in your data folder, keeping \
            only products sold in one country when asked. A product seen again is \
            replaced by the newer line. Then beacon identify names the product.

            Open Food Facts' data is under the Open Database License (ODbL).

            Examples:
              beacon products import products.csv.gz --country uk
              beacon products
            """,
        subcommands: [List.self, Import.self],
        defaultSubcommand: List.self
    )

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "Say what the product list holds and where it came from.")

        @Option(help: "The data folder (default: ~/.local/share/beacon).")
        var dataDir: String?

        func run() throws {
            try ProductsRun(.list, dataDirectory: dataDir).run(composition: Composition(), transcript: StandardStreams())
        }
    }

    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import", abstract: "Add an Open Food Facts export to the product list.",
            usage: "beacon products import <file> [--country <country>]")

        @Argument(help: "The export: tab-separated, a header line first; .gz too.")
        var file: String

        @Option(help: "Keep only products sold there: uk, us, fr, or a name.")
        var country: String?

        @Option(help: "The data folder (default: ~/.local/share/beacon).")
        var dataDir: String?

        func run() throws {
            try ProductsRun(.importExport(path: file, country: country), dataDirectory: dataDir)
                .run(composition: Composition(), transcript: StandardStreams())
        }
    }
}
