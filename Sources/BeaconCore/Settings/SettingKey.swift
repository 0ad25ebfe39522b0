/// The name of each setting, as typed in `beacon settings set KEY VALUE` and stored in the settings table.
public enum SettingKey: String, Sendable, Hashable, Codable, CaseIterable {
    case language
    case scanning
    case speechSpeed = "speech-speed"
    case volume
    case confidence
    case hazards
    case ignored
    case priority
    case batterySaver = "battery-saver"
    case historyRetentionDays = "history-retention-days"
    case alwaysListening = "always-listening"
    case earcons
    case haptics
    case emergencyWebhook = "emergency-webhook"
    case emergencyLocation = "emergency-location"
    case cameraHeight = "camera-height"
    case cameraPitch = "camera-pitch"
    case distanceUnit = "distance-unit"
    case distanceCue = "distance-cue"
    case voice

    /// The setting's name in a sentence, capitalised to start one: "Speech speed set to fast."
    public var title: String {
        switch self {
        case .language: "Language"
        case .scanning: "Scanning"
        case .speechSpeed: "Speech speed"
        case .volume: "Volume"
        case .confidence: "Confidence"
        case .hazards: "Hazards"
        case .ignored: "Ignored objects"
        case .priority: "Priority objects"
        case .batterySaver: "Battery saver"
        case .historyRetentionDays: "History retention"
        case .alwaysListening: "Always listening"
        case .earcons: "Earcons"
        case .haptics: "Haptics"
        case .emergencyWebhook: "Emergency webhook"
        case .emergencyLocation: "Emergency location"
        case .cameraHeight: "Camera height"
        case .cameraPitch: "Camera pitch"
        case .distanceUnit: "Distance unit"
        case .distanceCue: "Distance cue"
        case .voice: "Voice"
        }
    }

    /// The key for what someone typed: case, spaces, dashes and underscores are forgiven ("Speech speed",
    /// "speech_speed", "speechSpeed" and "speechspeed" all name `speech-speed`).
    public static func parse(_ text: String) throws(InvalidSetting) -> SettingKey {
        let letters = { (text: String) in text.lowercased().filter(\.isLetter) }
        if let key = allCases.first(where: { letters($0.rawValue) == letters(text) }) { return key }
        throw InvalidSetting(key: nil, given: text, sentence:
            "Unknown setting \"\(text)\"; settings are \(allCases.map(\.rawValue).joined(separator: ", ")).")
    }
}
