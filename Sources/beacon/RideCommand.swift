import ArgumentParser
import BeaconCommandLine
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
            names the car's colour from its body (white-balanced by the rest of the scene; "colour unsure" under \
            strongly coloured light), and gives a verdict: match, partial, mismatch (another plate, or plainly another \
            colour), or unverified (the plate cannot be read: never a match on colour alone), with the plate rule that \
            decided: exact; look-alikes (O/0/D/Q, I/1/L, S/5, B/8, Z/2, G/6 only); one difference left after them; \
            partial (two real differences on a plate read short or unsurely); different. A match never has more than \
            two characters differing. A dark photo is brightened for the detector and the plate reader, and said.

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

