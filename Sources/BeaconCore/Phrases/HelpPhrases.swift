/// Help about where the person is, and a tutorial that walks through each job once. Spoken, offline, and short: the
/// two or three commands and keys that matter in each mode, the mode's name first so the person knows where they are.
///
/// Keys are single letters in every language (they are the keys on the keyboard); the commands are quoted the way
/// `CommandTable` understands them in that language.
public struct HelpPhrases: PhraseTable {
    /// What the person is doing when they ask for help.
    public enum Mode: Sendable, Hashable, CaseIterable {
        case idle
        case findObject
        case findText
        case read
        case explore
        case continuousScanning
        case onDemandScanning
        case walking
        case askingForHelp
        case teaching
        case light
        case code
        case shortText
    }

    public init() {}

    // MARK: Help, one per mode
    public let idle = PhraseTemplate(
        "Say find and an object, read, explore, or what is this; press v to talk, h for help.",
        ru: "Скажите «найди» и предмет, «читай», «осмотрись» или «что это»; v — говорить, h — помощь.",
        zh: "请说“寻找”加物体名称、“阅读”、“探索”或“这是什么”；按v说话，按h听帮助。")
    public let findObject = PhraseTemplate(
        "Finding: beeps quicken as it nears the middle; space where is it, p pause, s stop.",
        ru: "Поиск: сигналы чаще, когда предмет ближе к центру; пробел — где он, p — пауза, s — стоп.",
        zh: "寻找物体：越接近中间，提示音越快；空格问位置，p暂停，s停止。")
    public let findText = PhraseTemplate(
        "Finding text: beeps lead you to the words; space where is it, r repeat, s stop.",
        ru: "Поиск надписи: сигналы ведут к ней; пробел — где она, r — повтор, s — стоп.",
        zh: "寻找文字：提示音引导你找到文字；空格问位置，r重复，s停止。")
    public let read = PhraseTemplate(
        "In reading: n next, b back, space pause; say stop to end.",
        ru: "Чтение: n — дальше, b — назад, пробел — пауза; скажите «стоп», чтобы закончить.",
        zh: "阅读中：n下一句，b上一句，空格暂停；说“停止”结束。")
    public let explore = PhraseTemplate(
        "Exploring: turn slowly to hear what is around you; c scan now, s stop.",
        ru: "Обзор: медленно поворачивайтесь и слушайте, что вокруг; c — сканировать, s — стоп.",
        zh: "探索：慢慢转动，听听周围有什么；c立即扫描，s停止。")
    public let continuousScanning = PhraseTemplate(
        "Continuous scanning: new objects are named as they appear; c scan now, or say on demand for quiet.",
        ru: "Непрерывный обзор: называю новые предметы, как только они появятся; c — сканировать, «по запросу» — тишина.",
        zh: "连续扫描：新出现的物体会马上说出来；c立即扫描，说“按需扫描”可以安静下来。")
    public let onDemandScanning = PhraseTemplate(
        "On demand: press c or say scan now to hear what is ahead; say continuous to hear everything.",
        ru: "Обзор по запросу: нажмите c или скажите «сканируй», чтобы узнать, что впереди; «непрерывно» — слышать всё.",
        zh: "按需扫描：按c或说“扫描”，听听前面有什么；说“连续扫描”可以听到所有物体。")

    public let walking = PhraseTemplate(
        "In walking: beeps quicken as things come near, words name walls, obstacles and stairs; p pause, s stop.",
        ru: "Ходьба: сигналы чаще, когда препятствие ближе, голос называет стены, препятствия и лестницы; p — пауза, s — стоп.",
        zh: "步行中：东西越近，提示音越快，语音会说出墙、障碍和楼梯；p暂停，s停止。")

    public let teaching = PhraseTemplate(
        "Teaching: turn it slowly in front of the camera, then put it down elsewhere; stop ends with what was learned.",
        ru: "Запоминание: медленно поворачивайте предмет перед камерой, потом положите в другое место; «стоп» сохранит запомненное.",
        zh: "正在学习：在镜头前慢慢转动它，再把它放到别处；说“停止”会保存已学到的。")
    public let askingForHelp = PhraseTemplate(
        "Asking a helper: photos every 2 seconds, then beeps lead to the mark; say found it or stop sharing.",
        ru: "Просьба о помощи: снимок уходит каждые 2 секунды, потом сигналы ведут к отметке; скажите «нашла» или «отмени помощь», чтобы закончить.",
        zh: "正在求助：每2秒发送一张照片，然后提示音引导你找到标记；说“找到了”或“取消求助”结束。")

    // MARK: Help on the phone: its buttons, not the terminal's keys
    public let phoneIdle = PhraseTemplate(
        "Tap Find, Read, Explore, Walk, What is this, Colour, Light or Short text, or tap Talk and say a command; Stop is always on screen.",
        ru: "Нажмите „Найти“, „Читать“, „Обзор“, „Идти“, „Что это“, „Цвет“, „Свет“ или „Короткий текст“ либо „Говорить“ и скажите команду; „Стоп“ всегда на экране.",
        zh: "点【寻找】【阅读】【探索】【步行】【这是什么】【颜色】【光线】或【短文本】，或点【说话】说出命令；【停止】一直在屏幕上。")
    public let phoneFindObject = PhraseTemplate(
        "Finding: beeps quicken as it nears the middle; tap Find again or Stop to end.",
        ru: "Поиск: сигналы чаще, когда предмет ближе к центру; нажмите „Найти“ ещё раз или „Стоп“, чтобы закончить.",
        zh: "寻找物体：越接近中间，提示音越快；再点【寻找】或点【停止】结束。")
    public let phoneFindText = PhraseTemplate(
        "Finding text: beeps lead you to the words; tap Find again or Stop to end.",
        ru: "Поиск надписи: сигналы ведут к ней; нажмите „Найти“ ещё раз или „Стоп“, чтобы закончить.",
        zh: "寻找文字：提示音引导你找到文字；再点【寻找】或点【停止】结束。")
    public let phoneRead = PhraseTemplate(
        "In reading: tap Talk and say next, back or pause; tap Stop to end.",
        ru: "Чтение: нажмите „Говорить“ и скажите «дальше», «назад» или «пауза»; „Стоп“ — закончить.",
        zh: "阅读中：点【说话】说“下一句”“上一句”或“暂停”；点【停止】结束。")
    public let phoneExplore = PhraseTemplate(
        "Exploring: turn slowly to hear what is around you; tap Stop to end.",
        ru: "Обзор: медленно поворачивайтесь и слушайте, что вокруг; „Стоп“ — закончить.",
        zh: "探索：慢慢转动，听听周围有什么；点【停止】结束。")
    public let phoneWalking = PhraseTemplate(
        "In walking: beeps quicken as things come near, words name walls, obstacles and stairs; tap Walk or Stop to end.",
        ru: "Ходьба: сигналы чаще, когда препятствие ближе, голос называет стены, препятствия и лестницы; „Идти“ или „Стоп“ — закончить.",
        zh: "步行中：东西越近，提示音越快，语音会说出墙、障碍和楼梯；点【步行】或【停止】结束。")

    /// The help for `mode` on a phone, which has buttons rather than keys.
    public func phoneHelp(for mode: Mode) -> PhraseTemplate {
        switch mode {
        case .idle, .continuousScanning, .onDemandScanning: phoneIdle
        case .findObject: phoneFindObject
        case .findText: phoneFindText
        case .read: phoneRead
        case .explore: phoneExplore
        case .walking: phoneWalking
        case .askingForHelp: askingForHelp
        case .teaching: teaching
        case .light: phoneLight
        case .code: phoneCode
        case .shortText: phoneShortText
        }
    }

    /// The help for `mode`.
    public func help(for mode: Mode) -> PhraseTemplate {
        switch mode {
        case .idle: idle
        case .findObject: findObject
        case .findText: findText
        case .read: read
        case .explore: explore
        case .continuousScanning: continuousScanning
        case .onDemandScanning: onDemandScanning
        case .walking: walking
        case .askingForHelp: askingForHelp
        case .teaching: teaching
        case .light: light
        case .code: code
        case .shortText: shortText
        }
    }

    public let light = PhraseTemplate(
        "Light mode: the tone rises as the picture brightens; turn to find a window or a lamp; s stop.",
        ru: "Режим света: тон выше, когда светлее; поворачивайтесь, чтобы найти окно или лампу; s — стоп.",
        zh: "光线模式：画面越亮，音调越高；转动寻找窗户或灯；s停止。")
    public let phoneLight = PhraseTemplate(
        "Light mode: the tone rises as the picture brightens; turn to find a window or a lamp; tap Stop to end.",
        ru: "Режим света: тон выше, когда светлее; поворачивайтесь, чтобы найти окно или лампу; „Стоп“ — закончить.",
        zh: "光线模式：画面越亮，音调越高；转动寻找窗户或灯；点【停止】结束。")

    public let code = PhraseTemplate(
        "Barcode search: beats rise as the bars grow and centre; turn the package slowly, hold still when told; s stop.",
        ru: "Поиск штрихкода: сигналы выше, когда штрихкод ближе и в центре; медленно поворачивайте упаковку; s — стоп.",
        zh: "寻找条码：条码越大越居中，提示音越高；慢慢转动包装；s停止。")
    public let phoneCode = PhraseTemplate(
        "Barcode search: beats rise as the bars grow and centre; turn the package slowly, hold still when told; tap Stop to end.",
        ru: "Поиск штрихкода: сигналы выше, когда штрихкод ближе и в центре; медленно поворачивайте упаковку; „Стоп“ — закончить.",
        zh: "寻找条码：条码越大越居中，提示音越高；慢慢转动包装；点【停止】结束。")

    public let shortText = PhraseTemplate(
        "Short text: each new line in view is read once; move the camera slowly across signs and labels; s stop.",
        ru: "Короткий текст: каждая новая строка читается один раз; медленно ведите камерой по надписям; s — стоп.",
        zh: "短文本：每行新文字读一次；慢慢移动镜头扫过标牌和标签；s停止。")
    public let phoneShortText = PhraseTemplate(
        "Short text: each new line in view is read once; move the phone slowly across signs and labels; tap Stop to end.",
        ru: "Короткий текст: каждая новая строка читается один раз; медленно ведите телефоном по надписям; „Стоп“ — закончить.",
        zh: "短文本：每行新文字读一次；慢慢移动手机扫过标牌和标签；点【停止】结束。")

    // MARK: Tutorial: one step per job, in the order a newcomer needs them
    public let tutorialStart = PhraseTemplate(
        "Tutorial, eight short steps: n next, b back, s to leave.",
        ru: "Обучение, восемь коротких шагов: n — дальше, b — назад, s — выйти.",
        zh: "教程，共八步：n下一步，b上一步，s退出。")
    public let tutorialFind = PhraseTemplate(
        "Step one, finding: say find cup, or press v first. Beeps quicken as the cup nears the middle and brighten when it is centred.",
        ru: "Шаг первый, поиск: скажите «найди чашку», можно сначала нажать v. Сигналы чаще, когда чашка ближе к центру, и звонче, когда она по центру.",
        zh: "第一步，寻找：说“寻找杯子”，也可以先按v。杯子越接近中间，提示音越快；到正中间时声音更清脆。")
    public let tutorialFindText = PhraseTemplate(
        "Step two, signs: say find text and the word, like find text exit; the same beeps lead you to it.",
        ru: "Шаг второй, надписи: скажите «найди текст» и слово, например «найди текст выход»; те же сигналы приведут к ней.",
        zh: "第二步，找标志：说“寻找文字”加上要找的字，比如“寻找文字出口”；同样的提示音会带你找到它。")
    public let tutorialRead = PhraseTemplate(
        "Step three, reading: hold a page in front of the camera and say read; n next, b back, space pause.",
        ru: "Шаг третий, чтение: держите страницу перед камерой и скажите «читай»; n — дальше, b — назад, пробел — пауза.",
        zh: "第三步，阅读：把纸放在摄像头前，说“阅读”；n下一句，b上一句，空格暂停。")
    public let tutorialExplore = PhraseTemplate(
        "Step four, exploring: say explore or press e, and turn slowly; Beacon names what it sees and where.",
        ru: "Шаг четвёртый, обзор: скажите «осмотрись» или нажмите e и медленно поворачивайтесь; Beacon назовёт, что видит и где.",
        zh: "第四步，探索：说“探索”或按e，然后慢慢转动；Beacon会说出看到了什么、在哪里。")
    public let tutorialScanning = PhraseTemplate(
        "Step five, questions: say what is this, what colour, or is the light on, or press i, o or g; short text, or x, reads signs as they come into view; continuous names new objects.",
        ru: "Шаг пятый, вопросы: скажите «что это» — про штрихкод или предмет перед камерой, «какого цвета» или «свет горит»; или нажмите i, o или g. «Короткий текст» или x — читать надписи, как только они видны. «Непрерывно» — слышать новые предметы сразу.",
        zh: "第五步，提问：说“这是什么”，听条形码或面前的东西；说“什么颜色”或“灯开着吗”；也可以按i、o、g。说“短文本”或按x，看到标牌就读出来。说“连续扫描”，新物体一出现就告诉你。")
    public let tutorialHazards = PhraseTemplate(
        "Step six, hazards: warnings come first, like caution, bicycle, close, one o'clock; say alert me to and an object to add one.",
        ru: "Шаг шестой, опасности: предупреждения звучат первыми, например: осторожно, велосипед, близко, на час; скажите «предупреждай о» и предмет, чтобы добавить.",
        zh: "第六步，危险：警告总是最先说，比如：注意，自行车，很近，一点钟方向；说“提醒我”加物体名称可以添加。")
    public let tutorialSettings = PhraseTemplate(
        "Step seven, settings by voice: say louder, quieter, faster, slower, or language Russian; the plus and minus keys change the volume.",
        ru: "Шаг седьмой, настройки голосом: скажите «громче», «тише», «быстрее», «медленнее» или «язык английский»; клавиши плюс и минус меняют громкость.",
        zh: "第七步，语音设置：说“大声”、“小声”、“快一点”、“慢一点”，或者“语言英语”；加号和减号键调节音量。")
    public let tutorialStopAndRepeat = PhraseTemplate(
        "Step eight, stop and repeat: s or Escape stops everything at once, r repeats the last message, h helps where you are. That is all; say tutorial to hear it again.",
        ru: "Шаг восьмой, стоп и повтор: s сразу останавливает всё, r повторяет последнее сообщение, h подсказывает, что можно сделать здесь. Это всё; скажите «обучение», чтобы прослушать снова.",
        zh: "第八步，停止和重复：s立即停止一切，r重复上一句，h告诉你当前能做什么。教程结束；说“教程”可以再听一遍。")

    /// The tutorial's steps in order, after `tutorialStart`.
    public var tutorial: [PhraseTemplate] {
        [tutorialFind, tutorialFindText, tutorialRead, tutorialExplore, tutorialScanning, tutorialHazards,
         tutorialSettings, tutorialStopAndRepeat]
    }
}
