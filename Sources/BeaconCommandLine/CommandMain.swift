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
        } catch {
            exit(telling: error, as: program)
        }
    }

    /// Ends the program for `error`: a `UserFacingError` is one sentence on standard error and exit status 1, any
    /// other error is told as argument-parser tells it.
    public static func exit(telling error: any Error, as program: String) -> Never {
        if let error = error as? UserFacingError {
            StandardStreams.write("\(program): \(error.sentence)\n", to: STDERR_FILENO)
            Foundation.exit(1)
        }
        exit(withError: error)
    }
}
