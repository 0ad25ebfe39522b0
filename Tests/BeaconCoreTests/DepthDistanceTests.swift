import Foundation
import Testing
@testable import BeaconCore

/// Distances in words: measured by depth at the object when there is depth ("Cup, 1 metre, one o'clock."), else
/// estimated from the class's size with "about"; in metres or feet, in English, Russian and Chinese.
@Suite struct DepthDistanceTests {
    /// A 100×100 depth map: `background` everywhere, `object` inside `box`, holes where `holes` says.
    static func map(background: Float = 4, object: Float, in box: NormalizedRect,
                    holes: (Int, Int) -> Bool = { _, _ in false }) -> DepthMap {
        var metres = [Float](repeating: background, count: 100 * 100)
        for y in 0..<100 {
            for x in 0..<100 {
                let inside = Double(x) >= box.x * 100 && Double(x) < box.maxX * 100
                    && Double(y) >= box.y * 100 && Double(y) < box.maxY * 100
                metres[y * 100 + x] = holes(x, y) ? 0 : inside ? object : background
            }
        }
        return DepthMap(width: 100, height: 100, metres: metres)
    }

    @Test func theObjectsOwnDepthIsTheMedianInTheMiddleOfItsBox() throws {
        let box = NormalizedRect(x: 0.4, y: 0.4, width: 0.2, height: 0.2)
        // The box's outer ring is background, as around a round cup: the middle half still reads the cup.
        let cup = NormalizedRect(x: 0.44, y: 0.44, width: 0.12, height: 0.12)
        let estimate = try #require(Self.map(object: 1.1, in: cup).measuredDistance(of: box))
        #expect(estimate.kind == .measured)
        #expect(abs(estimate.unroundedMetres - 1.1) < 1e-6)
        #expect(estimate.metres == 1)
    }

    @Test func tooFewReadingsAtTheObjectMeansNoMeasurement() {
        let box = NormalizedRect(x: 0.4, y: 0.4, width: 0.2, height: 0.2)
        let glass = Self.map(object: 1, in: box) { x, y in x >= 40 && x < 60 && y >= 40 && y < 59 }
        #expect(glass.measuredDistance(of: box) == nil)
    }

    @Test func placingUsesDepthWhenThereIsSomeElseTheSizePrior() throws {
        let geometry = SceneGeometry()
        let box = NormalizedRect(x: 0.45, y: 0.4, width: 0.1, height: 0.15)
        let measured = geometry.place("cup", box: box, depth: Self.map(object: 0.9, in: box))
        #expect(measured.distance?.kind == .measured && measured.distance?.metres == 1)
        #expect(geometry.place("cup", box: box).distance?.kind == .about)
        // Depth with a hole where the cup is: the prior answers instead.
        let hole = Self.map(object: 0, in: box)
        #expect(geometry.place("cup", box: box, depth: hole).distance?.kind == .about)
    }

    @Test func measuredDistancesAreSaidWithoutAboutInEveryLanguage() {
        let one = DistanceEstimate(unroundedMetres: 1.1, kind: .measured)
        let twoAndAHalf = DistanceEstimate(unroundedMetres: 2.4, kind: .measured)
        #expect(Phrasebook(language: .english).distance(one) == "1 metre")
        #expect(Phrasebook(language: .russian).distance(one) == "1 метр")
        #expect(Phrasebook(language: .chinese).distance(one) == "1米")
        #expect(Phrasebook(language: .english).distance(twoAndAHalf) == "2.5 metres")
        #expect(Phrasebook(language: .english).distance(DistanceEstimate(unroundedMetres: 1.1, kind: .about)) == "about 1 metre")
    }

    @Test func feetWhenTheSettingSaysFeet() {
        let english = Phrasebook(language: .english, distanceUnit: .feet)
        #expect(english.distance(DistanceEstimate(unroundedMetres: 0.3, kind: .measured)) == "1 foot")
        #expect(english.distance(DistanceEstimate(unroundedMetres: 2, kind: .about)) == "about 7 feet")
        // A bound is said as an estimate, "within 7 feet" being no distance to walk: 2.0 m is 6.56 ft, about 7 feet.
        #expect(english.distance(DistanceEstimate(unroundedMetres: 2, kind: .atMost)) == "about 7 feet")
        #expect(Phrasebook(language: .russian, distanceUnit: .feet).distance(DistanceEstimate(unroundedMetres: 0.9, kind: .measured))
                == "3 фута")
        #expect(Phrasebook(language: .russian, distanceUnit: .feet).distance(DistanceEstimate(unroundedMetres: 1.5, kind: .measured))
                == "5 футов")
        #expect(Phrasebook(language: .chinese, distanceUnit: .feet).distance(DistanceEstimate(unroundedMetres: 0.9, kind: .measured))
                == "3英尺")
        #expect(english.distance(3, approximate: true) == "about 10 feet")
    }

    @Test func theDistanceUnitIsASettingThatForgivesItsWords() throws {
        var settings = AssistantSettings()
        #expect(settings.distanceUnit == .metres && settings.value(of: .distanceUnit) == "metres")
        for word in ["feet", "FT", "foot", "футы", "英尺"] {
            try settings.set(.distanceUnit, to: word, knownLabels: [])
            #expect(settings.distanceUnit == .feet, "\(word)")
        }
        try settings.set(.distanceUnit, to: "meters", knownLabels: [])
        #expect(settings.distanceUnit == .metres)
        #expect(throws: InvalidSetting.self) { try settings.set(.distanceUnit, to: "cubits", knownLabels: []) }
        #expect(try SettingKey.parse("distance unit") == .distanceUnit)
        let restored = AssistantSettings(stored: ["distance-unit": "feet"], knownLabels: [])
        #expect(restored.distanceUnit == .feet)
    }

    @Test func scanNowSaysTheMeasuredDistanceOfTheCup() {
        var session = AssistantSessionTests.started()
        #expect(session.wantsDepth)
        _ = session.handle(.frame(index: 0, timestamp: 2))
        _ = AssistantSessionTests.run(.scanNow, on: &session, at: 2)
        let cup = Detection(classIndex: 41, label: "cup", confidence: 0.9,
                            box: NormalizedRect(x: 0.75, y: 0.4, width: 0.1, height: 0.15))
        _ = session.handle(.depth(Self.map(object: 1.05, in: cup.box), frame: 0, timestamp: 2.4))
        var said = AssistantSessionTests.said(session.handle(.detections([cup], frame: 0, timestamp: 2.5, examined: true)))
        for time in 3...8 { said += AssistantSessionTests.said(session.handle(.speechFinished(timestamp: Double(time)))) }
        #expect(said.map(\.text).contains("Cup, 1 metre, one o'clock."), "\(said.map(\.text))")
    }

    @Test func hazardsAndScanningMeasureTooAndFeetAreSaidInFeet() {
        var settings = AssistantSettings()
        settings.distanceUnit = .feet
        var session = AssistantSessionTests.started(settings)
        _ = AssistantSessionTests.run(.continuous, on: &session, at: 1)
        let person = AssistantSessionTests.person(0.5, height: 0.5)
        var spoken: [String] = []
        for frame in 0..<10 {
            let time = 10 + Double(frame) * 0.2
            _ = session.handle(.depth(Self.map(object: 3.0, in: person.box), frame: frame, timestamp: time))
            spoken += AssistantSessionTests.said(session.handle(.detections([person], frame: frame, timestamp: time))).map(\.text)
        }
        #expect(spoken.contains("Caution: person, 10 feet, twelve o'clock."), "\(spoken)")
    }

    @Test func depthIsWantedWhileObjectsArePlacedNotWhileReading() {
        var session = AssistantSessionTests.started()
        #expect(session.wantsDepth)
        _ = AssistantSessionTests.run(.read, on: &session, at: 2)
        #expect(!session.wantsDepth)
        _ = AssistantSessionTests.run(.findText("EXIT"), on: &session, at: 4)
        #expect(!session.wantsDepth)
        _ = AssistantSessionTests.run(.findObject("cup"), on: &session, at: 6)
        #expect(session.wantsDepth)
    }

    @Test func findSaysHowFarTheLockedCupIs() {
        var session = AssistantSessionTests.started()
        _ = AssistantSessionTests.run(.findObject("cup"), on: &session, at: 1)
        let cup = Detection(classIndex: 41, label: "cup", confidence: 0.9,
                            box: NormalizedRect(x: 0.45, y: 0.4, width: 0.1, height: 0.15))
        var spoken: [String] = []
        for frame in 0..<15 {
            let time = 3 + Double(frame) * 0.1
            _ = session.handle(.depth(Self.map(object: 0.6, in: cup.box), frame: frame, timestamp: time))
            spoken += AssistantSessionTests.said(session.handle(.detections([cup], frame: frame, timestamp: time))).map(\.text)
            spoken += AssistantSessionTests.said(session.handle(.speechFinished(timestamp: time + 0.05))).map(\.text)
        }
        spoken += AssistantSessionTests.run(.whereIsIt, on: &session, at: 6).map(\.text)
        #expect(spoken.contains { $0.hasPrefix("Cup, half a metre, ") }, "\(spoken)")
    }

    @Test func findSaysTheDistanceInFeetWhenSetSo() {
        var phrases = GuidancePhrases(language: .english)
        #expect(phrases.found("cup", direction: "centred", distance: 1.5) == "Cup, 1.5 metres, centred.")
        phrases.distanceUnit = .feet
        #expect(phrases.found("cup", direction: "centred", distance: 1.5) == "Cup, 5 feet, centred.")
    }
}
