import Testing
@testable import BeaconCore

/// Plates and ride descriptions: Thing Finder's thresholds, look-alike characters, and what a person says.
@Suite struct RideCheckTests {
    static func line(_ text: String, y: Double = 0.5, confidence: Double = 0.9) -> TextLine {
        TextLine(text: text, confidence: confidence, quad: Quad(NormalizedRect(x: 0.2, y: y, width: 0.5, height: 0.1)))
    }

    static func plate(_ text: String) -> PlateText { PlateText(text)! }

    @Test func platesAreComparedByTheirLettersAndDigitsOnly() {
        #expect(Self.plate("PF F 3600") == Self.plate("pf-f3600"))
        #expect(Self.plate("PF:F3600") == Self.plate("PF F 3600"))
        #expect(Self.plate("TÜ GT 599").characters == "TUGT599")
        #expect(Self.plate("皖A·UJ299").characters == "皖AUJ299")
        #expect(PlateText(" - ") == nil)
        #expect(Self.plate("6PHH316").looksLikeAPlate)
        #expect(!Self.plate("GTO").looksLikeAPlate && !Self.plate("580808").looksLikeAPlate)
    }

    @Test func oneEditMatchesTwoIsPartialThreeIsAnotherPlate() {
        let wanted = Self.plate("C401 LTT")
        #expect(wanted.verdict(for: Self.plate("C401LTT")) == .match)
        // I for 1 is a look-alike: half an edit.
        #expect(PlateText.distance(wanted, Self.plate("C40ILTT")) == 0.5)
        #expect(wanted.verdict(for: Self.plate("C40ILTT")) == .match)
        #expect(wanted.verdict(for: Self.plate("C401LT")) == .match)
        #expect(wanted.verdict(for: Self.plate("C481LTX")) == .partial)
        #expect(wanted.verdict(for: Self.plate("C4X1LXX")) == .mismatch)
        #expect(wanted.verdict(for: Self.plate("KXC247")) == .mismatch)
    }

    @Test func theReadingIsTheTextNearestThePlateAskedFor() throws {
        let wanted = Self.plate("6PHH316")
        let joined = try #require(PlateReading.best(in: [Self.line("GTO 6PHH316")], wanted: wanted))
        #expect(joined.text == "6PHH316" && joined.verdict == .match)
        // Split by the recogniser over two lines.
        let split = try #require(PlateReading.best(in: [Self.line("F3600", y: 0.6), Self.line("PF", y: 0.4)],
                                                   wanted: Self.plate("PF F 3600")))
        #expect(split.verdict == .match, "\(split)")
        // Another plate is a mismatch; a badge alone is no reading at all.
        #expect(PlateReading.best(in: [Self.line("KXC247")], wanted: wanted)?.verdict == .mismatch)
        #expect(PlateReading.best(in: [Self.line("GTO")], wanted: wanted) == nil)
        #expect(PlateReading.best(in: [], wanted: wanted) == nil)
        // With nothing to compare with, the most confident plate-like text.
        let any = PlateReading.best(in: [Self.line("BAR", confidence: 0.99), Self.line("AK-071-RM", confidence: 0.8)], wanted: nil)
        #expect(any?.text == "AK-071-RM" && any?.verdict == nil)
    }

    @Test func whatAPersonSaysDescribesTheRide() throws {
        let car = try #require(RideDescription(words: "find my car, red, plate PF F 3600"))
        #expect(car.plate == Self.plate("PFF3600") && car.writtenPlate == "PF F 3600")
        #expect(car.colour == .red && car.kind == .car)
        let taxi = try #require(RideDescription(words: "my taxi, white Toyota"))
        #expect(taxi.kind == .taxi && taxi.colour == .white && taxi.plate == nil)
        let chinese = try #require(RideDescription(words: "蓝色 车牌皖AUJ299"))
        #expect(chinese.plate == Self.plate("皖AUJ299") && chinese.colour == .blue)
        let written = try #require(RideDescription(words: "红色车牌皖AUJ299"))
        #expect(written.colour == .red && written.plate == Self.plate("皖AUJ299"))
        let russian = try #require(RideDescription(words: "машина красная номер А 123 ВС"))
        #expect(russian.colour == .red && russian.plate?.characters == "A123BC")
        #expect(RideDescription(words: "hello there") == nil)
        #expect(PlateText.spoken("PF F 3600") == "P F, F, 3 6 0 0")
    }

    @Test func thePlateDecidesAndColourOnlyRejects() {
        let wanted = RideDescription(plate: "PF F 3600", colour: .red)
        let red = CarColourReading(colour: .red, share: 0.8), blue = CarColourReading(colour: .blue, share: 0.8)
        let matched = PlateReading(text: "PFF3600", confidence: 0.9, verdict: .match)
        #expect(RideVerdict.of(plate: matched, colour: blue, wanted: wanted) == .match)
        #expect(RideVerdict.of(plate: nil, colour: blue, wanted: wanted) == .mismatch)
        // Never a match on colour alone.
        #expect(RideVerdict.of(plate: nil, colour: red, wanted: wanted) == .unverified)
        #expect(RideVerdict.of(plate: nil, colour: nil, wanted: wanted) == .unverified)
    }
}

/// The ride search's lifecycle over made-up detections: one check at a time, each car at most every 0.8 s, "Plate not
/// visible yet." once a car, a mismatch let be, the match found and kept.
@Suite struct RideSearchTests {
    static func car(_ x: Double, width: Double = 0.3) -> Detection {
        Detection(classIndex: 2, label: "car", confidence: 0.9, box: NormalizedRect(x: x, y: 0.4, width: width, height: 0.25))
    }

    static func checks(_ steps: [RideSearch.Step]) -> [Int] {
        steps.compactMap { if case .check(let track, _, _) = $0 { track } else { nil } }
    }

    @Test func oneCheckAtATimeNearestFirstAndNotVisibleSaidOnce() throws {
        var search = RideSearch(wanted: RideDescription(plate: "PF F 3600", colour: .red))
        let near = Self.car(0.1, width: 0.4), far = Self.car(0.6, width: 0.2)
        // Confident cars are tracks at once: the nearest (largest) is checked first.
        let first = Self.checks(search.update(detections: [near, far], at: 0))
        #expect(first.count == 1)
        let nearTrack = try #require(first.first)
        // While a check is out, nothing else is asked for.
        #expect(Self.checks(search.update(detections: [near, far], at: 0.1)).isEmpty)
        #expect(Self.checks(search.update(detections: [near, far], at: 0.2)).isEmpty)
        #expect(search.checked(track: nearTrack, verdict: .unverified, colour: .red, plateRead: false, at: 0.3) == [.plateNotVisible])
        // The far car next; the near one again only 0.8 s after its check, and "not visible" is not said twice.
        let second = Self.checks(search.update(detections: [near, far], at: 0.4))
        #expect(second.count == 1 && second.first != nearTrack)
        #expect(search.checked(track: second[0], verdict: .mismatch, colour: .blue, plateRead: true, at: 0.5) == [.anotherPlate(colour: .blue)])
        #expect(Self.checks(search.update(detections: [near, far], at: 0.6)).isEmpty, "the near car was checked 0.5 s ago")
        #expect(Self.checks(search.update(detections: [near, far], at: 1.0)) == [nearTrack])
        #expect(search.checked(track: nearTrack, verdict: .unverified, colour: .red, plateRead: false, at: 1.1).isEmpty)
        // The mismatched car is let be; the near one matches and is the found car, kept and no longer checked.
        #expect(Self.checks(search.update(detections: [near, far], at: 2.0)) == [nearTrack])
        #expect(search.checked(track: nearTrack, verdict: .match, colour: .red, plateRead: true, at: 2.1) == [.found(colour: .red)])
        #expect(search.found == nearTrack && search.foundIsInView)
        #expect(Self.checks(search.update(detections: [near, far], at: 5.0)).isEmpty)
        #expect(search.foundBox != nil)
    }

    @Test func farCarsAreNotCheckedAndColourAloneRejectsOnlyAPlainDifference() {
        var search = RideSearch(wanted: RideDescription(plate: "AB 123"))
        let tiny = Self.car(0.5, width: 0.05)
        _ = search.update(detections: [tiny], at: 0)
        #expect(Self.checks(search.update(detections: [tiny], at: 0.1)).isEmpty)
        // A blue car when a red one was asked for is plainly not it; a black one when grey was asked may be.
        let red = RideDescription(plate: "AB 123", colour: .red), grey = RideDescription(plate: "AB 123", colour: .grey)
        #expect(RideVerdict.of(plate: nil, colour: CarColourReading(colour: .blue, share: 0.7), wanted: red) == .mismatch)
        #expect(RideVerdict.of(plate: nil, colour: CarColourReading(colour: .black, share: 0.7), wanted: grey) == .unverified)
        #expect(RideVerdict.of(plate: nil, colour: CarColourReading(colour: .white, share: 0.7), wanted: grey) == .unverified)
    }
}

/// Find my ride in the session: a standing car near the person is what they walk to, not a hazard to warn of.
@Suite struct RideSessionHazardTests {
    @Test func parkedCarsAreNoHazardWhileFindingARide() {
        let car = Detection(classIndex: 2, label: "car", confidence: 0.9, box: NormalizedRect(x: 0.2, y: 0.2, width: 0.6, height: 0.7))
        func cautions(_ command: AssistantCommand) -> [String] {
            var session = AssistantSessionTests.started()
            _ = AssistantSessionTests.run(command, on: &session, at: 1)
            var said: [String] = []
            for frame in 0..<20 {
                let time = 2 + Double(frame) / 10
                said += AssistantSessionTests.said(session.handle(.detections([car], frame: frame, timestamp: time))).map(\.text)
                said += AssistantSessionTests.said(session.handle(.speechFinished(timestamp: time))).map(\.text)
            }
            return said.filter { $0.hasPrefix("Caution") }
        }
        #expect(!cautions(.continuous).isEmpty, "a car this close is a hazard when scanning")
        #expect(cautions(.findRide("red plate PF F 3600")).isEmpty)
    }
}
