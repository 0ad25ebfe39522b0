import BeaconCore
import BeaconMedia
import BeaconTestSupport
import Foundation
import Testing

/// Colour names on real photos: the CORe50 things held up and put down in real rooms (../shared/testdata/taught,
/// each folder named with the thing's colour), named from the middle of their boxes.
@Suite struct ColourNamerTests {
    /// What a person would call each thing: the colours its folder name gives, and for the two-coloured ones
    /// either colour.
    static let expected: [String: Set<ColourName.Basic>] = [
        "phone_red_nokia": [.red], "ball_blue_foam": [.blue], "plug_adapter_blue": [.blue, .white, .grey],
        "highlighter_yellow": [.yellow], "bulb_spiral_cfl": [.white], "mug_plaid": [.blue, .white],
    ]

    struct Sample {
        let file: URL
        let thing: String
        let box: NormalizedRect
    }

    static func samples() throws -> [Sample]? {
        let manifest = TestData.taughtFolder.appendingPathComponent("boxes.csv")
        guard FileManager.default.fileExists(atPath: manifest.path) else {
            if TestData.required { Issue.record("\(manifest.path) is missing") }
            return nil
        }
        let decoder = ImageDecoder()
        return try CSV.rows(try String(contentsOf: manifest, encoding: .utf8)).dropFirst().map { row in
            let file = TestData.taughtFolder.appendingPathComponent(row[0])
            let frame = try decoder.decode(contentsOf: file)
            let (x1, y1, x2, y2) = (Double(row[1])!, Double(row[2])!, Double(row[3])!, Double(row[4])!)
            // The middle half of the box, as "what colour is this" reads a thing: not the table beside it or the hand
            // holding it.
            let (w, h) = (Double(frame.width), Double(frame.height))
            let box = Identification.colourPatch(of: NormalizedRect(x: x1 / w, y: y1 / h, width: (x2 - x1) / w, height: (y2 - y1) / h))
            return Sample(file: file, thing: String(row[0].split(separator: "/")[0]), box: box)
        }
    }

    @Test func thingsAreNamedTheColourAPersonWouldSay() throws {
        guard let samples = try Self.samples() else { return }
        let decoder = ImageDecoder()
        var right = 0, guessedRight = 0, wrongAndSure = 0, wrong: [String] = []
        for sample in samples {
            let frame = try decoder.decode(contentsOf: sample.file)
            let reading = ColourNamer.read(frame, patch: sample.box)
            let said = reading.map { r in r.names.map(\.english).joined(separator: " and ") + (r.sure ? "" : " (unsure)") } ?? "nothing"
            let colours = Self.expected[sample.thing]!
            // Right: the first name's colour is one the thing has, and a second name too.
            if let reading, reading.sure, reading.names.allSatisfy({ colours.contains($0.basic) }) {
                right += 1
            } else {
                wrong.append("\(sample.thing)/\(sample.file.lastPathComponent): \(said)")
                if reading?.sure == true { wrongAndSure += 1 }
                // "Colour not sure; maybe red." about a red phone: a person agrees with what was said.
                if let reading, !reading.sure, colours.contains(reading.names[0].basic) { guessedRight += 1 }
            }
            print("colour \(sample.thing)/\(sample.file.lastPathComponent): \(said)")
        }
        print("colour: \(right) of \(samples.count) right, \(guessedRight) more not sure with the right guess, "
              + "\(wrongAndSure) wrong and said surely")
        // 2026-12-03, names by nearest survey colour: 6 right, 11 wrong said surely. By hue first: 6 right, 5 wrong
        // said surely. With the exposure and saturation of stop 44 (chosen on other CORe50 things, see
        // `ColourNamer`): 6 right, 2 wrong said surely (a yellow highlighter "olive and khaki", a white bulb "light
        // grey"), 10 said as not sure. With real surfaces' lightness (stop 46): 7 right, none wrong said surely, 11
        // not sure. With "light yellow" and one colour needing an eighth of the patch (stop 47): 9 right, 7 more
        // not sure with the right guess (the red phone, whose screen and keys outweigh its red; the plaid mug),
        // none wrong said surely. The figure is printed on every run.
        #expect(wrongAndSure == 0, "a colour said surely wrong: \(wrong)")
        // What is said — the name, or the guess after "not sure" — is what a person would say for three in four.
        #expect(right + guessedRight >= samples.count * 3 / 4, "\(wrong)")
        // Said surely for half, at least.
        #expect(right >= samples.count / 2, "\(wrong)")
    }

    /// A grey card photographed under orange light is grey once the light is taken out.
    @Test func aGreyUnderColouredLightIsGrey() {
        var rgb = [UInt8]()
        for y in 0..<100 {
            for x in 0..<100 {
                // Grey in the middle; the rest a mix of neutral surfaces, all lit orange (red ×1.3, blue ×0.6).
                let base: Double = (40...60).contains(x) && (40...60).contains(y) ? 128 : Double((x * 7 + y * 3) % 200 + 30)
                rgb += [UInt8(min(255, base * 1.3)), UInt8(base), UInt8(base * 0.6)]
            }
        }
        let frame = Frame(width: 100, height: 100, rgb: rgb, timestamp: 0, index: 0)
        let reading = ColourNamer.read(frame, patch: NormalizedRect(x: 0.42, y: 0.42, width: 0.16, height: 0.16))
        #expect(reading?.names.first?.basic == .grey, "\(String(describing: reading))")
    }

    /// Real street photos at night: street lamps and light trails are a light in view, a street with none in the
    /// picture has none. (Brightness does not tell night from day on these: a camera's exposure lifts the night
    /// photos to a mean of 0.33–0.49, the day ones are 0.37–0.50; so the level is said as the picture's.)
    @Test func streetLightsAtNightAreALightInView() throws {
        let expected = ["05_black_ferrari458_UK-LJ11ELC_night.jpg": false,
                        "19_red_ferrari458_UK-LK11GRX_night_light-trails.jpg": true,
                        "18_yellow_ferrari430_UK-LJ58AHY_night_wet.jpg": true]
        let decoder = ImageDecoder()
        for (name, lit) in expected {
            guard let file = TestData.carPhoto(name) else {
                if TestData.required { Issue.record("\(name) is missing") }
                continue
            }
            let reading = LightReading(try decoder.decode(contentsOf: file))
            #expect(reading.lightInView == lit, "\(name): \(reading)")
        }
    }
}
