import Foundation

/// Everything a person can set, with the defaults a first start uses. A value type: the store persists it, the
/// session reads it, and every change goes through `set(_:to:knownLabels:)`, which refuses what is not valid.
public struct AssistantSettings: Sendable, Hashable, Codable {
    /// "language": en, ru or zh (english, russian, chinese are understood too).
    public var language: TextLanguage = .english
    /// "scanning": continuous or on-demand.
    public var scanning: ScanningMode = .onDemand
    /// "speech-speed": slowest, slow, normal, fast, fastest.
    public var speechSpeed: SpeechSpeed = .normal
    /// "volume": percent, 0…100 in steps of 10.
    public var volume: Int = 80
    /// "confidence": the lowest detector score announced, 0.2…0.95 (60, 0.6 and 60% all mean 0.6). The default is
    /// the default detector's (PP-PicoDet's) calibrated threshold, where it raises no more false alarms than
    /// YOLOX-nano at 0.5 (README, "Detectors"); with YOLOX, 50 percent is the like-for-like setting.
    public var confidence: Double = 0.65
    /// "hazards": detector labels announced as hazards, comma separated.
    public var hazards: [String] = ["person", "bicycle", "car", "motorcycle", "bus", "truck", "dog"]
    /// "ignored": labels never announced.
    public var ignored: [String] = []
    /// "priority": labels announced first while scanning.
    public var priority: [String] = ["person"]
    /// "battery-saver": auto, on or off.
    public var batterySaver: BatterySaverSetting = .auto
    /// "history-retention-days": how long recent detections are kept, 1…365.
    public var historyRetentionDays: Int = 7
    /// "always-listening": listen for the wake word "Beacon" without a key press.
    public var alwaysListening: Bool = false
    /// "earcons": short sounds for state changes and guidance.
    public var earcons: Bool = true
    /// "haptics": vibration patterns on a phone.
    public var haptics: Bool = true
    /// "emergency-webhook": where the emergency message is POSTed after a fall (http or https), or none.
    public var emergencyWebhook: String?
    /// "emergency-location": where the person usually is, sent with the emergency message when no location source
    /// knows better: words ("12 Oak Street, flat 3") or "latitude, longitude"; or none.
    public var emergencyLocation: EmergencyLocation?
    /// "camera-height": metres from the floor to the camera, 0.3…2.5, for walk mode (a chest-worn camera: 1.3).
    public var cameraHeight: Double = 1.3
    /// "camera-pitch": degrees the camera looks below the horizontal, −30…80, for walk mode when no motion sensor
    /// says it (a camera on a sloping chest: about 20).
    public var cameraPitch: Double = 20
    /// "distance-unit": metres or feet.
    public var distanceUnit: DistanceUnit = .metres
    /// "distance-cue": in the last metre of a find, the centred beat's pitch rises as the object comes nearer
    /// (`CueModel.distanceCue`). Off by default: it changes what the centred beat means (its pitch otherwise says
    /// up or down), so it is for people who ask for it.
    public var distanceCue: Bool = false
    /// "voice": natural (Piper for English where installed, espeak-ng for Russian and Chinese) or espeak (espeak-ng
    /// for every language: fastest, and what many screen-reader users prefer).
    public var voice: VoiceChoice = .natural

    public init() {}

    public static let volumeStep = 10
    public static let confidenceRange: ClosedRange<Double> = 0.2...0.95
    public static let retentionRange: ClosedRange<Int> = 1...365
    public static let cameraHeightRange: ClosedRange<Double> = 0.3...2.5
    public static let cameraPitchRange: ClosedRange<Double> = -30...80
}

// MARK: - Values as text

extension AssistantSettings {
    /// The canonical text of a setting: what `set` accepts back and what the store keeps ("fast", "80", "0.6",
    /// "person, bicycle", "none" for an empty list, "on"/"off").
    public func value(of key: SettingKey) -> String {
        switch key {
        case .language: language.rawValue
        case .scanning: scanning.rawValue
        case .speechSpeed: speechSpeed.rawValue
        case .volume: String(volume)
        case .confidence: Self.confidenceText(confidence)
        case .hazards: Self.listText(hazards)
        case .ignored: Self.listText(ignored)
        case .priority: Self.listText(priority)
        case .batterySaver: batterySaver.rawValue
        case .historyRetentionDays: String(historyRetentionDays)
        case .alwaysListening: alwaysListening ? "on" : "off"
        case .earcons: earcons ? "on" : "off"
        case .haptics: haptics ? "on" : "off"
        case .emergencyWebhook: emergencyWebhook ?? "none"
        case .emergencyLocation: emergencyLocation?.text ?? "none"
        case .cameraHeight: Self.decimalText(cameraHeight)
        case .cameraPitch: Self.decimalText(cameraPitch)
        case .distanceUnit: distanceUnit.rawValue
        case .distanceCue: distanceCue ? "on" : "off"
        case .voice: voice.rawValue
        }
    }

    /// The value as a person hears it: "80 percent", "30 days", "person, bicycle and car".
    public func spokenValue(of key: SettingKey) -> String {
        switch key {
        case .volume: "\(volume) percent"
        case .confidence: "\(Int((confidence * 100).rounded())) percent"
        case .historyRetentionDays: historyRetentionDays == 1 ? "1 day" : "\(historyRetentionDays) days"
        case .cameraHeight: "\(Self.decimalText(cameraHeight)) metres"
        case .cameraPitch: "\(Self.decimalText(cameraPitch)) degrees"
        case .language: language.name
        case .hazards, .ignored, .priority:
            self[list: key].isEmpty ? "none" : Phrasebook(language: .english).list(self[list: key])
        default: value(of: key)
        }
    }

    /// The sentence that confirms a change: "Speech speed set to fast."
    public func confirmation(of key: SettingKey) -> String {
        "\(key.title) set to \(spokenValue(of: key))."
    }

    /// Every setting's canonical text, for persistence.
    public var stored: [SettingKey: String] {
        Dictionary(uniqueKeysWithValues: SettingKey.allCases.map { ($0, value(of: $0)) })
    }

    static func confidenceText(_ value: Double) -> String {
        let hundredths = (value * 100).rounded() / 100
        return hundredths == hundredths.rounded() ? String(Int(hundredths)) : String(hundredths)
    }

    /// A number to two decimals with no trailing zeros: "1.3", "20", "0.75".
    static func decimalText(_ value: Double) -> String {
        let hundredths = (value * 100).rounded() / 100
        return hundredths == hundredths.rounded() ? String(Int(hundredths)) : String(hundredths)
    }

    static func listText(_ labels: [String]) -> String {
        labels.isEmpty ? "none" : labels.joined(separator: ", ")
    }

    private subscript(list key: SettingKey) -> [String] {
        switch key {
        case .hazards: hazards
        case .ignored: ignored
        case .priority: priority
        default: []
        }
    }
}

// MARK: - Changing a value

extension AssistantSettings {
    /// Sets `key` from what a person typed or said, or throws the sentence that refuses it; on error nothing changes.
    ///
    /// Labels are checked against `knownLabels` (the detector's classes) through the object vocabulary, so everyday
    /// names are kept as the class they mean: "bikes" is stored as "bicycle", "mug" as "cup".
    public mutating func set(_ key: SettingKey, to text: String, knownLabels: [String]) throws(InvalidSetting) {
        let given = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let word = given.lowercased()
        func refuse(_ rule: String) -> InvalidSetting {
            InvalidSetting(key: key, given: text, sentence: "\(key.title) must be \(rule); it stays \(value(of: key)).")
        }
        switch key {
        case .language:
            guard let language = Self.languages[word] else { throw refuse("en, ru or zh") }
            self.language = language
        case .scanning:
            let folded = word.filter { $0.isLetter }
            guard let mode = ScanningMode.allCases.first(where: { $0.rawValue.filter(\.isLetter) == folded }) else {
                throw refuse("continuous or on-demand")
            }
            scanning = mode
        case .speechSpeed:
            guard let speed = SpeechSpeed(rawValue: word) else {
                throw refuse(Self.orList(SpeechSpeed.allCases.map(\.rawValue)))
            }
            speechSpeed = speed
        case .volume:
            guard let percent = Self.number(in: word, dropping: ["%", "percent"]), percent == percent.rounded(),
                  (0...100).contains(percent), Int(percent) % Self.volumeStep == 0 else {
                throw refuse("0 to 100 percent in steps of \(Self.volumeStep)")
            }
            volume = Int(percent)
        case .confidence:
            guard let confidence = Self.fraction(in: word) else { throw refuse("20 to 95 percent") }
            self.confidence = confidence
        case .hazards, .ignored, .priority:
            let labels = try Self.labels(in: given, key: key, knownLabels: knownLabels, keeping: value(of: key))
            switch key {
            case .hazards: hazards = labels
            case .ignored: ignored = labels
            default: priority = labels
            }
        case .batterySaver:
            if let setting = BatterySaverSetting(rawValue: word) {
                batterySaver = setting
            } else if let flag = Self.flags[word] {
                batterySaver = flag ? .on : .off
            } else {
                throw refuse("auto, on or off")
            }
        case .historyRetentionDays:
            guard let days = Self.number(in: word, dropping: ["days", "day", "d"]), days == days.rounded(),
                  Self.retentionRange.contains(Int(days)) else {
                throw refuse("1 to 365 days")
            }
            historyRetentionDays = Int(days)
        case .cameraHeight:
            guard let metres = Self.number(in: word, dropping: ["metres", "meters", "metre", "meter", "m"]),
                  Self.cameraHeightRange.contains(metres) else {
                throw refuse("0.3 to 2.5 metres")
            }
            cameraHeight = (metres * 100).rounded() / 100
        case .cameraPitch:
            guard let degrees = Self.number(in: word, dropping: ["degrees", "degree", "deg", "°"]),
                  Self.cameraPitchRange.contains(degrees) else {
                throw refuse("-30 to 80 degrees below level")
            }
            cameraPitch = (degrees * 100).rounded() / 100
        case .alwaysListening, .earcons, .haptics, .distanceCue:
            guard let flag = Self.flags[word] else { throw refuse("on or off") }
            switch key {
            case .alwaysListening: alwaysListening = flag
            case .earcons: earcons = flag
            case .distanceCue: distanceCue = flag
            default: haptics = flag
            }
        case .emergencyWebhook:
            if word == "none" || word.isEmpty {
                emergencyWebhook = nil
            } else {
                guard let url = Self.webhook(given) else { throw refuse("an http:// or https:// address, or none") }
                emergencyWebhook = url
            }
        case .emergencyLocation:
            if word == "none" || word.isEmpty {
                emergencyLocation = nil
            } else {
                guard let location = Self.location(given) else {
                    throw refuse("a place in words (up to 200 characters) or \"latitude, longitude\", or none")
                }
                emergencyLocation = location
            }
        case .distanceUnit:
            guard let unit = DistanceUnit.words[word] else { throw refuse("metres or feet") }
            distanceUnit = unit
        case .voice:
            let folded = word.filter(\.isLetter)
            guard let choice = VoiceChoice(rawValue: folded == "espeakng" ? "espeak" : folded) else {
                throw refuse("natural or espeak")
            }
            voice = choice
        }
    }

    /// Settings from stored text, each key validated as if typed; a value that is not valid (a file edited by hand,
    /// a label the detector no longer knows) keeps its default and is reported. Keys this version does not know are
    /// ignored: a newer Beacon may have written them.
    public static func restored(from stored: [String: String], knownLabels: [String])
        -> (settings: AssistantSettings, rejected: [InvalidSetting]) {
        var settings = AssistantSettings()
        var rejected: [InvalidSetting] = []
        for key in SettingKey.allCases {
            guard let text = stored[key.rawValue] else { continue }
            do { try settings.set(key, to: text, knownLabels: knownLabels) } catch { rejected.append(error) }
        }
        return (settings, rejected)
    }

    /// Settings from stored text; values that are not valid keep their defaults (`restored` says which).
    public init(stored: [String: String], knownLabels: [String]) {
        self = Self.restored(from: stored, knownLabels: knownLabels).settings
    }
}

// MARK: - Parsing

extension AssistantSettings {
    static let languages: [String: TextLanguage] = [
        "en": .english, "english": .english, "eng": .english, "английский": .english, "英语": .english,
        "ru": .russian, "russian": .russian, "rus": .russian, "русский": .russian, "俄语": .russian,
        "zh": .chinese, "chinese": .chinese, "cmn": .chinese, "mandarin": .chinese, "китайский": .chinese,
        "中文": .chinese, "汉语": .chinese,
    ]

    static let flags: [String: Bool] = [
        "on": true, "off": false, "true": true, "false": false, "yes": true, "no": false, "1": true, "0": false,
        "enabled": true, "disabled": false,
    ]

    /// A webhook address: http or https, with a host.
    static func webhook(_ text: String) -> String? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              let host = url.host, !host.isEmpty else { return nil }
        return text
    }

    /// A place: "55.75580, 37.61730" as coordinates (in range, or refused), anything else as words.
    static func location(_ text: String) -> EmergencyLocation? {
        guard text.count <= 200, !text.contains(where: \.isNewline) else { return nil }
        let parts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        if parts.count == 2, let latitude = Double(parts[0]), let longitude = Double(parts[1]) {
            guard (-90...90).contains(latitude), (-180...180).contains(longitude) else { return nil }
            return EmergencyLocation(text: text, latitude: latitude, longitude: longitude)
        }
        return EmergencyLocation(text: text)
    }

    /// "a, b or c", for the valid values in a refusal.
    static func orList(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " or " + items.last!
    }

    /// A number with an optional unit after it ("80%", "80 percent", "30 days").
    static func number(in word: String, dropping units: [String]) -> Double? {
        var text = word
        for unit in units where text.hasSuffix(unit) {
            text = String(text.dropLast(unit.count))
            break
        }
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else { return nil }
        return value
    }

    /// A confidence as a fraction in range: "0.6", "60" and "60%" are all 0.6; rounded to hundredths.
    static func fraction(in word: String) -> Double? {
        let percent = word.hasSuffix("%") || word.hasSuffix("percent")
        guard var value = number(in: word, dropping: ["%", "percent"]) else { return nil }
        if percent || value > 1 { value /= 100 }
        value = (value * 100).rounded() / 100
        return confidenceRange.contains(value) ? value : nil
    }

    /// Comma-separated object names as the detector's labels, in the order given, each once; "none" or nothing is
    /// an empty list.
    static func labels(in text: String, key: SettingKey, knownLabels: [String], keeping current: String)
        throws(InvalidSetting) -> [String] {
        let names = text.split(whereSeparator: { ",，、;".contains($0) })
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if names.isEmpty || (names.count == 1 && names[0].lowercased() == "none") { return [] }
        let vocabulary = ObjectVocabulary(labels: knownLabels)
        var labels: [String] = []
        for name in names {
            guard let index = vocabulary.classIndex(for: name) else {
                let hint = vocabulary.suggestions(for: name, limit: 1).first.map { " (did you mean \($0)?)" } ?? ""
                throw InvalidSetting(key: key, given: text, sentence:
                    "\(key.title) must name objects Beacon knows, and \"\(name)\" is not one\(hint); it stays \(current).")
            }
            if !labels.contains(knownLabels[index]) { labels.append(knownLabels[index]) }
        }
        return labels
    }
}
