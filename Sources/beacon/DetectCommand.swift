import ArgumentParser
import BeaconCommandLine
import BeaconCore
import BeaconRuntime
import BeaconMedia
import BeaconVision
import Foundation

struct DetectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "detect",
        abstract: "Say what is in each image, how sure Beacon is, and where.",
        usage: "beacon detect <images> ... [<options>]",
        discussion: """
            Prints one line per image, e.g. "coffee.png: cup, 90%, centre; dining table, 74%, centre". \
            Positions name the ninth of the picture the object's centre is in (top-left … bottom-right). \
            With --json, prints one JSON object per image with normalized and pixel boxes.
            """
    )

    @Argument(help: "JPEG or PNG images.")
    var images: [String]

    @OptionGroup var detector: DetectorOptions

    @Flag(help: "Print JSON lines instead of sentences.")
    var json = false

    @Option(help: "The data folder whose taught things (beacon teach) are named too (default: ~/.local/share/beacon).")
    var dataDir: String?

    func run() throws {
        let run = DetectRun(images: images, detector: detector.settings, json: json, dataDirectory: dataDir)
        if try run.run(composition: Composition(), transcript: StandardStreams()) > 0 { throw ExitCode(1) }
    }
}
