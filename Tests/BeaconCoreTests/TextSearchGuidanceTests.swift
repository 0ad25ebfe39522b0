import Foundation
import Testing
@testable import BeaconCore

/// Text search through the guidance session, fed generated OCR readings: frames at 15 fps, OCR on every third.
@Suite struct TextSearchGuidanceTests {
    /// Signs that look like EXIT but are other words, spread over the picture.
    static let lookAlikes = [("EXITS", 0.3, 0.2), ("NEXT", 0.7, 0.8), ("TEXT", 0.5, 0.3), ("EDIT", 0.2, 0.7),
                             ("EXIST", 0.85, 0.35), ("NEXIT", 0.45, 0.65)]

    static func sign(_ text: String, at x: Double, _ y: Double) -> TextLine {
        Lines.line(text, x: x - 0.04 * Double(text.count) / 2, y: y, width: 0.04 * Double(text.count), height: 0.05)
    }

    /// Drives `seconds` of frames; `signs(t)` gives the lines OCR reads at time t.
    func run(_ search: TextSearch, seconds: Double, configuration: GuidanceConfiguration = .textSearch(),
             signs: (Double) -> [TextLine]) -> SessionDriver {
        var driver = SessionDriver(configuration: configuration)
        driver.send(.start(search.target, timestamp: 0), at: 0)
        for index in 0..<Int(seconds * 15) {
            let time = Double(index) / 15
            driver.frame(index, detections: index % 3 == 0 ? search.detections(in: signs(time)) : nil)
        }
        return driver
    }

    func exitPan(_ time: Double) -> Double { 0.8 - 0.1 * time }

    @Test func locksOntoTheAskedTextAmongLookAlikes() throws {
        let search = TextSearch(query: try #require(TextQuery("EXIT")))
        let driver = run(search, seconds: 6) { time in
            Self.lookAlikes.map { Self.sign($0.0, at: $0.1, $0.2) } + [Self.sign("EXIT", at: exitPan(time), 0.5)]
        }
        let spoken = driver.spoken()
        #expect(spoken.prefix(2) == ["Looking for the text EXIT.", "EXIT, one o'clock."])
        #expect(spoken.contains("Centred."))
        // Guiding from the first reading to the last, always to the EXIT sign, never to a look-alike.
        let snapshots = driver.snapshots
        #expect(snapshots.allSatisfy { $0.phase == .guiding && $0.trackID == 1 })
        for snapshot in snapshots where snapshot.frame % 3 == 0 {
            let x = try #require(snapshot.x)
            #expect(abs(x - exitPan(snapshot.timestamp)) < 0.02, "frame \(snapshot.frame): \(x)")
            #expect(abs(try #require(snapshot.y) - 0.5) < 0.01)
        }
    }

    @Test func neverLocksOntoLookAlikes() throws {
        let search = TextSearch(query: try #require(TextQuery("EXIT")))
        let driver = run(search, seconds: 10) { time in
            // The look-alikes drift, as a hand-held camera would make them.
            Self.lookAlikes.map { Self.sign($0.0, at: $0.1 + 0.05 * sin(time), $0.2) }
        }
        // Nothing found in 10 s, so the only other words are the reminder to look further round.
        #expect(driver.spoken() == ["Looking for the text EXIT.", "EXIT not in view; keep turning."])
        #expect(driver.snapshots.allSatisfy { $0.phase == .searching && !$0.locked })
    }

    @Test func findsALongTextWithOneLetterWrong() throws {
        let search = TextSearch(query: try #require(TextQuery("PHARMASY")))
        let driver = run(search, seconds: 3) { _ in
            [Self.sign("PHARMACIST", at: 0.3, 0.3), Self.sign("FARMACIA", at: 0.7, 0.3), Self.sign("24h PHARMACY", at: 0.35, 0.7)]
        }
        // PHARMACY lies 0.07 left of the middle: outside the 0.05 a target must come within to be centred.
        #expect(driver.spoken().prefix(2) == ["Looking for the text PHARMASY.", "PHARMASY, eleven o'clock, down."])
        let last = try #require(driver.snapshots.last)
        #expect(last.phase == .guiding)
        // The target is PHARMACY, not the middle of its line: "24h PHARMACY" is 12 characters around x 0.35.
        let pharmacyCentre: Double = 0.11 + 0.48 * 8 / 12
        let x = try #require(last.x)
        #expect(abs(x - pharmacyCentre) < 0.01)
    }

    @Test func russianAndChineseSignsAreFound() throws {
        for (query, sign, decoy) in [("выход", "ВЫХОД", "ВХОД"), ("出口", "安全出口", "入口")] {
            let search = TextSearch(query: try #require(TextQuery(query)))
            let driver = run(search, seconds: 2) { _ in [Self.sign(decoy, at: 0.3, 0.5), Self.sign(sign, at: 0.7, 0.5)] }
            #expect(driver.snapshots.last?.phase == .guiding, "\(query)")
            #expect(driver.snapshots.last.flatMap(\.x).map { $0 > 0.6 } == true, "\(query)")
        }
    }

    @Test func fourMissedReadingsLetGoOfASaturatedText() throws {
        let search = TextSearch(query: try #require(TextQuery("EXIT")))
        let driver = run(search, seconds: 4) { time in time < 2 ? [Self.sign("EXIT", at: 0.5, 0.5)] : [] }
        // The last reading with the sign is at frame 27 (1.8 s); readings without it at frames 30, 33, 36, 39.
        let phases = Dictionary(uniqueKeysWithValues: driver.snapshots.map { ($0.frame, $0.phase) })
        #expect(phases[36] == .guiding)
        #expect(phases[39] == .searching)
        #expect(driver.spoken().contains("EXIT lost; last seen straight ahead."))
    }

    @Test func objectSearchKeepsItsOwnConviction() {
        // The text preset changes only what text search needs.
        #expect(GuidanceConfiguration().lock.conviction.costPerMiss == 1)
        #expect(GuidanceConfiguration.textSearch().lock.conviction.costPerMiss == 2)
        #expect(GuidanceConfiguration.textSearch().lock.conviction.gainPerHit == 4)
        #expect(GuidancePhrases().lookingFor("cup") == "Looking for cup.")
        #expect(GuidancePhrases(targetKind: .text).notInView("EXIT", lastSeen: nil) == "Looking for the text EXIT; not seen yet.")
    }

    @Test func detectionsCarryTheMatchScoreAndTheMatchedBox() throws {
        let search = TextSearch(query: try #require(TextQuery("EXIT")))
        let detections = search.detections(in: [Lines.line("EMERGENCY EX1T", x: 0.1, width: 0.7), Lines.line("NEXT")])
        let detection = try #require(detections.first)
        #expect(detections.count == 1)
        #expect(detection.classIndex == TextSearch.classIndex && detection.label == "EXIT")
        #expect(detection.confidence > 0.9 && detection.confidence < 1)
        #expect(abs(detection.box.x - (0.1 + 0.7 * 10 / 14)) < 1e-9)
        #expect(abs(detection.box.maxX - 0.8) < 1e-9)
    }
}
