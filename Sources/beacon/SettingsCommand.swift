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

        /// The settings store, with a note on standard error for anything that could not be read.
        func open() throws -> SettingsStore {
            let store = try Composition().settingsStore(dataDirectory: dataDirectory)
            if let moved = store.setAside {
                Console.note("beacon: \(moved.sentence)")
            }
            return store
        }

        /// The settings, noting any stored value that was not valid and is at its default.
        func load(_ store: SettingsStore) throws -> AssistantSettings {
            let loaded = try store.load()
            for rejected in loaded.rejected { Console.note("beacon: stored \(rejected.sentence.lowercasedFirst)") }
            return loaded.settings
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print every setting as 'key = value'.")

        @OptionGroup var store: StoreOptions

        @Flag(help: "Print one JSON object, keyed by setting.")
        var json = false

        func run() throws {
            let settings = try store.load(try store.open())
            if json { return try Console.json(settings.storedByName) }
            for key in SettingKey.allCases { Console.line("\(key.rawValue) = \(settings.value(of: key))") }
        }
    }

    struct Get: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print one setting's value.")

        @OptionGroup var store: StoreOptions

        @Argument(help: "The setting, e.g. speech-speed.")
        var key: String

        func run() throws {
            let key = try SettingKey.parse(self.key)
            Console.line(try store.load(try store.open()).value(of: key))
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
            let key = try SettingKey.parse(self.key)
            let settings = try store.open().set(key, to: value.joined(separator: " "))
            Console.line(settings.confirmation(of: key))
        }
    }

    struct Reset: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Put every setting (or one) back to its default.")

        @OptionGroup var store: StoreOptions

        @Argument(help: "Only this setting.")
        var key: String?

        func run() throws {
            let key = try self.key.map { try SettingKey.parse($0) }
            let opened = try store.open()
            try opened.reset(key)
            if let key {
                Console.line(try opened.settings().confirmation(of: key))
            } else {
                Console.line(AssistantPhrases().settingsReset.english)
            }
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
            let opened = try store.open()
            let pair = SettingsCommand.stressPair
            // One line before the first save, so a test knows the file is open and what either save holds.
            try Console.json(pair.map(\.storedByName))
            for index in 0..<count { try opened.save(pair[index % 2]) }
        }
    }

    /// Two sets of settings that differ in every key: after a kill, the file must hold exactly one of them.
    static let stressPair: [AssistantSettings] = {
        var first = AssistantSettings(), second = AssistantSettings()
        let labels = ObjectVocabulary.coco
        for (key, values) in [
            (SettingKey.language, ("ru", "zh")), (.scanning, ("continuous", "on-demand")), (.speechSpeed, ("fast", "slow")),
            (.volume, ("30", "90")), (.confidence, ("0.4", "0.7")), (.hazards, ("dog", "car, bus")),
            (.ignored, ("cup", "chair, bottle")), (.priority, ("dog", "car")), (.batterySaver, ("on", "off")),
            (.historyRetentionDays, ("3", "30")), (.alwaysListening, ("on", "off")), (.earcons, ("off", "on")),
            (.haptics, ("off", "on")), (.cameraHeight, ("1.1", "1.5")), (.cameraPitch, ("10", "30")),
            (.distanceUnit, ("feet", "metres")), (.distanceCue, ("on", "off")),
        ] {
            try! first.set(key, to: values.0, knownLabels: labels)
            try! second.set(key, to: values.1, knownLabels: labels)
        }
        return [first, second]
    }()
}

extension AssistantSettings {
    /// Every setting's canonical text by its name, for JSON.
    var storedByName: [String: String] {
        Dictionary(uniqueKeysWithValues: stored.map { ($0.key.rawValue, $0.value) })
    }
}

extension String {
    /// "Volume must…" → "volume must…", to follow "stored".
    var lowercasedFirst: String { prefix(1).lowercased() + dropFirst() }
}
