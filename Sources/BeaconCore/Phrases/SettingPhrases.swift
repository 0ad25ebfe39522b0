/// The names of settings and of their values as a person hears them: "Speech speed set to fast.", "Not changed:
/// confidence stays 50 percent."
public struct SettingPhrases: PhraseTable {
    public init() {}

    public let language = PhraseTemplate("language", ru: "язык", zh: "语言")
    public let scanning = PhraseTemplate("scanning", ru: "обзор", zh: "扫描")
    public let speechSpeed = PhraseTemplate("speech speed", ru: "скорость речи", zh: "语速")
    public let volume = PhraseTemplate("volume", ru: "громкость", zh: "音量")
    public let confidence = PhraseTemplate("confidence", ru: "уверенность", zh: "置信度")
    public let hazards = PhraseTemplate("alerts", ru: "предупреждения", zh: "警报")
    public let ignored = PhraseTemplate("ignored objects", ru: "игнорируемые предметы", zh: "忽略的物体")
    public let priority = PhraseTemplate("priority objects", ru: "важные предметы", zh: "优先物体")
    public let batterySaver = PhraseTemplate("battery saver", ru: "экономия батареи", zh: "省电模式")
    public let historyRetention = PhraseTemplate("history days", ru: "дни истории", zh: "历史天数")
    public let alwaysListening = PhraseTemplate("always listening", ru: "постоянное прослушивание", zh: "持续聆听")
    public let earcons = PhraseTemplate("sounds", ru: "звуки", zh: "提示音")
    public let haptics = PhraseTemplate("vibration", ru: "вибрация", zh: "振动")
    public let emergencyWebhook = PhraseTemplate("emergency contact", ru: "экстренный контакт", zh: "紧急联系人")
    public let emergencyLocation = PhraseTemplate("emergency location", ru: "место для экстренных сообщений", zh: "紧急位置")
    public let cameraHeight = PhraseTemplate("camera height", ru: "высота камеры", zh: "摄像头高度")
    public let cameraPitch = PhraseTemplate("camera tilt", ru: "наклон камеры", zh: "摄像头俯角")
    public let distanceUnit = PhraseTemplate("distance unit", ru: "единицы расстояния", zh: "距离单位")
    public let distanceCue = PhraseTemplate("distance cue", ru: "звуковая подсказка расстояния", zh: "距离提示音")
    public let voice = PhraseTemplate("voice", ru: "голос", zh: "声音")
    public let metres = PhraseTemplate("metres", ru: "метры", zh: "米")
    public let feet = PhraseTemplate("feet", ru: "футы", zh: "英尺")

    public let slowest = PhraseTemplate("slowest", ru: "самая медленная", zh: "最慢")
    public let slow = PhraseTemplate("slow", ru: "медленная", zh: "慢")
    public let normal = PhraseTemplate("normal", ru: "обычная", zh: "正常")
    public let fast = PhraseTemplate("fast", ru: "быстрая", zh: "快")
    public let fastest = PhraseTemplate("fastest", ru: "самая быстрая", zh: "最快")
    public let percent = PhraseTemplate("{number} percent", ru: "{number} {number:процент|процента|процентов}",
                                        zh: "百分之{number}")
    public let english = PhraseTemplate("English", ru: "английский", zh: "英语")
    public let russian = PhraseTemplate("Russian", ru: "русский", zh: "俄语")
    public let chinese = PhraseTemplate("Chinese", ru: "китайский", zh: "中文")

    public func name(of language: TextLanguage) -> PhraseTemplate {
        switch language {
        case .english: english
        case .russian: russian
        case .chinese: chinese
        }
    }

    /// "Not changed: confidence stays 50 percent."
    public let refused = PhraseTemplate("Not changed: {setting} stays {value}.", ru: "Не изменено: {setting} — {value}.",
                                        zh: "未更改：{setting}仍为{value}。")

    public func name(of key: SettingKey) -> PhraseTemplate {
        switch key {
        case .language: language
        case .scanning: scanning
        case .speechSpeed: speechSpeed
        case .volume: volume
        case .confidence: confidence
        case .hazards: hazards
        case .ignored: ignored
        case .priority: priority
        case .batterySaver: batterySaver
        case .historyRetentionDays: historyRetention
        case .alwaysListening: alwaysListening
        case .earcons: earcons
        case .haptics: haptics
        case .emergencyWebhook: emergencyWebhook
        case .emergencyLocation: emergencyLocation
        case .cameraHeight: cameraHeight
        case .cameraPitch: cameraPitch
        case .distanceUnit: distanceUnit
        case .distanceCue: distanceCue
        case .voice: voice
        }
    }

    public func name(of unit: DistanceUnit) -> PhraseTemplate {
        switch unit {
        case .metres: metres
        case .feet: feet
        }
    }

    public func name(of speed: SpeechSpeed) -> PhraseTemplate {
        switch speed {
        case .slowest: slowest
        case .slow: slow
        case .normal: normal
        case .fast: fast
        case .fastest: fastest
        }
    }
}
