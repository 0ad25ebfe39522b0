import ArgumentParser
import BeaconCommandLine
import BeaconCore
import BeaconRuntime
import Foundation

@main
struct Beacon: AsyncParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "beacon",
        abstract: "Offline assistive vision: finds things, reads text and says what is around you.",
        discussion: """
            Beacon runs neural networks on this machine, with no network.

            Start with:
              beacon
                the assistant: say or type "find cup", "read", "explore", "help"
              beacon assist --camera /dev/video2
                the assistant with another camera
              beacon detect photo.jpg
                what is in a photo, and where
              beacon find cup --camera /dev/video0
                say where the cup is, as you move the camera
              beacon models list
                which models are installed
              beacon settings
                the settings; 'beacon settings set speech-speed fast' changes one

            Speech goes to the audio device when PulseAudio is running; add \
            --wav FILE to record it instead.
            """,
        version: version,
        subcommands: [AssistCommand.self, DetectCommand.self, IdentifyCommand.self, ProductsCommand.self, ListenCommand.self, SayCommand.self, TeachCommand.self, DepthCommand.self, FindCommand.self, FindTextCommand.self, FindRideCommand.self, ReadCommand.self,
                      RideCommand.self, ServeCommand.self, VolunteersCommand.self, HubCommand.self, SettingsCommand.self, ModelsCommand.self, BenchCommand.self],
        defaultSubcommand: AssistCommand.self
    )

    /// Runs a command and renders every failure as one sentence on standard error with a non-zero exit. `beacon
    /// bench` is handed to beacon-bench before parsing, so its help and errors are the benchmarks' own.
    static func main() async {
        let arguments = CommandLine.arguments.dropFirst()
        if arguments.first == BenchCommand.configuration.commandName {
            do {
                try BenchCommand.forward(Array(arguments.dropFirst()))
            } catch {
                exit(telling: error, as: "beacon")
            }
        }
        await mainTellingFailures(as: "beacon")
    }
}
