import ArgumentParser
import BeaconCore
import BeaconRuntime
import Foundation

struct TeachCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "teach",
        abstract: "Teach Beacon one of your own things from pictures of it, list what it learned, or forget one.",
        usage: "beacon teach <name> <pictures> ... [<options>]\n       beacon teach --list | --forget <name>",
        discussion: """
            Show the thing from several sides and on different backgrounds, held up to fill the middle of the \
            picture: Beacon keeps what it learns from each picture (an embedding, never the picture) in the data \
            folder, says which pictures were too small, cut off or like the one before, and ends with "Keys learned \
            from 4 views." From then on `beacon detect` names it.

            Examples:
              beacon teach "my keys" keys-1.jpg keys-2.jpg keys-3.jpg keys-4.jpg
              beacon teach --list
              beacon teach --forget "my keys"
            """
    )

    @Argument(help: "What to call it, then pictures of it (JPEG or PNG).")
    var words: [String] = []

    @Flag(help: "List what was learned.")
    var list = false

    @Option(help: "Forget a thing learned (its embeddings are wiped from the data folder).")
    var forget: String?

    @Option(help: "The data folder (default: ~/.local/share/beacon).")
    var dataDir: String?

    func validate() throws {
        if list || forget != nil {
            guard words.isEmpty, !(list && forget != nil) else { throw ValidationError("Give --list or --forget alone.") }
        } else {
            guard words.count >= 2 else { throw ValidationError("Name the thing and give at least one picture of it.") }
        }
    }

    func run() throws {
        let action: TeachRun.Action = list ? .list : forget.map { .forget($0) }
            ?? .teach(name: words[0], images: Array(words.dropFirst()))
        try TeachRun(action, dataDirectory: dataDir).run(composition: Composition(), transcript: StandardStreams())
    }
}
