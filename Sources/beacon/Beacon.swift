import ArgumentParser
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
        subcommands: [AssistCommand.self, DetectCommand.self, TeachCommand.self, DepthCommand.self, FindCommand.self, FindTextCommand.self, FindRideCommand.self, ReadCommand.self,
                      RideCommand.self, ServeCommand.self, HelpersCommand.self, HubCommand.self, SettingsCommand.self, ModelsCommand.self, BenchCommand.self],
        defaultSubcommand: AssistCommand.self
    )

    /// Runs a command and renders every failure as one sentence on standard error with a non-zero exit.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let error as UserFacingError {
            FileHandle.standardError.write(Data("beacon: \(error.sentence)\n".utf8))
            Foundation.exit(1)
        } catch {
            exit(withError: error)
        }
    }
}

/// Text for the terminal, flushed line by line so pipes and screen readers see results as they come.
enum Console {
    private static let streams = StandardStreams()

    static func line(_ text: String) { streams.line(text) }

    static func note(_ text: String) { streams.note(text) }

    static func json<T: Encodable>(_ value: T) throws { try streams.json(value) }
}
