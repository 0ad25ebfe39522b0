import ArgumentParser
import BeaconCore
import BeaconRuntime
import Foundation

extension AsyncParsableCommand {
    /// Runs the command the arguments name and renders every failure as one sentence on standard error, after the
    /// program's name, with a non-zero exit; argument-parser's own errors (usage, help) keep its wording.
    public static func mainTellingFailures(as program: String) async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let error as UserFacingError {
            StandardStreams.write("\(program): \(error.sentence)\n", to: STDERR_FILENO)
            Foundation.exit(1)
        } catch {
            exit(withError: error)
        }
    }
}
