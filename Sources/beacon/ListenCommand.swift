import ArgumentParser
import BeaconCommandLine
import BeaconRuntime

struct ListenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "listen",
        abstract: "Say what Beacon hears in recordings, and the command it takes that for.",
        discussion: """
            Each WAV file is heard by the open-vocabulary recogniser (Moonshine base, English; \
            'beacon models install moonshine_base_en_encoder moonshine_base_en_decoder \
            moonshine_base_en_tokenizer' fetches it) and its words go through the same command \
            parser as typed lines. Russian and Chinese commands are typed: no recogniser for them \
            ships with a model.

            Examples:
              beacon listen stop.wav               "Stop." → stop
              beacon listen *.wav --json           one JSON object per file
            """)

    @Argument(help: "WAV files (16-bit PCM, any rate; mono or stereo).")
    var files: [String]

    @Flag(help: "One JSON object per file: file, transcript, command (null for none), argument, seconds.")
    var json = false

    @Option(help: "Threads for inference (0: one per core).")
    var threads = 0

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("Name at least one WAV file.") }
        guard threads >= 0 else { throw ValidationError("--threads must be 0 or more.") }
    }

    func run() throws {
        let run = ListenRun(files: files, json: json, threads: threads)
        if try run.run(composition: Composition(), transcript: StandardStreams()) > 0 { throw ExitCode(1) }
    }
}
