/// The one table of commands that voice, typed lines and keys all use: each command's phrases in English, Russian and
/// Chinese, the kind of argument it takes, and the key that gives it. The typed-line parser matches against it, and
/// the speech recogniser's grammar is generated from it, so the two can never disagree about what Beacon understands.
public struct CommandTable: Sendable {
    /// What follows a command's phrase.
    public enum Argument: Sendable, Hashable {
        case none
        /// An object name ("find my mug"), resolved later against the detector's classes.
        case object
        /// One of the person's own things ("teach my keys"): typed, any words; spoken, "my" and then the name, since
        /// a short word alone ("teach") is a home for stray sounds (a real "seven" was heard as "teach teddy").
        case ownObject
        /// Free words ("find text EXIT").
        case text
        /// English, Russian or Chinese, named in any of them.
        case language
        /// A percentage (0–100) or a fraction (0–1).
        case number
        /// on or off.
        case onOff
        /// A ride: its colour, then "plate" and the plate spelled letter by letter and digit by digit ("red plate
        /// p f f three six zero zero"); typed, any words.
        case ride
    }

    public struct Entry: Sendable {
        /// A short name for messages and the grammar's rule names: "find", "find text".
        public let name: String
        /// Phrases that say the command; with an argument, the words before it. The first English one is the one
        /// help teaches.
        public let english: [String]
        public let russian: [String]
        public let chinese: [String]
        public let argument: Argument
        /// Whether PocketSphinx's grammar (the fallback recogniser) offers it. The everyday questions are heard by
        /// the open-vocabulary recogniser only: in the grammar, their paths made one more real word that is no
        /// command pass for one (46 of 49 rejected, against 47 without them, RealSpeechTests).
        public let inFallbackGrammar: Bool
        let make: @Sendable (ArgumentValue) -> AssistantCommand?

        public func phrases(in language: TextLanguage) -> [String] {
            switch language {
            case .english: english
            case .russian: russian
            case .chinese: chinese
            }
        }

        /// The command for an argument of the right kind; nil when the value does not fit ("confidence loud").
        public func command(with value: ArgumentValue) -> AssistantCommand? { make(value) }
    }

    /// A parsed argument.
    public enum ArgumentValue: Sendable, Hashable {
        case none
        case words(String)
        case language(TextLanguage)
        case number(Double)
        case flag(Bool)
    }

    public let entries: [Entry]

    /// Single keys in a terminal (and the phone's buttons send the same commands).
    public static let keys: [Character: AssistantCommand] = [
        " ": .whereIsIt, "r": .repeatLast, "p": .pauseOrResume, "s": .stop, "\u{1B}": .stop, "n": .next,
        "b": .back, "e": .explore, "c": .scanNow, "h": .help, "+": .louder, "-": .quieter, "f": .faster,
        "l": .slower, "v": .listen, "w": .walk, "i": .identify, "o": .colour, "g": .light, "t": .lightTone, "k": .scanCode, "x": .shortText,
        "q": .quit,
    ]

    public init(entries: [Entry] = CommandTable.standardEntries) {
        self.entries = entries
    }

    /// Entry constructor for commands without an argument.
    static func fixed(_ name: String, _ english: [String], ru: [String], zh: [String],
                      _ command: AssistantCommand, inFallbackGrammar: Bool = true) -> Entry {
        Entry(name: name, english: english, russian: ru, chinese: zh, argument: .none, inFallbackGrammar: inFallbackGrammar,
              make: { _ in command })
    }

    static func taking(_ argument: Argument, _ name: String, _ english: [String], ru: [String], zh: [String],
                       _ make: @escaping @Sendable (ArgumentValue) -> AssistantCommand?) -> Entry {
        Entry(name: name, english: english, russian: ru, chinese: zh, argument: argument, inFallbackGrammar: true, make: make)
    }

    private static func words(_ value: ArgumentValue) -> String? {
        if case .words(let text) = value, !text.isEmpty { return text }
        return nil
    }

    /// Longer phrases come before shorter ones that begin them ("find text" before "find", "stop alerting" before
    /// "stop"): the parser takes the first entry that matches.
    public static let standardEntries: [Entry] = [
        taking(.text, "find text", ["find text", "find the text", "find sign", "look for text", "look for the text"],
               ru: ["найди текст", "найти текст", "ищи текст", "найди надпись"],
               zh: ["寻找文字", "找文字", "找字"]) { words($0).map(AssistantCommand.findText) },
        // Before "find": "find the light" is light mode, not the detector's "light".
        fixed("light mode", ["light mode", "light tone", "find the light", "find a light", "find the window"],
              ru: ["режим света", "найди свет", "найди окно"], zh: ["光线模式", "找光源", "找窗户"], .lightTone, inFallbackGrammar: false),
        // Before "find" and "read": "find the barcode" and "read the barcode" aim at a code.
        fixed("scan code", ["scan the barcode", "scan barcode", "scan the code", "scan code", "find the barcode",
                            "find barcode", "read the barcode", "read barcode"],
              ru: ["сканируй штрихкод", "найди штрихкод", "прочитай штрихкод", "штрихкод"],
              zh: ["扫条码", "扫描条码", "找条码", "读条码"], .scanCode, inFallbackGrammar: false),
        // Before "read": "read signs" is short text, not a page.
        fixed("short text", ["short text", "text mode", "live text", "read signs", "read the signs", "read text as it comes",
                             "read any text"],
              ru: ["короткий текст", "режим текста", "читай надписи", "читай вывески"],
              zh: ["短文本", "文字模式", "实时文字", "读标牌"], .shortText, inFallbackGrammar: false),
        // Before "find": "find my ride …" is the ride, "find my car" alone the detector's car.
        taking(.ride, "find my ride", ["find my ride", "find my taxi", "find my cab", "where is my ride", "where is my taxi"],
               ru: ["найди мою машину", "найди моё такси", "найди мое такси", "где моя машина", "где моё такси"],
               zh: ["找我的车", "找我的出租车", "我的车在哪里"]) { words($0).map(AssistantCommand.findRide) },
        // Before "help", "find" and "stop", whose phrases begin some of these. (Chinese "请" and "帮我" are filler the
        // parser drops first: "请志愿者帮我找钥匙" is "志愿者帮我找" and keys.)
        taking(.object, "ask for help", ["ask for help finding", "ask for help with", "ask for help to find",
                                         "ask a helper to find", "help me find", "get help finding"],
               ru: ["попроси помощи найти", "попроси найти", "помогите найти", "позови помощника найти"],
               zh: ["求助找", "求助寻找", "志愿者帮我找", "找志愿者帮我找"]) { words($0).map(AssistantCommand.askForHelp) },
        fixed("stop sharing", ["stop sharing", "stop sharing photos", "cancel help", "stop asking for help"],
              ru: ["прекрати делиться", "перестань отправлять снимки", "отмени помощь"], zh: ["停止分享", "取消求助"],
              .stopSharing),
        fixed("found it", ["found it", "i found it", "got it"], ru: ["нашёл", "нашла", "я нашёл", "я нашла"],
              zh: ["找到了", "我找到了"], .foundIt),
        fixed("where is it", ["where is it", "where", "where is that"], ru: ["где это", "где", "где он", "где она"],
              zh: ["在哪里", "在哪儿", "在哪"], .whereIsIt),
        taking(.object, "find", ["find", "look for", "where is", "where are", "search for", "locate"],
               ru: ["найди", "найти", "ищи", "где"], zh: ["寻找", "找", "在哪里找"]) { words($0).map(AssistantCommand.findObject) },
        fixed("read", ["read", "read this", "read text", "read the text", "read the page", "read it"],
              ru: ["читай", "прочитай", "прочти", "читать"], zh: ["阅读", "朗读", "读"], .read),
        fixed("explore", ["explore", "what is around me", "what's around me", "whats around me", "describe the scene",
                          "describe", "explore scene", "explore the scene", "around me"],
              ru: ["осмотрись", "что вокруг", "опиши сцену", "обзор"], zh: ["探索", "周围有什么", "描述场景"], .explore),
        fixed("scan now", ["scan now", "scan", "what do you see"],
              ru: ["сканируй", "сканировать", "что видишь"], zh: ["扫描", "现在扫描"], .scanNow),
        fixed("what is this", ["what is this", "whats this", "identify", "identify this", "what am i holding",
                               "what product is this"],
              ru: ["что это", "что это такое", "опознай", "что я держу"], zh: ["这是什么", "识别", "我拿着什么"], .identify, inFallbackGrammar: false),
        fixed("allergens", ["allergens", "what allergens", "any allergens", "what are the allergens", "allergens in it"],
              ru: ["аллергены", "какие аллергены"], zh: ["过敏原", "有什么过敏原"], .allergens, inFallbackGrammar: false),
        // No word alone: a real person's "right" was taken for "light", one letter off.
        fixed("what colour", ["what colour is this", "what color is this", "what colour is it", "what color is it",
                              "what colour", "what color"],
              ru: ["какого цвета", "какой цвет", "цвет"], zh: ["什么颜色", "这是什么颜色", "颜色"], .colour, inFallbackGrammar: false),
        fixed("is the light on", ["is the light on", "are the lights on", "is it dark", "how bright is it", "light level"],
              ru: ["свет горит", "горит свет", "темно ли", "светло ли"], zh: ["灯开着吗", "开灯了吗", "亮度", "光线"], .light, inFallbackGrammar: false),
        fixed("continuous", ["continuous", "continuous scanning", "continuous mode", "scan continuously",
                             "enable continuous mode"],
              ru: ["непрерывно", "непрерывный обзор", "непрерывный режим"], zh: ["连续扫描", "连续模式", "连续"], .continuous),
        fixed("on demand", ["on demand", "on demand scanning", "on demand mode", "switch to on demand detection"],
              ru: ["по запросу", "обзор по запросу"], zh: ["按需扫描", "按需模式", "按需"], .onDemand),
        fixed("walk", ["walk", "walk mode", "walking", "walking mode", "start walking", "navigate", "navigation",
                       "guide me"],
              ru: ["ходьба", "режим ходьбы", "иду", "веди меня", "навигация"], zh: ["步行", "步行模式", "导航", "带我走"],
              .walk),
        taking(.object, "stop alerting", ["stop alerting", "stop alerting me to", "stop alerting me about",
                                          "do not alert", "dont alert", "no alerts for"],
               ru: ["не предупреждай о", "не предупреждай про", "не предупреждай"],
               zh: ["停止提醒", "不要提醒"]) { words($0).map(AssistantCommand.stopAlerting) },
        taking(.object, "stop ignoring", ["stop ignoring", "notice", "unignore"],
               ru: ["не игнорируй", "замечай"], zh: ["不再忽略", "取消忽略"]) { words($0).map(AssistantCommand.stopIgnoring) },
        // The parser and the grammar drop apostrophes: "i'm" is matched as "im".
        fixed("i'm ok", ["im ok", "i am ok", "im okay", "i am okay", "im fine", "i am fine", "im all right",
                         "i am all right", "false alarm"],
              ru: ["я в порядке", "всё в порядке", "все в порядке", "я цел", "ложная тревога"],
              zh: ["我没事", "我很好", "没事", "误报"], .imOK),
        fixed("stop", ["stop", "cancel", "quiet", "silence", "be quiet", "shut up", "stop it", "stop everything"],
              ru: ["стоп", "хватит", "отмена", "тихо", "остановись"], zh: ["停止", "停", "取消", "安静"], .stop),
        fixed("pause", ["pause", "wait", "hold on"], ru: ["пауза", "подожди"], zh: ["暂停", "等一下"], .pause),
        fixed("resume", ["resume", "continue", "go on", "carry on"], ru: ["продолжай", "дальше говори", "продолжить"],
              zh: ["继续", "恢复"], .resume),
        fixed("repeat", ["repeat", "say again", "say that again", "again", "repeat that", "pardon"],
              ru: ["повтори", "ещё раз", "еще раз"], zh: ["重复", "再说一遍"], .repeatLast),
        fixed("next", ["next", "next sentence", "forward", "skip"], ru: ["дальше", "следующее", "вперёд", "вперед"],
              zh: ["下一句", "下一个"], .next),
        fixed("back", ["back", "previous", "go back", "previous sentence"], ru: ["назад", "предыдущее"],
              zh: ["上一句", "返回", "后退"], .back),
        fixed("louder", ["louder", "volume up", "speak up", "increase volume"], ru: ["громче"], zh: ["大声", "大声点", "音量加大"], .louder),
        fixed("quieter", ["quieter", "softer", "volume down", "decrease volume"], ru: ["тише"], zh: ["小声", "小声点", "音量减小"], .quieter),
        fixed("faster", ["faster", "speak faster", "speed up"], ru: ["быстрее"], zh: ["快一点", "快点", "加快"], .faster),
        fixed("slower", ["slower", "speak slower", "slow down"], ru: ["медленнее"], zh: ["慢一点", "慢点", "放慢"], .slower),
        taking(.language, "language", ["language", "speak", "switch to", "change language to", "set language to"],
               ru: ["язык", "говори по", "переключи на"], zh: ["语言", "切换到", "说"]) { value in
            if case .language(let language) = value { return .language(language) }
            return nil
        },
        taking(.object, "alert me to", ["alert me to", "alert me about", "warn me about", "warn me of", "alert",
                                        "enable alerts for", "enable"],
               ru: ["предупреждай о", "предупреждай про", "предупреждай"], zh: ["提醒我", "警报"]) {
            words($0).map(AssistantCommand.alertMe)
        },
        taking(.object, "ignore", ["ignore", "do not announce", "dont announce"], ru: ["игнорируй", "не называй"],
               zh: ["忽略"]) { words($0).map(AssistantCommand.ignore) },
        taking(.number, "confidence", ["confidence", "set confidence to", "confidence threshold", "threshold"],
               ru: ["уверенность", "порог"], zh: ["置信度", "阈值"]) { value in
            guard case .number(let number) = value else { return nil }
            let fraction = number > 1 ? number / 100 : number
            return (0...1).contains(fraction) ? .confidence(fraction) : nil
        },
        taking(.onOff, "battery saver", ["battery saver", "battery saver mode", "power saver"],
               ru: ["экономия батареи", "экономия"], zh: ["省电模式", "省电"]) { value in
            guard case .flag(let on) = value else { return nil }
            return .batterySaver(on)
        },
        fixed("recent", ["what did you detect recently", "what did you detect", "what did you see recently",
                         "recent detections", "recently", "history", "what was that"],
              ru: ["что ты видел", "что было недавно", "история", "недавние"], zh: ["最近检测到什么", "最近看到什么", "历史"],
              .recentDetections),
        fixed("usage", ["usage", "usage statistics", "my usage", "show my usage stats", "statistics", "stats"],
              ru: ["статистика", "использование"], zh: ["使用统计", "统计"], .usage),
        fixed("help", ["help", "what can i say", "commands", "what can you do"], ru: ["помощь", "помоги", "справка"],
              zh: ["帮助", "帮忙"], .help),
        fixed("tutorial", ["tutorial", "teach me", "training", "how does this work"], ru: ["обучение", "урок"],
              zh: ["教程", "教学"], .tutorial),
        // After "tutorial": "teach me" is the tutorial, "teach my keys" teaching.
        taking(.ownObject, "teach", ["teach", "teach you", "learn what", "remember what"],
               ru: ["запомни", "выучи", "научись узнавать"], zh: ["学习", "记住", "认识一下"]) {
            words($0).map(AssistantCommand.teach)
        },
        taking(.ownObject, "forget", ["forget"], ru: ["забудь"], zh: ["忘记", "忘掉"]) { words($0).map(AssistantCommand.forget) },
        fixed("what have you learned", ["what have you learned", "what have you learnt", "what did you learn",
                                         "what do you know", "my things"],
              ru: ["что ты запомнил", "что ты выучил", "что ты знаешь", "мои вещи"],
              zh: ["你学会了什么", "你记住了什么", "我的东西"], .whatHaveYouLearned),
        fixed("listen", ["listen"], ru: ["слушай"], zh: ["听"], .listen),
        fixed("quit", ["quit", "exit", "goodbye", "bye", "close beacon", "turn off"], ru: ["выход", "выйти", "до свидания", "пока"],
              zh: ["退出", "再见"], .quit),
    ]

    /// Names of the languages, in each language, for "language Russian" / "язык русский" / "语言中文".
    public static let languageNames: [String: TextLanguage] = [
        "english": .english, "английский": .english, "по-английски": .english, "по английски": .english,
        "английски": .english, "英语": .english, "英文": .english,
        "russian": .russian, "русский": .russian, "по-русски": .russian, "по русски": .russian, "русски": .russian,
        "俄语": .russian, "俄文": .russian,
        "chinese": .chinese, "mandarin": .chinese, "китайский": .chinese, "по-китайски": .chinese,
        "по китайски": .chinese, "китайски": .chinese, "中文": .chinese, "汉语": .chinese, "普通话": .chinese,
    ]

    public static let onWords: Set<String> = ["on", "enable", "enabled", "yes", "вкл", "включи", "включить", "开", "开启", "打开"]
    public static let offWords: Set<String> = ["off", "disable", "disabled", "no", "выкл", "выключи", "выключить", "关", "关闭"]

    /// Number words a recogniser returns ("confidence sixty"), and their values.
    public static let numberWords: [String: Double] = [
        "zero": 0, "ten": 10, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
        "eighty": 80, "ninety": 90, "hundred": 100, "one hundred": 100, "five": 5, "fifteen": 15,
        "twenty five": 25, "thirty five": 35, "forty five": 45, "fifty five": 55, "sixty five": 65,
        "seventy five": 75, "eighty five": 85, "ninety five": 95,
    ]
}
