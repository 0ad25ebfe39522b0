import ArgumentParser
import BeaconRuntime
import Foundation

struct IdentifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "identify",
        abstract: "Say the product, barcode or QR code in each picture, its colour and the light.",
        usage: "beacon identify <images> ... [--json]",
        discussion: """
            Reads EAN-13, EAN-8, UPC-A, UPC-E, Code 128 and QR codes with ZBar. A code is said only when two \
            looks at the picture (as it is, turned round, smaller, with more contrast) read the same one, since \
            a single read is now and then a wrong number; a product in your list (beacon products import) \
            needs one. Then how bright the picture is, and whether a light is in it. With --json, also the \
            colour of the middle of the picture (not said yet: not yet right often enough). One line per \
            picture, e.g. "tin.jpg: Heinz Baked Beans, 415 g. Bright picture."

            Examples:
              beacon identify tin.jpg
              beacon identify *.png --json     image, barcode, product, colour, light
            """
    )

    @Argument(help: "JPEG or PNG images.")
    var images: [String]

    @Flag(help: "One JSON object per picture: image, barcode, product, colour, light.")
    var json = false

    @Option(help: "The data folder whose product list is used (default: ~/.local/share/beacon).")
    var dataDir: String?

    func run() throws {
        let run = IdentifyRun(images: images, json: json, dataDirectory: dataDir)
        if try run.run(composition: Composition(), transcript: StandardStreams()) > 0 { throw ExitCode(1) }
    }
}
