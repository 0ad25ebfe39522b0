import Foundation

/// Settings, power and help in the session: a setting changed by voice or key is checked and said back; battery saver
/// and heat pace the engines; help names what can be said in the current mode.
extension AssistantSession {
    /// A power reading or a change of the saver setting: each change is said once, and the pace limits follow.
    /// Returns whether anything changed.
    @discardableResult
    mutating func updatePower(_ event: PowerEvent, at timestamp: Double, requested: Bool = false,
                              into effects: inout [AssistantEffect]) -> Bool {
        let changes = power.handle(event)
        powerChanges += changes
        for change in changes {
            guard let (template, values) = PowerPhrases().phrase(for: change) else { continue }
            say(template, values, at: timestamp, priority: .stateChange, requested: requested, into: &effects)
        }
        if !changes.isEmpty { effects.append(.setPace(power.limits)) }
        return !changes.isEmpty
    }

    mutating func engineFailed(_ engine: Engine, at timestamp: Double, into effects: inout [AssistantEffect]) {
        say(phrases.engineFailed, ["engine": engine == .objectDetector ? phrasebook.say(phrases.exploring) : phrasebook.say(phrases.reading)],
            at: timestamp, priority: .stateChange, into: &effects)
        stop(at: timestamp, into: &effects)
    }

    // MARK: - Settings

    /// Validates and applies a setting; a refusal is said in one sentence and the old value stays.
    @discardableResult
    mutating func change(_ key: SettingKey, to text: String, at timestamp: Double,
                         into effects: inout [AssistantEffect]) -> Bool {
        do {
            try settings.set(key, to: text, knownLabels: configuration.labels)
            effects.append(.persistSetting(key, settings.value(of: key)))
            if [.confidence, .ignored, .hazards].contains(key) {
                scanner = makeScanner()
                hazards = makeHazardMonitor()
            }
            return true
        } catch {
            effects.append(.show(error.sentence))
            refuseSetting(key, at: timestamp, into: &effects)
            return false
        }
    }

    var volume: Double { Double(settings.volume) / 100 }
    var speechRate: Double { settings.speechSpeed.rate }

    func settingName(_ key: SettingKey) -> String { phrasebook.say(SettingPhrases().name(of: key)) }
    func speedName(_ speed: SpeechSpeed) -> String { phrasebook.say(SettingPhrases().name(of: speed)) }

    /// A setting's current value as said: "50 percent", "fast", "English".
    func spokenValue(of key: SettingKey) -> String {
        switch key {
        case .confidence:
            return phrasebook.say(SettingPhrases().percent, ["number": String(Int((settings.confidence * 100).rounded()))])
        case .volume:
            return phrasebook.say(SettingPhrases().percent, ["number": String(settings.volume)])
        case .speechSpeed:
            return speedName(settings.speechSpeed)
        case .language:
            return phrasebook.say(SettingPhrases().name(of: settings.language))
        case .distanceUnit:
            return phrasebook.say(SettingPhrases().name(of: settings.distanceUnit))
        default:
            return settings.value(of: key)
        }
    }

    /// "Not changed: confidence stays 50 percent."
    mutating func refuseSetting(_ key: SettingKey, at timestamp: Double, into effects: inout [AssistantEffect]) {
        say(SettingPhrases().refused, ["setting": settingName(key), "value": spokenValue(of: key)], at: timestamp,
            priority: .stateChange, requested: true, into: &effects)
    }

    func help(for mode: AssistantMode) -> PhraseTemplate {
        let help = HelpPhrases()
        let topic: HelpPhrases.Mode = switch mode {
        case .idle: .idle
        case .continuousScanning: .continuousScanning
        case .onDemandScanning: .onDemandScanning
        case .exploring: .explore
        case .findingObject: .findObject
        case .findingText: .findText
        case .reading: .read
        case .walking: .walking
        case .askingForHelp: .askingForHelp
        case .findingRide: .findObject
        case .teaching: .teaching
        case .followingLight: .light
        case .aimingAtCode: .code
        case .readingShortText: .shortText
        }
        return configuration.controls == .phone ? help.phoneHelp(for: topic) : help.help(for: topic)
    }
}
