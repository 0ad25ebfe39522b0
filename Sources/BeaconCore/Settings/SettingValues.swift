/// Whether the assistant describes the scene by itself, or only when asked ("scan now").
public enum ScanningMode: String, Sendable, Hashable, Codable, CaseIterable {
    case continuous
    case onDemand = "on-demand"
}

/// How fast speech is spoken, in five named steps so "faster" and "slower" always land on a value people can name.
public enum SpeechSpeed: String, Sendable, Hashable, Codable, CaseIterable {
    case slowest, slow, normal, fast, fastest

    /// The synthesizer's rate, relative to its normal speed.
    public var rate: Double {
        switch self {
        case .slowest: 0.7
        case .slow: 0.85
        case .normal: 1
        case .fast: 1.25
        case .fastest: 1.5
        }
    }

    /// One step faster; nil at the fastest.
    public var faster: SpeechSpeed? { step(by: 1) }

    /// One step slower; nil at the slowest.
    public var slower: SpeechSpeed? { step(by: -1) }

    private func step(by offset: Int) -> SpeechSpeed? {
        let all = Self.allCases
        let index = all.firstIndex(of: self)! + offset
        return all.indices.contains(index) ? all[index] : nil
    }
}

/// Battery saver: on and off are the user's word; auto turns it on when the battery runs low while discharging, and
/// off again once it is charging or has recovered.
public enum BatterySaverSetting: String, Sendable, Hashable, Codable, CaseIterable {
    case auto, on, off
}

/// How distances are said: in metres, or in feet for people who think in them.
public enum DistanceUnit: String, Sendable, Hashable, Codable, CaseIterable {
    case metres, feet

    /// Words a person may type or say for each unit.
    static let words: [String: DistanceUnit] = [
        "metres": .metres, "meters": .metres, "metre": .metres, "meter": .metres, "m": .metres, "metric": .metres,
        "метры": .metres, "метр": .metres, "米": .metres, "公制": .metres,
        "feet": .feet, "foot": .feet, "ft": .feet, "imperial": .feet, "футы": .feet, "фут": .feet, "英尺": .feet,
    ]
}

/// Which voice speaks: the natural one where a language has one (Piper, English; Russian and Chinese stay with
/// espeak-ng), or espeak-ng everywhere (fast, and many screen-reader users like it fast).
public enum VoiceChoice: String, Sendable, Hashable, Codable, CaseIterable {
    case natural
    case espeak
}
