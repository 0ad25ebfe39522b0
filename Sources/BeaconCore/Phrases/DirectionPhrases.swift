/// The words for where something is: clock hours, the centre, up and down, and where a target was last seen.
/// Fragments, not sentences: they are put into the sentences of other tables.
public struct DirectionPhrases: PhraseTable {
    public init() {}

    // MARK: Clock hours, as orientation and mobility instructors give them
    // Russian "на два часа", the way Russian speakers give a bearing; Chinese 两点钟方向, not 二.
    public let oneOClock = PhraseTemplate("one o'clock", ru: "на час", zh: "一点钟方向")
    public let twoOClock = PhraseTemplate("two o'clock", ru: "на два часа", zh: "两点钟方向")
    public let threeOClock = PhraseTemplate("three o'clock", ru: "на три часа", zh: "三点钟方向")
    public let fourOClock = PhraseTemplate("four o'clock", ru: "на четыре часа", zh: "四点钟方向")
    public let fiveOClock = PhraseTemplate("five o'clock", ru: "на пять часов", zh: "五点钟方向")
    public let sixOClock = PhraseTemplate("six o'clock", ru: "на шесть часов", zh: "六点钟方向")
    public let sevenOClock = PhraseTemplate("seven o'clock", ru: "на семь часов", zh: "七点钟方向")
    public let eightOClock = PhraseTemplate("eight o'clock", ru: "на восемь часов", zh: "八点钟方向")
    public let nineOClock = PhraseTemplate("nine o'clock", ru: "на девять часов", zh: "九点钟方向")
    public let tenOClock = PhraseTemplate("ten o'clock", ru: "на десять часов", zh: "十点钟方向")
    public let elevenOClock = PhraseTemplate("eleven o'clock", ru: "на одиннадцать часов", zh: "十一点钟方向")
    public let twelveOClock = PhraseTemplate("twelve o'clock", ru: "на двенадцать часов", zh: "十二点钟方向")

    /// The twelve hours, one o'clock first.
    public var hours: [PhraseTemplate] {
        [oneOClock, twoOClock, threeOClock, fourOClock, fiveOClock, sixOClock, sevenOClock, eightOClock, nineOClock,
         tenOClock, elevenOClock, twelveOClock]
    }

    // MARK: In the picture
    /// Within the centre corridor on both axes.
    public let centred = PhraseTemplate("centred", ru: "по центру", zh: "正中间")
    /// Above the middle: tilt up. Said after the hour: "twelve o'clock, up".
    public let up = PhraseTemplate("up", ru: "выше", zh: "偏上")
    public let down = PhraseTemplate("down", ru: "ниже", zh: "偏下")

    // MARK: Where it was last seen, horizontal first since people turn before they tilt
    public let toYourLeft = PhraseTemplate("to your left", ru: "слева", zh: "左边")
    public let toYourRight = PhraseTemplate("to your right", ru: "справа", zh: "右边")
    public let highUp = PhraseTemplate("high up", ru: "вверху", zh: "上方")
    public let lowDown = PhraseTemplate("low down", ru: "внизу", zh: "下方")
    public let straightAhead = PhraseTemplate("straight ahead", ru: "прямо впереди", zh: "正前方")
}

/// Amounts with their units. Fragments put into sentences; `{count}` is digits (or an English number word), and the
/// unit agrees with it.
public struct QuantityPhrases: PhraseTable {
    public init() {}

    public let halfAMetre = PhraseTemplate("half a metre", ru: "полметра", zh: "半米")
    public let metres = PhraseTemplate("{count} {count:metre|metres}", ru: "{count} {count:метр|метра|метров}",
                                       zh: "{count}米")
    public let oneAndAHalfMetres = PhraseTemplate("1.5 metres", ru: "полтора метра", zh: "一米半")
    /// `{count}` is the whole metres: 2 gives "2.5 metres", "2 с половиной метра", "两米半".
    public let metresAndAHalf = PhraseTemplate("{count}.5 metres", ru: "{count} с половиной {count:метра|метра|метров}",
                                               zh: "{count}米半")
    /// Feet, for people who set distance-unit to feet: whole feet, as exact as the estimates are.
    public let feet = PhraseTemplate("{count} {count:foot|feet}", ru: "{count} {count:фут|фута|футов}", zh: "{count}英尺")
    /// An estimate (from a box's size) is said as one.
    public let about = PhraseTemplate("about {distance}", ru: "примерно {distance}", zh: "大约{distance}")
    /// How long, as in "after two minutes" (Russian accusative: "через две минуты").
    public let seconds = PhraseTemplate("{count} {count:second|seconds}", ru: "{count} {count:секунду|секунды|секунд}",
                                        zh: "{count}秒")
    public let minutes = PhraseTemplate("{count} {count:minute|minutes}", ru: "{count} {count:минуту|минуты|минут}",
                                        zh: "{count}分钟")
}
