import ArgumentParser
import BeaconRuntime
import Foundation

struct IdentifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "identify",
        abstract: "Read the barcode or QR code in each picture.",
        usage: "beacon identify <images> ... [--json]",
        discussion: """
            Reads EAN-13, EAN-8, UPC-A, UPC-E, Code 128 and QR codes with ZBar. A code is said only when two \
            looks at the picture (as it is, turned round, smaller, with more contrast) read the same one, since \
            a single read is now and then a wrong number. Prints one line per picture, e.g. \
            "tin.jpg: Barcode 5 449000 039231."

            Examples:
              beacon identify tin.jpg
              beacon identify *.png --json     image, barcode (symbology, text, gtin)
            """
    )

    @Argument(help: "JPEG or PNG images.")
    var images: [String]

    @Flag(help: "One JSON object per picture: image, barcode (null when none was read).")
    var json = false

    func run() throws {
        if try IdentifyRun(images: images, json: json).run(transcript: StandardStreams()) > 0 { throw ExitCode(1) }
    }
}
