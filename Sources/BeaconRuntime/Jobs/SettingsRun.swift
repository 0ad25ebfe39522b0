import BeaconCore
import BeaconStore
import Foundation

/// `settings` and its subcommands: list, get, set and reset the user's settings in the data folder, or save two
/// sets of settings in turn for the crash test.
public struct SettingsRun {
    public enum Action: Sendable, Hashable {
        /// Every setting as "key = value", or one JSON object keyed by setting.
        case list(json: Bool)
        /// One setting's value.
        case get(key: String)
        /// Change one setting and say what it is now.
        case set(key: String, value: String)
        /// Every setting (or one) back to its default.
        case reset(key: String?)
        /// Save `stressPair` in turn `count` times, after one JSON line naming both.
        case stress(count: Int)
    }

    public var action: Action
    /// `--data-dir`; nil: $BEACON_DATA_DIR, else the usual folder.
    public var dataDirectory: String?

    public init(_ action: Action, dataDirectory: String? = nil) {
        self.action = action
        self.dataDirectory = dataDirectory
    }

    public func run(composition: Composition, transcript: any Transcript) throws {
        switch action {
        case .list(let json):
            let settings = try load(try open(composition, transcript), transcript)
            if json { return try transcript.json(settings.storedByName) }
            for key in SettingKey.allCases { transcript.line("\(key.rawValue) = \(settings.value(of: key))") }
        case .get(let name):
            let key = try SettingKey.parse(name)
            transcript.line(try load(try open(composition, transcript), transcript).value(of: key))
        case .set(let name, let value):
            let key = try SettingKey.parse(name)
            let settings = try open(composition, transcript).set(key, to: value)
            transcript.line(settings.confirmation(of: key))
        case .reset(let name):
            let key = try name.map { try SettingKey.parse($0) }
            let opened = try open(composition, transcript)
            try opened.reset(key)
            if let key {
                transcript.line(try opened.settings().confirmation(of: key))
            } else {
                transcript.line(AssistantPhrases().settingsReset.english)
            }
        case .stress(let count):
            let opened = try open(composition, transcript)
            let pair = Self.stressPair
            // One line before the first save, so a test knows the file is open and what either save holds.
            try transcript.json(pair.map(\.storedByName))
            for index in 0..<count { try opened.save(pair[index % 2]) }
        }
    }

    /// The settings store, with a note for anything that could not be read.
    private func open(_ composition: Composition, _ transcript: any Transcript) throws -> SettingsStore {
        let store = try composition.settingsStore(dataDirectory: dataDirectory)
        if let moved = store.setAside {
            transcript.note("beacon: \(moved.sentence)")
        }
        return store
    }

    /// The settings, noting any stored value that was not valid and is at its default.
    private func load(_ store: SettingsStore, _ transcript: any Transcript) throws -> AssistantSettings {
        let loaded = try store.load()
        for rejected in loaded.rejected { transcript.note("beacon: stored \(rejected.sentence.lowercasedFirst)") }
        return loaded.settings
    }

    /// Two sets of settings that differ in every key: after a kill, the file must hold exactly one of them.
    public static let stressPair: [AssistantSettings] = {
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
    public var storedByName: [String: String] {
        Dictionary(uniqueKeysWithValues: stored.map { ($0.key.rawValue, $0.value) })
    }
}

extension String {
    /// "Volume must…" → "volume must…", to follow "stored".
    fileprivate var lowercasedFirst: String { prefix(1).lowercased() + dropFirst() }
}
