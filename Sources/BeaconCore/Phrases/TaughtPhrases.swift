/// What teaching and finding a person's own things says: the guided teaching, what was learned and forgotten, and
/// the taught thing's name in a report ("Your keys, 1 metre, two o'clock.").
public struct TaughtPhrases: PhraseTable {
    public init() {}

    public let holdUp = PhraseTemplate("Teaching {name}. Hold it up in front of the camera and turn it slowly.",
                                       ru: "Запоминаю: {name}. Держите предмет перед камерой и медленно поворачивайте.",
                                       zh: "正在学习{name}。把它举在镜头前，慢慢转动。")
    public let blurred = PhraseTemplate("Blurred; hold still.", ru: "Размыто; держите неподвижно.", zh: "模糊了，请拿稳。")
    public let tooSmall = PhraseTemplate("Too small; hold it closer.", ru: "Слишком мелко; поднесите ближе.",
                                         zh: "太小了，请拿近一点。")
    public let cutOff = PhraseTemplate("Cut off; hold it in the middle.", ru: "Обрезано; держите в центре.",
                                       zh: "被切掉了，请放在画面中间。")
    public let sameAsBefore = PhraseTemplate("Same view; turn it.", ru: "Тот же вид; поверните.", zh: "角度一样，请转动它。")
    /// Shown (not said) by a teaching job at a terminal, beside the earcon a kept view gets.
    public let viewKept = PhraseTemplate("View {count} kept.", ru: "Вид {count} сохранён.", zh: "已记下第{count}个角度。")
    public let putDown = PhraseTemplate("Now put it down somewhere else and point the camera at it.",
                                        ru: "Теперь положите его в другое место и направьте на него камеру.",
                                        zh: "现在把它放到别处，用镜头对准它。")
    public let learned = PhraseTemplate("{name} learned from {count} views.", ru: "{name}: запомнено, видов: {count}.",
                                        zh: "已学会{name}，共{count}个角度。")
    public let learnedFromOne = PhraseTemplate("{name} learned from one view.", ru: "{name}: запомнено, видов: 1.",
                                               zh: "已学会{name}，共1个角度。")
    /// "Keys learned from 4 views." or "… from one view."
    public func learned(views: Int) -> PhraseTemplate { views == 1 ? learnedFromOne : learned }
    public let nothingLearned = PhraseTemplate("Nothing learned for {name}; try again closer, in good light.",
                                               ru: "{name}: ничего не запомнено; попробуйте ближе, при хорошем свете.",
                                               zh: "没有学会{name}；请在光线好的地方靠近再试。")
    public let notSaved = PhraseTemplate("Not saved; the data folder cannot be written.",
                                         ru: "Не сохранено: папка данных недоступна для записи.", zh: "没有保存：数据文件夹无法写入。")
    public let forgotten = PhraseTemplate("{name} forgotten.", ru: "{name}: забыто.", zh: "已忘记{name}。")
    public let neverTaught = PhraseTemplate("Nothing called {name} was learned.", ru: "Предмет «{name}» не запоминался.",
                                            zh: "没有学过{name}。")
    /// `{list}` is "keys, 4 views; mug, 1 view".
    public let list = PhraseTemplate("Learned: {list}.", ru: "Запомнено: {list}.", zh: "已学会：{list}。")
    public let listItem = PhraseTemplate("{name}, {count} {count:view|views}", ru: "{name}, {count} {count:вид|вида|видов}",
                                         zh: "{name}，{count}个角度")
    public let nothingYet = PhraseTemplate("Nothing learned yet; say teach my keys.",
                                           ru: "Пока ничего не запомнено; скажите «запомни мои ключи».",
                                           zh: "还没有学过东西；请说“学习我的钥匙”。")
    public let sayWhat = PhraseTemplate("Say what to teach: teach my keys.", ru: "Скажите, что запомнить: «запомни мои ключи».",
                                        zh: "请说要学什么：“学习我的钥匙”。")
    /// Why a view was not kept, as said while teaching; nil for a view that was.
    public func remark(for outcome: TeachingOutcome) -> PhraseTemplate? {
        switch outcome {
        case .kept: nil
        case .blurred: blurred
        case .tooSmall: tooSmall
        case .cutOff: cutOff
        case .sameAsBefore: sameAsBefore
        }
    }

    /// A taught thing named in a report or a search.
    public let yours = PhraseTemplate("your {name}", ru: "{name}, ваш предмет", zh: "你的{name}")

    /// "Learned: keys, 4 views; mug, 5 views.", in the phrasebook's language; nil when nothing was learned (what to
    /// say then differs: the assistant suggests "teach my keys", `beacon teach --list` does not).
    public func learnedList(_ things: [TaughtSummary], in book: Phrasebook) -> String? {
        guard !things.isEmpty else { return nil }
        let separator = book.language == .chinese ? "；" : "; "
        let list = things.map { book.say(listItem, ["name": $0.name, "count": String($0.views)]) }.joined(separator: separator)
        return book.say(self.list, ["list": list])
    }
}
