import ArgumentParser
import BeaconCore
import BeaconRuntime
import Foundation

struct TeachCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "teach",
        abstract: "Teach Beacon one of your own things from pictures of it, list what it learned, or forget one.",
        usage: """
            beacon teach <name> <pictures> ... [<options>]
            beacon teach <name> --input <video> | --camera <device>
            beacon teach --list | --forget <name>
            """,
        discussion: """
            Show the thing from several sides and on different backgrounds, held up to fill the middle of the \
            picture: Beacon keeps what it learns from each picture (an embedding, never the picture) in the data \
            folder, says which pictures were too small, cut off or like the one before, and ends with "Keys learned \
            from 4 views." From then on `beacon detect` names it.

            From a video or a camera, Beacon takes a view every 0.6 s as the assistant's "teach my keys" does: hold \
            the thing up and turn it until it asks you to put it down somewhere else, then point the camera at it \
            there; it stops after five good views or a minute.

            Examples:
              beacon teach "my keys" keys-1.jpg keys-2.jpg keys-3.jpg keys-4.jpg
              beacon teach "my keys" --input keys.mp4
              beacon teach --list
              beacon teach --forget "my keys"
            """
    )

    @Argument(help: "What to call it, then pictures of it (JPEG or PNG).")
    var words: [String] = []

    @Option(help: "Teach from a video file instead of pictures.")
    var input: String?

    @Option(help: "Teach from a camera (a V4L2 device such as /dev/video0).")
    var camera: String?

    @Flag(help: "List what was learned.")
    var list = false

    @Option(help: "Forget a thing learned (its embeddings are wiped from the data folder).")
    var forget: String?

    @Option(help: "The data folder (default: ~/.local/share/beacon).")
    var dataDir: String?

    func validate() throws {
        if list || forget != nil {
            guard words.isEmpty, !(list && forget != nil), input == nil, camera == nil else {
                throw ValidationError("Give --list or --forget alone.")
            }
        } else if input != nil || camera != nil {
            guard input == nil || camera == nil else { throw ValidationError("Give --input or --camera, not both.") }
            guard words.count == 1 else { throw ValidationError("Name the thing once; the views come from the video.") }
        } else {
            guard words.count >= 2 else { throw ValidationError("Name the thing and give at least one picture of it.") }
        }
    }

    func run() throws {
        let fromVideo: TeachRun.Action? = input != nil || camera != nil
            ? .teachFromVideo(name: words[0], input: input, camera: camera) : nil
        let action: TeachRun.Action = list ? .list : forget.map { .forget($0) } ?? fromVideo
            ?? .teach(name: words[0], images: Array(words.dropFirst()))
        try TeachRun(action, dataDirectory: dataDir).run(composition: Composition(), transcript: StandardStreams())
    }
}
