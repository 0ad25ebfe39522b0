import Testing
@testable import BeaconCore

/// Car colours from synthetic street scenes (a car of a known paint with dark windows on top, tyres and shadow on a
/// grey road below, a pale wall behind), under changed light; the colour words people say; which colours may be
/// which.
@Suite struct CarColourTests {
    typealias RGB = (UInt8, UInt8, UInt8)

    /// The car's box in every scene: 200 × 140 pixels of a 320 × 240 frame.
    static let box = PixelRect(x1: 60, y1: 60, x2: 260, y2: 200).normalized(width: 320, height: 240)

    /// A 320 × 240 scene: wall above, road below, the car in `box` painted `paint`, its windows the top 30% of the
    /// box (pillars painted), its wheels and the shadow under it at the bottom. `highlight` paints a specular blob
    /// of that share of the body white. `light` scales every pixel (shade, dusk).
    static func scene(_ paint: RGB, light: Double = 1, highlight: Double = 0) -> Frame {
        let width = 320, height = 240
        let wall: RGB = (200, 205, 210), road: RGB = (120, 120, 118), glass: RGB = (40, 45, 52)
        let tyre: RGB = (25, 25, 25), shadow: RGB = (55, 55, 54)
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        // The highlight: a band across the middle of the body, as a long reflection of the sky along a flank.
        let bodyTop = 102, bodyBottom = 180
        let blobHeight = Int(Double(bodyBottom - bodyTop) * highlight)
        let blobTop = (bodyTop + bodyBottom - blobHeight) / 2
        for y in 0..<height {
            for x in 0..<width {
                var pixel: RGB = y < 170 ? wall : road
                let inCar = x >= 60 && x < 260
                if inCar && y >= 60 && y < 102 { pixel = (x >= 80 && x < 240 && y >= 66) ? glass : paint }
                if inCar && y >= bodyTop && y < bodyBottom { pixel = paint }
                if inCar && y >= blobTop && y < blobTop + blobHeight && x >= 70 && x < 250 { pixel = (255, 255, 255) }
                if inCar && y >= 180 && y < 200 { pixel = shadow }
                if y >= 165 && y < 200 && ((x >= 75 && x < 115) || (x >= 205 && x < 245)) { pixel = tyre }
                let offset = (y * width + x) * 3
                rgb[offset] = UInt8(min(255, (Double(pixel.0) * light).rounded()))
                rgb[offset + 1] = UInt8(min(255, (Double(pixel.1) * light).rounded()))
                rgb[offset + 2] = UInt8(min(255, (Double(pixel.2) * light).rounded()))
            }
        }
        return Frame(width: width, height: height, rgb: rgb)
    }

    static func read(_ paint: RGB, light: Double = 1, highlight: Double = 0) -> CarColourReading? {
        CarColourNamer.read(scene(paint, light: light, highlight: highlight), box: box)
    }

    static let paints: [(RGB, CarColour)] = [
        ((235, 235, 235), .white), ((175, 177, 180), .lightGreyOrSilver), ((110, 110, 112), .grey),
        ((25, 25, 28), .black), ((200, 20, 25), .red), ((20, 50, 150), .blue), ((15, 25, 80), .blue),
        ((30, 120, 50), .green), ((240, 200, 20), .yellow), ((240, 120, 20), .orange), ((100, 65, 40), .brown),
        ((215, 200, 170), .beige), ((100, 40, 130), .purple),
    ]

    /// A sodium lamp's light (linear red 1, green 0.62, blue 0.22) may leave its own orange and yellow on a white
    /// car balanced only partly, never blue or purple; light barely coloured leaves nothing to suspect.
    @Test func aStrongLightsOwnHueIsSuspect() {
        let sodium = SceneLight(red: 1, green: 0.62, blue: 0.22)
        #expect(sodium.strength > CarColourNamer.unsureLight)
        for colour in [CarColour.orange, .yellow, .beige, .brown] {
            #expect(sodium.mayTint(hue: colour.hue!, strongFrom: CarColourNamer.unsureLight), "\(colour)")
        }
        for colour in [CarColour.blue, .purple, .green] {
            #expect(!sodium.mayTint(hue: colour.hue!, strongFrom: CarColourNamer.unsureLight), "\(colour)")
        }
        let daylight = SceneLight(red: 1.05, green: 1, blue: 0.95)
        #expect(!daylight.mayTint(hue: CarColour.yellow.hue!, strongFrom: CarColourNamer.unsureLight))
    }

    @Test func namesEachPaintFromItsBody() throws {
        for (paint, expected) in Self.paints {
            let reading = try #require(Self.read(paint), "\(paint)")
            #expect(reading.colour == expected, "\(paint): \(reading)")
            // The body is most of what is sampled; windows, tyres and shadow are the rest.
            #expect(reading.share > 0.5 && reading.share <= 1, "\(paint): \(reading)")
        }
    }

    @Test func aHueSurvivesShadeAndDusk() throws {
        // The same red at half brightness (in shade, at dusk) is still red, not brown or black.
        let half = try #require(Self.read((200, 20, 25), light: 0.5))
        #expect(half.colour == .red, "\(half)")
        #expect(try #require(Self.read((20, 50, 150), light: 0.5)).colour == .blue)
        #expect(try #require(Self.read((240, 200, 20), light: 0.8)).colour == .yellow)
    }

    @Test func aWhiteInShade() throws {
        // In light shade a white car is still white.
        let shade = try #require(Self.read((235, 235, 235), light: 0.85))
        #expect(shade.colour == .white, "\(shade)")
        // In deep shade it reads silver, which `mayBe` lets be the white car asked for.
        let deep = try #require(Self.read((235, 235, 235), light: 0.65))
        #expect(deep.colour == .lightGreyOrSilver, "\(deep)")
        #expect(deep.colour.mayBe(.white))
    }

    @Test func specularHighlightsDoNotChangeTheColour() throws {
        // A long white reflection over 40% of the body: still the paint's colour.
        for (paint, expected) in [((200, 20, 25), CarColour.red), ((20, 50, 150), .blue), ((25, 25, 28), .black)] as [(RGB, CarColour)] {
            let reading = try #require(Self.read(paint, highlight: 0.4))
            #expect(reading.colour == expected, "\(paint): \(reading)")
        }
    }

    @Test func pixelNames() {
        #expect(CarColourNamer.name(red: 255, green: 255, blue: 255) == .white)
        #expect(CarColourNamer.name(red: 0, green: 0, blue: 0) == .black)
        #expect(CarColourNamer.name(red: 128, green: 128, blue: 128) == .grey)
        // Very dark pixels never vote for a hue, however colourful their numbers.
        #expect(CarColourNamer.name(red: 30, green: 0, blue: 0) == .black)
        #expect(CarColourNamer.name(red: 120, green: 0, blue: 0) == .red)
        #expect(CarColourNamer.name(red: 0, green: 0, blue: 255) == .blue)
        #expect(CarColourNamer.name(red: 0, green: 0, blue: 128) == .blue)
        // A white faintly tinted blue by the sky stays white.
        #expect(CarColourNamer.name(red: 228, green: 236, blue: 248) == .white)
    }

    @Test func tooFewPixelsOrNoBodyIsNil() {
        let frame = Self.scene((200, 20, 25))
        #expect(CarColourNamer.read(frame, box: NormalizedRect(x: 0.5, y: 0.5, width: 0.01, height: 0.01)) == nil)
        #expect(CarColourNamer.read(frame, box: NormalizedRect(x: 0.2, y: 0.2, width: 0, height: 0.5)) == nil)
        #expect(CarColourNamer.read(frame, box: NormalizedRect(x: 1.5, y: 0.2, width: 0.3, height: 0.5)) == nil)
        #expect(CarColourNamer.read(frame, box: NormalizedRect(x: .nan, y: 0.2, width: 0.3, height: 0.5)) == nil)
        #expect(CarColourNamer.read(frame, box: NormalizedRect(x: -1e300, y: 0.2, width: 1e300, height: 0.5)) == nil)
        // A box partly outside the frame reads what is inside.
        #expect(CarColourNamer.read(frame, box: NormalizedRect(x: 0.5, y: 0.25, width: 0.7, height: 0.5))?.colour == .red)
    }

    @Test(arguments: [
        ("white", CarColour.white), ("Grey", .grey), ("gray", .grey), ("silver", .lightGreyOrSilver),
        ("light grey", .lightGreyOrSilver), ("light-gray", .lightGreyOrSilver), ("dark blue", .blue),
        ("navy", .blue), ("BLACK", .black), ("red.", .red), ("my car is dark green", .green),
        ("beige", .beige), ("gold", .yellow), ("purple", .purple), ("orange", .orange), ("brown", .brown),
        ("light grey or silver", .lightGreyOrSilver),
        // Russian: genders, cases, ё.
        ("красный", .red), ("красная", .red), ("красное", .red), ("красную", .red), ("красного", .red),
        ("белый", .white), ("белая", .white), ("чёрный", .black), ("черная", .black), ("серый", .grey),
        ("серая", .grey), ("серебристый", .lightGreyOrSilver), ("светло-серый", .lightGreyOrSilver),
        ("синий", .blue), ("синяя", .blue), ("синюю", .blue), ("тёмно-синий", .blue), ("голубая", .blue),
        ("зелёный", .green), ("жёлтая", .yellow), ("оранжевый", .orange), ("коричневая", .brown),
        ("бежевый", .beige), ("фиолетовая", .purple), ("бордовая", .red),
        // Chinese, simplified and traditional.
        ("白色", .white), ("银色", .lightGreyOrSilver), ("銀色", .lightGreyOrSilver), ("灰色", .grey),
        ("黑色", .black), ("红色", .red), ("紅色", .red), ("红色的车", .red), ("蓝色", .blue), ("深蓝", .blue),
        ("绿色", .green), ("黄色", .yellow), ("橙色", .orange), ("棕色", .brown), ("米色", .beige),
        ("米白色", .beige), ("香槟色", .beige), ("紫色", .purple), ("银灰色", .lightGreyOrSilver),
    ])
    func colourWords(_ word: String, _ expected: CarColour) {
        #expect(CarColour(word: word) == expected, "\(word)")
    }

    @Test func wordsThatAreNotColours() {
        for word in ["", "car", "plate", "Toyota", "light", "dark", "машина", "сердце", "белка", "синтез", "车牌", "汽车", "123"] {
            #expect(CarColour(word: word) == nil, "\(word)")
        }
    }

    @Test func everyColourNamesItself() {
        for colour in CarColour.allCases {
            #expect(CarColour(word: colour.rawValue) == colour, "\(colour)")
        }
    }

    @Test func mayBe() {
        // Every colour may be itself.
        for colour in CarColour.allCases { #expect(colour.mayBe(colour)) }
        // The lightness ladder: neighbours only.
        #expect(CarColour.white.mayBe(.lightGreyOrSilver) && CarColour.lightGreyOrSilver.mayBe(.white))
        #expect(CarColour.grey.mayBe(.lightGreyOrSilver) && CarColour.lightGreyOrSilver.mayBe(.grey))
        #expect(CarColour.grey.mayBe(.black) && CarColour.black.mayBe(.grey))
        #expect(!CarColour.white.mayBe(.grey) && !CarColour.white.mayBe(.black) && !CarColour.lightGreyOrSilver.mayBe(.black))
        // Hues are exact.
        #expect(!CarColour.red.mayBe(.orange) && !CarColour.blue.mayBe(.purple) && !CarColour.beige.mayBe(.white))
        #expect(!CarColour.red.mayBe(.black) && !CarColour.white.mayBe(.yellow))
        // Symmetric.
        for a in CarColour.allCases {
            for b in CarColour.allCases { #expect(a.mayBe(b) == b.mayBe(a), "\(a) \(b)") }
        }
    }
}
