import Foundation

/// A car's colour as people name it: the handful of names that tell cars apart on a street, no shades.
public enum CarColour: String, Sendable, Hashable, Codable, CaseIterable {
    case white, grey, black, red, blue, green, yellow, orange, brown, beige, purple
    /// Where light grey and silver cannot be told apart (or a matte white that looks silver).
    case lightGreyOrSilver = "light grey or silver"

    /// The colour a person names ("silver", "gray", "dark blue", "красный", "красная", "白色", "银色" …): English,
    /// Russian (adjectives in any gender, case and number: красный/красная/красное/красную/красного …) and Chinese
    /// (simplified and traditional). A whole phrase is searched too ("my car is dark blue"); shade words ("dark",
    /// "тёмно-", "深") are let be, except that light grey (светло-серый, 浅灰) is silver. nil for no colour word.
    public init?(word: String) {
        let text = word.lowercased().replacingOccurrences(of: "ё", with: "е")
        if let found = Self.chinese(in: text) {
            self = found
            return
        }
        // Letters only: "светло-серый" and "light-grey" split into their two words, punctuation goes.
        let words = text.split { !$0.isLetter }.map(String.init)
        for (index, token) in words.enumerated() {
            guard let named = Self.english[token] ?? Self.russian(token) else { continue }
            // "light grey", "pale gray", "светло серый": the light greys are where silver lives.
            if named == .grey, index > 0, Self.lightWords.contains(words[index - 1]) {
                self = .lightGreyOrSilver
            } else {
                self = named
            }
            return
        }
        return nil
    }

    /// Whether a car seen as `self` may be the car described as `asked`. The relation is symmetric.
    ///
    /// The camera only ever sees lightness for the colourless paints, and light fools lightness: a white car in
    /// shade reads silver, a silver one in sun reads white, a silver one in shade reads grey, a dark grey one in
    /// shadow reads black. So each colourless name may be its neighbour on the lightness ladder
    /// white – light grey or silver – grey – black, and nothing further (white is never black; white is not grey:
    /// a white car reads grey only in deep shadow, and then its share is low). Hues are exact: light changes a
    /// hue's lightness, not its name (a red in shade is still red; see `CarColourNamer`).
    ///
    /// | seen \ asked       | white | light grey/silver | grey | black |
    /// |--------------------|-------|-------------------|------|-------|
    /// | white              | yes   | yes               | no   | no    |
    /// | light grey/silver  | yes   | yes               | yes  | no    |
    /// | grey               | no    | yes               | yes  | yes   |
    /// | black              | no    | no                | yes  | yes   |
    public func mayBe(_ asked: CarColour) -> Bool {
        if self == asked { return true }
        guard let seen = Self.ladder.firstIndex(of: self), let wanted = Self.ladder.firstIndex(of: asked) else { return false }
        return abs(seen - wanted) == 1
    }

    /// The middle of the CIELAB hue angles (degrees) a pixel votes this name by (`CarColourNamer.name`); nil for
    /// the colourless names. Brown and beige are the dark and the pale of orange and yellow.
    public var hue: Double? {
        switch self {
        case .red: 17
        case .orange: 62
        case .yellow: 95
        case .brown, .beige: 82
        case .green: 157
        case .blue: 255
        case .purple: 327
        case .white, .grey, .black, .lightGreyOrSilver: nil
        }
    }

    /// The colourless names from light to dark; neighbours may be one another (see `mayBe`).
    private static let ladder: [CarColour] = [.white, .lightGreyOrSilver, .grey, .black]

    // MARK: words

    private static let lightWords: Set<String> = ["light", "pale", "светло", "светлый", "светлая", "светлое", "светлую"]

    private static let english: [String: CarColour] = [
        "white": .white, "ivory": .white, "pearl": .white,
        "grey": .grey, "gray": .grey, "charcoal": .grey, "graphite": .grey, "gunmetal": .grey,
        "silver": .lightGreyOrSilver, "silvery": .lightGreyOrSilver,
        "black": .black,
        "red": .red, "maroon": .red, "burgundy": .red, "crimson": .red, "scarlet": .red, "pink": .red,
        "blue": .blue, "navy": .blue,
        "green": .green, "teal": .green, "turquoise": .green,
        "yellow": .yellow, "gold": .yellow, "golden": .yellow,
        "orange": .orange,
        "brown": .brown, "bronze": .brown,
        "beige": .beige, "tan": .beige, "cream": .beige, "champagne": .beige,
        "purple": .purple, "violet": .purple, "lilac": .purple, "mauve": .purple,
    ]

    /// Russian colour adjectives by stem (ё written е); the word is the stem and an adjective ending.
    private static let russianStems: [(String, CarColour)] = [
        ("серебрист", .lightGreyOrSilver), ("серебрян", .lightGreyOrSilver),
        ("бел", .white), ("сер", .grey), ("графитов", .grey), ("черн", .black),
        ("красн", .red), ("бордов", .red), ("вишнев", .red), ("ал", .red),
        ("син", .blue), ("голуб", .blue),
        ("зелен", .green), ("бирюзов", .green),
        ("желт", .yellow), ("золотист", .yellow), ("золот", .yellow),
        ("оранжев", .orange), ("рыж", .orange),
        ("коричнев", .brown), ("бронзов", .brown),
        ("бежев", .beige),
        ("фиолетов", .purple), ("пурпурн", .purple), ("сиренев", .purple), ("лилов", .purple),
    ]

    /// Adjective endings of every gender, case and number, and the short forms ("бел", "красна", "черно").
    private static let russianEndings: Set<String> = [
        "", "а", "о", "ы", "ый", "ий", "ой", "ая", "яя", "ое", "ее", "ую", "юю", "ого", "его", "ому", "ему",
        "ым", "им", "ом", "ем", "ые", "ие", "ых", "их", "ыми", "ими", "ей",
    ]

    private static func russian(_ word: String) -> CarColour? {
        // Whole stem plus a real ending, so "сердце" or "белка" are not colours.
        for (stem, colour) in russianStems where word.hasPrefix(stem) {
            if russianEndings.contains(String(word.dropFirst(stem.count))) { return colour }
        }
        return nil
    }

    /// Chinese colour words, longest first, so that 米白 is beige before 白 is white and 银灰 silver before 灰 grey.
    private static let chineseWords: [(String, CarColour)] = [
        ("香槟", .beige), ("米白", .beige), ("米色", .beige), ("米黄", .beige), ("咖啡", .brown),
        ("银灰", .lightGreyOrSilver), ("浅灰", .lightGreyOrSilver), ("淺灰", .lightGreyOrSilver),
        ("银", .lightGreyOrSilver), ("銀", .lightGreyOrSilver),
        ("白", .white), ("灰", .grey), ("黑", .black),
        ("红", .red), ("紅", .red), ("粉", .red),
        ("蓝", .blue), ("藍", .blue),
        ("绿", .green), ("綠", .green),
        ("黄", .yellow), ("黃", .yellow), ("金", .yellow),
        ("橙", .orange), ("橘", .orange), ("桔", .orange),
        ("棕", .brown), ("褐", .brown),
        ("紫", .purple),
    ]

    private static func chinese(in text: String) -> CarColour? {
        // Chinese runs words together ("红色的车"): the first colour word from the left wins.
        guard text.unicodeScalars.contains(where: { (0x4E00...0x9FFF).contains($0.value) }) else { return nil }
        var rest = Substring(text)
        while !rest.isEmpty {
            if let (_, colour) = chineseWords.first(where: { rest.hasPrefix($0.0) }) { return colour }
            rest = rest.dropFirst()
        }
        return nil
    }
}

/// A colour read from a car's pixels.
public struct CarColourReading: Sendable, Hashable, Codable {
    public var colour: CarColour
    /// The share of the body's pixels that voted for it (0…1): how sure.
    public var share: Double
    /// False when the name may well be wrong: the light was strongly coloured, or another name fitted nearly as
    /// well. Said "colour unsure"; `colour` is then only the likeliest name, never said as the car's colour.
    public var sure: Bool

    public init(colour: CarColour, share: Double, sure: Bool = true) {
        self.colour = colour
        self.share = share
        self.sure = sure
    }

    /// The colour to say or to judge a car by: nil when unsure.
    public var sureColour: CarColour? { sure ? colour : nil }
}

/// Names a car's colour from the pixels of its body.
///
/// Each sampled body pixel is turned into CIELAB (lightness L* 0…100, and chroma C* and hue angle h from a*, b*),
/// which separates how much light fell on the paint (L*) from what colour it is (h): a red in shade keeps its
/// hue and only loses lightness. Every pixel votes for one name:
/// * colourful pixels (enough chroma, absolutely and against their lightness) vote for the name of their hue;
/// * pixels with too little chroma vote for a colourless name by lightness (black, grey, light grey or silver,
///   white), and so do the very dark ones, whose hue is noise, and the highlights, whose colour is the sky's;
/// * pale warm pixels vote beige.
///
/// Then the hues are believed first: windows, tyres, shadow and reflections of the sky are colourless on every
/// car, so a car whose body is even a third colourful is that colour, and the others are named by the colourless
/// majority. A black car's reflections of a blue sky or street lights stay well under a third.
public enum CarColourNamer {
    /// The colour of the car in `box` of `frame`: the majority name of its body's pixels, nil when too few pixels
    /// are left to vote. Pixels inside `hiddenBy` (nearer vehicles standing in front of this one) do not vote.
    ///
    /// `light` is the light on the scene (`SceneLight.estimate`): each pixel is first taken back to white light, so a
    /// white car under a green cast or a sodium lamp reads white. Under strongly coloured light (`unsureLight`) a
    /// name without a clear majority (`unsureShare`) is not sure: the white balance may have undone the cast only
    /// partly.
    public static func read(_ frame: Frame, box: NormalizedRect, hiddenBy nearer: [NormalizedRect] = [],
                            light: SceneLight? = nil) -> CarColourReading? {
        guard let region = bodyRegion(box, width: frame.width, height: frame.height) else { return nil }
        // Brightened as "what colour is this" brightens a thing: a camera exposes for middle grey, so a white car
        // filling the picture comes out light grey unless the picture's bright end is taken to white.
        let tables = light.map { $0.balancingTables(exposure: ColourNamer.exposureGain(frame, light: $0)) }
        // Votes by name, indexed in CarColour's order.
        let names = CarColour.allCases
        var votes = [Int](repeating: 0, count: names.count)
        frame.forEachSample(x0: region.x0, y0: region.y0, x1: region.x1, y1: region.y1,
                            columns: sampleColumns, rows: sampleRows) { x, y, r, g, b in
            if !nearer.isEmpty {
                let point = NormalizedPoint(x: (Double(x) + 0.5) / Double(frame.width), y: (Double(y) + 0.5) / Double(frame.height))
                if nearer.contains(where: { $0.contains(point) }) { return }
            }
            var (red, green, blue) = (r, g, b)
            if let tables { (red, green, blue) = (tables.red[Int(red)], tables.green[Int(green)], tables.blue[Int(blue)]) }
            votes[names.firstIndex(of: name(red: red, green: green, blue: blue)) ?? 0] += 1
        }
        let total = votes.reduce(0, +)
        guard total >= minimumSamples else { return nil }
        let colourfulTotal = names.indices.filter { hues.contains(names[$0]) }.reduce(0) { $0 + votes[$1] }
        let huesWin = Double(colourfulTotal) >= hueShareToWin * Double(total)
        // The most voted name in the pool that won; ties go to the earlier name in CarColour's order.
        var best: Int?
        for index in names.indices where hues.contains(names[index]) == huesWin && votes[index] > 0 {
            if best.map({ votes[index] > votes[$0] }) ?? true { best = index }
        }
        guard let best else { return nil }
        let share = Double(votes[best]) / Double(total)
        let sure = isSure(share: share, hue: names[best].hue, under: light ?? .neutral)
        return CarColourReading(colour: names[best], share: share, sure: sure)
    }

    /// Whether a name that took `share` of the votes, of CIELAB hue `hue` in degrees (nil: colourless), may be said
    /// surely under `light`: under strongly coloured light (`unsureLight`) it needs a clear majority (`unsureShare`),
    /// and a colour of the light's own hue is never sure: it may be a white thing balanced only partly. The colour of
    /// a thing (`ColourNamer`) is judged by the same rule.
    public static func isSure(share: Double, hue: Double?, under light: SceneLight) -> Bool {
        let tinted = hue.map { light.mayTint(hue: $0, strongFrom: unsureLight) } ?? false
        return (light.strength < unsureLight || share >= unsureShare) && !tinted
    }

    /// The colour of the car in `box`, under the light estimated from the rest of the scene (see `read`).
    public static func readBalanced(_ frame: Frame, box: NormalizedRect, hiddenBy nearer: [NormalizedRect] = []) -> CarColourReading? {
        read(frame, box: box, hiddenBy: nearer, light: SceneLight.estimate(frame, excluding: [box]) ?? .neutral)
    }

    /// The name one pixel votes for (see the type's comment).
    public static func name(red: UInt8, green: UInt8, blue: UInt8) -> CarColour {
        let lab = CIELAB(red: red, green: green, blue: blue)
        let chroma = (lab.a * lab.a + lab.b * lab.b).squareRoot()
        var hue = atan2(lab.b, lab.a) * 180 / .pi
        if hue < 0 { hue += 360 }
        let lightness = lab.l
        // Below this the camera's noise and JPEG's colour blocks make the hue meaningless.
        if lightness < 8 { return .black }
        let warm = hue >= 50 && hue < 115
        // Pale and a little warm: beige, champagne, cream. Whiter than this is white; more colourful is a hue.
        if warm, lightness >= 60, chroma >= 7, chroma < 30 { return .beige }
        // Colourful: at least 14 units of chroma, and a fifth of the lightness, so that a white in warm light or a
        // highlight tinted by the sky stays colourless while a red at half brightness (L* 21, C* 40) keeps its hue.
        if chroma >= 14, chroma >= 0.2 * lightness {
            switch hue {
            case 345..., ..<50: return .red   // crimson, Ferrari red, maroon: red at any lightness
            case ..<115 where lightness < 40: return .brown   // a dark orange or dark yellow is brown
            case ..<75: return .orange
            case ..<115: return .yellow
            case ..<200: return .green
            case ..<310: return .blue   // Lab puts sRGB's purest blue at 306°
            default: return .purple
            }
        }
        switch lightness {
        case ..<30: return .black
        case ..<55: return .grey
        case ..<78: return .lightGreyOrSilver
        default: return .white
        }
    }

    // MARK: tuning

    /// The part of the box that is body: below the windows (the top ~30%: glass, roof, or the windscreen of a
    /// front view), above the tyres, the road and the shadow (the bottom ~12%), inside the background a box shows
    /// at its sides (10% each side, where the box's corners are outside a car's rounded outline).
    static let body = (top: 0.30, bottom: 0.88, left: 0.10, right: 0.90)
    /// A grid of at most 64 × 48 samples (3072 pixels): plenty for a majority, and well under a millisecond.
    static let sampleColumns = 64, sampleRows = 48
    /// Fewer samples than this (a box a few pixels across) say nothing.
    static let minimumSamples = 24
    /// The colourful share at which the hues win over the colourless names. On the shared car photos the coloured
    /// cars' bodies gave 53–80% colourful samples (the rest windows, tyres, grilles, highlights) and the black and
    /// white ones 2–11% (sky and street lights in the paint): a third sits well between.
    static let hueShareToWin = 0.3

    /// Light whose strongest channel is this many times its weakest is strongly coloured. Chosen on the tuning half
    /// of the shared car photos (`beacon bench ride`): the tungsten-lit red F40 at 1.49 and the sunlit Enzo at 1.60
    /// were named right after balancing; the champagne Kia under a green cast (1.68) was not.
    static let unsureLight = 1.6
    /// Under such light a name is sure only with at least this share of the votes (the Kia's best, "green", had
    /// 0.15; the black cars at night 0.67 and more).
    static let unsureShare = 0.5

    private static let hues: Set<CarColour> = [.red, .orange, .yellow, .green, .blue, .purple, .brown]

    /// The body part of `box` in whole pixels clamped to the frame (x1, y1 exclusive), nil when empty.
    static func bodyRegion(_ box: NormalizedRect, width: Int, height: Int)
        -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        guard width > 0, height > 0, box.width > 0, box.height > 0,
              [box.x, box.y, box.width, box.height].allSatisfy(\.isFinite) else { return nil }
        // Clamped as a Double first: a box far outside the frame must not overflow Int.
        func clamp(_ value: Double, _ limit: Int) -> Int { Int(min(max(value, 0), Double(limit)).rounded()) }
        let x0 = clamp((box.x + box.width * body.left) * Double(width), width)
        let x1 = clamp((box.x + box.width * body.right) * Double(width), width)
        let y0 = clamp((box.y + box.height * body.top) * Double(height), height)
        let y1 = clamp((box.y + box.height * body.bottom) * Double(height), height)
        guard x1 > x0, y1 > y0 else { return nil }
        return (x0, y0, x1, y1)
    }
}
