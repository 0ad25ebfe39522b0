/// What the assistant itself says: modes, answers, confirmations, refusals. Short, most important word first.
public struct AssistantPhrases: PhraseTable {
    public init() {}

    // MARK: Modes
    public let ready = PhraseTemplate("Beacon ready.", ru: "Beacon готов.", zh: "Beacon 已就绪。")
    public let stopped = PhraseTemplate("Stopped.", ru: "Остановлено.", zh: "已停止。")
    public let paused = PhraseTemplate("Paused.", ru: "Пауза.", zh: "已暂停。")
    public let resumed = PhraseTemplate("Resumed.", ru: "Продолжаю.", zh: "继续。")
    public let nothingPaused = PhraseTemplate("Nothing is paused.", ru: "Ничего не на паузе.", zh: "没有暂停的任务。")
    public let reading = PhraseTemplate("Reading.", ru: "Читаю.", zh: "正在阅读。")
    public let exploring = PhraseTemplate("Exploring.", ru: "Осматриваюсь.", zh: "正在探索。")
    public let lookingFor = PhraseTemplate("Looking for {object}.", ru: "Ищу: {object}.", zh: "正在寻找{object}。")
    public let lookingForText = PhraseTemplate("Looking for the text {text}.", ru: "Ищу текст {text}.",
                                               zh: "正在寻找文字{text}。")
    public let continuous = PhraseTemplate("Continuous scanning.", ru: "Непрерывный обзор.", zh: "连续扫描。")
    public let onDemand = PhraseTemplate("On demand; say scan now.", ru: "Обзор по запросу; скажите «сканируй».",
                                         zh: "按需扫描；请说“扫描”。")
    public let goodbye = PhraseTemplate("Goodbye.", ru: "До свидания.", zh: "再见。")

    // MARK: Scene
    /// One object in a report or an announcement: "Chair, about 2 metres, two o'clock." The distance comes before
    /// the direction, as the issue words it ("Cup, 1 metre, two o'clock."): how far decides whether to reach, walk or
    /// wait, and the direction is what a hand or a turn acts on last.
    public let object = PhraseTemplate("{object}, {distance}, {direction}.", ru: "{object}, {distance}, {direction}.",
                                       zh: "{object}，{distance}，{direction}。")
    /// The same without a distance (a class with no size prior, a box that bounds nothing).
    public let objectAt = PhraseTemplate("{object}, {direction}.", ru: "{object}, {direction}.", zh: "{object}，{direction}。")
    public let hazardAt = PhraseTemplate("Caution: {object}, {direction}.", ru: "Осторожно: {object}, {direction}.",
                                         zh: "注意：{object}，{direction}。")
    public let nothingRecognised = PhraseTemplate(
        "Nothing recognised; try more light or another direction.",
        ru: "Ничего не распознано; добавьте света или поверните камеру.",
        zh: "没有识别到物体；请增加光线或换个方向。")
    public let sceneUnclear = PhraseTemplate("Scene unclear; please try again.",
                                             ru: "Плохо видно; попробуйте ещё раз.",
                                             zh: "画面不清楚；请再试一次。")
    /// "Caution: bicycle, close, one o'clock.": name, distance, direction, like every other object.
    public let hazard = PhraseTemplate("Caution: {object}, {distance}, {direction}.",
                                       ru: "Осторожно: {object}, {distance}, {direction}.",
                                       zh: "注意：{object}，{distance}，{direction}。")
    public let approaching = PhraseTemplate("Caution: {object} approaching, {direction}.",
                                            ru: "Осторожно: приближается {object}, {direction}.",
                                            zh: "注意：{object}正在靠近，{direction}。")
    public let close = PhraseTemplate("close", ru: "близко", zh: "很近")

    // MARK: History and usage
    public let noRecentDetections = PhraseTemplate("No recent detections.", ru: "Недавно ничего не замечено.",
                                                   zh: "最近没有检测到物体。")
    public let recentDetections = PhraseTemplate("Recently: {list}.", ru: "Недавно: {list}.", zh: "最近：{list}。")
    /// `{count}` from `Phrasebook.number(_:feminineAccusative: true)`: "одну секунду назад", not "один".
    public let agoSeconds = PhraseTemplate("{object}, {count} {count:second|seconds} ago",
                                           ru: "{object}, {count} {count:секунду|секунды|секунд} назад",
                                           zh: "{object}，{count}秒前")
    public let agoMinutes = PhraseTemplate("{object}, {count} {count:minute|minutes} ago",
                                           ru: "{object}, {count} {count:минуту|минуты|минут} назад",
                                           zh: "{object}，{count}分钟前")
    // Russian as a readout ("минут — 5"): a bare number after its label needs no agreement.
    public let usageToday = PhraseTemplate(
        "Today: {minutes} {minutes:minute|minutes}, {objects} {objects:object|objects} found, {pages} {pages:page|pages} read.",
        ru: "Сегодня: минут — {minutes}, найдено предметов — {objects}, прочитано страниц — {pages}.",
        zh: "今天：{minutes}分钟，找到{objects}个物体，阅读{pages}页。")
    public let usageAll = PhraseTemplate(
        "In all: {minutes} {minutes:minute|minutes}, {objects} {objects:object|objects} found, {pages} {pages:page|pages} read.",
        ru: "Всего: минут — {minutes}, найдено предметов — {objects}, прочитано страниц — {pages}.",
        zh: "总计：{minutes}分钟，找到{objects}个物体，阅读{pages}页。")
    public let noUsage = PhraseTemplate("No usage yet.", ru: "Статистики пока нет.", zh: "还没有使用记录。")

    // MARK: Settings
    public let languageChanged = PhraseTemplate("English.", ru: "Говорю по-русски.", zh: "现在说中文。")
    public let speechSpeed = PhraseTemplate("Speech speed set to {speed}.", ru: "Скорость речи: {speed}.",
                                            zh: "语速：{speed}。")
    public let volume = PhraseTemplate("Volume {percent} percent.", ru: "Громкость {percent} {percent:процент|процента|процентов}.",
                                       zh: "音量百分之{percent}。")
    public let confidence = PhraseTemplate("Confidence {percent} percent.", ru: "Уверенность {percent} {percent:процент|процента|процентов}.",
                                           zh: "置信度百分之{percent}。")
    public let alertOn = PhraseTemplate("Alerts on for {object}.", ru: "Буду предупреждать: {object}.",
                                        zh: "已开启{object}警报。")
    public let alertOff = PhraseTemplate("Alerts off for {object}.", ru: "Не буду предупреждать: {object}.",
                                         zh: "已关闭{object}警报。")
    public let ignoring = PhraseTemplate("Ignoring {object}.", ru: "Не буду называть: {object}.", zh: "忽略{object}。")
    public let settingsReset = PhraseTemplate("Settings back to defaults.", ru: "Настройки сброшены.",
                                              zh: "设置已恢复默认。")
    public let settingsUnreadable = PhraseTemplate("Settings could not be read; starting with defaults.",
                                                   ru: "Не удалось прочитать настройки; начинаю с исходных.",
                                                   zh: "无法读取设置；使用默认设置。")

    // MARK: Refusals
    public let sayAgain = PhraseTemplate("Sorry, say that again.", ru: "Простите, повторите.", zh: "对不起，请再说一遍。")
    public let unknownCommand = PhraseTemplate("Unknown command; say help.", ru: "Не знаю такой команды; скажите «помощь».",
                                               zh: "不认识这个命令；请说“帮助”。")
    public let notSearching = PhraseTemplate("Not searching; say find and an object.",
                                             ru: "Поиск не идёт; скажите «найди» и предмет.",
                                             zh: "没有在寻找；请说“寻找”和物体名称。")
    public let nothingToRepeat = PhraseTemplate("Nothing to repeat yet.", ru: "Пока нечего повторить.",
                                                zh: "还没有可以重复的内容。")
    public let limitReached = PhraseTemplate("{setting} already at {value}.", ru: "{setting}: уже {value}.",
                                             zh: "{setting}已经是{value}。")
    public let noMicrophone = PhraseTemplate("No microphone; type commands instead.",
                                             ru: "Нет микрофона; вводите команды с клавиатуры.",
                                             zh: "没有麦克风；请用键盘输入命令。")
    public let listening = PhraseTemplate("Listening.", ru: "Слушаю.", zh: "请说。")
    public let engineFailed = PhraseTemplate("{engine} failed; try again.", ru: "Сбой: {engine}; попробуйте ещё раз.",
                                             zh: "{engine}出错；请再试一次。")
}
