import ArgumentParser
import BeaconCore
import BeaconRuntime
import Foundation

struct RideCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ride",
        abstract: "Check the cars in photos against your ride's plate and colour.",
        usage: "beacon ride <photos> ... --plate <text> [<options>]",
        discussion: """
            For each car, truck or bus close enough to read, Beacon reads the plate on the lower part of the car, \
            names the car's colour from its body, and gives a verdict: match (the plate is at most one character off), \
            partial (two), mismatch (another plate, or plainly another colour), or unverified (the plate cannot be read: \
            never a match on colour alone). Look-alike characters (O and 0, I and 1, B and 8) count half.

            Examples:
              beacon ride street.jpg --plate "PF F 3600" --colour red
              beacon ride *.jpg --plate LK55FFY --json
            """
    )

    @Argument(help: "JPEG or PNG photos.")
    var photos: [String]

    @OptionGroup var ride: RideOptions

    @OptionGroup var detector: DetectorOptions

    @Flag(help: "Print one JSON object per photo instead of sentences.")
    var json = false

    func run() throws {
        let run = RideRun(images: photos, description: ride.description, detector: detector.settings, json: json)
        if try run.run(composition: Composition(), transcript: StandardStreams()) > 0 { throw ExitCode(1) }
    }
}

