import ArgumentParser
import BeaconCommandLine
import BeaconCore
import BeaconRuntime
import BeaconMedia
import BeaconVision
import Foundation

struct DepthCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "depth",
        abstract: "Say how far away things are in each ninth of a picture, in metres.",
        usage: "beacon depth <inputs> ... [<options>]",
        discussion: """
            For each input prints the picture as a 3×3 grid (rows top, middle, bottom; each left, centre, right): \
            the median metres over the pixels with a reading, and the share of pixels that have one. A colour photo \
            goes through the depth model (FastDepth, trained indoors); a 16-bit grey PNG is read as a depth camera's \
            frame; a folder in the TUM RGB-D layout (rgb.txt, depth.txt, rgb/, depth/) gives every recorded frame's \
            depth. With --json, one JSON object per picture: "zones" (rows top to bottom, each [left, centre, right], \
            null where too few pixels had a reading) and "validShare" in the same shape.

            --png OUT writes a false-colour picture a sighted helper can check: near is red and yellow, far is green \
            and blue (0.3 m to 10 m), no reading is black. With several pictures, each gets OUT's name with the \
            picture's own added (out-photo.png), or goes into OUT when it is a folder.

            Examples:
              beacon depth room.jpg
              beacon depth room.jpg kitchen.png --json --png depth.png
              beacon depth recordings/desk --depth-scale 5000
            """
    )

    @Argument(help: "Photos (JPEG or PNG), 16-bit depth PNGs, or RGB-D recording folders.")
    var inputs: [String]

    @OptionGroup var depth: DepthOptions

    @Flag(help: "Print JSON lines instead of sentences.")
    var json = false

    @Option(help: "Write a false-colour picture of the depth to this PNG file (or into this folder).")
    var png: String?

    func run() throws {
        let run = DepthRun(inputs: inputs, depth: depth.settings, json: json, png: png)
        if try run.run(composition: Composition(), transcript: StandardStreams()) > 0 { throw ExitCode(1) }
    }
}
