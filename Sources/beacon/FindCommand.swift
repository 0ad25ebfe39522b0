import ArgumentParser
import BeaconCommandLine
import BeaconCore
import BeaconRuntime
import BeaconVision
import Foundation

struct FindCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "find",
        abstract: "Find an object and guide you to it with beeps and a few words.",
        discussion: """
            Beacon looks for the object and, once it is sure, beeps: faster as the object nears the middle of the \
            picture, from the left or right ear as it lies left or right, higher when it is above, and a brighter \
            sound when it is centred. Words come only on changes: "Cup, one o'clock." … "Centred." … "Cup lost; \
            last seen to your left." While the object is not found yet, Beacon also looks closer at zoomed parts \
            of the picture.

            Keys while it runs in a terminal:
              space   say where the object is now
              r       repeat the last message
              p       pause or resume
              s, Esc  stop everything at once

            Examples:
              beacon find cup --camera /dev/video0
              beacon find "my phone" --input kitchen.mp4 --wav guidance.wav
              beacon find cup --camera lavfi:testsrc2=size=640x480:rate=15 --frames 30

            For each frame Beacon prints a line (or a JSON record with --json) with where the object is.
            """
    )

    @Argument(help: "What to find, in everyday words: cup, mug, phone, chair, people, чашка, 杯子, …")
    var object: String

    @OptionGroup var guidance: GuidanceRunOptions

    @Flag(help: "Do not look closer at zoomed tiles while searching.")
    var noTiles = false

    @OptionGroup var detector: DetectorOptions

    @Option(help: "espeak-ng voice for speech.")
    var voice = "en"

    func run() throws {
        try guidance.run.findObject(object, detector: detector.settings, tiles: !noTiles, voice: voice,
                                    composition: Composition(), transcript: StandardStreams())
    }
}
