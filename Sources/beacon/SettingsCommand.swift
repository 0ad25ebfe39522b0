import ArgumentParser
import BeaconCore
import BeaconRuntime
import BeaconStore
import Foundation

struct SettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "See and change Beacon's settings.",
        discussion: """
            Settings are kept in ~/.local/share/beacon/beacon.sqlite (in \
            $XDG_DATA_HOME/beacon when that is set; --data-dir or $BEACON_DATA_DIR \
            choose another folder). Every change is checked first: a value that is \
            not valid is refused in one sentence and the old value stays. A settings \
            file that cannot be read is moved aside, never deleted, as \
            beacon.sqlite.unreadable-DATE-TIME, and Beacon starts with defaults.

            Settings and their values:
              language                en, ru or zh
              scanning                continuous or on-demand
              speech-speed            slowest, slow, normal, fast or fastest
              volume                  0 to 100 percent, in steps of 10
              confidence              20 to 95 percent (60, 0.6 and 60% agree)
              hazards                 objects announced as hazards, comma
                                      separated: person, bicycle, car
              ignored                 objects never announced (none for none)
              priority                objects announced first while scanning
              battery-saver           auto, on or off
              history-retention-days  1 to 365
              always-listening        on or off (listen for the wake word)
              earcons                 on or off
              haptics                 on or off
              camera-height           0.3 to 2.5 metres (walk mode; chest: 1.3)
              camera-pitch            -30 to 80 degrees below level (walk mode,
                                      when no motion sensor says it; 20)
              emergency-webhook       where the emergency message is POSTed
                                      after a fall (http or https), or none
              emergency-location      the place sent with it: words or
                                      "latitude, longitude", or none
              distance-unit           metres or feet
              distance-cue            on or off (off): in the last metre of a
                                      find, the centred beat's pitch rises as
                                      the object comes nearer
              voice                   natural (Piper for English where
                                      installed) or espeak (espeak-ng for
                                      every language, fastest); natural

            Everyday names are understood: bikes is kept as bicycle, mug as cup.
            """,
        subcommands: [List.self, Get.self, Change.self, Reset.self, Stress.self],
        defaultSubcommand: List.self
    )

    struct StoreOptions: ParsableArguments {
        @Option(name: .customLong("data-dir"), help: ArgumentHelp(
            "The folder holding Beacon's data (default: $BEACON_DATA_DIR, else ~/.local/share/beacon).",
            valueName: "path"))
        var dataDirectory: String?

        /// Runs one settings job on this folder, reporting on standard output and standard error.
        func run(_ action: SettingsRun.Action) throws {
            try SettingsRun(action, dataDirectory: dataDirectory).run(composition: Composition(), transcript: StandardStreams())
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print every setting as 'key = value'.")

        @OptionGroup var store: StoreOptions

        @Flag(help: "Print one JSON object, keyed by setting.")
        var json = false

        func run() throws {
            try store.run(.list(json: json))
        }
    }

    struct Get: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print one setting's value.")

        @OptionGroup var store: StoreOptions

        @Argument(help: "The setting, e.g. speech-speed.")
        var key: String

        func run() throws {
            try store.run(.get(key: key))
        }
    }

    struct Change: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: "Change one setting, and say what it is now.",
            discussion: """
                Examples:
                  beacon settings set speech-speed fast
                  beacon settings set hazards person, dog, car
                """)

        @OptionGroup var store: StoreOptions

        @Argument(help: "The setting, e.g. volume.")
        var key: String

        @Argument(help: "The new value; a list may be given as several words.")
        var value: [String]

        func run() throws {
            try store.run(.set(key: key, value: value.joined(separator: " ")))
        }
    }

    struct Reset: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Put every setting (or one) back to its default.")

        @OptionGroup var store: StoreOptions

        @Argument(help: "Only this setting.")
        var key: String?

        func run() throws {
            try store.run(.reset(key: key))
        }
    }

    /// Writes whole settings over and over, for the test that kills Beacon in the middle of a write.
    struct Stress: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Save two different sets of settings in turn (for crash tests).", shouldDisplay: false)

        @OptionGroup var store: StoreOptions

        @Option(help: "How many saves.")
        var count = 1000

        func run() throws {
            try store.run(.stress(count: count))
        }
    }
}
