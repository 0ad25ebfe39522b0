import ArgumentParser
import BeaconCore

/// The ride described on the command line: `beacon ride` and `beacon find-ride` take it alike.
struct RideOptions: ParsableArguments {
    @Option(help: "The plate of the car that came for you (spaces and hyphens do not matter).")
    var plate: String

    @Option(help: "Its colour: white, grey, silver, black, red, blue, green, yellow, orange, brown, beige or purple.")
    var colour: String?

    @Option(help: "What it is: car, taxi, van or bus.")
    var kind: RideDescription.Kind = .car

    func validate() throws {
        guard PlateText(plate) != nil else { throw ValidationError("--plate needs the plate's letters and digits, e.g. --plate \"PF F 3600\".") }
        if let colour, CarColour(word: colour) == nil {
            throw ValidationError("--colour \(colour) is no colour Beacon names; say white, grey, silver, black, red, blue, green, yellow, orange, brown, beige or purple.")
        }
    }

    var description: RideDescription {
        RideDescription(plate: plate, colour: colour.flatMap(CarColour.init(word:)), kind: kind)
    }
}

extension RideDescription.Kind: ExpressibleByArgument {}
