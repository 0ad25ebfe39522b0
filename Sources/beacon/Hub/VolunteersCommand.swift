import ArgumentParser
import BeaconCommandLine
import BeaconCore
import BeaconRuntime
import BeaconStore
import Foundation

/// `beacon volunteers`: the person's side of a volunteers' hub, from the terminal.
struct VolunteersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "volunteers",
        abstract: "Ask the sighted volunteers of a hub to find a thing in your photo.",
        discussion: """
            Join once with the invitation the hub's operator gave you; then ask with a photo. Beacon says what the \
            volunteer marked: where the thing is, as a clock direction from where the camera pointed, or their words.

            Examples:
              beacon volunteers join https://hub.example.org/ K7QM3XRT9PWD2HNA --name Ann
              beacon volunteers ask "my keys" --input hall.jpg
            """,
        subcommands: [Join.self, Ask.self, Leave.self],
        // The name it had before: scripts written then still work.
        aliases: ["helpers"])

    struct Join: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Join a volunteers' hub with a person's invitation code.",
                                                        usage: "beacon volunteers join <url> <code> --name <name> [<options>]")

        @Argument(help: "The hub's address, e.g. https://hub.example.org:8444/.") var url: String
        @Argument(help: "The invitation code.") var code: String
        @Option(help: "The name volunteers see.") var name: String
        @Option(help: "The language you ask in: en, ru or zh.") var language = "en"
        @Option(help: "Where settings and history are kept (default: ~/.local/share/beacon).") var dataDir: String?

        func validate() throws {
            guard ["en", "ru", "zh"].contains(language) else { throw ValidationError("--language is en, ru or zh.") }
        }

        func run() async throws {
            let membership = try await VolunteersClient.join(url: url, code: code.uppercased(), name: name, language: language)
            try Composition().settingsStore(dataDirectory: dataDir).volunteersHub.save(membership)
            Console.line("Joined the volunteers' hub at \(membership.url) as \(name).")
        }
    }

    struct Ask: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Ask for help finding a thing in a photo, and say what the volunteer marks.",
            usage: "beacon volunteers ask <object> --input <photo> [<options>]")

        @Argument(help: "What to find, e.g. \"my keys\".") var object: String
        @Option(help: "A JPEG photo of where the thing may be.") var input: String
        @Option(help: "Seconds to wait for a volunteer before giving up.") var wait: Double = 120
        @Option(help: "Where settings and history are kept (default: ~/.local/share/beacon).") var dataDir: String?

        func validate() throws {
            guard wait > 0 else { throw ValidationError("--wait must be above 0 seconds.") }
        }

        func run() async throws {
            guard let membership = try Composition().settingsStore(dataDirectory: dataDir).volunteersHub.membership() else {
                throw VolunteersError(sentence: "Join a volunteers' hub first: beacon volunteers join URL CODE --name NAME.")
            }
            guard let photo = FileManager.default.contents(atPath: input) else {
                throw VolunteersError(sentence: "Cannot read the photo \(input).")
            }
            guard photo.starts(with: [0xFF, 0xD8, 0xFF]) else {
                throw VolunteersError(sentence: "Send a JPEG photo; \(input) is not one.")
            }
            let client = VolunteersClient(membership: membership)
            let language = TextLanguage(rawValue: membership.language) ?? .english
            let book = Phrasebook(language: language)
            let job = try await client.ask(object)
            Console.line(book.say(VolunteerPhrases().asking))
            // Ctrl-C cancels the request (the person can cancel at any time) instead of leaving it, and its photo,
            // on the hub until the sweep.
            let asking = Task {
                try await client.send(photo: Array(photo), job: job)
                try await follow(job, with: client, language: language)
            }
            signal(SIGINT, SIG_IGN)
            let interrupt = DispatchSource.makeSignalSource(signal: SIGINT)
            interrupt.setEventHandler { asking.cancel() }
            interrupt.resume()
            defer {
                interrupt.cancel()
                signal(SIGINT, SIG_DFL)
            }
            let result = await asking.result
            try? await client.cancel(job: job)
            if asking.isCancelled {
                Console.line(book.say(VolunteerPhrases().cancelled))
                return
            }
            try result.get()
        }

        /// Polls the request every 2 s and says each new mark; ends at the first place marked or the helper's words,
        /// or when the wait runs out.
        private func follow(_ job: Int, with client: VolunteersClient, language: TextLanguage) async throws {
            let book = Phrasebook(language: language), words = VolunteerPhrases()
            let start = ContinuousClock.now
            var said = 0, toldStillAsking = false, toldTaken = false
            while ContinuousClock.now - start < .seconds(wait) {
                let state = try await client.job(job)
                if state.isClosed { Console.line(book.say(words.closed)); return }
                if state.isTaken && !toldTaken {
                    Console.line(book.say(words.helperLooking))
                    toldTaken = true
                }
                for mark in state.marks.dropFirst(said) {
                    Console.line(mark.sentence(language: language))
                    if case .notInPhoto = mark { continue }
                    return
                }
                said = state.marks.count
                if !toldTaken && !toldStillAsking && ContinuousClock.now - start >= .seconds(40) {
                    Console.line(book.say(words.stillAsking))
                    toldStillAsking = true
                }
                try await Task.sleep(for: .seconds(2))
            }
            Console.line(book.say(words.nobodyAnswered))
        }
    }

    struct Leave: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Forget the volunteers' hub this Beacon joined.")
        @Option(help: "Where settings and history are kept (default: ~/.local/share/beacon).") var dataDir: String?

        func run() async throws {
            try Composition().settingsStore(dataDirectory: dataDir).volunteersHub.forget()
            Console.line("Left the volunteers' hub.")
        }
    }
}
