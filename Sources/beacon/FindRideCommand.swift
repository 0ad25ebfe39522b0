import ArgumentParser
import BeaconCommandLine
import BeaconCore
import BeaconRuntime
import Foundation

struct FindRideCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "find-ride",
        abstract: "Find the car that came for you by its plate, and guide you to it.",
        usage: "beacon find-ride --plate <text> [--colour <name>] [<options>]",
        discussion: """
            Beacon checks the cars it sees, nearest first: "Checking a red car." … "Plate not visible yet." … \
            "That red car has another plate." A car is yours only when its plate reads as yours (at most one \
            character off; O and 0, I and 1, B and 8 count half), never on its colour alone; a car plainly of \
            another colour is ruled out. Then: "Your car: red, plate P F, F, 3 6 0 0, about 5 metres, one \
            o'clock." and the beeps of find lead you to it.

            Keys while it runs in a terminal: space where is it, r repeat, p pause, s or Esc stop.

            Examples:
              beacon find-ride --plate "PF F 3600" --colour red --camera /dev/video0
              beacon find-ride --plate KXC-247 --input car-park.mp4 --json --silent
            """
    )

    @OptionGroup var ride: RideOptions

    @OptionGroup var guidance: GuidanceRunOptions

    @OptionGroup var detector: DetectorOptions

    @Option(help: "espeak-ng voice for speech.")
    var voice = "en"

    func run() throws {
        try guidance.run.findRide(ride.description, detector: detector.settings, reader: TextReaderSettings(), voice: voice,
                                  composition: Composition(), transcript: StandardStreams())
    }
}
