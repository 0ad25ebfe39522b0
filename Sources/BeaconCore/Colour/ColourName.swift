/// A colour name a person uses, in Beacon's three languages, and where it sits among colours.
///
/// Where a name sits is the sRGB colour most people gave that name in Randall Munroe's colour survey (xkcd, 2010,
/// CC0: 222,500 people naming random colours on their own screens); the table below is written from its published
/// results. The basic terms (Berlin and Kay's eleven) come with light and dark forms and the common names people
/// use for clothes and things (beige, navy, maroon, turquoise …). Russian keeps синий (blue) and голубой (light
/// blue) apart, as Russian speakers do: they are two colours, not two shades.
public struct ColourName: Sendable, Hashable, Codable {
    /// The English name, also the key in JSON.
    public let english: String
    public let russian: String
    public let chinese: String
    /// The basic colour term this name belongs to, for judging a name against a plain description ("navy" is blue).
    public let basic: Basic
    /// The survey's sRGB colour for the name.
    public let red: UInt8, green: UInt8, blue: UInt8

    public enum Basic: String, Sendable, Hashable, Codable, CaseIterable {
        case black, white, grey, red, orange, yellow, green, blue, purple, pink, brown

        /// The families without a hue.
        public static let colourless: Set<Basic> = [.black, .white, .grey]
    }

    public func name(in language: TextLanguage) -> String {
        switch language {
        case .english: english
        case .russian: russian
        case .chinese: chinese
        }
    }

    init(_ english: String, _ russian: String, _ chinese: String, _ basic: Basic, _ hex: UInt32) {
        self.english = english
        self.russian = russian
        self.chinese = chinese
        self.basic = basic
        red = UInt8(hex >> 16 & 0xFF)
        green = UInt8(hex >> 8 & 0xFF)
        blue = UInt8(hex & 0xFF)
    }

    /// Every name, colourless ones first.
    public static let all: [ColourName] = [
        ColourName("black", "чёрный", "黑色", .black, 0x000000),
        ColourName("dark grey", "тёмно-серый", "深灰色", .grey, 0x363737),
        ColourName("grey", "серый", "灰色", .grey, 0x929591),
        ColourName("light grey", "светло-серый", "浅灰色", .grey, 0xD8DCD6),
        ColourName("white", "белый", "白色", .white, 0xFFFFFF),
        ColourName("red", "красный", "红色", .red, 0xE50000),
        ColourName("dark red", "тёмно-красный", "深红色", .red, 0x840000),
        ColourName("maroon", "бордовый", "栗色", .red, 0x650021),
        ColourName("coral", "коралловый", "珊瑚色", .red, 0xFC5A50),
        ColourName("pink", "розовый", "粉红色", .pink, 0xFF81C0),
        ColourName("light pink", "светло-розовый", "浅粉色", .pink, 0xFFD1DF),
        ColourName("magenta", "пурпурный", "洋红色", .pink, 0xC20078),
        ColourName("orange", "оранжевый", "橙色", .orange, 0xF97306),
        ColourName("peach", "персиковый", "桃色", .orange, 0xFFB07C),
        ColourName("brown", "коричневый", "棕色", .brown, 0x653700),
        ColourName("tan", "светло-коричневый", "棕褐色", .brown, 0xD1B26F),
        ColourName("beige", "бежевый", "米色", .brown, 0xE6DAA6),
        ColourName("khaki", "хаки", "卡其色", .brown, 0xAAA662),
        ColourName("cream", "кремовый", "奶油色", .white, 0xFFFFC2),
        ColourName("yellow", "жёлтый", "黄色", .yellow, 0xFFFF14),
        ColourName("light yellow", "светло-жёлтый", "浅黄色", .yellow, 0xFFFE7A),
        ColourName("mustard", "горчичный", "芥末黄", .yellow, 0xCEB301),
        ColourName("gold", "золотистый", "金色", .yellow, 0xDBB40C),
        ColourName("lime green", "салатовый", "青柠绿", .green, 0xAAFF32),
        ColourName("light green", "светло-зелёный", "浅绿色", .green, 0x96F97B),
        ColourName("green", "зелёный", "绿色", .green, 0x15B01A),
        ColourName("dark green", "тёмно-зелёный", "深绿色", .green, 0x033500),
        ColourName("olive", "оливковый", "橄榄色", .green, 0x6E750E),
        ColourName("teal", "сине-зелёный", "青色", .blue, 0x029386),
        ColourName("turquoise", "бирюзовый", "绿松石色", .blue, 0x06C2AC),
        ColourName("light blue", "голубой", "浅蓝色", .blue, 0x95D0FC),
        ColourName("blue", "синий", "蓝色", .blue, 0x0343DF),
        ColourName("navy", "тёмно-синий", "藏青色", .blue, 0x01153E),
        ColourName("lavender", "лавандовый", "淡紫色", .purple, 0xC79FEF),
        ColourName("purple", "фиолетовый", "紫色", .purple, 0x7E1E9C),
    ]

    /// The name called `english`, or nil.
    public static func named(_ english: String) -> ColourName? { all.first { $0.english == english } }
}
