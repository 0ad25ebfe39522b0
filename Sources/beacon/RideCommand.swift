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

    @Option(help: "The plate of the car that came for you (spaces and hyphens do not matter).")
    var plate: String

    @Option(help: "Its colour: white, grey, silver, black, red, blue, green, yellow, orange, brown, beige or purple.")
    var colour: String?

    @Option(help: "What it is: car, taxi, van or bus.")
    var kind: RideDescription.Kind = .car

    @OptionGroup var detector: DetectorOptions

    @Flag(help: "Print one JSON object per photo instead of sentences.")
    var json = false

    func validate() throws {
        guard PlateText(plate) != nil else { throw ValidationError("--plate needs the plate's letters and digits, e.g. --plate \"PF F 3600\".") }
        if let colour, CarColour(word: colour) == nil {
            throw ValidationError("--colour \(colour) is no colour Beacon names; say white, grey, silver, black, red, blue, green, yellow, orange, brown, beige or purple.")
        }
    }

    func run() throws {
        let description = RideDescription(plate: plate, colour: colour.flatMap(CarColour.init(word:)), kind: kind)
        let run = RideRun(images: photos, description: description, detector: detector.settings, json: json)
        if try run.run(composition: Composition(), transcript: StandardStreams()) > 0 { throw ExitCode(1) }
    }
}

extension RideDescription.Kind: ExpressibleByArgument {}
